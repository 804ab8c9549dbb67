/** The money-summary extension alone: the move that settles a match gets chat its money on its own log entry. */
import { describe, expect, it } from "vitest";
import { moneySummary } from "../../../../src/table/concerns/money-summary/after-move";
import type { MoveStep } from "../../../../src/table/concerns/contract";
import { finishedRace, opContext, race } from "../../../helpers/op-books";

function lastMove(settles: boolean): MoveStep {
  const { books, tableId, before } = finishedRace(opContext());
  const after = books.tables.get(tableId);
  const was = before.tables.get(tableId);
  if (!after || !was) throw new Error("no table");
  // The log entry as the move wrote it, before any summary.
  const log = [
    ...after.log.slice(0, -1),
    { ...after.log.at(-1)!, events: [{ kind: "notice" as const, key: "Stepped", params: {} }] },
  ];
  return {
    game: race,
    before: was,
    status: race.status(after.state),
    record: { ...after, log },
    ledger: before.ledger,
    settles,
  };
}

describe("the money-summary extension", () => {
  it("appends who won and each seat's net to the settling move's log entry, after its rules' events", () => {
    const summed = moneySummary(lastMove(true), opContext());
    const events = summed.record.log.at(-1)?.events ?? [];
    expect(events[0]).toMatchObject({ key: "Stepped" });
    expect(events[1]).toMatchObject({ kind: "notice", key: "CANTINA.Money.Summary", params: { winners: "seat-1" } });
    expect(summed.record.log.length).toBe(lastMove(true).record.log.length);
  });

  it("adds nothing to a move that settles nothing", () => {
    const step = lastMove(false);
    expect(moneySummary(step, opContext())).toBe(step);
  });
});
