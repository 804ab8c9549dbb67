/** The `replay` query alone: a finished table's steps as the asking user may see them; it stores nothing. */
import { describe, expect, it } from "vitest";
import { replay } from "../../../src/table/ops/replay";
import { Errors } from "../../../src/table/protocol";
import { finishedRace, opContext, openedBooks } from "../../helpers/op-books";

describe("the replay query", () => {
  it("gives a seated player each step (the setup, then each move) from their seat", () => {
    const ctx = opContext();
    const { books, tableId } = finishedRace(ctx);
    const reply = replay(books.tables.get(tableId) ?? null, tableId, "alice", ctx);
    if (!reply.ok) throw new Error(reply.error.code);
    expect(reply.replay?.viewer).toEqual({ role: "seat", seat: "seat-1" });
    expect(reply.replay?.steps.map((s) => s.seat)).toEqual([null, "seat-1", "seat-2", "seat-1"]);
  });

  it("refuses a table found nowhere, an unfinished one and a user who held no seat there", () => {
    const ctx = opContext();
    const { books, tableId } = finishedRace(ctx);
    const unfinished = openedBooks(ctx).table;
    expect(replay(null, "nope", "alice", ctx)).toEqual({ ok: false, error: { code: Errors.unknownTable } });
    expect(replay(unfinished, unfinished.id, "alice", ctx)).toEqual({ ok: false, error: { code: Errors.notFinished } });
    expect(replay(books.tables.get(tableId) ?? null, tableId, "carol", ctx)).toEqual({
      ok: false,
      error: { code: Errors.notSeated },
    });
  });
});
