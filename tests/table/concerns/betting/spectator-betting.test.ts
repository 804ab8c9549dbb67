/** The spectator-betting extension alone: each move advances the pools, and the credits that move land in accounts. */
import { describe, expect, it } from "vitest";
import { spectatorBetting, withCredits } from "../../../../src/table/concerns/betting/after-move";
import type { MoveStep } from "../../../../src/table/concerns/contract";
import { HOUSE_ACCOUNT } from "../../../../src/table/ledger";
import { placeBet } from "../../../../src/table/concerns/betting/book";
import { aliceBobRace, finishedRace, opContext, race } from "../../../helpers/op-books";

const betting = { ...aliceBobRace, betting: { winnerShare: 10 } };

describe("the spectator-betting extension", () => {
  it("settles the winner's pool on the move that ends the match, pays the winning bet into its account, closes the book", () => {
    const { books, tableId, before } = finishedRace(opContext(), betting);
    const after = books.tables.get(tableId);
    const was = before.tables.get(tableId);
    if (!after || !was?.betting) throw new Error("no table");
    // Carol's bet on Alice, placed before the last move; the pools as they were before it.
    const placed = placeBet(was.betting, "long-winner", "carol", "carol", "seat-1", 30, 100, 2);
    if (!placed.ok) throw new Error(placed.error.code);
    const step: MoveStep = {
      game: race,
      before: was,
      status: race.status(after.state),
      record: { ...after, betting: placed.book },
      ledger: before.ledger,
      settles: true,
    };
    const advanced = spectatorBetting(step, opContext());
    expect(advanced.record.betting?.over).toBe(true);
    expect(advanced.record.betting?.pools[0]).toMatchObject({ status: "settled", result: "seat-1" });
    expect(advanced.ledger.events[was.eventId]?.accounts.carol?.credits).toBeGreaterThan(0);
  });

  it("adds nothing at a table without betting", () => {
    const { books, tableId, before } = finishedRace(opContext());
    const after = books.tables.get(tableId);
    if (!after) throw new Error("no table");
    const step: MoveStep = {
      game: race,
      before: after,
      status: race.status(after.state),
      record: after,
      ledger: before.ledger,
      settles: false,
    };
    expect(spectatorBetting(step, opContext())).toBe(step);
  });

  it("writes each credit into its account: the house's opened with nothing, a missing account opened empty", () => {
    const { books, tableId } = finishedRace(opContext());
    const table = books.tables.get(tableId);
    if (!table) throw new Error("no table");
    const ledger = withCredits(opContext(), books.ledger, table, [
      { account: "zed", amount: 40, reason: "payout", pool: "long-winner" },
      { account: HOUSE_ACCOUNT, amount: 5, reason: "share", pool: "" },
    ]);
    const event = ledger.events[table.eventId];
    expect(event?.accounts.zed?.credits).toBe(40);
    expect(event?.entries.at(-2)).toMatchObject({
      account: "zed",
      credits: 40,
      reason: `payout ${tableId}/long-winner`,
    });
    expect(event?.accounts[HOUSE_ACCOUNT]?.credits).toBe(
      (books.ledger.events[table.eventId]?.accounts[HOUSE_ACCOUNT]?.credits ?? 0) + 5,
    );
    expect(withCredits(opContext(), books.ledger, table, [])).toBe(books.ledger);
  });
});
