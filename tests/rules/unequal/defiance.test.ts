/** Defiance and Domain rules, one test per rule of text 004 (with its corrections), and bad input refused unchanged. */
import { describe, expect, it } from "vitest";
import { SeededRandom } from "../../../src/rules/core";
import {
  type DefianceMove,
  type DefianceOptions,
  type DefianceState,
  IMPERIAL_START,
  IMPERIUM,
  REBEL,
  REBEL_START,
  cell,
  defiance,
  defianceInitial,
  defianceLegalMoves,
  isKeyPoint,
  pt,
  sq,
} from "../../../src/rules/unequal";
import { DIRECTION_NAMES, type DirectionName } from "../../../src/rules/grid";
import { checkRandomPlay } from "../../helpers/play-random";
import { turnMoves } from "../../helpers/turn-moves";

const SEATS = ["rebel", "imperium"] as const;
const rnd = new SeededRandom(1);
const d = (name: DirectionName): number => DIRECTION_NAMES.indexOf(name);
const fresh = (o: Partial<DefianceOptions> = {}): DefianceState =>
  defianceInitial(["rebel", "imperium"], { ...defiance.defaultOptions(), ...o });
/** A position: counters as [x, y, side, direction], Commands where given. */
function at(
  counters: [number, number, 0 | 1, DirectionName][],
  extra: Partial<DefianceState> = {},
  o: Partial<DefianceOptions> = {},
): DefianceState {
  const cells = fresh(o).cells.slice();
  for (const [x, y, side, dir] of counters) cells[sq(x, y)] = cell(side, d(dir));
  return { ...fresh(o), cells, ...extra };
}
const { play, refused } = turnMoves(defiance, (s) => SEATS[s.turn], rnd);

describe("Defiance and Domain", () => {
  it("start: the Rebel moves first; the Rebel Command in the centre, the Imperial Commands mid-way along two edges; 40 counters each", () => {
    const s = fresh();
    expect(defiance.status(s).toAct).toEqual(["rebel"]);
    expect(s.rebel).toBe(REBEL_START);
    expect(s.imperial).toEqual(IMPERIAL_START);
    expect(defiance.view(s, { role: "gm" }).reserve).toEqual([40, 40]);
  });

  it("key points are the central 4×4 points of each domain", () => {
    let n = 0;
    for (let p = 0; p < 121; p++) if (isKeyPoint(p)) n++;
    expect(n).toBe(64);
    expect(isKeyPoint(pt(1, 1))).toBe(true);
    expect(isKeyPoint(pt(5, 3))).toBe(false);
    expect(isKeyPoint(pt(0, 3))).toBe(false);
  });

  it("place: a counter on a vacant square, facing a side or a corner; the counter move is compulsory", () => {
    const s = fresh();
    expect(defianceLegalMoves(s, REBEL)).toHaveLength(100 * 8);
    refused(s, { type: "stay" }, "CANTINA.Unequal.Defiance.Error.CounterFirst");
    const t = play(s, { type: "place", square: sq(2, 2), dir: d("ne") });
    expect(t.cells[sq(2, 2)]).toBe(cell(REBEL, d("ne")));
    expect(t.phase).toBe("command");
  });

  it("reorient: turn one of your counters instead of placing (not both)", () => {
    const s = at([[2, 2, REBEL, "n"]]);
    const t = play(s, { type: "turn", square: sq(2, 2), dir: d("s") });
    expect(t.cells[sq(2, 2)]).toBe(cell(REBEL, d("s")));
    expect(t.phase).toBe("command");
    refused(s, { type: "turn", square: sq(2, 2), dir: d("n") }, "CANTINA.Unequal.Defiance.Error.SameDirection");
    refused(
      at([[2, 2, IMPERIUM, "n"]]),
      { type: "turn", square: sq(2, 2), dir: d("s") },
      "CANTINA.Unequal.Defiance.Error.NotYourCounter",
    );
  });

  it("the Command move is optional", () => {
    const t = play(play(fresh(), { type: "place", square: 0, dir: 0 }), { type: "stay" });
    expect([t.turn, t.phase]).toEqual([IMPERIUM, "counter"]);
  });

  it("variant: a Command move is compulsory when one is possible", () => {
    const s = play(fresh({ compulsoryCommand: true }), { type: "place", square: 0, dir: 0 });
    refused(s, { type: "stay" }, "CANTINA.Unequal.Defiance.Error.MustMoveCommand");
  });

  it("Imperial Commands move one point along the lines, never diagonally, one Command a turn, never onto each other", () => {
    const s = {
      ...at([]),
      turn: IMPERIUM,
      phase: "command" as const,
      imperial: [pt(3, 3), pt(4, 3)] as [number, number],
    };
    const tos = defianceLegalMoves(s, IMPERIUM).flatMap((m) => (m.type === "command" ? [m.to] : []));
    expect(tos.sort((a, b) => a - b)).toEqual(
      [pt(3, 2), pt(4, 2), pt(2, 3), pt(5, 3), pt(3, 4), pt(4, 4)].sort((a, b) => a - b),
    );
    refused(s, { type: "command", from: pt(3, 3), to: pt(4, 4) }, "CANTINA.Unequal.Defiance.Error.NotAStep");
    refused(s, { type: "command", from: pt(3, 3), to: pt(4, 3) }, "CANTINA.Unequal.Defiance.Error.OntoImperial");
    const t = play(s, { type: "command", from: pt(3, 3), to: pt(3, 2) });
    expect([t.turn, t.phase]).toEqual([REBEL, "counter"]);
  });

  it("the Imperium wins by moving a Command onto the Rebel Command", () => {
    const s = {
      ...at([]),
      turn: IMPERIUM,
      phase: "command" as const,
      imperial: [pt(3, 3), pt(8, 8)] as [number, number],
      rebel: pt(3, 4),
    };
    const t = play(s, { type: "command", from: pt(3, 3), to: pt(3, 4) });
    expect([t.over, t.winner]).toEqual([true, IMPERIUM]);
  });

  it("an Imperial Command may not enter a Rebel-controlled key point, except to capture the Rebel Command", () => {
    const four: [number, number, 0 | 1, DirectionName][] = [
      [1, 1, REBEL, "n"],
      [2, 1, REBEL, "n"],
      [1, 2, REBEL, "n"],
      [2, 2, REBEL, "n"],
    ];
    const s = {
      ...at(four),
      turn: IMPERIUM,
      phase: "command" as const,
      imperial: [pt(2, 3), pt(8, 8)] as [number, number],
    };
    refused(s, { type: "command", from: pt(2, 3), to: pt(2, 2) }, "CANTINA.Unequal.Defiance.Error.Controlled");
    const t = play({ ...s, rebel: pt(2, 2) }, { type: "command", from: pt(2, 3), to: pt(2, 2) });
    expect(t.winner).toBe(IMPERIUM);
  });

  it("an Imperial Command may enter a Rebel-surrounded point on a domain's edge that is not a key point", () => {
    const four: [number, number, 0 | 1, DirectionName][] = [
      [4, 1, REBEL, "n"],
      [5, 1, REBEL, "n"],
      [4, 2, REBEL, "n"],
      [5, 2, REBEL, "n"],
    ];
    const s = {
      ...at(four),
      turn: IMPERIUM,
      phase: "command" as const,
      imperial: [pt(5, 3), pt(8, 8)] as [number, number],
    };
    expect(play(s, { type: "command", from: pt(5, 3), to: pt(5, 2) }).imperial[0]).toBe(pt(5, 2));
  });

  it("the Rebel Command moves one point orthogonally or diagonally, never onto an Imperial Command", () => {
    const s = {
      ...at([]),
      phase: "command" as const,
      rebel: pt(3, 3),
      imperial: [pt(4, 3), pt(9, 9)] as [number, number],
    };
    const tos = defianceLegalMoves(s, REBEL).filter((m) => m.type === "command");
    expect(tos).toHaveLength(7);
    refused(s, { type: "command", from: pt(3, 3), to: pt(4, 3) }, "CANTINA.Unequal.Defiance.Error.OntoImperial");
  });

  it("the Rebel Command may not move orthogonally between two Imperial counters", () => {
    const s = {
      ...at([
        [3, 2, IMPERIUM, "n"],
        [3, 3, IMPERIUM, "n"],
      ]),
      phase: "command" as const,
      rebel: pt(3, 3),
    };
    refused(s, { type: "command", from: pt(3, 3), to: pt(4, 3) }, "CANTINA.Unequal.Defiance.Error.BetweenImperial");
  });

  it("the Rebel Command may not move orthogonally between an Imperial counter and the board's edge", () => {
    const s = { ...at([[0, 3, IMPERIUM, "n"]]), phase: "command" as const, rebel: pt(0, 3) };
    refused(s, { type: "command", from: pt(0, 3), to: pt(0, 4) }, "CANTINA.Unequal.Defiance.Error.BetweenImperial");
  });

  it("the Rebel Command may move diagonally over a friendly counter or between two diagonal Imperial counters, never over an Imperial counter", () => {
    // Square (3,3) is friendly; (2,2) is vacant between the diagonal Imperial pair (2,3) and (3,2).
    const s = {
      ...at([
        [3, 3, REBEL, "n"],
        [2, 3, IMPERIUM, "n"],
        [3, 2, IMPERIUM, "n"],
      ]),
      phase: "command" as const,
      rebel: pt(3, 3),
    };
    expect(play(s, { type: "command", from: pt(3, 3), to: pt(4, 4) }).rebel).toBe(pt(4, 4));
    expect(play(s, { type: "command", from: pt(3, 3), to: pt(2, 2) }).rebel).toBe(pt(2, 2));
    refused(s, { type: "command", from: pt(3, 3), to: pt(4, 2) }, "CANTINA.Unequal.Defiance.Error.OverImperial");
  });

  it("capture: a counter flanked on a line by two enemy counters pointing at it is removed at once and returned to its owner", () => {
    const s = at([
      [3, 3, IMPERIUM, "n"],
      [2, 3, REBEL, "e"],
    ]);
    const t = play(s, { type: "place", square: sq(4, 3), dir: d("w") });
    expect(t.cells[sq(3, 3)]).toBe("");
    expect(defiance.view(t, { role: "gm" }).reserve[IMPERIUM]).toBe(40);
  });

  it("capture: orthogonal captures straddle domain boundaries", () => {
    const s = at([
      [5, 3, IMPERIUM, "n"],
      [4, 3, REBEL, "e"],
    ]);
    expect(play(s, { type: "place", square: sq(6, 3), dir: d("w") }).cells[sq(5, 3)]).toBe("");
  });

  it("capture: flanking counters not both pointing at the square capture nothing", () => {
    const s = at([
      [3, 3, IMPERIUM, "n"],
      [2, 3, REBEL, "n"],
    ]);
    expect(play(s, { type: "place", square: sq(4, 3), dir: d("w") }).cells[sq(3, 3)]).not.toBe("");
  });

  it("correction: diagonal captures within a domain while the attacker's Command stands on any non-border point of it, the board's edge included", () => {
    const diag: [number, number, 0 | 1, DirectionName][] = [
      [2, 2, IMPERIUM, "n"],
      [1, 1, REBEL, "se"],
    ];
    // Rebel Command on the board's edge point (0, 3) of domain 0: not a key point, yet it counts.
    const s = at(diag, { rebel: pt(0, 3) });
    expect(play(s, { type: "place", square: sq(3, 3), dir: d("nw") }).cells[sq(2, 2)]).toBe("");
  });

  it("correction: no diagonal capture while the attacker's Command is on a border point between domains", () => {
    const diag: [number, number, 0 | 1, DirectionName][] = [
      [2, 2, IMPERIUM, "n"],
      [1, 1, REBEL, "se"],
    ];
    const s = at(diag, { rebel: pt(5, 3) });
    expect(play(s, { type: "place", square: sq(3, 3), dir: d("nw") }).cells[sq(2, 2)]).not.toBe("");
  });

  it("diagonal captures never cross domain boundaries", () => {
    const diag: [number, number, 0 | 1, DirectionName][] = [
      [4, 4, IMPERIUM, "n"],
      [3, 3, REBEL, "se"],
    ];
    const s = at(diag, { rebel: pt(2, 2) });
    expect(play(s, { type: "place", square: sq(5, 5), dir: d("nw") }).cells[sq(4, 4)]).not.toBe("");
  });

  it("diagonal captures happen retroactively when the Command arrives in the domain, even with an enemy Command there", () => {
    const diag: [number, number, 0 | 1, DirectionName][] = [
      [2, 2, IMPERIUM, "n"],
      [1, 1, REBEL, "se"],
      [3, 3, REBEL, "nw"],
    ];
    const s = { ...at(diag, { rebel: pt(5, 4), imperial: [pt(2, 4), pt(8, 8)] }), phase: "command" as const };
    expect(s.cells[sq(2, 2)]).not.toBe("");
    const t = play(s, { type: "command", from: pt(5, 4), to: pt(4, 4) });
    expect(t.cells[sq(2, 2)]).toBe("");
  });

  it("dead zone: a square flanked by two enemy counters pointing at it takes no counter of the other side, with or without a capture", () => {
    const s = at(
      [
        [2, 3, REBEL, "e"],
        [4, 3, REBEL, "w"],
      ],
      { turn: IMPERIUM },
    );
    refused(s, { type: "place", square: sq(3, 3), dir: 0 }, "CANTINA.Unequal.Defiance.Error.DeadZone");
    // The owner may place there.
    expect(play({ ...s, turn: REBEL }, { type: "place", square: sq(3, 3), dir: 0 }).cells[sq(3, 3)]).not.toBe("");
  });

  it("dead zone: a diagonal one lasts only while the Command stays in the domain", () => {
    const diag: [number, number, 0 | 1, DirectionName][] = [
      [1, 1, REBEL, "se"],
      [3, 3, REBEL, "nw"],
    ];
    refused(
      at(diag, { turn: IMPERIUM, rebel: pt(1, 4) }),
      { type: "place", square: sq(2, 2), dir: 0 },
      "CANTINA.Unequal.Defiance.Error.DeadZone",
    );
    expect(
      play(at(diag, { turn: IMPERIUM, rebel: pt(7, 7) }), { type: "place", square: sq(2, 2), dir: 0 }).cells[sq(2, 2)],
    ).not.toBe("");
  });

  it("the Rebel wins by controlling a key point in every domain", () => {
    const cs: [number, number, 0 | 1, DirectionName][] = [];
    for (const [px, py] of [
      [2, 2],
      [7, 2],
      [2, 7],
      [7, 7],
    ] as const)
      for (const [x, y] of [
        [px - 1, py - 1],
        [px, py - 1],
        [px - 1, py],
        [px, py],
      ] as const)
        cs.push([x, y, REBEL, "n"]);
    const last = cs.pop()!;
    const t = play(at(cs, { rebel: pt(0, 0) }), { type: "place", square: sq(last[0], last[1]), dir: 0 });
    expect([t.over, t.winner]).toEqual([true, REBEL]);
  });

  it("correction: a Rebel Command unable to move skips the Command part of the turn", () => {
    const hem: [number, number, 0 | 1, DirectionName][] = [[0, 0, IMPERIUM, "n"]];
    // Rebel Command in the corner point (0,0): its moves cross square (0,0) or run along it beside the edge.
    const t = play(at(hem, { rebel: pt(0, 0) }), { type: "place", square: sq(5, 5), dir: 0 });
    expect([t.over, t.turn, t.phase]).toEqual([false, IMPERIUM, "counter"]);
  });

  it("balancing option: a Rebel Command unable to move loses", () => {
    const hem: [number, number, 0 | 1, DirectionName][] = [[0, 0, IMPERIUM, "n"]];
    const t = play(at(hem, { rebel: pt(0, 0) }, { rebelLosesImmobilized: true }), {
      type: "place",
      square: sq(5, 5),
      dir: 0,
    });
    expect([t.over, t.winner, t.reason]).toEqual([true, IMPERIUM, "immobilized"]);
  });

  it("counters per side: at least 40, none placed once all are on the board", () => {
    expect(defiance.checkOptions({ ...defiance.defaultOptions(), counters: 39 }, ["a", "b"])).toMatchObject({
      ok: false,
      error: { code: "CANTINA.Error.BadOption" },
    });
    const s = { ...at([[0, 0, REBEL, "n"]]), options: { ...fresh().options, counters: 1 } };
    refused(s, { type: "place", square: sq(5, 5), dir: 0 }, "CANTINA.Unequal.Defiance.Error.NoCounterLeft");
  });

  it("bad input is refused and the state is unchanged", () => {
    const s = fresh();
    refused(s, { type: "place", square: 100, dir: 0 }, "CANTINA.Unequal.Error.BadMove");
    refused(s, { type: "place", square: 3, dir: 8 }, "CANTINA.Unequal.Error.BadMove");
    refused(s, null, "CANTINA.Unequal.Error.BadMove");
    refused(
      { ...s, cells: s.cells.map((c, i) => (i === 3 ? cell(IMPERIUM, 0) : c)) },
      { type: "place", square: 3, dir: 0 },
      "CANTINA.Unequal.Defiance.Error.Occupied",
    );
    const r = defiance.apply(s, "imperium", { type: "place", square: 3, dir: 0 }, rnd);
    expect(!r.ok && r.error.code).toBe("CANTINA.Unequal.Error.NotYourTurn");
  });

  it("draws: threefold repetition ends the game drawn", () => {
    let s = at([
      [0, 0, REBEL, "n"],
      [9, 9, IMPERIUM, "n"],
    ]);
    const turns: DefianceMove[] = [
      { type: "turn", square: sq(0, 0), dir: d("e") },
      { type: "stay" },
      { type: "turn", square: sq(9, 9), dir: d("e") },
      { type: "stay" },
      { type: "turn", square: sq(0, 0), dir: d("n") },
      { type: "stay" },
      { type: "turn", square: sq(9, 9), dir: d("n") },
      { type: "stay" },
    ];
    for (let i = 0; i < 24 && !s.over; i++) s = play(s, turns[i % turns.length]!);
    expect([s.over, s.winner, s.reason]).toEqual([true, null, "repetition"]);
  });

  it("property: random legal play conserves counters (board + reserve = 40 each), keeps Commands apart and leaves no capturable counter", () => {
    checkRandomPlay(defiance, {
      seats: ["rebel", "imperium"],
      runs: 4,
      maxMoves: 500,
      probeLegalMoves: 3,
      invariant: (s) => {
        const v = defiance.view(s, { role: "gm" });
        expect(v.reserve.every((r) => r >= 0 && r <= 40)).toBe(true);
        expect(s.imperial[0]).not.toBe(s.imperial[1]);
        if (!s.over) expect(s.imperial).not.toContain(s.rebel);
      },
    });
  });
});
