/**
 * A move on its way down the pipeline: the table as it will be stored and the ledger as it will
 * be, to which each extension (settlement, personal records, spectator betting, the money summary) adds.
 */
import type { AnyGame, GameStatus } from "../../rules/core";
import type { Ledger } from "../ledger";
import type { OpContext } from "../ops/context";
import type { TableRecord } from "../store";

export interface MoveStep {
  readonly game: AnyGame;
  /** The table before the move. */
  readonly before: TableRecord;
  /** The status after the move. */
  readonly status: GameStatus;
  /** The table after the move, as it will be stored. */
  readonly record: TableRecord;
  /** The ledger as it will be stored. */
  readonly ledger: Ledger;
  /** This move's change settles the match into the ledger. */
  readonly settles: boolean;
}

/** One extension: the step with its part added (the same step when it has nothing to add). */
export type MoveExtension = (step: MoveStep, ctx: OpContext) => MoveStep;
