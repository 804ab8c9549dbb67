/** Simplified Sabacc (Aurodium Circuit): one test per step of text 003, dice scripted. */
import { describe, expect, it } from "vitest";
import {
  ScriptedRandom,
  eventFor,
  type GameEvent,
  type Purses,
  type RollEvent,
  type SeatId,
  type Viewer,
} from "../../../src/rules/core";
import { games } from "../../../src/games";
import {
  SIMPLIFIED_ID,
  simplifiedSabacc as game,
  stepKind,
  type SimplifiedMove,
  type SimplifiedOptions,
  type SimplifiedState,
} from "../../../src/rules/sabacc/simplified";
import { deepFreeze, keysOf, refusedIn, stepGame } from "../../helpers/sabacc";

type Script = readonly (readonly [SeatId, SimplifiedMove, (readonly number[])?])[];

const seatA: Viewer = { role: "seat", seat: "a" };
const seatB: Viewer = { role: "seat", seat: "b" };
const spectator: Viewer = { role: "spectator" };

type StartOptions = Partial<SimplifiedOptions> & { readonly purses?: Purses };

function start(seats: readonly SeatId[] = ["a", "b"], options: StartOptions = {}): SimplifiedState {
  const { purses, ...rest } = options;
  const applied = game.setup(seats, { ...game.defaultOptions(), ...rest }, new ScriptedRandom([]), purses);
  if (!applied.ok) throw new Error(applied.error.code);
  return deepFreeze(applied.state);
}

function run(state: SimplifiedState, script: Script): { state: SimplifiedState; events: GameEvent[] } {
  let s = state;
  const events: GameEvent[] = [];
  for (const [seat, move, dice] of script) {
    const r = stepGame(game, s, seat, move, dice ?? []);
    s = deepFreeze(r.state);
    events.push(...r.events);
  }
  return { state: s, events };
}

const refused = (s: SimplifiedState, seat: SeatId, move: SimplifiedMove): string => refusedIn(game, s, seat, move);
const rolls = (events: readonly GameEvent[]): RollEvent[] => events.filter((e): e is RollEvent => e.kind === "roll");
const hand = (s: SimplifiedState, viewer: Viewer, seat: SeatId): number | null =>
  game.view(s, viewer).seats.find((x) => x.seat === seat)!.hand;
const bet = (amount: number): SimplifiedMove => ({ type: "bet", amount });
const R: SimplifiedMove = { type: "roll-hand" };
const K: SimplifiedMove = { type: "keep" };
const ON: SimplifiedMove = { type: "play-on" };
const LOCK: SimplifiedMove = { type: "lock" };
const ORDER: SimplifiedMove = { type: "roll-order" };

/** Rule 1 with a 90 and b 10: a plays first. */
const A_FIRST: Script = [
  ["a", ORDER, [90]],
  ["b", ORDER, [10]],
];
/** A betting step where both bet the 250 minimum, a first. */
const MIN_BETS: Script = [
  ["a", bet(250)],
  ["b", bet(250)],
];
/** A lock step where neither locks. */
const NO_LOCKS: Script = [
  ["a", ON],
  ["b", ON],
];
/** A rolling step (a round or the shift): a rolls `a`, b rolls `b`, both keep. */
const bothRoll = (a: number, b: number): Script => [
  ["a", R, [a]],
  ["a", K],
  ["b", R, [b]],
  ["b", K],
];

/** Order a 90, b 10: a plays first. Then round 1 with the given hands, kept. */
function afterRound1(a: number, b: number, options: StartOptions = {}): SimplifiedState {
  return run(start(["a", "b"], options), [...A_FIRST, ...bothRoll(a, b)]).state;
}

describe("Simplified Sabacc (Aurodium Circuit)", () => {
  it("is registered by its id with the text's ante and minimum bet", () => {
    expect(games[SIMPLIFIED_ID]).toBeDefined();
    expect(game.defaultOptions()).toMatchObject({ ante: 250, minBet: 250, defaultLuck: 3 });
  });

  it("seat limit: the GM sets the player limit of this tier", () => {
    expect(game.checkOptions({ ...game.defaultOptions(), seatLimit: 3 }, ["a", "b", "c"])).toEqual({ ok: true });
    expect(game.checkOptions({ ...game.defaultOptions(), seatLimit: 3 }, ["a", "b", "c", "d"])).toEqual({
      ok: false,
      error: {
        code: "CANTINA.Sabacc.Error.SeatLimit",
        params: { limit: 3 },
      },
    });
    expect(game.setup(["a", "b", "c"], { ...game.defaultOptions(), seatLimit: 2 }, new ScriptedRandom([])).ok).toBe(
      false,
    );
    // The GM's limit can go no higher than the table can seat (12).
    expect(game.checkOptions({ ...game.defaultOptions(), seatLimit: 13 }, ["a", "b"])).toEqual({
      ok: false,
      error: {
        code: "CANTINA.Error.BadOption",
        params: { option: "seatLimit" },
      },
    });
  });

  it("rule 1: play order is by a public 1d100, highest first, ties rolled off", () => {
    let s = start(["a", "b", "c"]);
    const first = run(s, [["a", ORDER, [40]]]);
    const roll = rolls(first.events)[0]!;
    expect(roll).toEqual({
      kind: "roll",
      seat: "a",
      purpose: "CANTINA.Sabacc.Roll.Order",
      notation: "1d100",
      dice: [40],
      total: 40,
    });
    expect(eventFor(roll, seatB)).toEqual(roll);
    s = run(first.state, [
      ["b", ORDER, [40]],
      ["c", ORDER, [99]],
    ]).state;
    expect(game.status(s).toAct).toEqual(["a", "b"]);
    s = run(s, [
      ["a", ORDER, [5]],
      ["b", ORDER, [6]],
    ]).state;
    expect(s.playOrder).toEqual(["c", "b", "a"]);
  });

  it("rule 2: every player pays the 250-credit ante into the pot", () => {
    const s = run(start(), A_FIRST);
    expect(s.state.pot).toBe(500);
    expect(s.state.credits).toEqual({ a: 4750, b: 4750 });
    expect(keysOf(s.events)).toContain("CANTINA.Sabacc.Log.Ante");
    const poor = game.setup(["a", "b"], game.defaultOptions(), new ScriptedRandom([]), {
      a: { credits: 100, luck: 3 },
    });
    expect(poor.ok ? null : poor.error.code).toBe("CANTINA.Sabacc.Error.CannotAffordAnte");
  });

  it("rule 3: round 1 is a private roll of 1-23 in play order", () => {
    const ordered = run(start(), A_FIRST).state;
    expect(stepKind(ordered)).toBe("initial");
    expect(refused(ordered, "b", R)).toBe("CANTINA.Error.NotYourTurn");
    const r = run(ordered, [["a", R, [17]]]);
    const roll = rolls(r.events)[0]!;
    expect(roll).toMatchObject({ seat: "a", notation: "1d23", total: 17, audience: ["a"] });
    expect(eventFor(roll, seatB)).toEqual({
      kind: "hidden-roll",
      seat: "a",
      purpose: "CANTINA.Sabacc.Roll.Hand",
      notation: "1d23",
    });
    expect(hand(r.state, seatA, "a")).toBe(17);
    expect(hand(r.state, seatB, "a")).toBeNull();
    expect(hand(r.state, spectator, "a")).toBeNull();
    expect(JSON.stringify(game.view(r.state, seatB))).not.toContain("17");
  });

  it("rule 3a: a single Luck/Force point rerolls the hand, in private; the reroll stands", () => {
    const ordered = run(start(), [...A_FIRST, ["a", R, [20]]]).state;
    expect(game.legalMoves(ordered, "a")).toEqual([{ type: "reroll" }, K]);
    const r = run(ordered, [["a", { type: "reroll" }, [4]]]);
    expect(r.state.hands.a).toBe(4);
    expect(r.state.luck.a).toBe(2);
    expect(r.state.luckSpent.a).toBe(1);
    expect(game.status(r.state).toAct).toEqual(["b"]);
    for (const e of r.events) {
      expect(eventFor(e, seatB)).toBeNull();
      expect(eventFor(e, seatA)).toEqual(e);
    }
    // Without a point: the keep step still comes, but only "keep" is legal.
    const poor = run(start(["a", "b"], { purses: { a: { credits: 5000, luck: 0 } } }), [
      ...A_FIRST,
      ["a", R, [3]],
    ]).state;
    expect(game.legalMoves(poor, "a")).toEqual([K]);
    expect(refused(poor, "a", { type: "reroll" })).toBe("CANTINA.Sabacc.Error.NoLuck");
  });

  it("rule 4: betting: fold or bet at least 250, any amount above; no raise or call rules", () => {
    const s = afterRound1(15, 20);
    expect(stepKind(s)).toBe("bet");
    expect(refused(s, "a", bet(249))).toBe("CANTINA.Sabacc.Error.BetTooSmall");
    expect(refused(s, "a", bet(4751))).toBe("CANTINA.Sabacc.Error.BetTooLarge");
    const r = run(s, [
      ["a", bet(1000)],
      ["b", bet(250)],
    ]);
    // b bet less than a: fine, there is nothing to match.
    expect(r.state.pot).toBe(500 + 1250);
    expect(r.state.credits).toEqual({ a: 3750, b: 4500 });
    expect(stepKind(r.state)).toBe("lock");
  });

  it("rule 4 (interpretation): below the minimum a player may only go all in", () => {
    const s = afterRound1(15, 20, { purses: { a: { credits: 400, luck: 3 } } });
    expect(s.credits.a).toBe(150);
    expect(game.legalMoves(s, "a")).toEqual([{ type: "fold" }, bet(150)]);
    expect(refused(s, "a", bet(100))).toBe("CANTINA.Sabacc.Error.BetTooSmall");
    const r = run(s, [["a", bet(150)]]).state;
    expect(r.credits.a).toBe(0);
    // Later rounds: an all-in player stays in by betting 0.
    const later = run(r, [["b", bet(250)], ...NO_LOCKS, ...bothRoll(2, 1)]).state;
    expect(stepKind(later)).toBe("bet");
    expect(game.legalMoves(later, "a")).toEqual([{ type: "fold" }, bet(0)]);
  });

  it("rule 5: locking the whole hand keeps its value hidden; the locked player only bets from then on", () => {
    const s = run(afterRound1(15, 21), MIN_BETS).state;
    const r = run(s, [
      ["a", ON],
      ["b", LOCK],
    ]);
    expect(keysOf(r.events)).toEqual(["CANTINA.Sabacc.Log.LockHand"]);
    expect(game.view(r.state, seatA).seats.find((x) => x.seat === "b")).toMatchObject({ locked: true, hand: null });
    expect(JSON.stringify(game.view(r.state, seatA))).not.toContain("21");
    // Round 2: only a rolls.
    expect(game.status(r.state).toAct).toEqual(["a"]);
    const after = run(r.state, [
      ["a", R, [2]],
      ["a", K],
    ]).state;
    expect(stepKind(after)).toBe("bet");
    expect(after.hands.b).toBe(21);
  });

  it("rule 6: round 2 is a private 1d2: 1 subtracts 5, 2 adds 5; a Luck/Force reroll replaces the roll", () => {
    const s = run(afterRound1(15, 10), [...MIN_BETS, ...NO_LOCKS]).state;
    expect(stepKind(s)).toBe("adjust");
    const up = run(s, [["a", R, [2]]]);
    expect(up.state.hands.a).toBe(20);
    expect(rolls(up.events)[0]).toMatchObject({
      notation: "1d2",
      audience: ["a"],
      purpose: "CANTINA.Sabacc.Roll.Adjust",
    });
    const down = run(up.state, [
      ["a", K],
      ["b", R, [1]],
    ]).state;
    expect(down.hands.b).toBe(5);
    // b rerolls the 1d2: the −5 is undone and the new result applied.
    const rerolled = run(down, [["b", { type: "reroll" }, [2]]]).state;
    expect(rerolled.hands.b).toBe(15);
    expect(stepKind(rerolled)).toBe("bet");
  });

  it("rule 7: betting again; locked players must also fold or bet", () => {
    const s = run(afterRound1(15, 21), [...MIN_BETS, ["a", ON], ["b", LOCK], ["a", R, [1]], ["a", K]]).state;
    expect(stepKind(s)).toBe("bet");
    expect(game.status(s).toAct).toEqual(["a"]);
    const r = run(s, [["a", bet(250)]]).state;
    expect(game.status(r).toAct).toEqual(["b"]);
    expect(game.legalMoves(r, "b")[0]).toEqual({ type: "fold" });
  });

  /** Through rule 7 with both unlocked: a 20, b 5. */
  const toRule8 = (): SimplifiedState =>
    run(afterRound1(15, 10), [...MIN_BETS, ...NO_LOCKS, ...bothRoll(2, 1), ...MIN_BETS]).state;

  it("rule 8: the second lock, before the Sabacc Shift", () => {
    const s = toRule8();
    expect(stepKind(s)).toBe("lock");
    const r = run(s, [
      ["a", LOCK],
      ["b", ON],
    ]).state;
    expect(stepKind(r)).toBe("shift");
    expect(game.status(r).toAct).toEqual(["b"]);
  });

  it("rule 9: the Sabacc Shift rerolls every unlocked hand 1-23 in private, with a Luck/Force reroll", () => {
    const s = run(toRule8(), [
      ["a", LOCK],
      ["b", ON],
    ]).state;
    const r = run(s, [["b", R, [22]]]);
    expect(rolls(r.events)[0]).toMatchObject({
      notation: "1d23",
      purpose: "CANTINA.Sabacc.Roll.Shift",
      audience: ["b"],
    });
    expect(r.state.hands).toEqual({ a: 20, b: 22 });
    expect(game.legalMoves(r.state, "b")).toEqual([{ type: "reroll" }, K]);
    const kept = run(r.state, [["b", K]]).state;
    expect(stepKind(kept)).toBe("bet");
  });

  it("rule 10: betting after the shift", () => {
    const s = run(toRule8(), [...NO_LOCKS, ...bothRoll(9, 12)]).state;
    expect(stepKind(s)).toBe("bet");
    expect(game.view(s, seatA).rule).toBe(10);
  });

  /** Through rule 10, nobody locked: a 9, b 12. */
  const toRule11 = (): SimplifiedState => run(toRule8(), [...NO_LOCKS, ...bothRoll(9, 12), ...MIN_BETS]).state;

  it("rule 11: round 3 is a private 1d2 ±5", () => {
    const s = toRule11();
    expect(stepKind(s)).toBe("adjust");
    const r = run(s, bothRoll(2, 2)).state;
    expect(r.hands).toEqual({ a: 14, b: 17 });
    expect(stepKind(r)).toBe("lock");
  });

  /** Rule 11 played (a 14, b 17), then rule 12: b locks, a plays on. */
  const toRule13 = (): SimplifiedState => run(toRule11(), [...bothRoll(2, 2), ["a", ON], ["b", LOCK]]).state;

  it("rule 12 and 13: lock, then betting", () => {
    const s = toRule13();
    expect(stepKind(s)).toBe("bet");
    expect(game.view(s, seatA).rule).toBe(13);
  });

  it("rule 14 and 15: round 4 (1d2 ±5) for unlocked hands, then the final bets", () => {
    const s = run(toRule13(), MIN_BETS).state;
    expect(stepKind(s)).toBe("adjust");
    expect(game.status(s).toAct).toEqual(["a"]);
    const r = run(s, [
      ["a", R, [2]],
      ["a", K],
    ]).state;
    expect(r.hands).toEqual({ a: 19, b: 17 });
    expect(game.view(r, seatA).rule).toBe(15);
  });

  it("rules 16-17: the show; closest to 23 wins", () => {
    const s = run(toRule13(), [...MIN_BETS, ["a", R, [2]], ["a", K]]).state;
    const pot = s.pot;
    const r = run(s, [
      ["a", bet(250)],
      ["b", bet(300)],
    ]);
    expect(r.state.phase).toBe("over");
    expect(r.state.shown).toEqual(["a", "b"]);
    expect(r.state.winners).toEqual(["a"]);
    expect(r.state.payouts).toEqual({ a: pot + 550 });
    expect(hand(r.state, seatB, "a")).toBe(19);
    expect(game.status(r.state).result?.creditDelta).toEqual({
      a: pot + 550 - 250 - 4 * 250 - 250,
      b: -(250 + 4 * 250 + 300),
    });
  });

  it("rule 17: ties split the pot; above 23 counts by its distance", () => {
    // a: 18 +5 = 23 ... b: 20, then +5 = 25 over; a 21, b 25: a is closer.
    const s = run(afterRound1(18, 20), [...MIN_BETS, ...NO_LOCKS, ...bothRoll(1, 2)]).state;
    expect(s.hands).toEqual({ a: 13, b: 25 });
    // Both lock; a 13 is 10 away, b 25 is 2 away.
    const shown = run(s, [
      ...MIN_BETS,
      ["a", LOCK],
      ["b", LOCK],
      ...MIN_BETS,
      ...MIN_BETS,
      ["a", bet(250)],
      ["b", bet(251)],
    ]).state;
    expect(shown.winners).toEqual(["b"]);
    const tie = run(afterRound1(20, 20), [
      ["a", bet(250)],
      ["b", bet(251)],
      ["a", LOCK],
      ["b", LOCK],
      ...MIN_BETS,
      ...MIN_BETS,
      ...MIN_BETS,
      ...MIN_BETS,
    ]).state;
    expect(tie.winners).toEqual(["a", "b"]);
    // 500 ante + 2,501 in bets: the odd credit goes to a, first in play order.
    expect(tie.payouts).toEqual({ a: 1501, b: 1500 });
  });

  it("interpretation: when all but one fold, the last player takes the pot unshown", () => {
    const r = run(afterRound1(3, 22), [["a", { type: "fold" }]]);
    expect(r.state.phase).toBe("over");
    expect(r.state.winners).toEqual(["b"]);
    expect(r.state.shown).toEqual([]);
    expect(hand(r.state, seatA, "b")).toBeNull();
  });

  it("refuses moves out of turn or out of step, with an i18n code, changing nothing", () => {
    const s = afterRound1(15, 20);
    expect(refused(s, "b", bet(250))).toBe("CANTINA.Error.NotYourTurn");
    expect(refused(s, "a", LOCK)).toBe("CANTINA.Sabacc.Error.WrongPhase");
    expect(refused(s, "a", R)).toBe("CANTINA.Sabacc.Error.WrongPhase");
    expect(refused(s, "z", R)).toBe("CANTINA.Error.NotSeated");
    expect(game.isMove({ type: "bet", amount: -1 })).toBe(false);
    expect(game.isMove({ type: "lock", extra: 1 })).toBe(false);
  });
});
