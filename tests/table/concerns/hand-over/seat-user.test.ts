/**
 * The seat hand-over to any user (issue 27), alone: a seat moves from one person to another mid-game
 * (or from a bot to a person), its account and purse staying as they were; refused for a match that
 * is over, a seat staked by the house, a user already seated here or betting on this table.
 */
import { describe, expect, it } from "vitest";
import { SeatUserErrors, handSeat } from "../../../../src/table/concerns/hand-over/hand-seat-op";
import { Errors, type TableSpec } from "../../../../src/table/protocol";
import type { TableRecord } from "../../../../src/table/store";
import { aliceBobRace, booksOf, finishedRace, opContext, openedBooks } from "../../../helpers/op-books";

const give = (tableId: string, seat: string, userId: string) =>
  ({ from: "gm", tableId, seat, op: "seat-user", userId }) as const;

describe("giving a seat to another user", () => {
  it("moves Alice's seat to Carol mid-game: same account, same purse, the op logged with who took it", () => {
    const ctx = opContext();
    const { books, table } = openedBooks(ctx);
    const result = handSeat(books, give(table.id, "seat-1", "carol"), ctx);
    if (!result.ok) throw new Error(result.error.code);
    const changed = result.change?.tables?.[0] as TableRecord;
    expect(changed.seats[0]).toEqual({ ...table.seats[0], userId: "carol" });
    expect(changed.purses).toEqual(table.purses);
    expect(changed.state).toBe(table.state);
    expect(changed.ops).toEqual([{ at: 5_000, by: "gm", op: "seat-user", seat: "seat-1", to: "carol" }]);
    // The ledger is not touched: whoever holds the seat plays on the money it was opened with.
    expect(result.change?.ledger).toBeUndefined();
    expect(result).toMatchObject({ push: [{ since: table.version + 1 }], bots: { tableId: table.id } });
  });

  it("gives a bot's seat (away or for good) to a person, who then holds it alone", () => {
    const ctx = opContext();
    const { books, table } = openedBooks(ctx);
    const handed = handSeat(books, { from: "gm", tableId: table.id, seat: "seat-1", op: "seat-bot" }, ctx);
    if (!handed.ok) throw new Error(handed.error.code);
    const away = handed.change?.tables?.[0] as TableRecord;
    const result = handSeat(booksOf([away]), give(table.id, "seat-1", "carol"), ctx);
    if (!result.ok) throw new Error(result.error.code);
    const seat = result.change?.tables?.[0]?.seats[0];
    expect(seat).toMatchObject({ kind: "person", userId: "carol", account: "alice" });
    expect(seat?.awayUserId).toBeUndefined();
    expect(seat?.botLevel).toBeUndefined();
  });

  it("changes nothing when the user already holds that seat", () => {
    const ctx = opContext();
    const { books, table } = openedBooks(ctx);
    expect(handSeat(books, give(table.id, "seat-1", "alice"), ctx)).toEqual({
      ok: true,
      reply: { ok: true, version: table.version },
    });
  });

  it("refuses a user seated elsewhere at the table, a house-staked seat, a finished match, changing nothing", () => {
    const ctx = opContext();
    const { books, table } = openedBooks(ctx);
    expect(handSeat(books, give(table.id, "seat-1", "bob"), ctx)).toEqual({
      ok: false,
      error: { code: SeatUserErrors.alreadySeated },
    });
    const staked: TableSpec = {
      ...aliceBobRace,
      seats: [
        aliceBobRace.seats[0] ?? { kind: "person", userId: "alice", name: "Alice" },
        { kind: "bot", userId: null, name: "Droid", botLevel: "easy", stake: 20 },
      ],
    };
    const withBot = openedBooks(ctx, staked);
    expect(handSeat(withBot.books, give(withBot.table.id, "seat-2", "carol"), ctx)).toEqual({
      ok: false,
      error: { code: SeatUserErrors.houseStake },
    });
    const over = finishedRace(ctx);
    expect(handSeat(over.books, give(over.tableId, "seat-1", "carol"), ctx)).toEqual({
      ok: false,
      error: { code: Errors.tableOver },
    });
  });

  it("refuses a user who has a bet on this table: no one bets on a match they play", () => {
    const ctx = opContext();
    const { books, table } = openedBooks(ctx);
    const bet = { user: "carol", account: "carol", outcome: "seat-1", amount: 5, seq: 0 };
    const betting = { pools: [{ bets: [bet] }] } as unknown as NonNullable<TableRecord["betting"]>;
    const result = handSeat(booksOf([{ ...table, betting }], books.ledger), give(table.id, "seat-1", "carol"), ctx);
    expect(result).toEqual({ ok: false, error: { code: SeatUserErrors.hasBets } });
  });
});
