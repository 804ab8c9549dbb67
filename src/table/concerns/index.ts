/**
 * The registry of table concerns, one line each, in the order their hooks run (each hook once per
 * concern): a step after a move sees the steps before it; summary and update fields follow this order.
 */
import type { MoveExtension, TableConcern } from "./contract";
import { bettingConcern } from "./betting";
import { clockConcern } from "./clock";
import { handOverConcern } from "./hand-over";
import { moneySummaryConcern } from "./money-summary";
import { personalRecordsConcern } from "./personal-records";
import { playAgainConcern } from "./play-again";
import { seatLobbyConcern } from "./seat-lobby";
import { settlementConcern } from "./settlement";
import { tournamentConcern } from "./tournament";
import { undoConcern } from "./undo";
import { watchersConcern } from "./watchers";

export const CONCERNS: readonly TableConcern[] = [
  settlementConcern,
  // After settlement (it reads that the move settles the table), so a round's result is in the same change.
  tournamentConcern,
  personalRecordsConcern,
  // After settlement (its ledger entries come first), before the summary (which reads the settled pools).
  bettingConcern,
  moneySummaryConcern,
  clockConcern,
  undoConcern,
  handOverConcern,
  seatLobbyConcern,
  playAgainConcern,
  watchersConcern,
];

/** The steps after a move, each concern's in the registry's order (the host's `OpContext.afterMove`). */
export const AFTER_MOVE: readonly MoveExtension[] = CONCERNS.flatMap((concern) =>
  concern.afterMove ? [concern.afterMove] : [],
);
