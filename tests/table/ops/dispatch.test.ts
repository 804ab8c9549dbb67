/** The dispatch alone: which requests only a GM may make, which table a request is about, and the operation it runs. */
import { describe, expect, it } from "vitest";
import { GM_ONLY, operate, tableOf } from "../../../src/table/ops/dispatch";
import { opContext, openedBooks } from "../../helpers/op-books";

describe("the dispatch of requests to operations", () => {
  it("lists the GM's operations and leaves moves, bets, syncs and replays to everyone", () => {
    for (const type of [
      "create",
      "end",
      "rematch",
      "pause",
      "seat-bot",
      "remove-player",
      "event-create",
      "event-join",
      "ledger-adjust",
    ] as const)
      expect(GM_ONLY.has(type), type).toBe(true);
    for (const type of ["intent", "side-bet", "sync", "replay"] as const) expect(GM_ONLY.has(type), type).toBe(false);
  });

  it("names the table of a table request, none for the ledger's", () => {
    expect(tableOf({ type: "pause", tableId: "t1", paused: true })).toBe("t1");
    expect(tableOf({ type: "event-create", name: "N", startingCredits: 1 })).toBeNull();
  });

  it("runs a seat-bot request with bot: false as the hand-back of the seat", () => {
    const ctx = opContext();
    const { books, table } = openedBooks(ctx);
    // Seat 2 is Bob's (a person): giving it back to its player asks for what it already is.
    expect(
      operate(books, { type: "seat-bot", from: "gm", tableId: table.id, seat: "seat-2", bot: false }, ctx),
    ).toEqual({
      ok: true,
      reply: { ok: true, version: 0 },
    });
    const handed = operate(books, { type: "seat-bot", from: "gm", tableId: table.id, seat: "seat-2", bot: true }, ctx);
    expect(handed).toMatchObject({
      ok: true,
      change: { tables: [{ seats: [{}, { kind: "bot", awayUserId: "bob" }] }] },
    });
  });
});
