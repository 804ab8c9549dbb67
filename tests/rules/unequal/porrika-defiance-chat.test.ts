/**
 * Por'rika and Defiance and Domain write every move to chat (issue 27, as Takat does): each move gives one notice naming
 * the mover, the piece or counter, the places (as a player reads them, issue 33) and a counter's facing; records made before these lines still import.
 */
import { describe, expect, it } from "vitest";
import en from "../../../lang/en.json";
import de from "../../../lang/de.json";
import { chatEntry } from "../../../src/apps/core/chat";
import { dictionaryLocalizer } from "../../../src/apps/core/i18n";
import { placeName } from "../../../src/apps/core/places";
import { chatNamers, games } from "../../../src/games";
import { type Applied, type Game, SeededRandom } from "../../../src/rules/core";
import { DEFIANCE_NOTICES, defiance, pt, sq } from "../../../src/rules/unequal/defiance";
import { PORRIKA_NOTICES, porrika } from "../../../src/rules/unequal/porrika";
import { exportRecord, importRecord, replaySteps } from "../../../src/table/record-file";
import { botRecord } from "../../helpers/replay-record";

const SEATS = ["first", "second"];
const names = { first: "Ana", second: "Bo" };
const english = dictionaryLocalizer(en);
const text = (applied: Applied<unknown>, i18n = english) => {
  if (!applied.ok) throw new Error(applied.error.code);
  return applied.events.map((e) => chatEntry(e, names, i18n, chatNamers).text);
};

function started<S, M, O, V>(game: Game<S, M, O, V>): S {
  const r = game.setup(SEATS, game.defaultOptions(), new SeededRandom(1));
  if (!r.ok) throw new Error(r.error.code);
  return r.state;
}

describe("Por'rika and Defiance and Domain: every move in chat", () => {
  it("Por'rika: a piece placed and a piece moved each give one line naming the piece and its triangles", () => {
    let s = started(porrika);
    const placed = porrika.apply(s, "first", { type: "place", kind: "egg", at: "0,0,n" }, new SeededRandom(2));
    expect(text(placed)).toEqual(["Ana places an Egg Carrier on a1, north triangle."]);
    // The six Schelati placed, the first move of the game is theirs: any legal one, named by its piece.
    if (!placed.ok) throw new Error(placed.error.code);
    s = placed.state;
    for (const at of ["1,0,n", "2,0,n", "3,0,n", "0,1,n", "3,1,n"]) {
      const r = porrika.apply(
        s,
        "first",
        { type: "place", kind: at === "1,0,n" ? "egg" : "guardian", at },
        new SeededRandom(2),
      );
      if (!r.ok) throw new Error(r.error.code);
      s = r.state;
    }
    const move = porrika.legalMoves(s, "first").find((m) => m.type === "move");
    if (!move || move.type !== "move") throw new Error("no move");
    const kind = s.pieces.find((p) => p.at === move.from)!.kind;
    const moved = porrika.apply(s, "first", move, new SeededRandom(2));
    const piece = { egg: "an Egg Carrier", guardian: "a Guardian", serra: "a Ser'ra" }[kind];
    // Places as a player reads them (issue 33): square and side in words.
    const place = (id: string) => placeName(id, english)!;
    expect(text(moved)).toEqual([`Ana moves ${piece} from ${place(move.from)} to ${place(move.to)}.`]);
    expect(text(moved)[0]).not.toMatch(/\d,\d/);
  });

  it("Defiance: a counter placed and turned (square and facing), a Command's step and a stay, in English and German", () => {
    const s0 = started(defiance);
    const placed = defiance.apply(s0, "first", { type: "place", square: sq(2, 2), dir: 2 }, new SeededRandom(2));
    expect(text(placed)).toEqual(["Ana places a Force Counter on square c3, facing east."]);
    expect(text(placed, dictionaryLocalizer(de))).toEqual([
      "Ana setzt einen Streitkraftmarker auf Feld c3, nach Osten gerichtet.",
    ]);
    if (!placed.ok) throw new Error(placed.error.code);
    const step = defiance.apply(
      placed.state,
      "first",
      { type: "command", from: pt(5, 5), to: pt(4, 4) },
      new SeededRandom(2),
    );
    expect(text(step)).toEqual(["Ana moves a Command from point f6 to point e5."]);
    if (!step.ok) throw new Error(step.error.code);
    const bo = defiance.apply(step.state, "second", { type: "place", square: sq(7, 7), dir: 0 }, new SeededRandom(2));
    if (!bo.ok) throw new Error(bo.error.code);
    expect(text(defiance.apply(bo.state, "second", { type: "stay" }, new SeededRandom(2)))).toEqual([
      "Bo leaves the Commands where they stand.",
    ]);
    const turned = defiance.apply(
      { ...bo.state, turn: 0, phase: "counter" },
      "first",
      { type: "turn", square: sq(2, 2), dir: 4 },
      new SeededRandom(2),
    );
    expect(text(turned)).toEqual(["Ana turns the Force Counter on square c3, now facing south."]);
    expect(Object.values(DEFIANCE_NOTICES)).toEqual(defiance.laterNotices);
  });

  it("a record made before the move lines still replays and imports; one with them imports too", () => {
    for (const [gameId, keys] of [
      ["porrika", PORRIKA_NOTICES],
      ["defiance-and-domain", Object.values(DEFIANCE_NOTICES)],
    ] as const) {
      // A short game (the move limit): the lines are the same in a long one.
      const record = botRecord(gameId, 4, 2, undefined, 2000, { maxMoves: 24 });
      const isLine = (key: string) => (keys as readonly string[]).includes(key);
      expect(record.log.slice(1).every((e) => e.events.some((ev) => ev.kind === "notice" && isLine(ev.key)))).toBe(
        true,
      );
      const old = {
        ...record,
        log: record.log.map((e) => ({
          ...e,
          events: e.events.filter((ev) => !(ev.kind === "notice" && isLine(ev.key))),
        })),
      };
      expect(replaySteps(old, games).ok, gameId).toBe(true);
      expect(importRecord(exportRecord(old), games).ok, gameId).toBe(true);
      expect(importRecord(exportRecord(record), games).ok, gameId).toBe(true);
    }
  });
});
