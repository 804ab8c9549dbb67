/** Ubongo (text 001): every rule of the race, the Jedi Masters variant and the solo games, each test named after its rule. */
import { describe, expect, it } from "vitest";
import { type Random, type RollEvent, ScriptedRandom, SeededRandom } from "../../../src/rules/core";
import {
  HOST,
  type Piece,
  type UbongoMove,
  type UbongoOptions,
  type UbongoSoloOptions,
  type UbongoState,
  DIE,
  JEDI_TILES,
  claimProblem,
  coverProblem,
  personalRecord,
  pieceCells,
  solutionFor,
  taskOf,
  ubongo,
  ubongoSolo,
} from "../../../src/rules/ubongo";

const A = "a";
const B = "b";
const C = "c";
const D = "d";

function start(seats: string[] = [A, B], options: Partial<UbongoOptions> = {}, seed = 7): UbongoState {
  const r = ubongo.setup(seats, { ...ubongo.defaultOptions(), ...options }, new SeededRandom(seed));
  if (!r.ok) throw new Error(r.error.code);
  return r.state;
}

function step(state: UbongoState, seat: string, move: UbongoMove, random: Random = new SeededRandom(1)) {
  const r = (state.solo ? ubongoSolo : ubongo).apply(state, seat, move, random);
  if (!r.ok) throw new Error(`${seat} ${move.type}: ${r.error.code}`);
  return r;
}

function refused(state: UbongoState, seat: string, move: UbongoMove): string | undefined {
  const r = ubongo.apply(state, seat, move, new SeededRandom(1));
  return r.ok ? undefined : r.error.code;
}

/** The roller starts the round with the die showing `face`. */
function roll(state: UbongoState, face: number): UbongoState {
  const roller = state.seats[state.roller] as string;
  return step(state, roller, { type: "start" }, new ScriptedRandom([face])).state;
}

function claim(state: UbongoState, seat: string): UbongoState {
  const pieces = solutionFor(state, seat);
  if (!pieces) throw new Error(`no solution for ${seat}`);
  return step(state, seat, { type: "claim", pieces }).state;
}

function timeout(state: UbongoState): UbongoState {
  return step(state, HOST, { type: "timeout" }).state;
}

describe("Ubongo: the race", () => {
  it("is for 2 to 4 players (four sets of tiles), with the hourglass a GM option", () => {
    expect([ubongo.minSeats, ubongo.maxSeats]).toEqual([2, 4]);
    expect(ubongo.checkOptions(ubongo.defaultOptions(), [A, B, C, D, "e"])).toMatchObject({
      ok: false,
      error: { code: "CANTINA.Error.SeatCount" },
    });
    expect(ubongo.checkOptions({ ...ubongo.defaultOptions(), hourglass: 5 }, [A, B])).toMatchObject({
      ok: false,
      error: { code: "CANTINA.Error.BadOption" },
    });
    const green = ubongo.checkOptions({ ...ubongo.defaultOptions(), level: "green" }, [A, B]);
    expect(green.ok ? null : green.error.params).toEqual({ option: "level" });
    expect(ubongo.checkOptions({ ...ubongo.defaultOptions(), hourglass: 90, level: "red" }, [A, B])).toEqual({
      ok: true,
    });
  });

  it("rule: each round every player takes a new task card (different cards)", () => {
    let s = start([A, B, C]);
    const first = { ...s.cards };
    expect(new Set(Object.values(first)).size).toBe(3);
    s = roll(s, 1);
    s = claim(claim(claim(s, A), B), C);
    expect(s.round).toBe(2);
    expect(Object.values(s.cards).some((id) => Object.values(first).includes(id))).toBe(false);
    expect(s.discard).toEqual(expect.arrayContaining(Object.values(first)));
  });

  it("rule: the roller turns the hourglass and rolls the die (1d6, in the open, to chat)", () => {
    const s = start();
    expect(ubongo.status(s).toAct).toEqual([A]);
    expect(refused(s, B, { type: "start" })).toBe("CANTINA.Ubongo.Error.NotRoller");
    const r = step(s, A, { type: "start" }, new ScriptedRandom([5]));
    const rolled = r.events.find((e): e is RollEvent => e.kind === "roll");
    expect(rolled).toMatchObject({ seat: A, notation: "1d6", dice: [5], total: 5 });
    expect(rolled?.audience).toBeUndefined();
    expect(r.state.timer).toEqual({ id: "round-1-turning-1", seconds: 60 });
    expect(ubongo.status(r.state).toAct).toEqual([A, B]);
  });

  it("rule: the player to the left of the last roller rolls the next round", () => {
    let s = start([A, B, C]);
    const rollers: string[] = [];
    for (let round = 0; round < 4; round++) {
      rollers.push(s.seats[s.roller] as string);
      s = timeout(timeout(roll(s, 1)));
    }
    expect(rollers).toEqual([A, B, C, A]);
  });

  it("rule: the symbol rolled says light or dark for everyone, and which tiles (the row next to it)", () => {
    for (const face of DIE) {
      const s = roll(start(), face.face);
      const view = ubongo.view(s, { role: "seat", seat: A });
      expect(view.side).toBe(face.side);
      expect(view.die?.symbol).toBe(face.symbol);
      for (const seat of [A, B]) expect(taskOf(s, seat)?.tiles).toEqual(expect.any(Array));
      expect(view.seats[0]?.tiles?.length).toBe(3);
    }
  });

  it("rule: a board counts only when every white square is covered, nothing hangs over, nothing overlaps", () => {
    const s = roll(start(), 1);
    const good = solutionFor(s, A) as Piece[];
    expect(claimProblem(s, A, good)).toBeNull();
    expect(refused(s, A, { type: "claim", pieces: good.slice(1) })).toBe("CANTINA.Ubongo.Error.WrongTiles");
    const shifted = good.map((p, i) => (i === 0 ? { ...p, x: p.x + 20 } : p));
    expect(refused(s, A, { type: "claim", pieces: shifted })).toBe("CANTINA.Ubongo.Error.HangsOver");
    // All pieces stacked on the first one's corner: overlap or overhang, never accepted.
    const stacked = good.map((p) => ({ ...p, x: good[0]!.x, y: good[0]!.y }));
    expect(["CANTINA.Ubongo.Error.Overlap", "CANTINA.Ubongo.Error.HangsOver"]).toContain(
      refused(s, A, { type: "claim", pieces: stacked }),
    );
  });

  it("rule: use exactly the tiles next to the rolled symbol", () => {
    const s = roll(start(), 2);
    const good = solutionFor(s, A) as Piece[];
    const other = (["pip", "rod", "elbow", "tee"] as const).find((t) => !good.some((p) => p.tile === t))!;
    const swapped = good.map((p, i) => (i === 0 ? { ...p, tile: other } : p));
    expect(refused(s, A, { type: "claim", pieces: swapped })).toBe("CANTINA.Ubongo.Error.WrongTiles");
    const twice = good.map((p, i) => (i === 1 ? { ...p, tile: good[0]!.tile } : p));
    expect(refused(s, A, { type: "claim", pieces: twice })).toBe("CANTINA.Ubongo.Error.WrongTiles");
  });

  it("rule: you may rotate the tiles but not flip them to the other side", () => {
    const s = roll(start(), 1); // light
    const good = solutionFor(s, A) as Piece[];
    const flipped = good.map((p, i) => (i === 0 ? { ...p, side: "dark" as const } : p));
    expect(refused(s, A, { type: "claim", pieces: flipped })).toBe("CANTINA.Ubongo.Error.NoFlip");
    // Rotation: the same squares given by another quarter turn of a tile that looks alike turned are accepted.
    const tee = { tile: "crate" as const, side: "light" as const, turns: 0, x: 0, y: 0 };
    expect(pieceCells({ ...tee, turns: 2 })).toEqual(pieceCells(tee));
  });

  it('rule: "Ubongo!" is the host accepting a complete board; the finishing order is the order of acceptance', () => {
    let s = roll(start([A, B, C]), 3);
    const r = step(s, B, { type: "claim", pieces: solutionFor(s, B) as Piece[] });
    expect(r.events).toContainEqual(
      expect.objectContaining({ key: "CANTINA.Ubongo.Log.Ubongo", params: { seat: B, place: 1, points: 3 } }),
    );
    s = r.state;
    expect(s.finished).toEqual([B]);
    expect(refused(s, B, { type: "claim", pieces: solutionFor(s, B) ?? [] })).toBeDefined();
    s = claim(s, A);
    expect(s.finished).toEqual([B, A]);
    expect(ubongo.status(s).toAct).toEqual([C]);
  });

  it("rule: scoring: the first moves as many spaces as there are players, each next one less, down to one", () => {
    let s = roll(start([A, B, C, D]), 1);
    s = claim(claim(claim(claim(s, C), A), D), B);
    expect(s.scores).toEqual({ a: 3, b: 1, c: 4, d: 2 });
    let t = roll(start([A, B]), 1);
    t = claim(claim(t, B), A);
    expect(t.scores).toEqual({ a: 1, b: 2 });
  });

  it("rule: anyone who completes before the timer runs out scores; at Stop the others stop", () => {
    let s = roll(start([A, B, C]), 1);
    s = claim(s, A);
    const stopped = timeout(s);
    expect(stopped.scores).toEqual({ a: 3, b: 0, c: 0 });
    expect(stopped.round).toBe(2);
    expect(stopped.phase).toBe("start");
    // B's late board is refused: the round is over.
    expect(refused(stopped, B, { type: "claim", pieces: solutionFor(s, B) as Piece[] })).toBe(
      "CANTINA.Ubongo.Error.WrongPhase",
    );
  });

  it("rule: the round ends as soon as everyone has finished", () => {
    const s = claim(claim(roll(start(), 1), A), B);
    expect(s.round).toBe(2);
    expect(s.timer).toBeNull();
  });

  it("rule: second chance round: nobody finished, the hourglass is turned once more; a second Stop ends the round", () => {
    let s = roll(start(), 1);
    s = timeout(s);
    expect(s.round).toBe(1);
    expect(s.turning).toBe(2);
    expect(s.timer).toEqual({ id: "round-1-turning-2", seconds: 60 });
    const second = claim(s, B);
    expect(second.scores[B]).toBe(2); // finishing in the second chance scores as usual
    s = timeout(s);
    expect(s.round).toBe(2);
    expect(s.scores).toEqual({ a: 0, b: 0 });
  });

  it("rule: the hourglass is a deadline the host times (keyed per turning) and ends with the game's timeout move", () => {
    const s = start([A, B], { hourglass: 45 });
    expect(ubongo.status(s).deadline).toBeUndefined(); // not turned yet
    let t = roll(s, 1);
    expect(ubongo.status(t).deadline).toEqual({ ms: 45_000, key: "round-1-turning-1" });
    expect(ubongo.timeoutMove(t)).toEqual({ seat: HOST, move: { type: "timeout" } });
    // A claim keeps the same hourglass running (same key); the second chance turns a new one.
    t = timeout(t);
    expect(ubongo.status(t).deadline).toEqual({ ms: 45_000, key: "round-1-turning-2" });
    const claimed = claim(t, A);
    expect(ubongo.status(claimed).deadline?.key).toBe("round-1-turning-2");
    expect(ubongo.timeoutMove(start())).toBeNull();
  });

  it("rule: only the host runs the clock (a player's timeout is refused)", () => {
    const s = roll(start(), 1);
    expect(refused(s, A, { type: "timeout" })).toBe("CANTINA.Ubongo.Error.HostOnly");
    expect(refused(start(), HOST, { type: "timeout" })).toBe("CANTINA.Ubongo.Error.NoTimer");
    expect(ubongo.legalMoves(s, HOST)).toEqual([{ type: "timeout" }]);
  });

  it("rule: the game lasts 7 rounds; the player whose spaceship moved furthest (most points) wins", () => {
    let s = start([A, B]);
    for (let round = 1; round <= 7; round++) {
      expect(s.round).toBe(round);
      s = roll(s, 1);
      s = round <= 4 ? claim(claim(s, A), B) : claim(claim(s, B), A);
    }
    // A: 4×2 + 3×1 = 11, B: 4×1 + 3×2 = 10.
    expect(s.scores).toEqual({ a: 11, b: 10 });
    expect(ubongo.status(s)).toMatchObject({ over: true, result: { winners: [A] } });
  });

  it("rule: a tie is played off in one more round without the timer; the first to complete wins", () => {
    // Now a real tie: A and B finish in turn, two rounds each, and nobody else scores.
    let u = start([A, B, C]);
    for (let round = 1; round <= 7; round++) {
      u = roll(u, 1);
      if (round <= 2) u = claim(u, round === 1 ? A : B);
      u = timeout(u);
      if (round > 2) u = timeout(u); // nobody finished: the second chance runs out too
    }
    expect(u.scores).toEqual({ a: 3, b: 3, c: 0 });
    expect(u.tieRound).toBe(true);
    expect(u.contenders).toEqual([A, B]);
    expect(Object.keys(u.cards).sort()).toEqual([A, B]);
    u = roll(u, 4);
    expect(u.timer).toBeNull(); // no hourglass
    expect(refused(u, C, { type: "claim", pieces: [] })).toBeDefined();
    expect(refused(u, HOST, { type: "timeout" })).toBe("CANTINA.Ubongo.Error.NoTimer");
    u = claim(u, B);
    expect(ubongo.status(u)).toMatchObject({ over: true, result: { winners: [B] } });
  });

  it("hidden information: a player's board is secret to them and the GM until the round ends", () => {
    let s = roll(start([A, B, C]), 1);
    s = claim(s, A);
    const mine = ubongo.view(s, { role: "seat", seat: A }).seats.find((x) => x.seat === A);
    const theirs = ubongo.view(s, { role: "seat", seat: B }).seats.find((x) => x.seat === A);
    const spectator = ubongo.view(s, { role: "spectator" }).seats.find((x) => x.seat === A);
    const gm = ubongo.view(s, { role: "gm" }).seats.find((x) => x.seat === A);
    expect(mine?.placement).toEqual(s.placements[A]);
    expect(gm?.placement).toEqual(s.placements[A]);
    expect(theirs?.placement).toBeNull();
    expect(spectator?.placement).toBeNull();
    // Nothing of it anywhere in B's view (but that A finished first is public).
    const bView = JSON.stringify(ubongo.view(s, { role: "seat", seat: B }));
    expect(bView).not.toContain(JSON.stringify(s.placements[A]));
    expect(theirs?.place).toBe(1);
    // After the round every board is shown.
    s = timeout(s);
    expect(ubongo.view(s, { role: "seat", seat: B }).lastRound?.placements[A]).toEqual(
      expect.arrayContaining([expect.objectContaining({ tile: expect.any(String) })]),
    );
  });
});

describe("Ubongo: Jedi Masters", () => {
  const jedi = (): UbongoState => start([A, B], { variant: "jedi" });

  it("rule: the die is not used (the roller only turns the hourglass)", () => {
    const r = step(jedi(), A, { type: "start" }, new ScriptedRandom([]));
    expect(r.events.some((e) => e.kind === "roll")).toBe(false);
    expect(r.state.die).toBeNull();
    expect(ubongo.view(r.state, { role: "seat", seat: A }).side).toBeNull();
  });

  it("rule: any combination of the 10 tiles, at least one light and one dark side, flipping allowed", () => {
    const s = step(jedi(), A, { type: "start" }, new ScriptedRandom([])).state;
    const good = solutionFor(s, A) as Piece[];
    expect(claimProblem(s, A, good)).toBeNull();
    expect(good.some((p) => p.side === "dark") && good.some((p) => p.side === "light")).toBe(true);
    expect(good.every((p) => JEDI_TILES.includes(p.tile))).toBe(true);
    // All on one side is refused, whichever side.
    for (const side of ["light", "dark"] as const)
      expect(
        claimProblem(
          s,
          A,
          good.map((p) => ({ ...p, side })),
        ),
      ).toBe("CANTINA.Ubongo.Error.JediSides");
    expect(step(s, A, { type: "claim", pieces: good }).state.finished).toEqual([A]);
  });

  it("rule: the REY and C-3P0 & R2-D2 tiles (our rod and pip) are out of the game", () => {
    const s = step(jedi(), A, { type: "start" }, new ScriptedRandom([])).state;
    const pip: Piece = { tile: "pip", side: "light", turns: 0, x: 0, y: 0 };
    const dark: Piece = { tile: "rod", side: "dark", turns: 0, x: 0, y: 1 };
    expect(claimProblem(s, A, [pip, dark])).toBe("CANTINA.Ubongo.Error.JediTiles");
  });

  it("rule: seven rounds scored as in the basic game", () => {
    let s = jedi();
    for (let round = 1; round <= 7; round++) {
      s = step(s, s.seats[s.roller] as string, { type: "start" }, new ScriptedRandom([])).state;
      s = claim(claim(s, A), B);
    }
    expect(s.scores).toEqual({ a: 14, b: 7 });
    expect(s.phase).toBe("over");
  });
});

describe("Ubongo: solo", () => {
  /** A solo game set up and started by its player (at host time `at`): the first card is shown. */
  function solo(options: Partial<UbongoSoloOptions>, at?: number): UbongoState {
    const r = ubongoSolo.setup([A], { ...ubongoSolo.defaultOptions(), ...options }, new SeededRandom(3));
    if (!r.ok) throw new Error(r.error.code);
    return step(r.state, A, at === undefined ? { type: "start" } : { type: "start", at }).state;
  }

  it("the clock starts when the player presses Start and sees the first card, not when the table is set up", () => {
    for (const mode of ["clock", "count"] as const) {
      const r = ubongoSolo.setup([A], { ...ubongoSolo.defaultOptions(), mode }, new SeededRandom(3));
      if (!r.ok) throw new Error(r.error.code);
      // Before the start: no card to look at, no timer, no stopwatch, and only "start" to play.
      expect(r.state.phase).toBe("start");
      expect(r.state.cards[A]).toBeUndefined();
      expect(r.state.timer).toBeNull();
      const before = ubongoSolo.status(r.state);
      expect(before.deadline).toBeUndefined();
      expect(before.stopwatch).toBeUndefined();
      expect(ubongoSolo.legalMoves(r.state, A)).toEqual([{ type: "start" }]);
      expect(ubongoSolo.view(r.state, { role: "seat", seat: A }).seats[0]?.card ?? null).toBeNull();
      // The host stamps the start with its time; from then the card is shown and the clock runs.
      const started = step(r.state, A, ubongoSolo.stampMove!({ type: "start" }, 42_000)).state;
      expect(started.phase).toBe("solve");
      expect(started.cards[A]).toEqual(expect.any(Number));
      const after = ubongoSolo.status(started);
      if (mode === "clock")
        expect(after.deadline).toEqual({ ms: ubongoSolo.defaultOptions().minutes * 60_000, key: "solo" });
      else expect(after).toMatchObject({ stopwatch: true, stopwatchFromMs: 42_000 });
    }
  });

  it("count mode: the recorded time runs from the start, and a claim stamped before it is refused", () => {
    let s = solo({ mode: "count", puzzles: 5 }, 100_000);
    expect(
      ubongoSolo.apply(s, A, { type: "claim", pieces: solutionFor(s, A) as Piece[], at: 99_000 }, new SeededRandom(1))
        .ok,
    ).toBe(false);
    for (let i = 0; i < 5; i++)
      s = step(s, A, { type: "claim", pieces: solutionFor(s, A) as Piece[], at: 100_000 + 10_000 * (i + 1) }).state;
    expect(personalRecord(s)?.value).toBe(50_000);
  });

  it("rule: 5, 10 or 20 minutes, or 5, 10 or 20 puzzles", () => {
    expect(ubongoSolo.checkOptions({ ...ubongoSolo.defaultOptions(), minutes: 7 }, [A])).toMatchObject({
      ok: false,
      error: { code: "CANTINA.Error.BadOption" },
    });
    expect(ubongoSolo.checkOptions({ ...ubongoSolo.defaultOptions(), puzzles: 20, mode: "count" }, [A])).toEqual({
      ok: true,
    });
    expect(ubongoSolo.checkOptions(ubongoSolo.defaultOptions(), [A, B])).toMatchObject({
      ok: false,
      error: { code: "CANTINA.Error.SeatCount" },
    });
  });

  it("rule: solve as many puzzles as you can in the time; the record is the count", () => {
    let s = solo({ mode: "clock", minutes: 10 });
    expect(s.timer).toEqual({ id: "solo", seconds: 600 });
    expect(s.die).not.toBeNull();
    for (let i = 0; i < 3; i++) s = claim(s, A);
    expect(s.solved).toBe(3);
    s = timeout(s);
    expect(s.phase).toBe("over");
    expect(personalRecord(s)).toEqual({
      seat: A,
      key: "ubongo-solo:clock:10:blue:standard",
      value: 3,
      better: "higher",
    });
  });

  it("rule: the time for 5 puzzles, from the host's stopwatch; the record is the time", () => {
    let s = solo({ mode: "count", puzzles: 5, level: "red" });
    expect(s.timer).toBeNull();
    for (let i = 0; i < 5; i++) {
      const pieces = solutionFor(s, A) as Piece[];
      s = step(s, A, { type: "claim", pieces, at: 30_000 * (i + 1) }).state;
    }
    expect(s.phase).toBe("over");
    expect(personalRecord(s)).toEqual({
      seat: A,
      key: "ubongo-solo:count:5:red:standard",
      value: 150_000,
      better: "lower",
    });
    // A time going backwards is refused.
    const t = solo({ mode: "count" });
    const once = step(t, A, { type: "claim", pieces: solutionFor(t, A) as Piece[], at: 5000 }).state;
    expect(
      ubongoSolo.apply(once, A, { type: "claim", pieces: solutionFor(once, A) as Piece[], at: 10 }, new SeededRandom(1))
        .ok,
    ).toBe(false);
  });

  it("rule: a card you are struggling with may be set aside for a new one", () => {
    const s = solo({});
    const before = s.cards[A];
    const r = step(s, A, { type: "set-aside" });
    expect(r.state.cards[A]).not.toBe(before);
    expect(r.state.setAside).toBe(1);
    expect(r.state.solved).toBe(0);
    expect(refused(roll(start(), 1), A, { type: "set-aside" })).toBe("CANTINA.Ubongo.Error.SoloOnly");
  });

  it("rule: the deck never runs out (set-aside and used cards are shuffled back)", () => {
    let s = solo({ mode: "count", puzzles: 20 });
    for (let i = 0; i < 60; i++) s = step(s, A, { type: "set-aside" }).state;
    expect(s.cards[A]).toEqual(expect.any(Number));
    expect(s.deck.length + s.discard.length + 1).toBe(50);
  });
});

describe("Ubongo: accepted boards are covers", () => {
  it("every accepted board covers its board exactly with the right tiles (bad input changes nothing)", () => {
    const s = roll(start(), 6);
    const before = JSON.stringify(s);
    const good = solutionFor(s, A) as Piece[];
    expect(coverProblem(taskOf(s, A)!.board, good)).toBeNull();
    expect(ubongo.isMove({ type: "claim", pieces: [{ ...good[0], extra: 1 }] })).toBe(false);
    expect(ubongo.isMove({ type: "claim", pieces: [] })).toBe(false);
    expect(ubongo.isMove({ type: "claim", pieces: good, at: -1 })).toBe(false);
    expect(ubongo.isMove({ type: "claim", pieces: good })).toBe(true);
    refused(s, A, { type: "claim", pieces: good.slice(1) });
    expect(JSON.stringify(s)).toBe(before);
  });
});
