/**
 * Settlement: the move that ends a match settles it into its event (each seat's purse back changed
 * by the result, the house's take), in the move's own change, once per table.
 */
import { own, settle, withEvent } from "../../ledger";
import { pursesOf } from "../../context";
import type { MoveExtension } from "../contract";

export const settlement: MoveExtension = (step, ctx) => {
  const { before, status } = step;
  const event = own(step.ledger.events, before.eventId);
  if (!status.over || !status.result || step.record.settled || !event) return step;
  const settled = settle(event, before.id, before.seats, pursesOf(before), status.result, ctx.now(), ctx.hostUser);
  return { ...step, ledger: withEvent(step.ledger, settled), record: { ...step.record, settled: true }, settles: true };
};
