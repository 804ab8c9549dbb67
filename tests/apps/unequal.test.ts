/**
 * The unequal-forces windows: each game's board, its legal moves as board pairs, the actions that
 * turn clicks into moves (or a refused click into the rules' reason), the templates rendered, and the
 * paired match (two games, sides swapped, settled by points) through the registry's games.
 */
import { describe, expect, it } from "vitest";
import en from "../../lang/en.json";
import { apps, bots, games } from "../../src/games";
import { dictionaryLocalizer } from "../../src/apps/core/i18n";
import { createRenderer } from "../../src/standalone/render";
import type { BoardContext } from "../../src/apps/board/context";
import type { ActionInput } from "../../src/apps/core/types";
import { type AnyGame, SeededRandom } from "../../src/rules/core";
import { SEATS, type UnequalMatch, startMatch, toAct, updateFor } from "../helpers/unequal-match";

const i18n = dictionaryLocalizer(en);
// The templates as the standalone page renders them (Foundry's `localize` helper).
const render = createRenderer(i18n);

type M = UnequalMatch;

function act(id: string, s: M, action: string, data: Record<string, string>, fields: Record<string, string> = {}): M {
  const seat = toAct(s);
  const result = apps[id]!.actions[action]!({ data, fields } as ActionInput, updateFor(id, s, seat));
  if (!("move" in result)) throw new Error(`${action} ${JSON.stringify(data)}: ${JSON.stringify(result)}`);
  const r = (games[id] as AnyGame).apply(s, seat, result.move, new SeededRandom(2));
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.state as M;
}

function refusal(id: string, s: M, action: string, data: Record<string, string>, fields: Record<string, string> = {}) {
  const result = apps[id]!.actions[action]!({ data, fields } as ActionInput, updateFor(id, s, toAct(s)));
  return result.ok ? null : result.error.code;
}

function boardOf(id: string, s: M, seat: string | null): BoardContext {
  return apps[id]!.context(updateFor(id, s, seat)).board as BoardContext;
}

function renders(id: string, s: M, seat: string | null): string {
  const ctx = apps[id]!.context(updateFor(id, s, seat));
  return ["unequal/table.hbs", "board/board.hbs", "unequal/controls.hbs", "unequal/legend.hbs"]
    .map((p) => render(p, ctx))
    .join("\n");
}

describe("registry", () => {
  it("offers the three games with a strong and a weak bot each (Takat and Por'rika an expert too) and the draw and paired-match options", () => {
    for (const id of ["defiance-and-domain", "porrika", "takat"]) {
      expect(Object.keys(bots[id]!)).toEqual(
        id === "defiance-and-domain" ? ["strong", "weak"] : ["strong", "weak", "expert"],
      );
      expect(Object.keys(games[id]!.optionSchema)).toEqual(
        expect.arrayContaining(["maxMoves", "repetitionDraw", "paired"]),
      );
      expect(apps[id]).toBeDefined();
    }
  });

  it("every bot level chooses a legal move from the match's view", () => {
    for (const id of ["defiance-and-domain", "porrika", "takat"]) {
      const game = games[id]!;
      const s = startMatch(id, { paired: true });
      const seat = toAct(s);
      const legal = game.legalMoves(s, seat);
      for (const level of Object.keys(bots[id]!)) {
        const move = bots[id]![level]!.choose(game.view(s, { role: "seat", seat }), legal, new SeededRandom(7));
        expect(legal).toContainEqual(move);
      }
    }
  });
});

describe("Takat window", () => {
  const id = "takat";
  it("enters from the reserve tray, moves a stack's top piece, shows heights and refuses with the rule's reason", () => {
    let s = startMatch(id);
    const b0 = boardOf(id, s, "s0");
    expect(b0.cells).toHaveLength(7);
    expect(b0.trays.find((t) => t.id === "reserve-0")?.selectable).toBe(true);
    s = act(id, s, "board-move", { from: "reserve-0", to: "h1", id: "enter" });
    s = act(id, s, "board-move", { from: "reserve-1", to: "h2", id: "enter" });
    // The correction: White may not move the piece Black just entered.
    expect(refusal(id, s, "board-move", { from: "h2", to: "h0" })).toBe("CANTINA.Unequal.Takat.Error.JustMoved");
    s = act(id, s, "board-move", { from: "h1", to: "h2", id: "move" });
    const cell = boardOf(id, s, "s1").cells.find((c) => c.id === "h2")!;
    expect(cell.piece?.count).toBe(2);
    expect(cell.piece?.pips.map((p) => p.owner)).toEqual([0, 1]);
    expect(renders(id, s, "s1")).toContain("Black discs off the board: 14");
  });
});

describe("Por'rika window", () => {
  const id = "porrika";
  it("places the six Schelati pieces from the trays on marked triangles, then moves across a square", () => {
    let s = startMatch(id);
    expect(refusal(id, s, "board-move", { from: "tray-egg", to: "1,3,n" })).toBe(
      "CANTINA.Unequal.Porrika.Error.NotMarked",
    );
    const spots = ["0,1,n", "1,1,n", "2,1,n", "3,1,n", "1,0,n", "2,0,n"];
    spots.forEach((at, i) => {
      s = act(id, s, "board-move", { from: i < 2 ? "tray-egg" : "tray-guardian", to: at, id: "place" });
    });
    expect(s.inner.turn).toBe(0);
    const html = renders(id, s, "s0");
    expect(html).toContain("Egg Carrier");
    const board = boardOf(id, s, "s0");
    expect(board.trays).toHaveLength(0);
    const mover = board.cells.find((c) => c.selectable)!;
    const dest = board.cells.find((c) => c.destFor.split(" ").includes(mover.id))!;
    s = act(id, s, "board-move", { from: mover.id, to: dest.id, id: "move" });
    expect(s.inner.turn).toBe(1);
  });

  it("marks the last move clearly for both players: the square reached, and the one left", () => {
    let s = startMatch(id);
    const spots = ["0,1,n", "1,1,n", "2,1,n", "3,1,n", "1,0,n", "2,0,n"];
    spots.forEach((at, i) => {
      s = act(id, s, "board-move", { from: i < 2 ? "tray-egg" : "tray-guardian", to: at, id: "place" });
    });
    expect(boardOf(id, s, "s1").cells.find((c) => c.id === "2,0,n")!.classes).toContain("last-moved");
    const board = boardOf(id, s, "s0");
    const mover = board.cells.find((c) => c.selectable)!;
    const dest = board.cells.find((c) => c.destFor.split(" ").includes(mover.id))!;
    s = act(id, s, "board-move", { from: mover.id, to: dest.id, id: "move" });
    for (const seat of ["s0", "s1"]) {
      const cells = boardOf(id, s, seat).cells;
      expect(cells.filter((c) => c.classes.split(" ").includes("last-moved")).map((c) => c.id)).toEqual([dest.id]);
      expect(cells.filter((c) => c.classes.split(" ").includes("last-from")).map((c) => c.id)).toEqual([mover.id]);
    }
  });
});

describe("Defiance and Domain window", () => {
  const id = "defiance-and-domain";
  it("places a counter facing the chosen direction, reorients by clicking it twice and moves a Command", () => {
    let s = startMatch(id);
    expect(renders(id, s, "s0")).toContain('name="facing" value="2"');
    s = act(id, s, "board-move", { from: "reserve-0", to: "2,2", id: "place" }, { facing: "2" });
    expect((s.inner as unknown as { cells: string[] }).cells[22]).toBe("r2");
    expect((s.inner as unknown as { phase: string }).phase).toBe("command");
    // The Rebel Command stands on point 60 (5,5): one diagonal step.
    s = act(id, s, "board-move", { from: "p60", to: "p48", id: "command" });
    s = act(id, s, "board-move", { from: "reserve-1", to: "7,7", id: "place" }, { facing: "0" });
    s = act(id, s, "stay", {});
    expect(refusal(id, s, "board-move", { from: "2,2", to: "2,2" }, { facing: "2" })).toBe(
      "CANTINA.Unequal.Defiance.Error.SameDirection",
    );
    s = act(id, s, "board-move", { from: "2,2", to: "2,2", id: "turn" }, { facing: "4" });
    expect((s.inner as unknown as { cells: string[] }).cells[22]).toBe("r4");
    const html = renders(id, s, "s0");
    expect(html).toContain("key point");
    expect(html).toContain('data-action="stay"');
  });

  it("marks the last counter placed and the last Command step for both players", () => {
    let s = startMatch(id);
    s = act(id, s, "board-move", { from: "reserve-0", to: "2,2", id: "place" }, { facing: "2" });
    s = act(id, s, "board-move", { from: "p60", to: "p48", id: "command" });
    for (const seat of ["s0", "s1"]) {
      const board = boardOf(id, s, seat);
      const marked = (cls: string) => [
        ...board.cells.filter((c) => c.classes.split(" ").includes(cls)).map((c) => c.id),
        ...board.points.filter((p) => p.classes.split(" ").includes(cls)).map((p) => p.id),
      ];
      expect(marked("last-moved")).toEqual(["2,2", "p48"]);
      expect(marked("last-from")).toEqual(["p60"]);
    }
  });
});

describe("paired match", () => {
  it("plays a return game with the sides swapped and settles the match by the points of both", () => {
    const id = "takat";
    let s = startMatch(id, { paired: true, maxMoves: 10 });
    const game = games[id]!;
    const random = new SeededRandom(5);
    let guard = 0;
    while (!game.status(s).over && guard++ < 100) {
      const seat = toAct(s);
      const legal = game.legalMoves(s, seat);
      const r = game.apply(s, seat, legal[0], random);
      if (!r.ok) throw new Error(JSON.stringify(r.error));
      s = r.state as M;
      if (s.round === 1 && s.games.length === 1) expect(s.inner.seats).toEqual(["s1", "s0"]);
    }
    expect(s.games).toHaveLength(2);
    expect(s.games.map((g) => g.first)).toEqual(["s0", "s1"]);
    expect(game.status(s).over).toBe(true);
    expect(renders(id, s, "s0")).toContain("data-match-over");
  });

  it("refuses a paired option that is not a boolean", () => {
    const game = games.porrika!;
    expect(game.checkOptions({ ...(game.defaultOptions() as object), paired: "yes" }, SEATS)).toMatchObject({
      ok: false,
      error: { code: "CANTINA.Error.BadOption" },
    });
  });
});

describe("in-window help", () => {
  it("each game's help gives its own rules and the table's draw options as set, with no key left", () => {
    const firstLine: Record<string, string> = {
      "defiance-and-domain": "Rebels (move first) against the Imperium",
      porrika: "two Egg Carriers",
      takat: "White has 6 pieces, Black 15",
    };
    for (const id of Object.keys(firstLine)) {
      const app = apps[id]!;
      const plain = render(app.help!, app.helpContext!(updateFor(id, startMatch(id, { maxMoves: 77 }), "s0")));
      expect(plain, id).toContain(firstLine[id]);
      expect(plain, id).toContain("after 77 moves");
      expect(plain, id).toContain("third time");
      expect(plain, id).not.toContain("Paired match");
      expect(plain, id).not.toMatch(/CANTINA\./);
      const paired = startMatch(id, { paired: true, repetitionDraw: false });
      const html = render(app.help!, app.helpContext!(updateFor(id, paired, "s1")));
      expect(html, id).toContain("Paired match");
      expect(html, id).toContain("Repeated positions do not end the game");
    }
  });
});

describe("an illegal click says why", () => {
  const lone = (from: string): Record<string, string> => ({ from, to: "", refused: "true" });

  it("Takat: a stack clicked alone that may not be moved gives the rule (just moved, permanently safe)", () => {
    const id = "takat";
    let s = startMatch(id);
    s = act(id, s, "board-move", { from: "reserve-0", to: "h1", id: "enter" });
    s = act(id, s, "board-move", { from: "reserve-1", to: "h2", id: "enter" });
    expect(refusal(id, s, "board-move", lone("h2"))).toBe("CANTINA.Unequal.Takat.Error.JustMoved");
    // Three white pieces on red hex 1: nobody moves the top one.
    const safe = { ...s, inner: { ...s.inner, stacks: [[], ["w", "w", "w"], ["b"], [], [], [], []], lastTo: 2 } } as M;
    expect(refusal(id, safe, "board-move", lone("h1"))).toBe("CANTINA.Unequal.Takat.Error.PermanentlySafe");
    // The opponent's turn: whatever is clicked, it is not yours to move.
    const other = apps[id]!.actions["board-move"]!(
      { data: lone("h1"), fields: {} } as ActionInput,
      updateFor(id, s, "s1"),
    );
    expect(other).toEqual({ ok: false, error: { code: "CANTINA.Unequal.Error.NotYourTurn" } });
  });

  it("Takat: a place the selected piece cannot reach gives the rule, or where to look when the rules cannot name it", () => {
    const id = "takat";
    const s = startMatch(id);
    const refused = { refused: "true" };
    expect(refusal(id, s, "board-move", { from: "reserve-0", to: "h0", ...refused })).toBe(
      "CANTINA.Unequal.Takat.Error.EnterCentre",
    );
    expect(refusal(id, s, "board-move", { from: "reserve-0", to: "reserve-1", ...refused })).toBe(
      "CANTINA.Unequal.Error.NotThere",
    );
  });

  it("Por'rika: a locked piece, an opponent's piece and a piece during setup each say why they cannot move", () => {
    const id = "porrika";
    const s = startMatch(id);
    const pieces = [
      { kind: "egg", at: "0,1,n" },
      { kind: "egg", at: "1,1,n" },
      { kind: "guardian", at: "1,3,n" },
      { kind: "serra", at: "1,3,s" },
    ];
    expect(refusal(id, s, "board-move", lone("1,3,n"))).toBe("CANTINA.Unequal.Porrika.Error.PlaceFirst");
    const play = { ...s, inner: { ...s.inner, phase: "play", pieces } } as M;
    // The Guardian and the Ser'ra face each other across square 1,3: locked in mortal combat.
    expect(refusal(id, play, "board-move", lone("1,3,n"))).toBe("CANTINA.Unequal.Porrika.Error.Locked");
    expect(refusal(id, play, "board-move", lone("1,3,s"))).toBe("CANTINA.Unequal.Porrika.Error.NotYours");
    const blocked = apps[id]!.context(updateFor(id, play, "s0")).blocked as { at: string; reasonKey: string }[];
    expect(blocked).toContainEqual({ at: "1,3,n", reasonKey: "CANTINA.Unequal.Porrika.Error.Locked" });
  });

  it("Defiance and Domain: a Command before the counter, the opponent's Command and a counter after it say why", () => {
    const id = "defiance-and-domain";
    let s = startMatch(id);
    // The Rebel Command on point 60: in the counter phase a counter comes first.
    expect(refusal(id, s, "board-move", lone("p60"))).toBe("CANTINA.Unequal.Defiance.Error.CounterFirst");
    s = act(id, s, "board-move", { from: "reserve-0", to: "2,2", id: "place" }, { facing: "2" });
    expect(refusal(id, s, "board-move", lone("p5"))).toBe("CANTINA.Unequal.Defiance.Error.NoCommandThere");
    expect(refusal(id, s, "board-move", lone("2,2"))).toBe("CANTINA.Unequal.Defiance.Error.CommandPhase");
  });
});
