// @vitest-environment happy-dom
/**
 * The tables' news as sounds (src/apps/core/cues.ts): each event asks for its own sound, the player's
 * toggle silences them all, nothing is played back on a first look; and dice roll onto the host's result.
 */
import { describe, expect, it } from "vitest";
import { type Cue, CueWatch, SoundBoard, type TableCue } from "../../src/apps/core/cues";
import { ROLLING, rollDiceIn } from "../../src/apps/core/dice-roll";
import { apps } from "../../src/games";
import type { GameEvent } from "../../src/rules/core";
import type { TableUpdate } from "../../src/table/protocol";
import { HAN_AND_LANDO, tableUpdate } from "../helpers/table-update";

/** Han's update of table t1 (True Sabacc) at `version`, with these events and this summary. */
function han(
  version: number,
  events: readonly GameEvent[] = [],
  table: Partial<TableUpdate["table"]> = {},
  gameId = "sabacc-true",
): TableUpdate {
  const u = tableUpdate({ gameId, version, ...table }, HAN_AND_LANDO, "seat-1", {}, []);
  return { ...u, events: events.map((event) => ({ version, event })) };
}

const roll: GameEvent = { kind: "roll", seat: "seat-2", purpose: "p", notation: "1d6", dice: [4], total: 4 };
const dealt: GameEvent = { kind: "notice", key: "CANTINA.Sabacc.Log.DealtHidden", seat: "seat-1", params: {} };

/** A watch that knows the games' card events as the hosts' do, having seen version 1 once. */
function watching(gameId = "sabacc-true"): CueWatch {
  const watch = new CueWatch((id) => apps[id]?.cardEvent);
  expect(watch.look([han(1, [roll], {}, gameId)])).toEqual([]);
  return watch;
}

const cuesOf = (cues: readonly TableCue[]): Cue[] => cues.map((c) => c.cue);

describe("each event asks for its sound", () => {
  it("a first look plays nothing back (a reload, a window opened late), a new roll is a roll", () => {
    const watch = watching();
    expect(cuesOf(watch.look([han(2, [roll])]))).toEqual(["roll"]);
    // The same update again: nothing new.
    expect(watch.look([han(2, [roll])])).toEqual([]);
  });

  it("a card dealt is a card (the game's app says which events are cards); another game's notice is not", () => {
    expect(cuesOf(watching().look([han(2, [dealt])]))).toEqual(["card"]);
    expect(cuesOf(watching("ulwan").look([han(2, [dealt], {}, "ulwan")]))).toEqual([]);
  });

  it("the turn that starts is a turn; the end is a win for a winner and a loss for the others", () => {
    const watch = watching();
    expect(cuesOf(watch.look([han(2, [], { toAct: ["seat-1"] })]))).toEqual(["turn"]);
    const end = { over: true, result: { winners: ["seat-2"], creditDelta: {} } };
    expect(cuesOf(watch.look([han(3, [], end)]))).toEqual(["loss"]);
    const other = watching();
    expect(cuesOf(other.look([han(2, [], { over: true, result: { winners: ["seat-1"], creditDelta: {} } })]))).toEqual([
      "win",
    ]);
  });
});

describe("the player's toggle", () => {
  it("with it on, the most telling cue of a look sounds (once); with it off, nothing does", () => {
    const heard: Cue[] = [];
    let on = true;
    const board = new SoundBoard(
      (cue) => heard.push(cue),
      () => on,
    );
    const cues: TableCue[] = [
      { tableId: "t1", cue: "roll" },
      { tableId: "t1", cue: "win" },
    ];
    expect(board.sound(cues)).toBe("win");
    expect(board.sound([{ tableId: "t2", cue: "card" }])).toBe("card");
    on = false;
    expect(board.sound(cues)).toBeNull();
    expect(board.sound([{ tableId: "t1", cue: "turn" }])).toBeNull();
    expect(heard).toEqual(["win", "card"]);
  });
});

describe("dice roll in the window", () => {
  it("every die shown starts rolling without its face changed (the host's result stays)", () => {
    const root = document.createElement("div");
    root.innerHTML = '<p data-die-face data-roll="3">Rolled 3</p><span data-die-face>5</span><span>not a die</span>';
    expect(rollDiceIn(root)).toBe(2);
    const dice = [...root.querySelectorAll("[data-die-face]")];
    expect(dice.every((d) => d.classList.contains(ROLLING))).toBe(true);
    expect(dice.map((d) => d.textContent)).toEqual(["Rolled 3", "5"]);
  });

  it("a player who asks for less motion sees no die tumble", () => {
    const root = document.createElement("div");
    root.innerHTML = "<span data-die-face>5</span>";
    const real = globalThis.matchMedia;
    globalThis.matchMedia = ((q: string) => ({ matches: q.includes("reduce") })) as unknown as typeof matchMedia;
    try {
      expect(rollDiceIn(root)).toBe(0);
      expect(root.querySelector(`.${ROLLING}`)).toBeNull();
    } finally {
      globalThis.matchMedia = real;
    }
  });
});
