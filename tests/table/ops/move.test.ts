/** The `intent` operation alone: the checks in their order, a repeat answered from the log, a move as one change. */
import { describe, expect, it } from "vitest";
import { checkTurn, move } from "../../../src/table/ops/move";
import { Errors } from "../../../src/table/protocol";
import { opContext, openedBooks } from "../../helpers/op-books";

const step = { type: "step" };

describe("the move operation", () => {
  it("applies the move of the seat to act: the table one version on, logged, its bots told a move was stored", () => {
    const ctx = opContext();
    const { books, table } = openedBooks(ctx);
    const result = move(books, { type: "intent", from: "alice", tableId: table.id, version: 0, move: step }, ctx);
    if (!result.ok) throw new Error(result.error.code);
    const next = result.change?.tables?.[0];
    expect(next?.version).toBe(1);
    expect(next?.log.at(-1)).toMatchObject({ version: 1, seat: "seat-1", move: step });
    expect(result.reply).toEqual({ ok: true, version: 1 });
    expect(result.bots).toEqual({ tableId: table.id, afterMove: true });
  });

  it("refuses in order: unknown table, a seat not the caller's, not their turn, a stale version, a malformed move", () => {
    const ctx = opContext();
    const { books, table } = openedBooks(ctx);
    const ask = (from: string, version: number, m: unknown, tableId = table.id) =>
      move(books, { type: "intent", from, tableId, version, move: m }, ctx);
    expect(ask("alice", 0, step, "nope")).toMatchObject({ error: { code: Errors.unknownTable } });
    expect(ask("carol", 0, step)).toMatchObject({ error: { code: Errors.notYourSeat } });
    expect(ask("bob", 0, step)).toMatchObject({ error: { code: Errors.notYourTurn } });
    expect(ask("alice", 3, step)).toMatchObject({ error: { code: Errors.stale, params: { current: 0 } } });
    expect(ask("alice", 0, { type: "jump" })).toMatchObject({ error: { code: Errors.malformed } });
  });

  it("answers a move repeated with its request id from the log, with nothing to store", () => {
    const ctx = opContext();
    const { books, table } = openedBooks(ctx);
    const first = move(books, { type: "intent", from: "alice", tableId: table.id, version: 0, move: step }, ctx);
    if (!first.ok) throw new Error(first.error.code);
    const after = { ...books, tables: new Map([[table.id, first.change?.tables?.[0] ?? table]]) };
    const again = move(
      after,
      { type: "intent", from: "alice", tableId: table.id, version: 0, move: step, requestId: "r1" },
      ctx,
    );
    expect(again).toEqual({ ok: true, reply: { ok: true, version: 1 } });
  });

  it("refuses a move at a paused table", () => {
    const ctx = opContext();
    const { books, table } = openedBooks(ctx);
    const paused = { ...books, tables: new Map([[table.id, { ...table, paused: { at: 1, by: "gm" } }]]) };
    expect(
      move(paused, { type: "intent", from: "alice", tableId: table.id, version: 0, move: step }, ctx),
    ).toMatchObject({ ok: false, error: { code: Errors.paused } });
  });
});

describe("checkTurn: a move's checks without the move (hosts that build it from the seat's offers)", () => {
  it("refuses what the move operation refuses, with the same codes, and names the seat to act otherwise", () => {
    const ctx = opContext();
    const { books, table } = openedBooks(ctx);
    const paused = { ...table, paused: { at: 1, by: "gm" } };
    const cases: [string, number, typeof table | undefined][] = [
      ["alice", 0, undefined],
      ["carol", 0, table],
      ["bob", 0, table],
      ["alice", 3, table],
      ["alice", 0, paused],
    ];
    for (const [from, version, record] of cases) {
      const tables = new Map(record ? [[table.id, record]] : []);
      const moved = move({ ...books, tables }, { type: "intent", from, tableId: table.id, version, move: step }, ctx);
      const checked = checkTurn(record, ctx, from, version);
      expect(moved.ok).toBe(false);
      expect(checked).toEqual(moved);
    }
    expect(checkTurn(table, ctx, "alice", 0)).toEqual({ ok: true, record: table, seat: "seat-1" });
  });
});
