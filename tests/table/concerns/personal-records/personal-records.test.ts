/** The personal-records extension alone: the move that ends a game keeps the record it sets for the seat's user. */
import { describe, expect, it } from "vitest";
import { personalRecords } from "../../../../src/table/concerns/personal-records/after-move";
import type { MoveStep } from "../../../../src/table/concerns/contract";
import { finishedRace, opContext, race } from "../../../helpers/op-books";

function lastMove(): MoveStep {
  const { books, tableId, before } = finishedRace(opContext());
  const after = books.tables.get(tableId);
  const was = before.tables.get(tableId);
  if (!after || !was) throw new Error("no table");
  return {
    game: race,
    before: was,
    status: race.status(after.state),
    record: after,
    ledger: before.ledger,
    settles: true,
  };
}

describe("the personal-records extension", () => {
  it("keeps the winner's record (three moves, lower is better) for Alice, the user on that seat", () => {
    const step = lastMove();
    const kept = personalRecords(step, opContext(8_000));
    expect(kept.ledger.records?.alice).toEqual({
      "race-moves": { value: 3, better: "lower", at: 8_000, tableId: step.before.id },
    });
    expect(kept.record).toBe(step.record);
  });

  it("keeps nothing for a bot's seat, nor once the game was already over before the move", () => {
    const step = lastMove();
    const botSeat = {
      ...step,
      before: { ...step.before, seats: step.before.seats.map((s) => ({ ...s, kind: "bot" as const, userId: null })) },
    };
    expect(personalRecords(botSeat, opContext())).toBe(botSeat);
    const alreadyOver = { ...step, before: { ...step.before, state: step.record.state } };
    expect(personalRecords(alreadyOver, opContext())).toBe(alreadyOver);
  });
});
