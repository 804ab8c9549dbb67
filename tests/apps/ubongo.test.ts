/**
 * The Ubongo window: registered for both games, the task card drawn as a placement board with the
 * rolled side's tiles, laid tiles kept (nothing sent) until "Ubongo!", the claim the rules accept,
 * no flipping outside Jedi Masters, and the other boards only after the round.
 */
import { describe, expect, it } from "vitest";
import en from "../../lang/en.json";
import { dictionaryLocalizer } from "../../src/apps/core/i18n";
import { createRenderer } from "../../src/standalone/render";
import type { PlacementContext, TilePlacement } from "../../src/apps/board/placement";
import { claimFor, placementOfPiece, pieceOfPlacement } from "../../src/apps/ubongo/context";
import { apps } from "../../src/games";
import type { Random } from "../../src/rules/core";
import {
  type UbongoMove,
  type UbongoState,
  type UbongoView,
  JEDI_TILES,
  solveBoard,
  solveJedi,
  soloRecordKey,
  withJediSides,
  ubongo,
  ubongoSolo,
} from "../../src/rules/ubongo";
import type { TableUpdate } from "../../src/table/protocol";
import { viewedUpdate } from "../helpers/table-update";

const i18n = dictionaryLocalizer(en);
// The templates as the standalone page renders them (Foundry's `localize` helper).
const render = createRenderer(i18n);

/** Every die shows `face` (4: the moon, dark side); shuffles take the first choice. */
const dice = (face: number): Random => ({ die: (sides) => Math.min(face, sides) });

/** What the host sends `seat` of this Ubongo state, with every legal move (claims included). */
function update(state: UbongoState, seat: string): TableUpdate {
  return viewedUpdate(ubongo, state, seat, ["Rey", "Finn"], { gameId: state.game });
}

function started(face: number): UbongoState {
  const set = ubongo.setup(["a", "b"], ubongo.defaultOptions(), dice(face));
  if (!set.ok) throw new Error("setup");
  const roller = ubongo.view(set.state, { role: "gm" }).roller;
  const r = ubongo.apply(set.state, roller, { type: "start" }, dice(face));
  if (!r.ok) throw new Error("start");
  return r.state;
}

/** A solution of seat's board as the window's placements (what dragging the tiles gives). */
function solvedPlacements(state: UbongoState, seat: string): TilePlacement[] {
  const view = ubongo.view(state, { role: "seat", seat });
  const mine = view.seats.find((s) => s.seat === seat)!;
  const solution = solveBoard(mine.board!, mine.tiles!, view.side!, { limit: 1, keep: 1 }).solutions[0]!;
  return solution.map((p) => placementOfPiece(p, view.side!)!);
}

/** What the host sends the solo player ("a") of this solo state. */
const soloUpdate = (state: UbongoState): TableUpdate => ({
  ...update(state, "a"),
  view: ubongoSolo.view(state, { role: "seat", seat: "a" }),
});

/** The seat lays its solution on the window's board and claims it through the window; the state once the rules take the claim. */
function layAndClaim(state: UbongoState, seat: string): UbongoState {
  const app = apps.ubongo!;
  const placements = JSON.stringify(solvedPlacements(state, seat));
  const laid = app.actions["board-place"]!({ data: { placements }, fields: {} }, update(state, seat));
  const claim = app.actions.claim!(
    { data: {}, fields: (laid as { keep: Record<string, string> }).keep },
    update(state, seat),
  );
  const r = ubongo.apply(state, seat, (claim as { move: UbongoMove }).move, dice(4));
  if (!r.ok) throw new Error(r.error.code);
  return r.state;
}

describe("Ubongo window", () => {
  const app = apps.ubongo!;

  it("is registered for the race and the solo game", () => {
    expect(apps.ubongo?.parts.board).toBe("board/placement.hbs");
    expect(apps["ubongo-solo"]?.parts.board).toBe("board/placement.hbs");
  });

  it("two Ubongo windows name their landmarks apart (axe landmark-unique): each by its players", () => {
    const state = layAndClaim(layAndClaim(started(4), "a"), "b");
    const labels = (names: readonly string[]) => {
      const u = viewedUpdate(ubongo, state, "a", names, { gameId: state.game });
      const ctx = app.context(u);
      const html = render("ubongo/table.hbs", ctx) + render("ubongo/last.hbs", ctx);
      return [...html.matchAll(/<section[^>]*aria-label="([^"]*)"/g)].map((m) => m[1]!);
    };
    const first = labels(["Rey", "Finn"]);
    const second = labels(["Poe", "Rose"]);
    expect(first).toHaveLength(2);
    expect(first[0]).toContain("Rey, Finn");
    for (const label of first) expect(second).not.toContain(label);
  });

  it("draws the player's task card with the rolled side's tiles, no flipping, and Ubongo! to claim", () => {
    const state = started(4);
    const ctx = app.context(update(state, "a"));
    const placement = ctx.placement as PlacementContext;
    const view = update(state, "a").view as UbongoView;
    const mine = view.seats.find((s) => s.seat === "a")!;
    expect(placement.allowFlip).toBe(false);
    expect(placement.tiles.map((t) => t.id)).toEqual(mine.tiles);
    expect(placement.board.cells.length).toBe(mine.board!.join("").split("#").length - 1);
    const html = render("ubongo/controls.hbs", ctx) + render("ubongo/table.hbs", ctx);
    expect(html).toContain('data-action="claim"');
    expect(html).toContain(i18n.localize("CANTINA.Ubongo.Symbol.moon"));
  });

  it("keeps laid tiles without sending them, and claims them with Ubongo!: the rules accept the board", () => {
    const state = started(4);
    const u = update(state, "a");
    const laid = solvedPlacements(state, "a");
    const kept = app.actions["board-place"]!({ data: { placements: JSON.stringify(laid) }, fields: {} }, u);
    expect("keep" in kept).toBe(true);
    const keep = (kept as { keep: Record<string, string> }).keep;
    // Redrawn, the board shows the kept tiles, complete.
    expect((app.context(u, keep).placement as PlacementContext).complete).toBe(true);
    const claim = app.actions.claim!({ data: {}, fields: keep }, u);
    expect("move" in claim).toBe(true);
    const applied = ubongo.apply(state, "a", (claim as { move: UbongoMove }).move, dice(4));
    expect(applied.ok).toBe(true);
  });

  it("rule: second chance round: the tiles laid stay on the board when the hourglass is turned again", () => {
    const state = started(4);
    const laid = solvedPlacements(state, "a").slice(0, 2);
    const kept = app.actions["board-place"]!(
      { data: { placements: JSON.stringify(laid) }, fields: {} },
      update(state, "a"),
    );
    const keep = (kept as { keep: Record<string, string> }).keep;
    const stop = ubongo.apply(state, "@host", { type: "timeout" }, dice(4));
    if (!stop.ok) throw new Error(stop.error.code);
    expect(stop.state.turning).toBe(2);
    const placed = (app.context(update(stop.state, "a"), keep).placement as PlacementContext).placed;
    expect(placed.map((p) => p.id)).toEqual(laid.map((p) => p.tileId));
    // A new round's card starts empty.
    const next = ubongo.apply(stop.state, "@host", { type: "timeout" }, dice(4));
    if (!next.ok) throw new Error(next.error.code);
    const roller = ubongo.view(next.state, { role: "gm" }).roller;
    const rolled = ubongo.apply(next.state, roller, { type: "start" }, dice(4));
    if (!rolled.ok) throw new Error(rolled.error.code);
    expect((app.context(update(rolled.state, "a"), keep).placement as PlacementContext).placed).toEqual([]);
  });

  it("refuses a tile turned over when the die says one side (no flip outside Jedi Masters)", () => {
    const state = started(1);
    const view = update(state, "a").view as UbongoView;
    // The crank (an L of four) turned over is not any quarter turn of its light side.
    const chiral = "crank";
    expect(pieceOfPlacement({ tileId: chiral, rotation: 0, flipped: false, at: { x: 0, y: 0 } }, view)).not.toBeNull();
    expect(pieceOfPlacement({ tileId: chiral, rotation: 0, flipped: true, at: { x: 0, y: 0 } }, view)).toBeNull();
  });

  it("Jedi Masters: the ten tiles in the tray, F turns them over, and a board with both sides laid is a claim the rules accept", () => {
    const set = ubongo.setup(["a", "b"], { ...ubongo.defaultOptions(), variant: "jedi" }, dice(4));
    if (!set.ok) throw new Error("setup");
    const r = ubongo.apply(set.state, "a", { type: "start" }, dice(4));
    if (!r.ok) throw new Error(r.error.code);
    const u = update(r.state, "a");
    const view = u.view as UbongoView;
    const placement = app.context(u).placement as PlacementContext;
    expect(placement.allowFlip).toBe(true);
    expect(placement.tiles.map((t) => t.id)).toEqual([...JEDI_TILES]);
    expect(render("ubongo/table.hbs", app.context(u))).toContain(i18n.localize("CANTINA.Ubongo.Window.Jedi"));
    const mine = view.seats.find((s) => s.seat === "a")!;
    const found = withJediSides(solveJedi(mine.board!, { limit: 1 }).solutions[0]!);
    // As the window lays them: the tray's light side, turned over (F) for a dark piece, even one that
    // looks the same either side up.
    const laid = found.map((p) => placementOfPiece(p, "light")!);
    expect(laid.map((p) => p.flipped)).toEqual(found.map((p) => p.side === "dark"));
    const keep = (
      app.actions["board-place"]!({ data: { placements: JSON.stringify(laid) }, fields: {} }, u) as {
        keep: Record<string, string>;
      }
    ).keep;
    const claim = app.actions.claim!({ data: {}, fields: keep }, u) as { move: UbongoMove };
    expect(ubongo.apply(r.state, "a", claim.move, dice(4)).ok).toBe(true);
    // The same squares with no tile turned over: all light, which the rules refuse (one of each side).
    const allLight = claimFor(
      laid.map((p) => ({ ...p, flipped: false })),
      view,
    );
    if (allLight) expect(ubongo.apply(r.state, "a", allLight, dice(4))).toMatchObject({ ok: false });
    // A tile that looks the same either side up, turned over, is claimed dark side up.
    const crate = pieceOfPlacement({ tileId: "crate", rotation: 0, flipped: true, at: { x: 0, y: 0 } }, view);
    expect(crate?.side).toBe("dark");
    const plainCrate = pieceOfPlacement({ tileId: "crate", rotation: 0, flipped: false, at: { x: 0, y: 0 } }, view);
    expect(plainCrate?.side).toBe("light");
  });

  it("a player who called Ubongo reads who is still puzzling, not 'Waiting for' the roller (or themselves)", () => {
    const state = layAndClaim(started(4), "a");
    const status = (seat: string) =>
      /data-status>([^<]*)</.exec(render("ubongo/table.hbs", app.context(update(state, seat))))?.[1];
    expect(status("a")).toBe("Still puzzling: Finn.");
    expect(status("b")).toBe("Cover every white square with your tiles, then call Ubongo!");
  });

  it("a finished race's status line names who won (the shared end panel above leaves it to this line)", () => {
    const over: UbongoState = { ...started(4), phase: "over", winners: ["b"], timer: null };
    const status = /data-status>([^<]*)</.exec(render("ubongo/table.hbs", app.context(update(over, "a"))))?.[1];
    expect(status).toBe("Finn won the race.");
    const tied: UbongoState = { ...over, winners: ["a", "b"] };
    expect(/data-status>([^<]*)</.exec(render("ubongo/table.hbs", app.context(update(tied, "b"))))?.[1]).toBe(
      "Rey, Finn won the race.",
    );
  });

  it("shows the other player's board only after the round", () => {
    let state = started(4);
    const a = solvedPlacements(state, "a");
    const claimA = app.actions.claim!(
      { data: {}, fields: { placements: JSON.stringify(a), placementsFor: "" } },
      update(state, "a"),
    );
    expect("error" in claimA).toBe(true); // kept for another task: nothing to claim
    state = layAndClaim(state, "a");
    // B sees A's place in the finishing order but not A's board.
    const seenByB = render("ubongo/last.hbs", app.context(update(state, "b")));
    expect(seenByB).not.toContain("data-shown-board");
    const after = render("ubongo/last.hbs", app.context(update(layAndClaim(state, "b"), "b")));
    expect(after).toContain('data-shown-board="Rey"');
    expect(after).toContain('data-shown-board="Finn"');
  });

  it("solo: Start first (no card, no clock before it), then the card, Ubongo! and setting the card aside; a solved card brings the next", () => {
    const ready = ubongoSolo.setup(["a"], ubongoSolo.defaultOptions(), dice(2));
    if (!ready.ok) throw new Error("setup");
    const soloApp = apps["ubongo-solo"]!;
    const before = soloApp.context(soloUpdate(ready.state));
    const waiting = render("ubongo/controls.hbs", before) + render("ubongo/table.hbs", before);
    expect(waiting).toContain("Start: show the first puzzle");
    expect(waiting).toContain("The clock starts when you press Start");
    expect(waiting).not.toContain('data-action="claim"');
    expect(soloApp.actions.start!({ data: {}, fields: {} }, soloUpdate(ready.state))).toEqual({
      ok: true,
      move: { type: "start" },
    });
    const set = ubongoSolo.apply(ready.state, "a", { type: "start" }, dice(2));
    if (!set.ok) throw new Error("start");
    const u = soloUpdate(set.state);
    const ctx = soloApp.context(u);
    const html = render("ubongo/controls.hbs", ctx) + render("ubongo/table.hbs", ctx);
    expect(html).toContain('data-action="claim"');
    expect(html).toContain('data-action="set-aside"');
    expect(soloApp.actions["set-aside"]!({ data: {}, fields: {} }, u)).toEqual({
      ok: true,
      move: { type: "set-aside" },
    });
    const laid = solvedPlacements(set.state, "a");
    const keep = (
      soloApp.actions["board-place"]!({ data: { placements: JSON.stringify(laid) }, fields: {} }, u) as {
        keep: Record<string, string>;
      }
    ).keep;
    const claim = soloApp.actions.claim!({ data: {}, fields: keep }, u) as { move: UbongoMove };
    const r = ubongoSolo.apply(set.state, "a", claim.move, dice(2));
    if (!r.ok) throw new Error(r.error.code);
    const next = ubongoSolo.view(r.state, { role: "seat", seat: "a" });
    expect(next.solo?.solved).toBe(1);
    // The kept tiles belonged to the solved card: the next card's board starts empty.
    const after = soloApp.context({ ...u, view: next } as TableUpdate, keep);
    expect((after.placement as PlacementContext).placed).toEqual([]);
  });

  it("solo: the window shows the player's own record for this very game (mode, target, level, variant)", () => {
    const options = { ...ubongoSolo.defaultOptions(), mode: "count" as const, puzzles: 10 };
    const ready = ubongoSolo.setup(["a"], options, dice(2));
    if (!ready.ok) throw new Error("setup");
    const set = ubongoSolo.apply(ready.state, "a", { type: "start" }, dice(2));
    if (!set.ok) throw new Error("start");
    const base = soloUpdate(set.state);
    const soloApp = apps["ubongo-solo"]!;
    const none = render("ubongo/table.hbs", soloApp.context({ ...base, records: {} }));
    expect(none).toContain("No record of yours for this game yet");
    const key = soloRecordKey("count", 10, options.level, options.variant);
    const best = { value: 83_400, better: "lower" as const, at: 1, tableId: "t0" };
    // A record of another target is not this game's.
    const other = soloRecordKey("count", 5, options.level, options.variant);
    const html = render(
      "ubongo/table.hbs",
      soloApp.context({ ...base, records: { [key]: best, [other]: { ...best, value: 1 } } }),
    );
    expect(html).toContain('data-record="83400"');
    expect(html).toContain("Your record for 10 puzzles: 1:23.4");
  });
});

describe("Ubongo solo's counts read right for one puzzle", () => {
  it("a record of 1 puzzle never says '1 puzzles', in chat or in the window", () => {
    const chat = i18n.format("CANTINA.Ubongo.Log.Record.clock", { seat: "Rey", solved: 1 });
    const window = i18n.format("CANTINA.Ubongo.Window.Record.clock", { target: 5, solved: 1 });
    for (const line of [chat, window]) expect(line).not.toMatch(/\b1 puzzles\b/);
    expect(chat).toContain("1");
  });
});
