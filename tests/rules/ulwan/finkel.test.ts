/**
 * The Royal Game of Ur with Irving Finkel's rules (game id "ulwan-finkel"): the preset's legal
 * moves agree with the published rules on scripted positions. Finkel's rules, as the British
 * Museum publishes them: seven pieces each, four binary dice (0-4), own start row of four, the
 * shared middle row of eight, own two-square finish; a rosette gives another throw; a piece on a
 * rosette is safe and the rosette cannot be landed on while occupied (no bounce); a piece may not
 * land on its own; landing on an opponent in the middle row sends it back; bearing off needs the
 * exact throw; a throw of 0 or with no move passes.
 */
import { describe, expect, it } from "vitest";
import { games } from "../../../src/games";
import { ulwanFinkel } from "../../../src/rules/ulwan";
import { legalKeys, refused, rollN, setPieces, startFinkel, step, where } from "./helpers";

interface Case {
  readonly name: string;
  readonly a: readonly string[];
  readonly b: readonly string[];
  readonly offA?: number;
  readonly roll: number;
  /** Legal moves for player 1 (a) by the published rules. */
  readonly expected: readonly string[];
}

// Player 1's path: d1 c1 b1 a1* | a2 b2 c2 d2* e2 f2 g2 h2 | h1 g1*  (* rosettes)
const CASES: readonly Case[] = [
  { name: "opening throw of 1 enters on the first square", a: [], b: [], roll: 1, expected: ["enter"] },
  { name: "a throw of 4 enters on the first rosette", a: [], b: [], roll: 4, expected: ["enter"] },
  {
    name: "the central rosette held by the opponent cannot be landed on",
    a: ["b2"],
    b: ["d2"],
    roll: 2,
    expected: ["enter"],
  },
  {
    name: "the central rosette held by oneself cannot be landed on either",
    a: ["b2", "d2"],
    b: [],
    roll: 2,
    expected: ["enter", "move:d2"],
  },
  { name: "an opponent in the middle row is captured", a: ["b2"], b: ["e2"], roll: 3, expected: ["enter", "move:b2"] },
  { name: "one's own piece blocks", a: ["b2", "e2"], b: [], roll: 3, expected: ["enter", "move:e2"] },
  { name: "bearing off needs the exact throw (h1 needs 2)", a: ["h1"], b: [], roll: 3, expected: ["enter"] },
  { name: "bearing off with the exact throw", a: ["h1"], b: [], roll: 2, expected: ["enter", "move:h1"] },
  {
    name: "the last rosette occupied blocks a landing on it, no bounce off the board",
    a: ["h1", "g1"],
    b: [],
    roll: 1,
    expected: ["enter", "move:g1"],
  },
  {
    name: "pieces in the finish row are safe from the opponent (never shared)",
    a: ["g2"],
    b: ["h3"],
    roll: 2,
    expected: ["enter", "move:g2"],
  },
  {
    name: "all seven on the board: no entering",
    a: ["d1", "c1", "b1", "a1", "a2", "b2", "c2"],
    b: [],
    roll: 4,
    expected: ["move:a1", "move:a2", "move:b2", "move:c2"],
  },
  { name: "every move blocked: no legal move", a: ["g1", "h1"], b: [], offA: 5, roll: 3, expected: [] },
];

describe("Finkel preset (ulwan-finkel)", () => {
  it("is registered as ulwan-finkel on the Finkel board with seven pieces", () => {
    expect(games["ulwan-finkel"]).toBeDefined();
    expect(ulwanFinkel.defaultOptions()).toEqual({ pieces: 7, board: "finkel", analysis: false });
  });

  for (const c of CASES) {
    it(`Finkel rules on a scripted position: ${c.name}`, () => {
      const s = setPieces(startFinkel(), c.a, c.b, { offA: c.offA ?? 0 });
      const rolled = rollN(s, c.roll).state;
      if (c.expected.length === 0) {
        expect(rolled.turn).toBe(1); // the throw passes
      } else {
        expect(legalKeys(rolled)).toEqual([...c.expected].sort());
      }
    });
  }

  it("Finkel rule: a rosette gives another throw (given, not offered: the preset keeps the published rule)", () => {
    let s = rollN(setPieces(startFinkel(), ["b2"], []), 2).state;
    s = step(s, { type: "move", from: "b2" }).state;
    expect(s.turn).toBe(0);
    expect(s.phase).toBe("roll");
    expect(legalKeys(s)).toEqual(["roll"]); // no decline, unlike Ulwan's "can roll again"
    expect(refused(s, { type: "decline" })).toBe("CANTINA.Ulwan.Error.WrongPhase");
    expect(s.stats.activations[0]).toBe(1);
  });

  it("Finkel rule: an occupied rosette is refused with its reason", () => {
    const s = rollN(setPieces(startFinkel(), ["b2"], ["d2"]), 2).state;
    expect(refused(s, { type: "move", from: "b2" })).toBe("CANTINA.Ulwan.Error.OccupiedRosette");
  });

  it("Finkel rule: a capture sends the piece back to be entered again", () => {
    let s = rollN(setPieces(startFinkel(), ["b2"], ["e2"]), 3).state;
    s = step(s, { type: "move", from: "b2" }).state;
    expect(where(s)).toMatchObject({ a: ["e2"], handB: 7 });
  });
});
