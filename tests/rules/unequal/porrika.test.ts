/** Por'rika rules, one test per rule of text 004, and bad input refused unchanged. */
import { describe, expect, it } from "vitest";
import { SeededRandom } from "../../../src/rules/core";
import {
  type PorrikaPiece,
  type PorrikaState,
  BOARD_SET,
  PORRIKA_BOARD,
  SACRED_WATERS,
  SCHELATI,
  SCHELATI_MARKED,
  SERRA,
  SERRA_START,
  porrika,
  porrikaInitial,
  porrikaLegalMoves,
} from "../../../src/rules/unequal";
import { checkRandomPlay } from "../../helpers/play-random";
import { turnMoves } from "../../helpers/turn-moves";

const SEATS = ["schelati", "serra"] as const;
const rnd = new SeededRandom(1);
const fresh = (scoring = false): PorrikaState =>
  porrikaInitial(["schelati", "serra"], { ...porrika.defaultOptions(), scoring });
/** A position in play with these pieces. */
const at = (pieces: PorrikaPiece[], turn: 0 | 1 = SCHELATI, scoring = false): PorrikaState => ({
  ...fresh(scoring),
  phase: "play",
  pieces,
  turn,
});
const egg = (a: string): PorrikaPiece => ({ kind: "egg", at: a });
const guard = (a: string): PorrikaPiece => ({ kind: "guardian", at: a });
const serra = (a: string): PorrikaPiece => ({ kind: "serra", at: a });
const { play, refused } = turnMoves(porrika, (s) => SEATS[s.turn], rnd);

describe("Por'rika", () => {
  it("board: 4 wide and 7 long, the outer triangles of the last two rows blocked, two tip triangles the Sacred Waters", () => {
    expect(PORRIKA_BOARD).toHaveLength(5 * 16 + 12 + 4);
    for (const blocked of ["0,5,w", "0,5,s", "3,5,e", "3,5,s", "0,6,n", "3,6,n", "1,6,s", "1,6,w", "2,6,s", "2,6,e"])
      expect(BOARD_SET.has(blocked)).toBe(false);
    expect(SACRED_WATERS.every((t) => BOARD_SET.has(t))).toBe(true);
  });

  it("setup: four Ser'ra on the marked triangles at the pointed end; the Schelati place six on marked triangles at the wide end, as moves", () => {
    const s = fresh();
    expect(s.pieces.map((p) => p.at)).toEqual(SERRA_START);
    expect(porrika.status(s).toAct).toEqual(["schelati"]);
    expect(porrikaLegalMoves(s, SCHELATI).every((m) => m.type === "place" && SCHELATI_MARKED.includes(m.at))).toBe(
      true,
    );
    refused(s, { type: "place", kind: "egg", at: "0,3,n" }, "CANTINA.Unequal.Porrika.Error.NotMarked");
  });

  it("setup: two Egg Carriers and four Guardians, then the Schelati move first", () => {
    let s = fresh();
    const kinds = ["egg", "egg", "guardian", "guardian", "guardian", "guardian"] as const;
    kinds.forEach((kind, i) => (s = play(s, { type: "place", kind, at: SCHELATI_MARKED[i]! })));
    expect(s.phase).toBe("play");
    expect(porrika.status(s).toAct).toEqual(["schelati"]);
    refused(s, { type: "place", kind: "egg", at: SCHELATI_MARKED[7]! }, "CANTINA.Unequal.Porrika.Error.SetupOver");
    let t = fresh();
    t = play(t, { type: "place", kind: "egg", at: SCHELATI_MARKED[0]! });
    t = play(t, { type: "place", kind: "egg", at: SCHELATI_MARKED[1]! });
    refused(t, { type: "place", kind: "egg", at: SCHELATI_MARKED[2]! }, "CANTINA.Unequal.Porrika.Error.NoneLeft");
  });

  it("a move crosses to the opposite triangle of its square, then to a triangle touching it at a corner only", () => {
    const s = at([egg("1,2,n"), egg("0,0,n"), serra("3,4,s")]);
    const moves = porrikaLegalMoves(s, SCHELATI).filter((m) => m.type === "move" && m.from === "1,2,n");
    // Across to 1,2,s; its corner-only neighbours: 0,2,s 2,2,s 0,3,n... minus the start.
    expect(moves.every((m) => m.type === "move" && m.via === "1,2,s")).toBe(true);
    expect(moves.map((m) => (m.type === "move" ? m.to : "")).sort()).toEqual(
      ["0,2,s", "2,2,s", "0,3,n", "2,3,n", "0,2,e", "2,2,w", "0,3,e", "2,3,w", "1,3,e", "1,3,w", "1,2,e", "1,2,w"]
        .filter((k) => k !== "1,2,e" && k !== "1,2,w")
        .sort(),
    );
    const t = play(s, { type: "move", from: "1,2,n", via: "1,2,s", to: "2,3,n" });
    expect(t.pieces[0]!.at).toBe("2,3,n");
    refused(s, { type: "move", from: "1,2,n", via: "1,2,s", to: "1,3,s" }, "CANTINA.Unequal.Porrika.Error.NotCorner");
  });

  it("both the crossed triangle and the destination must be vacant", () => {
    const s = at([egg("1,2,n"), guard("2,3,n"), egg("0,0,n"), serra("3,4,s")]);
    refused(s, { type: "move", from: "1,2,n", via: "1,2,s", to: "2,3,n" }, "CANTINA.Unequal.Porrika.Error.Occupied");
  });

  it("mortal combat: two pieces across a square from each other are locked and neither moves", () => {
    const s = at([guard("2,3,n"), serra("2,3,s"), egg("0,0,n"), egg("1,0,n")]);
    refused(s, { type: "move", from: "2,3,n", via: "2,3,s", to: "1,4,n" }, "CANTINA.Unequal.Porrika.Error.Locked");
    expect(porrikaLegalMoves({ ...s, turn: SERRA }, SERRA)).toEqual([{ type: "pass" }]);
  });

  it("all pieces move the same way: the Ser'ra too", () => {
    const s = at([egg("0,0,n"), egg("1,0,n"), serra("1,5,s")], SERRA);
    expect(porrikaLegalMoves(s, SERRA).every((m) => m.type === "move" && m.via === "1,5,n")).toBe(true);
  });

  it("the Schelati win with both Egg Carriers in the Sacred Waters", () => {
    const s = at([egg("1,6,e"), egg("1,5,n"), serra("3,3,s")]);
    const t = play(s, { type: "move", from: "1,5,n", via: "1,5,s", to: "2,6,w" });
    expect([t.over, t.winner]).toEqual([true, SCHELATI]);
  });

  it("the Ser'ra win by immobilizing one Egg Carrier (locked in mortal combat)", () => {
    const s = at([egg("1,2,n"), egg("0,0,n"), serra("1,3,n")], SERRA);
    // The Ser'ra crosses to 1,3,s then steps to 1,2,s? No: 1,2,s touches 1,3,s along a side; it goes via 0,2 or 2,2 instead.
    const t = play(
      { ...s, pieces: [egg("1,2,n"), egg("0,0,n"), serra("2,2,e")] },
      {
        type: "move",
        from: "2,2,e",
        via: "2,2,w",
        to: "1,2,s",
      },
    );
    expect([t.over, t.winner, t.reason]).toEqual([true, SERRA, "immobilized"]);
  });

  it("a player with no legal move passes", () => {
    const s = at([egg("0,5,n"), egg("1,6,e"), serra("2,2,s")]);
    expect(porrikaLegalMoves(s, SCHELATI)).toEqual([{ type: "pass" }]);
    refused(
      at([egg("1,2,n"), egg("0,0,n"), serra("3,3,s")]),
      { type: "pass" },
      "CANTINA.Unequal.Porrika.Error.MustMove",
    );
  });

  it("scoring option: a point per free Ser'ra for a Schelati win, five for a Ser'ra win", () => {
    const s = at([egg("1,6,e"), egg("1,5,n"), serra("3,3,s"), serra("0,2,n"), guard("0,2,s")], SCHELATI, true);
    const t = play(s, { type: "move", from: "1,5,n", via: "1,5,s", to: "2,6,w" });
    expect(t.points).toEqual([1, 0]);
    const u = play(at([egg("1,2,n"), egg("0,0,n"), serra("2,2,e")], SERRA, true), {
      type: "move",
      from: "2,2,e",
      via: "2,2,w",
      to: "1,2,s",
    });
    expect(u.points).toEqual([0, 5]);
  });

  it("bad input is refused and the state is unchanged", () => {
    const s = at([egg("1,2,n"), egg("0,0,n"), serra("3,3,s")]);
    refused(s, { type: "move", from: "3,3,s", via: "3,3,n", to: "2,2,e" }, "CANTINA.Unequal.Porrika.Error.NotYours");
    refused(s, { type: "move", from: "1,2,n", via: "1,2,e", to: "2,3,n" }, "CANTINA.Unequal.Porrika.Error.NotAcross");
    refused(s, { type: "move", from: "1,2,n" }, "CANTINA.Unequal.Error.BadMove");
    refused(s, "jump", "CANTINA.Unequal.Error.BadMove");
  });

  it("draws: the move limit ends the game drawn", () => {
    const s = { ...at([egg("1,2,n"), egg("0,0,n"), serra("3,3,s")]), draw: { maxMoves: 1, repetitionDraw: true } };
    const t = play(s, { type: "move", from: "1,2,n", via: "1,2,s", to: "2,3,n" });
    expect([t.over, t.winner, t.reason]).toEqual([true, null, "move-limit"]);
  });

  it("property: random legal play keeps ten pieces on distinct board triangles and ends", () => {
    checkRandomPlay(porrika, {
      seats: ["schelati", "serra"],
      runs: 12,
      maxMoves: 400,
      invariant: (s) => {
        const spots = s.pieces.map((p) => p.at);
        expect(new Set(spots).size).toBe(spots.length);
        expect(spots.every((k) => BOARD_SET.has(k))).toBe(true);
        expect(s.pieces.filter((p) => p.kind === "serra")).toHaveLength(4);
        expect(s.pieces.length).toBeLessThanOrEqual(10);
      },
    });
  });
});
