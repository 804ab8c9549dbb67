/** The `end` operation alone: an unfinished match's purses go back as they came, and the table is removed, in one change. */
import { describe, expect, it } from "vitest";
import { endTable } from "../../../src/table/ops/end";
import { Errors } from "../../../src/table/protocol";
import { opContext, openedBooks } from "../../helpers/op-books";

describe("the end operation", () => {
  it("deletes the table and returns each seat's purse to its account", () => {
    const ctx = opContext();
    const { books, table } = openedBooks(ctx);
    const eventBefore = Object.values(books.ledger.events)[0];
    expect(eventBefore?.accounts.alice?.credits).toBe(0);
    const result = endTable(books, { type: "end", from: "gm", tableId: table.id }, ctx);
    if (!result.ok) throw new Error(result.error.code);
    expect(result.change?.deleted).toEqual([table.id]);
    expect(result.removed).toEqual([table.id]);
    expect(result.ended).toBe(true);
    const event = Object.values(result.change?.ledger?.events ?? {})[0];
    expect(event?.accounts.alice?.credits).toBe(table.purses?.["seat-1"]?.credits);
    expect(event?.accounts.bob?.credits).toBe(table.purses?.["seat-2"]?.credits);
  });

  it("refuses an unknown table", () => {
    const ctx = opContext();
    const { books } = openedBooks(ctx);
    expect(endTable(books, { type: "end", from: "gm", tableId: "nope" }, ctx)).toEqual({
      ok: false,
      error: { code: Errors.unknownTable },
    });
  });
});
