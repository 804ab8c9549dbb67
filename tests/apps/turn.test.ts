/** The turn cue's watch: the tables where this user's seat is to act, and the turns that just started. */
import { describe, expect, it } from "vitest";
import { TurnWatch, isMyTurn } from "../../src/apps/core/turn";
import type { TableUpdate } from "../../src/table/protocol";

const update = (id: string, seat: string | null, toAct: string[], over = false): TableUpdate =>
  ({ seat, table: { id, toAct, over } }) as unknown as TableUpdate;

describe("turn cue", () => {
  it("it is my turn where my seat is to act at a table not over; never as a spectator", () => {
    expect(isMyTurn(update("t1", "seat-1", ["seat-1", "seat-2"]))).toBe(true);
    expect(isMyTurn(update("t1", "seat-1", ["seat-2"]))).toBe(false);
    expect(isMyTurn(update("t1", "seat-1", ["seat-1"], true))).toBe(false);
    expect(isMyTurn(update("t1", null, ["seat-1"]))).toBe(false);
  });

  it("a turn starts once: the sound plays when it begins, not at every update while it lasts", () => {
    const watch = new TurnWatch();
    expect(watch.look([update("t1", "seat-1", ["seat-1"])])).toEqual({ turns: ["t1"], started: ["t1"] });
    expect(watch.look([update("t1", "seat-1", ["seat-1"])])).toEqual({ turns: ["t1"], started: [] });
    expect(watch.look([update("t1", "seat-1", ["seat-2"])])).toEqual({ turns: [], started: [] });
    expect(watch.look([update("t1", "seat-1", ["seat-1"])]).started).toEqual(["t1"]);
  });
});
