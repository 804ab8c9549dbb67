/** The turn cue's watch: the tables where this user's seat is to act, and the turns that just started. */
import { describe, expect, it } from "vitest";
import { TurnWatch, drawnUpdate, isMyTurn } from "../../src/apps/core/turn";
import { apps, games } from "../../src/games";
import { SeededRandom } from "../../src/rules/core";
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

  it("a paused table is nobody's turn: no badge, and the turn starts again (its cue) when it resumes", () => {
    const paused = {
      ...update("t1", "seat-1", ["seat-1"]),
      table: { id: "t1", toAct: ["seat-1"], over: false, paused: true },
    };
    expect(isMyTurn(paused as unknown as TableUpdate)).toBe(false);
    const watch = new TurnWatch();
    expect(watch.look([update("t1", "seat-1", ["seat-1"])]).started).toEqual(["t1"]);
    expect(watch.look([paused as unknown as TableUpdate]).turns).toEqual([]);
    expect(watch.look([update("t1", "seat-1", ["seat-1"])]).started).toEqual(["t1"]);
  });

  it("a paused table's window and board are drawn without moves; its actions still see them", () => {
    const live = {
      type: "table",
      seat: "seat-1",
      table: { id: "t1", gameId: "ulwan", toAct: ["seat-1"], over: false, paused: true },
      legalMoves: [{ type: "roll" }],
    } as unknown as TableUpdate;
    expect(drawnUpdate(live).legalMoves).toEqual([]);
    expect(drawnUpdate({ ...live, table: { ...live.table, paused: undefined } }).legalMoves).toHaveLength(1);
    // The registry's Ulwan window: its Roll button is offered live, not while paused.
    const game = games.ulwan!;
    const state = game.setup(["seat-1", "seat-2"], game.defaultOptions(), new SeededRandom(1));
    if (!state.ok) throw new Error(state.error.code);
    const real = {
      ...live,
      table: { ...live.table, seats: [], version: 0, eventId: "e", createdAt: 0 },
      view: game.view(state.state, { role: "seat", seat: "seat-1" }),
      legalMoves: game.legalMoves(state.state, "seat-1"),
      events: [],
      full: true,
    } as unknown as TableUpdate;
    const roll = (u: TableUpdate) => (apps.ulwan!.context(u).controls as { roll: boolean }).roll;
    expect(roll({ ...real, table: { ...real.table, paused: undefined } })).toBe(true);
    expect(roll(real)).toBe(false);
  });
});
