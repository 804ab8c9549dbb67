/**
 * The money summary: the move that settles a match gets chat its money in a few lines (who won, each
 * seat's net, the house, the pools), appended to that move's log entry so every viewer's chat shows it.
 */
import { matchSummary } from "../../match-summary";
import { pursesOf } from "../../context";
import type { MoveExtension } from "../contract";

export const moneySummary: MoveExtension = (step) => {
  const { before, status, record } = step;
  if (!step.settles || !status.result || !(step.game.usesLedger || record.betting)) return step;
  const summary = matchSummary(before.seats, pursesOf(before), status.result, record.betting);
  const [last, ...earlier] = [...record.log].reverse();
  if (!last) return step;
  return {
    ...step,
    record: { ...record, log: [...earlier.reverse(), { ...last, events: [...last.events, ...summary] }] },
  };
};
