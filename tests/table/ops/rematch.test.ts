/** The `rematch` operation alone: a new table like the old one, the old one archived or called off, in one change. */
import { describe, expect, it } from "vitest";
import { rematch } from "../../../src/table/ops/rematch";
import { Errors } from "../../../src/table/protocol";
import { booksOf, opContext, openedBooks } from "../../helpers/op-books";

describe("the rematch operation", () => {
  it("deals an unfinished table again: the old one deleted (purses back), the new one with the same seats and the op logged", () => {
    const ctx = opContext();
    const { books, table } = openedBooks(ctx);
    const result = rematch(books, { type: "rematch", from: "gm", tableId: table.id }, ctx);
    if (!result.ok) throw new Error(result.error.code);
    const fresh = result.change?.tables?.[0];
    expect(fresh?.id).not.toBe(table.id);
    expect(fresh?.seats.map((s) => s.userId)).toEqual(["alice", "bob"]);
    expect(fresh?.ops).toEqual([{ at: 5_000, by: "gm", op: "rematch", from: table.id }]);
    expect(result.change?.deleted).toEqual([table.id]);
    expect(result.change?.archived).toBeUndefined();
    expect(result).toMatchObject({ removed: [table.id], pushLedger: true, bots: { tableId: fresh?.id } });
  });

  it("archives a finished table instead of calling it off", () => {
    const ctx = opContext();
    const { books, table } = openedBooks(ctx);
    const finished = { ...table, finishedAt: 4_000, settled: true };
    const result = rematch(booksOf([finished], books.ledger), { type: "rematch", from: "gm", tableId: table.id }, ctx);
    expect(result).toMatchObject({ ok: true, change: { archived: [finished] } });
  });

  it("asked again for a table already dealt again, names the new table and stores nothing", () => {
    const ctx = opContext();
    const { books, table } = openedBooks(ctx);
    const first = rematch(books, { type: "rematch", from: "gm", tableId: table.id }, ctx);
    if (!first.ok) throw new Error(first.error.code);
    const fresh = first.change?.tables?.[0];
    if (!fresh) throw new Error("no table");
    const after = booksOf([fresh], first.change?.ledger);
    expect(rematch(after, { type: "rematch", from: "gm", tableId: table.id }, ctx)).toEqual({
      ok: true,
      reply: { ok: true, tableId: fresh.id, version: 0 },
    });
    expect(rematch(after, { type: "rematch", from: "gm", tableId: "nope" }, ctx)).toEqual({
      ok: false,
      error: { code: Errors.unknownTable },
    });
  });
});
