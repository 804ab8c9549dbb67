/** Ulwan, every rule of text 000, each with scripted dice (four d2 per roll; a 2 is a success). */
import { describe, expect, it } from "vitest";
import { ScriptedRandom, type RollEvent } from "../../../src/rules/core";
import { games } from "../../../src/games";
import {
  BOARDS,
  HAND,
  OFF,
  UlwanBoardErrors,
  boardIndex,
  checkBoard,
  sevenUlwan,
  ulwan,
} from "../../../src/rules/ulwan";
import { A, B, SEATS, dice, legalKeys, refused, rollN, setPieces, startUlwan, step, where } from "./helpers";
import { refusalOf } from "../../helpers/refusal";

const boardRefusal = (board: unknown, seven?: boolean) => refusalOf(checkBoard(board, seven));

describe("Ulwan", () => {
  it("is registered as ulwan, for two players, with seven pieces each by default", () => {
    expect(games.ulwan).toBeDefined();
    expect(ulwan.minSeats).toBe(2);
    expect(ulwan.maxSeats).toBe(2);
    expect(ulwan.defaultOptions().pieces).toBe(7);
    const s = startUlwan();
    expect(s.pos[0]).toEqual(Array(7).fill(HAND));
    expect(ulwan.checkOptions({ pieces: 0, board: "ulwan" }, SEATS)).toMatchObject({
      ok: false,
      error: { code: "CANTINA.Error.BadOption" },
    });
    expect(ulwan.checkOptions({ pieces: 8, board: "ulwan" }, SEATS)).toMatchObject({
      ok: false,
      error: { code: "CANTINA.Error.BadOption" },
    });
    expect(ulwan.checkOptions({ pieces: 3, board: "ulwan" }, [A, B, "c"])).toMatchObject({
      ok: false,
      error: { code: "CANTINA.Error.SeatCount" },
    });
    expect(startUlwan({ pieces: 3 }).pos[1]).toEqual([HAND, HAND, HAND]);
  });

  it("rule: a turn rolls four two-sided dice, 4d2>2, and posts them to chat (0 to 4 successes)", () => {
    const s = setPieces(startUlwan(), ["c1"], []);
    const { events } = step(s, { type: "roll" }, [2, 1, 2, 2]);
    const r = events.find((e): e is RollEvent => e.kind === "roll");
    expect(r).toMatchObject({ seat: A, notation: "4d2>2", dice: [2, 1, 2, 2], total: 3 });
    expect(r?.audience).toBeUndefined(); // in the open
  });

  it("rule: each player enters along their own entry row", () => {
    let s = startUlwan();
    s = rollN(s, 2).state;
    s = step(s, { type: "enter" }).state;
    expect(where(s).a).toEqual(["c1"]);
    s = rollN(s, 2).state;
    s = step(s, { type: "enter" }).state;
    expect(where(s).b).toEqual(["c3"]);
  });

  it("rule: entering a new piece instead of moving one", () => {
    const s = rollN(setPieces(startUlwan(), ["c2"], []), 2).state;
    expect(legalKeys(s)).toEqual(["enter", "move:c2"]);
    const entered = step(s, { type: "enter" }).state;
    expect(where(entered).a).toEqual(["c1", "c2"]);
  });

  it("rule: landing on an opponent in the shared row sends it off the board", () => {
    let s = setPieces(startUlwan(), ["b2"], ["e2"]);
    s = rollN(s, 3).state;
    const { state, events } = step(s, { type: "move", from: "b2" });
    expect(where(state)).toMatchObject({ a: ["e2"], b: [], handB: 7 });
    expect(events.some((e) => e.kind === "notice" && e.key === "CANTINA.Ulwan.Log.Capture")).toBe(true);
  });

  it("rule: never onto your own piece", () => {
    const s = rollN(setPieces(startUlwan(), ["b2", "d2", "e2"], ["h3"]), 3).state;
    expect(legalKeys(s)).not.toContain("move:b2");
    expect(refused(s, { type: "move", from: "b2" })).toBe("CANTINA.Ulwan.Error.OwnPiece");
    // Entering onto one's own piece is refused too.
    const t = rollN(setPieces(startUlwan(), ["c1"], []), 2).state;
    expect(legalKeys(t)).toEqual(["move:c1"]);
  });

  it("rule: own exit squares, and bearing off only with the exact roll", () => {
    // h1 is the 13th square, g1 the 14th: from h1 a 2 bears off, a 3 cannot.
    let s = rollN(setPieces(startUlwan(), ["h1", "b2"], []), 3).state;
    expect(legalKeys(s)).toEqual(["enter", "move:b2"]);
    expect(refused(s, { type: "move", from: "h1" })).toBe("CANTINA.Ulwan.Error.Overshoot");
    s = setPieces(startUlwan(), ["h1"], []);
    s = rollN(s, 2).state;
    const off = step(s, { type: "move", from: "h1" }).state;
    expect(where(off)).toMatchObject({ a: [], offA: 1 });
    // h2 (last shared square) moves into the player's own exit squares, never the opponent's.
    const exit = step(rollN(setPieces(startUlwan(), ["h2"], []), 1).state, { type: "move", from: "h2" }).state;
    expect(where(exit).a).toEqual(["h1"]);
  });

  it("rule: a player who can move must move (there is no pass while a move exists)", () => {
    const s = rollN(setPieces(startUlwan(), ["b2"], []), 1).state;
    expect(legalKeys(s)).toEqual(["enter", "move:b2"]);
    expect(refused(s, { type: "decline" })).toBe("CANTINA.Ulwan.Error.WrongPhase");
    expect(refused(s, { type: "roll" })).toBe("CANTINA.Ulwan.Error.WrongPhase");
  });

  it("rule: a roll with no legal move passes the turn (a roll of 0, or every move blocked)", () => {
    let s = setPieces(startUlwan(), ["b2"], []);
    let r = rollN(s, 0);
    expect(r.state.turn).toBe(1);
    expect(r.state.phase).toBe("roll");
    expect(r.events.some((e) => e.kind === "notice" && e.key === "CANTINA.Ulwan.Log.NoMove")).toBe(true);
    // All pieces on the board, each blocked or overshooting: g1 needs a 1, h1 a 2; a 3 is blocked.
    s = setPieces(startUlwan({ pieces: 2 }), ["g1", "h1"], []);
    r = rollN(s, 3);
    expect(r.state.turn).toBe(1);
  });

  it("rule: forward only, never into the opponent's territory (each path keeps to its own side and the shared row)", () => {
    const idx = boardIndex(BOARDS.ulwan!);
    for (const s of [0, 1] as const) {
      for (const sq of idx.paths[s]) expect([s, null]).toContain(idx.owners[sq]);
    }
    // Moving never goes back: every move increases the piece's place on its path.
    let st = setPieces(startUlwan(), ["e2"], ["f2"], { turn: 1 });
    st = rollN(st, 1).state;
    expect(legalKeys(st)).toEqual(["enter", "move:f2"]);
    st = step(st, { type: "move", from: "f2" }).state;
    expect(where(st).b).toEqual(["g2"]);
  });

  it("rule: the first player with all pieces through wins", () => {
    let s = setPieces(startUlwan({ pieces: 2 }), ["g1"], ["b2"], { offA: 1 });
    s = rollN(s, 1).state;
    s = step(s, { type: "move", from: "g1" }).state;
    expect(s.phase).toBe("over");
    expect(s.winner).toBe(0);
    const status = ulwan.status(s);
    expect(status.over).toBe(true);
    expect(status.result?.winners).toEqual([A]);
    expect(refused(s, { type: "roll" }, B)).toBe("CANTINA.Error.GameOver");
  });

  it("rule: Cresh gives an extra roll, usable by any piece, including entering a new one", () => {
    let s = setPieces(startUlwan(), ["b2"], []);
    s = rollN(s, 2).state;
    s = step(s, { type: "move", from: "b2" }).state; // b2 + 2 = d2, the shared Cresh
    expect(s.turn).toBe(0);
    expect(s.phase).toBe("offer");
    const { state, events } = rollN(s, 1); // "roll" takes the extra roll and throws at once
    s = state;
    expect(events.some((e) => e.kind === "notice" && e.key === "CANTINA.Ulwan.Log.ExtraRoll")).toBe(true);
    expect(s.stats.activations[0]).toBe(1);
    expect(legalKeys(s)).toEqual(["enter", "move:d2"]);
    s = step(s, { type: "enter" }).state;
    expect(where(s).a).toEqual(["d1", "d2"]);
    expect(s.turn).toBe(1);
  });

  it("rule: Cresh extra rolls chain with no cap", () => {
    let s = setPieces(startUlwan(), [], []);
    s = rollN(s, 4).state; // enter on a1, the first Cresh
    s = step(s, { type: "enter" }).state;
    expect(s.turn).toBe(0);
    s = rollN(s, 4).state; // a1 + 4 = d2, the shared Cresh
    s = step(s, { type: "move", from: "a1" }).state;
    expect(s.turn).toBe(0);
    s = rollN(s, 4).state; // enter on a1 again
    s = step(s, { type: "enter" }).state;
    expect(s.turn).toBe(0);
    s = rollN(s, 1).state; // a third extra roll
    expect(s.stats.activations[0]).toBe(3);
  });

  it('rule: Cresh\'s extra roll is a choice ("the player can roll again"): roll again, or end the turn', () => {
    let s = setPieces(startUlwan(), ["b2"], ["f2"]);
    s = rollN(s, 2).state;
    s = step(s, { type: "move", from: "b2" }).state; // onto d2, the shared Cresh
    expect(s.offer).toEqual({ kind: "cresh", cost: 0 });
    expect(legalKeys(s)).toEqual(["decline", "roll"]);
    expect(refused(s, { type: "buy-roll" })).toBe("CANTINA.Ulwan.Error.SevenOnly"); // nothing to buy
    // Declining ends the turn; the piece stays on the Cresh, and no tile effect was used.
    const declined = step(s, { type: "decline" }).state;
    expect(declined).toMatchObject({ turn: 1, phase: "roll", offer: null });
    expect(where(declined).a).toEqual(["d2"]);
    expect(declined.stats.activations[0]).toBe(0);
    // Why it matters with "must move": a lone piece, none in hand. Taking the roll forces it off the
    // safe Cresh into reach of the opponent at a2; declining keeps it safe.
    let lone = setPieces(startUlwan({ pieces: 1 }), ["b2"], ["a2"]);
    lone = step(rollN(lone, 2).state, { type: "move", from: "b2" }).state;
    expect(legalKeys(lone)).toEqual(["decline", "roll"]);
    const forced = rollN(lone, 1).state;
    expect(legalKeys(forced)).toEqual(["move:d2"]); // must move off the Cresh, in reach of a2
    expect(step(lone, { type: "decline" }).state.turn).toBe(1);
  });

  it("rule: a piece on a Cresh cannot be knocked off; a piece landing on an occupied Cresh bounces one square further (foe)", () => {
    let s = setPieces(startUlwan(), ["b2"], ["d2"]);
    s = rollN(s, 2).state;
    const { state, events } = step(s, { type: "move", from: "b2" });
    expect(where(state)).toMatchObject({ a: ["e2"], b: ["d2"] });
    expect(events.some((e) => e.kind === "notice" && e.key === "CANTINA.Ulwan.Log.Bounce")).toBe(true);
    expect(state.turn).toBe(1); // e2 is no Cresh: no extra roll
  });

  it("rule: bounce off an occupied Cresh held by a friend too", () => {
    let s = setPieces(startUlwan(), ["b2", "d2"], []);
    s = rollN(s, 2).state;
    s = step(s, { type: "move", from: "b2" }).state;
    expect(where(s).a).toEqual(["d2", "e2"]);
  });

  it("rule: a bounce onto an opponent knocks it off; a bounce onto one's own piece is not allowed", () => {
    let s = setPieces(startUlwan(), ["b2"], ["d2", "e2"]);
    s = rollN(s, 2).state;
    s = step(s, { type: "move", from: "b2" }).state;
    expect(where(s)).toMatchObject({ a: ["e2"], b: ["d2"], handB: 6 });
    const t = rollN(setPieces(startUlwan(), ["b2", "e2"], ["d2"]), 2).state;
    expect(refused(t, { type: "move", from: "b2" })).toBe("CANTINA.Ulwan.Error.OwnPiece");
  });

  it("rule: bounce off the board from the final Cresh", () => {
    // g1 is the final Cresh; from h1 a roll of 1 lands on it, occupied: the piece bounces off.
    let s = setPieces(startUlwan(), ["h1", "g1"], []);
    s = rollN(s, 1).state;
    expect(legalKeys(s)).toContain("move:h1");
    s = step(s, { type: "move", from: "h1" }).state;
    expect(where(s)).toMatchObject({ a: ["g1"], offA: 1 });
  });

  it("views go through game.view: every viewer sees the whole board (Ulwan has no hidden information)", () => {
    const s = setPieces(startUlwan(), ["b2"], ["c3"]);
    const a = ulwan.view(s, { role: "seat", seat: A });
    const spec = ulwan.view(s, { role: "spectator" });
    expect(spec).toEqual(a);
    expect(a.toAct).toEqual([A]);
  });

  it("rejects malformed moves and moves out of turn without changing anything", () => {
    const s = startUlwan();
    expect(ulwan.isMove({ type: "move" })).toBe(false);
    expect(ulwan.isMove({ type: "roll", extra: 1 })).toBe(false);
    expect(ulwan.isMove({ type: "esk", from: "a1", to: "b2" })).toBe(true);
    expect(refused(s, { type: "roll" }, B)).toBe("CANTINA.Error.NotYourTurn");
    expect(refused(s, { type: "roll" }, "nobody")).toBe("CANTINA.Error.NotSeated");
    expect(refused(s, { type: "place" })).toBe("CANTINA.Ulwan.Error.SevenOnly");
    const moving = rollN(s, 2).state;
    expect(refused(moving, { type: "move", from: "zz" })).toBe("CANTINA.Ulwan.Error.NoPiece");
  });

  it("boards are data: shipped boards pass the checks, broken ones are refused with a reason", () => {
    for (const b of Object.values(BOARDS)) expect(boardRefusal(b)).toBeNull();
    const b = structuredClone(BOARDS.ulwan!) as unknown as { paths: string[][] };
    b.paths[0] = b.paths[0]!.slice(0, 10);
    expect(boardRefusal(b)?.code).toBe(UlwanBoardErrors.pathLength);
    const crossing = structuredClone(BOARDS.ulwan!) as unknown as { paths: string[][] };
    crossing.paths[0]![0] = "d3";
    expect(boardRefusal(crossing)).not.toBeNull();
    // An imported board works as a table option.
    const custom = { ...structuredClone(BOARDS.ulwan!), id: "my-board", name: "Mine" };
    const r = ulwan.setup(SEATS, { pieces: 3, board: custom, analysis: false }, new ScriptedRandom([]));
    expect(r.ok).toBe(true);
    expect(ulwan.checkOptions({ pieces: 3, board: { id: "x" } }, SEATS)).toMatchObject({
      ok: false,
      error: { code: UlwanBoardErrors.name },
    });
  });

  it('rule: each tile has its colour ("Cresh (gold)"): a square whose colour is not its kind\'s is refused', () => {
    const blue = structuredClone(BOARDS.ulwan!) as unknown as { squares: { id: string; colour: string }[] };
    blue.squares.find((q) => q.id === "d2")!.colour = "blue"; // a blue Cresh: an Esk target
    expect(boardRefusal(blue)).toEqual({
      code: UlwanBoardErrors.wrongColour,
      params: { square: "d2", colour: "gold", given: "blue" },
    });
    const red = structuredClone(BOARDS["seven-ulwan"]!) as unknown as { squares: { id: string; kind: string }[] };
    red.squares.find((q) => q.id === "c2")!.kind = "cresh"; // c2 is blue: a blue Cresh again
    expect(boardRefusal(red)).toMatchObject({ code: UlwanBoardErrors.wrongColour, params: { square: "c2" } });
    const plainRed = structuredClone(BOARDS.ulwan!) as unknown as { squares: { id: string; colour: string }[] };
    plainRed.squares.find((q) => q.id === "e2")!.colour = "red"; // a plain square Esk could reach
    expect(boardRefusal(plainRed)).not.toBeNull();
    for (const b of Object.values(BOARDS)) expect(boardRefusal(b)).toBeNull();
  });

  it('rule: new pieces are placed on "your first Aurek position": a board with Seven Ulwan\'s tiles starts each path on an Aurek', () => {
    type Raw = { squares: { id: string; kind: string; colour: string }[]; paths: string[][] };
    const seven = structuredClone(BOARDS["seven-ulwan"]!) as unknown as Raw;
    const d3 = seven.squares.find((q) => q.id === "d3")!;
    d3.kind = "besh";
    d3.colour = "red";
    expect(boardRefusal(seven)).toMatchObject({ code: UlwanBoardErrors.firstAurek, params: { path: 2 } });
    // A Cresh-only board (Ulwan, Finkel) has no Aurek and may start anywhere…
    expect(boardRefusal(BOARDS.ulwan)).toBeNull();
    // …but with a Dorn on it, the Dorn's pieces need a first Aurek.
    const dorn = structuredClone(BOARDS.ulwan!) as unknown as Raw;
    Object.assign(
      dorn.squares.find((q) => q.id === "b1")!,
      { kind: "dorn", colour: "green" },
    );
    expect(boardRefusal(dorn)).toMatchObject({ code: UlwanBoardErrors.firstAurek, params: { path: 1 } });
    // Seven Ulwan places a roll of 4's piece there on any board: it refuses a board without one.
    expect(boardRefusal(BOARDS.ulwan, true)?.code).toBe(UlwanBoardErrors.firstAurek);
    expect(sevenUlwan.checkOptions({ ...sevenUlwan.defaultOptions(), board: "ulwan" }, SEATS)).toMatchObject({
      ok: false,
      error: { code: UlwanBoardErrors.firstAurek },
    });
    expect(sevenUlwan.checkOptions({ ...sevenUlwan.defaultOptions(), board: "seven-ulwan" }, SEATS)).toEqual({
      ok: true,
    });
    expect(ulwan.checkOptions({ pieces: 7, board: "seven-ulwan", analysis: false }, SEATS)).toEqual({ ok: true });
  });

  it("dice helper: a 2 is a success", () => {
    expect(dice(3)).toEqual([2, 2, 2, 1]);
    expect(OFF).toBe(-2);
  });
});
