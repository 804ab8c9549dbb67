/** The seat hand-over operation alone: a player's seat to a bot kept for them, back to them, or to a bot for good. */
import { describe, expect, it } from "vitest";
import { handSeat } from "../../../../src/table/concerns/hand-over/hand-seat-op";
import { Errors } from "../../../../src/table/protocol";
import type { TableRecord } from "../../../../src/table/store";
import { booksOf, opContext, openedBooks } from "../../../helpers/op-books";

describe("the seat hand-over operation", () => {
  it("hands Alice's seat to the game's first bot, keeping her as away, with its account as it was", () => {
    const ctx = opContext();
    const { books, table } = openedBooks(ctx);
    const result = handSeat(books, { from: "gm", tableId: table.id, seat: "seat-1", op: "seat-bot" }, ctx);
    if (!result.ok) throw new Error(result.error.code);
    const seat = result.change?.tables?.[0]?.seats[0];
    expect(seat).toMatchObject({ kind: "bot", userId: null, botLevel: "easy", awayUserId: "alice", account: "alice" });
    expect(result.change?.tables?.[0]?.ops).toEqual([{ at: 5_000, by: "gm", op: "seat-bot", seat: "seat-1" }]);
  });

  it("gives the seat back to its away player; refuses when nobody is away", () => {
    const ctx = opContext();
    const { books, table } = openedBooks(ctx);
    const handed = handSeat(books, { from: "gm", tableId: table.id, seat: "seat-1", op: "seat-bot" }, ctx);
    if (!handed.ok) throw new Error(handed.error.code);
    const botSeat = handed.change?.tables?.[0] as TableRecord;
    const back = handSeat(
      booksOf([botSeat]),
      { from: "gm", tableId: table.id, seat: "seat-1", op: "seat-player" },
      ctx,
    );
    if (!back.ok) throw new Error(back.error.code);
    expect(back.change?.tables?.[0]?.seats[0]).toMatchObject({ kind: "person", userId: "alice" });
    expect(back.change?.tables?.[0]?.seats[0]?.awayUserId).toBeUndefined();
    const forGood = handSeat(
      booksOf([botSeat]),
      { from: "gm", tableId: table.id, seat: "seat-1", op: "remove-player" },
      ctx,
    );
    if (!forGood.ok) throw new Error(forGood.error.code);
    const removed = forGood.change?.tables?.[0] as TableRecord;
    expect(
      handSeat(booksOf([removed]), { from: "gm", tableId: table.id, seat: "seat-1", op: "seat-player" }, ctx),
    ).toEqual({ ok: false, error: { code: Errors.nobodyAway } });
  });

  it("asked for what the seat already is, stores nothing; an unknown seat is refused", () => {
    const ctx = opContext();
    const { books, table } = openedBooks(ctx);
    expect(handSeat(books, { from: "gm", tableId: table.id, seat: "seat-2", op: "seat-player" }, ctx)).toEqual({
      ok: true,
      reply: { ok: true, version: 0 },
    });
    expect(handSeat(books, { from: "gm", tableId: table.id, seat: "seat-9", op: "seat-bot" }, ctx)).toEqual({
      ok: false,
      error: { code: Errors.unknownSeat },
    });
  });
});
