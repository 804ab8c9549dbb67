/**
 * Issue 27, the boards read at a glance: each piece kind of the unequal-forces games has its own
 * outline (the same in the legend as on the board and the canvas), the pieces are big enough, and
 * the key points no longer clutter the Defiance board; the end says who won and why, and the
 * Imperial Command that took the Rebel Command stays on the board.
 */
import { describe, expect, it } from "vitest";
import de from "../../lang/de.json";
import en from "../../lang/en.json";
import { apps, games } from "../../src/games";
import { type BoardContext, type PieceContext, pieceOutline, pieceShape } from "../../src/apps/board/context";
import { layoutBoard } from "../../src/apps/canvas/layout";
import { SeededRandom } from "../../src/rules/core";
import type { TwoSideState } from "../../src/rules/unequal/common";
import { type UnequalMatch, startMatch, toAct, updateFor } from "../helpers/unequal-match";

type M = UnequalMatch;

function play(id: string, s: M, move: unknown): M {
  const r = games[id]!.apply(s, toAct(s), move, new SeededRandom(2));
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.state as M;
}

const contextOf = (id: string, s: M, seat: string | null = "s0") => apps[id]!.context(updateFor(id, s, seat));
const pieces = (board: BoardContext): PieceContext[] =>
  [...board.cells, ...board.points].flatMap((t) => (t.piece ? [t.piece] : []));

/** Por'rika after the Schelati's setup: two Egg Carriers, four Guardians, four Ser'ra. */
function porrikaSetUp(): M {
  let s = startMatch("porrika");
  ["0,1,n", "1,1,n", "2,1,n", "3,1,n", "1,0,n", "2,0,n"].forEach((at, i) => {
    s = play("porrika", s, { type: "place", kind: i < 2 ? "egg" : "guardian", at });
  });
  return s;
}

describe("Por'rika: each piece kind its own shape", () => {
  it("the Egg Carrier, the Guardian and the Ser'ra are drawn with three different outlines", () => {
    const board = contextOf("porrika", porrikaSetUp()).board as BoardContext;
    const byKind = new Map(pieces(board).map((p) => [p.kind, p.shapeName]));
    expect(byKind.get("egg")).toBe("egg");
    expect(byKind.get("guardian")).toBe("square");
    expect(byKind.get("serra")).toBe("star");
    expect(new Set(pieces(board).map((p) => p.shape.replace(/[\d.,-]+/g, ""))).size).toBeGreaterThan(1);
  });

  it("the legend draws each kind with the outline the board gives it (the Ser'ra's star is the legend's)", () => {
    const ctx = contextOf("porrika", porrikaSetUp());
    const legend = ctx.legend as { svg: string; key: string }[];
    const serra = legend.find((l) => l.key === "CANTINA.Unequal.Porrika.Piece.serra")!;
    expect(serra.svg).toContain(pieceShape(1, 0, 0, 8, "star"));
    expect(serra.svg).toContain("owner-1");
    const egg = legend.find((l) => l.key === "CANTINA.Unequal.Porrika.Piece.egg")!;
    expect(egg.svg).toContain(pieceShape(0, 0, 0, 8, "egg"));
  });

  it("a piece nearly fills its triangle (0.9 of the distance from its centre to the nearest side; it was 0.58)", () => {
    const board = contextOf("porrika", porrikaSetUp()).board as BoardContext;
    const cellWidthPx = board.maxWidth / (board.width / 100);
    const piece = pieces(board)[0]!;
    // A quarter-square triangle's centroid lies a third of its height (half a side) from its base.
    expect(piece.r).toBeGreaterThanOrEqual((0.9 * 100) / 2 / 3);
    expect(cellWidthPx).toBeGreaterThanOrEqual(70);
  });

  it("the canvas draws the same outline as the window", () => {
    const board = contextOf("porrika", porrikaSetUp()).board as BoardContext;
    const layout = layoutBoard(board);
    const serra = layout.targets.find((t) => t.piece?.kind === "serra")!;
    expect(serra.piece!.shape).toBe("star");
    expect(pieceOutline(1, 10, serra.piece!.shape)).not.toEqual(pieceOutline(1, 10));
  });
});

describe("Defiance and Domain: Commands and key points", () => {
  it("the Rebel Command is a star, the Imperial Commands crosses, both unlike a counter and big enough", () => {
    let s = startMatch("defiance-and-domain");
    s = play("defiance-and-domain", s, { type: "place", square: 22, dir: 2 });
    const board = contextOf("defiance-and-domain", s).board as BoardContext;
    const commands = board.points.flatMap((p) => (p.piece ? [p.piece] : []));
    const rebel = commands.filter((p) => p.owner === 0);
    const imperial = commands.filter((p) => p.owner === 1);
    expect(rebel.map((p) => p.shapeName)).toEqual(["star"]);
    expect(imperial.length).toBeGreaterThan(0);
    expect(imperial.every((p) => p.shapeName === "cross")).toBe(true);
    const counter = board.cells.find((c) => c.piece)!.piece!;
    expect(counter.shapeName).not.toBe("star");
    expect(counter.shapeName).not.toBe("cross");
    // A Command's radius is a third of a square's side (it was a fifth).
    expect(rebel[0]!.r).toBeGreaterThanOrEqual(33);
    const legend = contextOf("defiance-and-domain", s).legend as { svg: string; key: string }[];
    expect(legend.find((l) => l.key === "CANTINA.Unequal.Defiance.ImperialCommand")!.svg).toContain(
      pieceShape(1, 0, 0, 8, "cross"),
    );
  });

  it("a counter's facing arrow reaches well beyond the piece (two thirds of its radius)", () => {
    let s = startMatch("defiance-and-domain");
    s = play("defiance-and-domain", s, { type: "place", square: 22, dir: 0 });
    const counter = (contextOf("defiance-and-domain", s).board as BoardContext).cells.find((c) => c.piece)!.piece!;
    const tipY = Number(/^M[\d.]+,([\d.]+)/.exec(counter.arrow)![1]);
    expect(counter.cy - tipY).toBeGreaterThanOrEqual(counter.r * 1.6);
  });
});

/** The state of game `id` ended as given (the rules' own end, set directly). */
function ended(id: string, winner: 0 | 1 | null, reason: string, extra: Record<string, unknown> = {}): M {
  const s = startMatch(id);
  return { ...s, inner: { ...s.inner, over: true, winner, reason, ...extra } as TwoSideState };
}

const statusText = (id: string, s: M): string => {
  const ctx = contextOf(id, s);
  const status = ctx.status as { key: string; reason: string };
  return `${status.key} ${status.reason}`;
};

describe("the end says who won and why", () => {
  it("Takat: Black's win by immobilizing says that White cannot move; White's six-high stack says so", () => {
    expect(statusText("takat", ended("takat", 1, "immobilized"))).toContain(
      "CANTINA.Unequal.WinReason.takat.immobilized-1",
    );
    expect(statusText("takat", ended("takat", 0, "goal"))).toContain("CANTINA.Unequal.WinReason.takat.goal-0");
    expect(en.CANTINA.Unequal.WinReason.takat["immobilized-1"]).toBe("White cannot move.");
  });

  it("Defiance and Domain and Por'rika: each side's win names its own goal; a draw keeps the general reason", () => {
    expect(statusText("defiance-and-domain", ended("defiance-and-domain", 1, "goal"))).toContain(
      "WinReason.defiance-and-domain.goal-1",
    );
    expect(statusText("defiance-and-domain", ended("defiance-and-domain", 0, "goal"))).toContain(
      "WinReason.defiance-and-domain.goal-0",
    );
    expect(statusText("porrika", ended("porrika", 1, "immobilized"))).toContain("WinReason.porrika.immobilized-1");
    expect(statusText("porrika", ended("porrika", null, "move-limit"))).toContain("CANTINA.Unequal.Reason.move-limit");
  });

  it("every game's own win line is in English and German", () => {
    for (const lang of [en, de])
      for (const [game, lines] of Object.entries({
        "defiance-and-domain": ["goal-0", "goal-1", "immobilized-1"],
        porrika: ["goal-0", "immobilized-1"],
        takat: ["goal-0", "immobilized-0", "immobilized-1"],
      }))
        for (const line of lines)
          expect((lang.CANTINA.Unequal.WinReason as Record<string, Record<string, string>>)[game]?.[line]).toBeTruthy();
  });
});

describe("Defiance and Domain: the Imperial Command that took the Rebel Command", () => {
  it("stands on the Rebel Command's point at the end, drawn and named as the captor", () => {
    const start0 = startMatch("defiance-and-domain").inner as unknown as { rebel: number; imperial: [number, number] };
    const s = ended("defiance-and-domain", 1, "goal", { imperial: [start0.rebel, start0.imperial[1]] });
    const board = contextOf("defiance-and-domain", s).board as BoardContext;
    const point = board.points.find((p) => p.id === `p${start0.rebel}`)!;
    expect(point.piece).toMatchObject({
      owner: 1,
      shapeName: "cross",
      labelKey: "CANTINA.Unequal.Defiance.CommandTook",
    });
    expect(point.classes).toContain("captured-rebel");
  });
});

describe("Takat: the last move clearly marked", () => {
  it("the hex the last piece went to is marked, and the hexes show the numbers chat names", () => {
    const s = play("takat", startMatch("takat"), { type: "enter", to: 3 });
    const board = contextOf("takat", s, "s1").board as BoardContext;
    expect(board.showLabels).toBe(true);
    const last = board.cells.filter((c) => c.classes.split(" ").includes("last-moved"));
    expect(last.map((c) => c.label)).toEqual(["3"]);
  });
});
