/** The `side-bet` operation alone: only an unseated watcher with an account bets, the stake moving in one change. */
import { describe, expect, it } from "vitest";
import { BetErrors } from "../../../../src/table/concerns/betting/book";
import { ensureAccount, withEvent } from "../../../../src/table/ledger";
import type { Books } from "../../../../src/table/context";
import { sideBet } from "../../../../src/table/concerns/betting/side-bet-op";
import { Errors } from "../../../../src/table/protocol";
import { aliceBobRace, booksOf, opContext, openedBooks } from "../../../helpers/op-books";

/** A betting race whose event has Carol (a watcher) with 100 credits. */
function bettingBooks(): { books: Books; tableId: string } {
  const ctx = opContext();
  const { books, table } = openedBooks(ctx, { ...aliceBobRace, betting: { winnerShare: 10 } });
  const event = books.ledger.events[table.eventId];
  if (!event) throw new Error("no event");
  const ledger = withEvent(books.ledger, ensureAccount(event, "carol", "Carol", 100, 5_000, "gm"));
  return { books: booksOf([table], ledger), tableId: table.id };
}

const bet = (tableId: string, from: string, amount: number) =>
  ({ type: "side-bet", from, tableId, pool: "long-winner", outcome: "seat-1", amount }) as const;

describe("the side-bet operation", () => {
  it("takes a watcher's stake from their account into the pool, as one change", () => {
    const { books, tableId } = bettingBooks();
    const pool = books.tables.get(tableId)?.betting?.pools[0];
    const result = sideBet(books, { ...bet(tableId, "carol", 30), pool: pool?.id ?? "" }, opContext());
    if (!result.ok) throw new Error(result.error.code);
    const event = Object.values(result.change?.ledger?.events ?? {})[0];
    expect(event?.accounts.carol?.credits).toBe(70);
    expect(result.change?.tables?.[0]?.betting?.pools[0]?.bets).toEqual([
      expect.objectContaining({ user: "carol", outcome: "seat-1", amount: 30 }),
    ]);
    expect(result.reply).toEqual({ ok: true, version: 0 });
  });

  it("refuses a seated player, a user without an account and a table without betting", () => {
    const { books, tableId } = bettingBooks();
    const pool = books.tables.get(tableId)?.betting?.pools[0]?.id ?? "";
    const ask = (from: string) => sideBet(books, { ...bet(tableId, from, 10), pool }, opContext());
    expect(ask("alice")).toEqual({ ok: false, error: { code: BetErrors.seated } });
    expect(ask("dave")).toEqual({ ok: false, error: { code: BetErrors.noAccount } });
    const plain = openedBooks(opContext());
    expect(sideBet(plain.books, { ...bet(plain.table.id, "carol", 10), pool }, opContext())).toEqual({
      ok: false,
      error: { code: BetErrors.noBetting },
    });
  });

  it("refuses a watcher when the table allows no spectators", () => {
    const { books, tableId } = bettingBooks();
    const pool = books.tables.get(tableId)?.betting?.pools[0]?.id ?? "";
    const ctx = { ...opContext(), allowSpectators: () => false };
    expect(sideBet(books, { ...bet(tableId, "carol", 10), pool }, ctx)).toEqual({
      ok: false,
      error: { code: Errors.noSpectators },
    });
  });
});
