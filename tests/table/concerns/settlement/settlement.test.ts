/** The settlement extension alone: the move that ends a match settles it into its event, once. */
import { describe, expect, it } from "vitest";
import { settlement } from "../../../../src/table/concerns/settlement/after-move";
import type { MoveStep } from "../../../../src/table/concerns/contract";
import { finishedRace, opContext, race } from "../../../helpers/op-books";

/** The race's last move as a step before any extension: the match over, not yet settled. */
function lastMove(): MoveStep {
  const ctx = opContext();
  const { books, tableId, before } = finishedRace(ctx);
  const after = books.tables.get(tableId);
  const was = before.tables.get(tableId);
  if (!after || !was) throw new Error("no table");
  return {
    game: race,
    before: was,
    status: race.status(after.state),
    record: { ...after, settled: false },
    ledger: before.ledger,
    settles: false,
  };
}

describe("the settlement extension", () => {
  it("pays each seat its purse back changed by the result, marks the table settled, says so to the steps after it", () => {
    const step = lastMove();
    const purse = step.before.purses?.["seat-1"]?.credits ?? 0;
    const settled = settlement(step, opContext());
    expect(settled.settles).toBe(true);
    expect(settled.record.settled).toBe(true);
    const event = settled.ledger.events[step.before.eventId];
    expect(event?.accounts.alice?.credits).toBe(purse + 10);
    expect(event?.accounts.bob?.credits).toBe(purse - 10);
  });

  it("adds nothing to a move that does not end the match, nor to a table already settled", () => {
    const step = lastMove();
    const running = { ...step, status: { toAct: ["seat-2"], over: false } };
    expect(settlement(running, opContext())).toBe(running);
    const already = { ...step, record: { ...step.record, settled: true } };
    expect(settlement(already, opContext())).toBe(already);
  });
});
