/**
 * Issue 33, Defiance and Domain's key points read quietly: the legend shows a key point as the board
 * draws it (a small dot, not a double ring) and names the stronger mark of a key point the Rebels control.
 */
import { describe, expect, it } from "vitest";
import type { BoardContext } from "../../src/apps/board/context";
import { apps } from "../../src/games";
import { cell, squaresAround } from "../../src/rules/unequal/defiance-board";
import type { DefianceState } from "../../src/rules/unequal/defiance-board";
import { type UnequalMatch, startMatch, updateFor } from "../helpers/unequal-match";

const legendOf = () =>
  apps["defiance-and-domain"]!.context(updateFor("defiance-and-domain", startMatch("defiance-and-domain"), "s0"))
    .legend as { svg: string; key: string }[];

describe("Defiance and Domain: the legend's key points match the board's", () => {
  it("draws a key point as a single filled dot, as the board does (no ring)", () => {
    const key = legendOf().find((l) => l.key === "CANTINA.Unequal.Defiance.KeyPoint")!;
    expect(key.svg).toMatch(/<circle r="[\d.]+"\/>/);
    expect(key.svg).not.toContain("evenodd");
  });

  it("names a key point the Rebels control, drawn ringed as on the board", () => {
    const held = legendOf().find((l) => l.key === "CANTINA.Unequal.Defiance.Controlled");
    expect(held).toBeDefined();
    expect(held!.svg).toContain("evenodd");
    expect(held!.svg).toMatch(/<circle r="[\d.]+"\/>/);
  });
});

describe("Defiance and Domain: a key point the Rebels control is marked so on the board", () => {
  it("gives the point between four Rebel counters the class the stronger mark is drawn by, and no other", () => {
    const s: UnequalMatch = startMatch("defiance-and-domain");
    const inner = s.inner as DefianceState;
    const held = 2 * 11 + 2;
    const cells = [...inner.cells];
    for (const q of squaresAround(held)) cells[q] = cell(0, 0);
    const st = { ...s, inner: { ...inner, cells } } as UnequalMatch;
    const board = apps["defiance-and-domain"]!.context(updateFor("defiance-and-domain", st, "s0"))
      .board as BoardContext;
    const controlled = board.points.filter((p) => p.classList.includes("controlled")).map((p) => p.id);
    expect(controlled).toEqual([`p${held}`]);
    expect(board.points.find((p) => p.id === `p${held}`)!.kindKey).toBe("CANTINA.Unequal.Defiance.Controlled");
  });
});
