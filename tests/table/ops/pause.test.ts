/** The `pause` operation alone: paused and resumed with the op logged, the countdown moved on by the pause. */
import { describe, expect, it } from "vitest";
import { pause } from "../../../src/table/ops/pause";
import { booksOf, opContext, openedBooks } from "../../helpers/op-books";

describe("the pause operation", () => {
  it("pauses a table at the host's time, logging who paused it; no bots are woken", () => {
    const ctx = opContext(7_000);
    const { books, table } = openedBooks(ctx);
    const result = pause(books, { type: "pause", from: "gm", tableId: table.id, paused: true }, ctx);
    if (!result.ok) throw new Error(result.error.code);
    expect(result.change?.tables?.[0]).toMatchObject({
      paused: { at: 7_000, by: "gm" },
      ops: [{ at: 7_000, by: "gm", op: "pause" }],
      version: table.version,
    });
    expect(result.bots).toBeUndefined();
  });

  it("on resume moves the countdown's start on by the time it stood paused, and wakes the bots", () => {
    const { table } = openedBooks(opContext(1_000));
    const paused = { ...table, clock: { key: null, startedAt: 1_000 }, paused: { at: 3_000, by: "gm" } };
    const ctx = opContext(10_000);
    const result = pause(booksOf([paused]), { type: "pause", from: "gm", tableId: table.id, paused: false }, ctx);
    if (!result.ok) throw new Error(result.error.code);
    const resumed = result.change?.tables?.[0];
    expect(resumed?.paused).toBeUndefined();
    expect(resumed?.clock).toEqual({ key: null, startedAt: 8_000 });
    expect(result.bots).toEqual({ tableId: table.id });
  });

  it("asked for the state the table is in, stores nothing", () => {
    const ctx = opContext();
    const { books, table } = openedBooks(ctx);
    expect(pause(books, { type: "pause", from: "gm", tableId: table.id, paused: false }, ctx)).toEqual({
      ok: true,
      reply: { ok: true, version: 0 },
    });
  });
});
