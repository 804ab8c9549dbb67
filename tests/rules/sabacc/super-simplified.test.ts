import { describe, it, expect } from "vitest";
import {
  ScriptedRandom,
  eventFor,
  type GameEvent,
  type Purses,
  type RollEvent,
  type RuleError,
  type Viewer,
} from "../../../src/rules/core";
import { games } from "../../../src/games";
import {
  SUPER_SIMPLIFIED_ID,
  splitPot,
  type SuperSimplifiedMove,
  type SuperSimplifiedOptions,
  type SuperSimplifiedState,
} from "../../../src/rules/sabacc/super-simplified";
import {
  deepFreeze,
  game,
  keysOf,
  noDice,
  refusedIn,
  rollHands,
  rollOrder,
  start,
  step,
  toBetting,
} from "../../helpers/sabacc";

const seatA: Viewer = { role: "seat", seat: "a" };
const seatB: Viewer = { role: "seat", seat: "b" };
const gm: Viewer = { role: "gm" };
const spectator: Viewer = { role: "spectator" };

function rolls(events: readonly GameEvent[]): RollEvent[] {
  return events.filter((e): e is RollEvent => e.kind === "roll");
}

const refused = (state: SuperSimplifiedState, seat: string, move: SuperSimplifiedMove): string =>
  refusedIn(game, state, seat, move);

function handOf(state: SuperSimplifiedState, viewer: Viewer, seat: string): number | null {
  const sv = game.view(state, viewer).seats.find((s) => s.seat === seat);
  if (!sv) throw new Error(`no seat ${seat} in view`);
  return sv.hand;
}

describe("Super Simplified Sabacc (Electrum Circuit)", () => {
  it("is registered by its id", () => {
    expect(games[SUPER_SIMPLIFIED_ID]).toBeDefined();
    expect(game.id).toBe("sabacc-super-simplified");
    expect(game.defaultOptions().ante).toBe(100);
    expect(game.defaultOptions().defaultLuck).toBe(3);
  });

  it("rule 1: play order is by 1d100, highest first", () => {
    let s = start(["a", "b", "c"]);
    expect(s.phase).toBe("order");
    expect(game.status(s).toAct).toEqual(["a", "b", "c"]);
    const first = step(s, "a", { type: "roll-order" }, [40]);
    expect(rolls(first.events)).toEqual([
      { kind: "roll", seat: "a", purpose: "CANTINA.Sabacc.Roll.Order", notation: "1d100", dice: [40], total: 40 },
    ]);
    // The order roll is public: every viewer gets it as it is.
    const orderRoll = rolls(first.events)[0]!;
    expect(eventFor(orderRoll, seatB)).toEqual(orderRoll);
    expect(eventFor(orderRoll, spectator)).toEqual(orderRoll);
    s = first.state;
    expect(game.status(s).toAct).toEqual(["b", "c"]);
    expect(refused(s, "a", { type: "roll-order" })).toBe("CANTINA.Error.NotYourTurn");
    s = step(s, "b", { type: "roll-order" }, [90]).state;
    const last = step(s, "c", { type: "roll-order" }, [10]);
    expect(last.state.playOrder).toEqual(["b", "a", "c"]);
    expect(last.state.phase).toBe("hand");
    expect(game.status(last.state).toAct).toEqual(["b"]);
    expect(
      last.events.some(
        (e) => e.kind === "notice" && e.key === "CANTINA.Sabacc.Log.PlayOrder" && e.params.order === "b, a, c",
      ),
    ).toBe(true);
  });

  it("rule 1 (interpretation): tied order rolls are re-rolled by the tied players only", () => {
    let s = rollOrder(start(["a", "b", "c", "d"]), [
      ["a", 50],
      ["b", 50],
      ["c", 10],
      ["d", 50],
    ]);
    expect(s.phase).toBe("order");
    expect(game.status(s).toAct).toEqual(["a", "b", "d"]);
    expect(refused(s, "c", { type: "roll-order" })).toBe("CANTINA.Error.NotYourTurn");
    // A tie within the re-roll: a and d tie again, b is placed.
    s = rollOrder(s, [
      ["a", 30],
      ["b", 99],
      ["d", 30],
    ]);
    expect(game.status(s).toAct).toEqual(["a", "d"]);
    s = rollOrder(s, [
      ["d", 2],
      ["a", 1],
    ]);
    expect(s.phase).toBe("hand");
    expect(s.playOrder).toEqual(["b", "d", "a", "c"]);
    expect(s.orderRolls).toEqual({ a: [50, 30, 1], b: [50, 99], c: [10], d: [50, 30, 2] });
    // The ante is paid once, when the order is settled.
    expect(s.pot).toBe(400);
  });

  it("rule 2: every player pays the 100-credit ante into the pot", () => {
    const before = start(["a", "b", "c"], { purses: { a: { credits: 100, luck: 3 }, b: { credits: 250, luck: 0 } } });
    expect(before.pot).toBe(0);
    const ordered = rollOrder(before, [
      ["a", 40],
      ["b", 90],
    ]);
    const last = step(ordered, "c", { type: "roll-order" }, [10]);
    expect(last.state.credits).toEqual({ a: 0, b: 150, c: 900 });
    expect(last.state.pot).toBe(300);
    expect(
      last.events.some(
        (e) =>
          e.kind === "notice" && e.key === "CANTINA.Sabacc.Log.Ante" && e.params.ante === 100 && e.params.pot === 300,
      ),
    ).toBe(true);
    // Another ante when the GM sets one.
    const other = rollOrder(start(["a", "b"], { ante: 250 }), [
      ["a", 1],
      ["b", 2],
    ]);
    expect(other.pot).toBe(500);
    expect(other.credits).toEqual({ a: 750, b: 750 });
  });

  it("rule 3: in play order each player rolls 1d23 in private", () => {
    let s = rollOrder(start(["a", "b", "c"]), [
      ["a", 40],
      ["b", 90],
      ["c", 10],
    ]);
    expect(refused(s, "a", { type: "roll-hand" })).toBe("CANTINA.Error.NotYourTurn");
    const b = step(s, "b", { type: "roll-hand" }, [17]);
    expect(rolls(b.events)).toEqual([
      {
        kind: "roll",
        seat: "b",
        purpose: "CANTINA.Sabacc.Roll.Hand",
        notation: "1d23",
        dice: [17],
        total: 17,
        audience: ["b"],
      },
    ]);
    expect(b.state.hands.b).toBe(17);
    // b may now reroll or keep; nobody else acts meanwhile.
    expect(game.status(b.state).toAct).toEqual(["b"]);
    expect(game.legalMoves(b.state, "b")).toEqual([{ type: "reroll" }, { type: "keep" }]);
    s = step(b.state, "b", { type: "keep" }).state;
    expect(game.status(s).toAct).toEqual(["a"]);
    s = step(s, "a", { type: "roll-hand" }, [23]).state;
    s = step(s, "a", { type: "keep" }).state;
    expect(game.status(s).toAct).toEqual(["c"]);
    s = step(s, "c", { type: "roll-hand" }, [1]).state;
    s = step(s, "c", { type: "keep" }).state;
    expect(s.hands).toEqual({ a: 23, b: 17, c: 1 });
    expect(s.phase).toBe("betting");
    expect(game.status(s).toAct).toEqual(["b"]);
    // A 1d23 cannot roll 24.
    const fresh = rollOrder(start(["a", "b"]), [
      ["a", 1],
      ["b", 2],
    ]);
    expect(() => game.apply(fresh, "b", { type: "roll-hand" }, new ScriptedRandom([24]))).toThrow(RangeError);
  });

  it("rule 3: the hand roll is seen only by its player and the GM (view)", () => {
    const s0 = rollOrder(start(["a", "b", "c"]), [
      ["a", 40],
      ["b", 90],
      ["c", 10],
    ]);
    const { state, events } = step(s0, "b", { type: "roll-hand" }, [17]);
    expect(handOf(state, seatB, "b")).toBe(17);
    expect(handOf(state, gm, "b")).toBe(17);
    expect(handOf(state, seatA, "b")).toBeNull();
    expect(handOf(state, spectator, "b")).toBeNull();
    const bView = game.view(state, seatA).seats.find((x) => x.seat === "b")!;
    expect(bView.hasHand).toBe(true);
    expect(bView.luck).toBeNull();
    expect(bView.rerollUsed).toBeNull();
    expect(JSON.stringify(game.view(state, seatA))).not.toContain("17");
    const roll = rolls(events)[0]!;
    expect(eventFor(roll, seatB)).toEqual(roll);
    expect(eventFor(roll, gm)).toEqual(roll);
    const hidden = { kind: "hidden-roll", seat: "b", purpose: "CANTINA.Sabacc.Roll.Hand", notation: "1d23" };
    expect(eventFor(roll, seatA)).toEqual(hidden);
    expect(eventFor(roll, spectator)).toEqual(hidden);
  });

  it("rule 4: one Luck/Force point buys one reroll per match; the reroll stands", () => {
    let s = rollOrder(start(["a", "b", "c"]), [
      ["a", 40],
      ["b", 90],
      ["c", 10],
    ]);
    s = step(s, "b", { type: "roll-hand" }, [20]).state;
    const rerolled = step(s, "b", { type: "reroll" }, [3]);
    s = rerolled.state;
    // The worse reroll stands, and b does not get to choose again.
    expect(s.hands.b).toBe(3);
    expect(s.luck.b).toBe(2);
    expect(s.luckSpent.b).toBe(1);
    expect(s.rerollUsed.b).toBe(true);
    expect(s.deciding).toBe(false);
    expect(game.status(s).toAct).toEqual(["a"]);
    expect(game.legalMoves(s, "b")).toEqual([]);
    expect(keysOf(rerolled.events)).toEqual(["CANTINA.Sabacc.Log.LuckSpent", "roll:CANTINA.Sabacc.Roll.Reroll"]);
    const roll = rolls(rerolled.events)[0]!;
    expect(roll).toMatchObject({ seat: "b", notation: "1d23", dice: [3], total: 3, audience: ["b"], quiet: true });
    // Others do not even learn that b spent a point or rerolled.
    for (const e of rerolled.events) {
      expect(eventFor(e, seatA)).toBeNull();
      expect(eventFor(e, spectator)).toBeNull();
      expect(eventFor(e, seatB)).toEqual(e);
      expect(eventFor(e, gm)).toEqual(e);
    }
    expect(game.view(s, seatA).seats.find((x) => x.seat === "b")!.luck).toBeNull();
    expect(game.view(s, seatB).seats.find((x) => x.seat === "b")!.luck).toBe(2);
    // "A single Luck or Force point": even a seat that reaches the decision again may not reroll twice.
    const again: SuperSimplifiedState = { ...s, turn: 0, deciding: true };
    expect(refused(again, "b", { type: "reroll" })).toBe("CANTINA.Sabacc.Error.RerollUsed");
    // The others keep their points.
    expect(s.luck.a).toBe(3);
  });

  it("rule 4: no reroll without a Luck/Force point", () => {
    let s = rollOrder(start(["a", "b"], { purses: { b: { credits: 1000, luck: 0 } } }), [
      ["a", 40],
      ["b", 90],
    ]);
    s = step(s, "b", { type: "roll-hand" }, [5]).state;
    // The keep step still comes (so the table cannot tell b has no point left), but only "keep" is legal.
    expect(s.deciding).toBe(true);
    expect(game.status(s).toAct).toEqual(["b"]);
    expect(game.legalMoves(s, "b")).toEqual([{ type: "keep" }]);
    expect(refused(s, "b", { type: "reroll" })).toBe("CANTINA.Sabacc.Error.NoLuck");
    s = step(s, "b", { type: "keep" }).state;
    expect(game.status(s).toAct).toEqual(["a"]);
    // A seat with points still gets its choice.
    const a = step(s, "a", { type: "roll-hand" }, [5]).state;
    expect(game.legalMoves(a, "a")).toEqual([{ type: "reroll" }, { type: "keep" }]);
  });

  it("rule 5: in play order players fold or bet a single sum", () => {
    let s = toBetting({ a: 20, b: 18, c: 12 }, { minBet: 50 });
    expect(s.playOrder).toEqual(["b", "a", "c"]);
    expect(refused(s, "a", { type: "bet", amount: 100 })).toBe("CANTINA.Error.NotYourTurn");
    expect(refused(s, "c", { type: "fold" })).toBe("CANTINA.Error.NotYourTurn");
    expect(game.legalMoves(s, "b")).toContainEqual({ type: "fold" });
    expect(game.legalMoves(s, "b")).toContainEqual({ type: "bet", amount: 50 });
    expect(game.legalMoves(s, "a")).toEqual([]);
    const small = game.apply(s, "b", { type: "bet", amount: 49 }, noDice);
    expect(small.ok ? null : small.error).toEqual({ code: "CANTINA.Sabacc.Error.BetTooSmall", params: { min: 50 } });
    const b = step(s, "b", { type: "bet", amount: 250 });
    expect(b.events).toEqual([
      { kind: "notice", key: "CANTINA.Sabacc.Log.Bet", seat: "b", params: { seat: "b", amount: 250 } },
    ]);
    s = b.state;
    expect(s.credits.b).toBe(650);
    expect(s.pot).toBe(550);
    expect(s.bets.b).toBe(250);
    expect(game.view(s, spectator).seats.find((x) => x.seat === "b")!.bet).toBe(250);
    expect(game.status(s).toAct).toEqual(["a"]);
    s = step(s, "a", { type: "fold" }).state;
    expect(s.folded.a).toBe(true);
    expect(game.status(s).toAct).toEqual(["c"]);
    s = step(s, "c", { type: "bet", amount: 50 }).state;
    // One single sum each: no second betting round.
    expect(s.phase).toBe("over");
  });

  it("a player cannot bet what they do not have", () => {
    const s = toBetting({ a: 20, b: 18, c: 12 });
    expect(s.credits.b).toBe(900);
    const big = game.apply(s, "b", { type: "bet", amount: 901 }, noDice);
    expect(big.ok ? null : big.error).toEqual({ code: "CANTINA.Sabacc.Error.BetTooLarge", params: { have: 900 } });
    const all = step(s, "b", { type: "bet", amount: 900 }).state;
    expect(all.credits.b).toBe(0);
    // A minimum bet above a seat's credits leaves it the fold or all in (rule 5, interpretation).
    const poor = toBetting({ a: 20, b: 18, c: 12 }, { minBet: 500, purses: { b: { credits: 300, luck: 3 } } });
    expect(game.legalMoves(poor, "b")).toEqual([{ type: "fold" }, { type: "bet", amount: 200 }]);
    expect(refused(poor, "b", { type: "bet", amount: 150 })).toBe("CANTINA.Sabacc.Error.BetTooSmall");
    expect(refused(poor, "b", { type: "bet", amount: 500 })).toBe("CANTINA.Sabacc.Error.BetTooLarge");
    expect(step(poor, "b", { type: "bet", amount: 200 }).state.credits.b).toBe(0);
  });

  it("rule 6: the show reveals the hands still in", () => {
    let s = toBetting({ a: 20, b: 18, c: 12 });
    s = step(s, "b", { type: "bet", amount: 100 }).state;
    s = step(s, "a", { type: "bet", amount: 100 }).state;
    // Before the show, a's hand is still a's secret.
    expect(handOf(s, seatB, "a")).toBeNull();
    const last = step(s, "c", { type: "fold" });
    s = last.state;
    expect(s.phase).toBe("over");
    expect(s.shown).toEqual(["b", "a"]);
    const shows = last.events.filter((e) => e.kind === "notice" && e.key === "CANTINA.Sabacc.Log.Show");
    expect(shows).toEqual([
      { kind: "notice", key: "CANTINA.Sabacc.Log.Show", seat: "b", params: { seat: "b", value: 18 } },
      { kind: "notice", key: "CANTINA.Sabacc.Log.Show", seat: "a", params: { seat: "a", value: 20 } },
    ]);
    // Shown hands are public; the folded hand stays private.
    expect(handOf(s, spectator, "a")).toBe(20);
    expect(handOf(s, seatB, "a")).toBe(20);
    expect(handOf(s, spectator, "c")).toBeNull();
    expect(handOf(s, seatA, "c")).toBeNull();
    expect(handOf(s, gm, "c")).toBe(12);
  });

  it("rule 7: closest to 23 wins and takes the pot", () => {
    let s = toBetting({ a: 20, b: 23, c: 12 });
    s = step(s, "b", { type: "bet", amount: 100 }).state;
    s = step(s, "a", { type: "bet", amount: 300 }).state;
    const last = step(s, "c", { type: "bet", amount: 0 });
    s = last.state;
    expect(s.winners).toEqual(["b"]);
    expect(s.payouts).toEqual({ b: 700 });
    expect(s.pot).toBe(0);
    expect(s.credits).toEqual({ a: 600, b: 1500, c: 900 });
    expect(last.events.filter((e) => e.kind === "notice" && e.key === "CANTINA.Sabacc.Log.Payout")).toEqual([
      { kind: "notice", key: "CANTINA.Sabacc.Log.Payout", seat: "b", params: { seat: "b", amount: 700 } },
    ]);
    const view = game.view(s, spectator);
    expect(view.winners).toEqual(["b"]);
    expect(view.seats.find((x) => x.seat === "b")!).toMatchObject({ winner: true, payout: 700 });
    // A folded 23 does not win: a 1 still in beats it.
    let f = toBetting({ a: 1, b: 23, c: 2 });
    f = step(f, "b", { type: "fold" }).state;
    f = step(f, "a", { type: "bet", amount: 0 }).state;
    f = step(f, "c", { type: "bet", amount: 0 }).state;
    expect(f.winners).toEqual(["c"]);
  });

  it("rule 7: ties split the pot; an indivisible remainder goes one credit at a time in play order", () => {
    // Play order c, a, b (not seat order): c gets the odd credit.
    let s = rollOrder(start(["a", "b", "c"]), [
      ["a", 50],
      ["b", 10],
      ["c", 90],
    ]);
    expect(s.playOrder).toEqual(["c", "a", "b"]);
    s = rollHands(s, { a: 21, b: 5, c: 21 });
    s = step(s, "c", { type: "bet", amount: 0 }).state;
    s = step(s, "a", { type: "bet", amount: 1 }).state;
    s = step(s, "b", { type: "bet", amount: 0 }).state;
    expect(s.winners).toEqual(["c", "a"]);
    expect(s.payouts).toEqual({ c: 151, a: 150 });
    expect(s.credits).toEqual({ a: 1049, b: 900, c: 1051 });
    // Three-way tie, 302 credits: the first two in play order get one more each.
    let t = toBetting({ a: 9, b: 9, c: 9 });
    t = step(t, "b", { type: "bet", amount: 1 }).state;
    t = step(t, "a", { type: "bet", amount: 1 }).state;
    t = step(t, "c", { type: "bet", amount: 0 }).state;
    expect(t.winners).toEqual(["b", "a", "c"]);
    expect(t.payouts).toEqual({ b: 101, a: 101, c: 100 });
    expect(splitPot(10, ["x", "y", "z"])).toEqual({ x: 4, y: 3, z: 3 });
    expect(splitPot(9, ["x", "y", "z"])).toEqual({ x: 3, y: 3, z: 3 });
  });

  it("last player standing wins without showing", () => {
    let s = toBetting({ a: 20, b: 3, c: 22 });
    s = step(s, "b", { type: "bet", amount: 200 }).state;
    s = step(s, "a", { type: "fold" }).state;
    const last = step(s, "c", { type: "fold" });
    s = last.state;
    expect(s.phase).toBe("over");
    expect(s.winners).toEqual(["b"]);
    expect(s.shown).toEqual([]);
    expect(s.payouts).toEqual({ b: 500 });
    expect(keysOf(last.events)).toEqual(["CANTINA.Sabacc.Log.Fold", "CANTINA.Sabacc.Log.Payout"]);
    expect(handOf(s, seatA, "b")).toBeNull();
    expect(handOf(s, spectator, "b")).toBeNull();
    // Everyone else folding before the last seat bets ends the match at once.
    let e = toBetting({ a: 20, b: 3, c: 22 });
    e = step(e, "b", { type: "fold" }).state;
    e = step(e, "a", { type: "fold" }).state;
    expect(e.phase).toBe("over");
    expect(e.winners).toEqual(["c"]);
    expect(e.credits.c).toBe(1200);
  });

  it("moves out of turn / in the wrong phase / after the end are refused with an error code and no change", () => {
    const order = start(["a", "b", "c"]);
    expect(refused(order, "z", { type: "roll-order" })).toBe("CANTINA.Error.NotSeated");
    expect(refused(order, "a", { type: "bet", amount: 0 })).toBe("CANTINA.Sabacc.Error.WrongPhase");
    expect(refused(order, "a", { type: "roll-hand" })).toBe("CANTINA.Sabacc.Error.WrongPhase");
    expect(refused(order, "a", { type: "fold" })).toBe("CANTINA.Sabacc.Error.WrongPhase");

    const hand = rollOrder(order, [
      ["a", 40],
      ["b", 90],
      ["c", 10],
    ]);
    expect(refused(hand, "b", { type: "roll-order" })).toBe("CANTINA.Sabacc.Error.WrongPhase");
    expect(refused(hand, "b", { type: "keep" })).toBe("CANTINA.Sabacc.Error.WrongPhase");
    expect(refused(hand, "b", { type: "reroll" })).toBe("CANTINA.Sabacc.Error.WrongPhase");
    expect(refused(hand, "b", { type: "bet", amount: 10 })).toBe("CANTINA.Sabacc.Error.WrongPhase");
    expect(refused(hand, "a", { type: "roll-hand" })).toBe("CANTINA.Error.NotYourTurn");
    const deciding = step(hand, "b", { type: "roll-hand" }, [4]).state;
    expect(refused(deciding, "b", { type: "roll-hand" })).toBe("CANTINA.Sabacc.Error.WrongPhase");

    const betting = rollHands(hand, { a: 1, b: 2, c: 3 });
    expect(refused(betting, "b", { type: "roll-hand" })).toBe("CANTINA.Sabacc.Error.WrongPhase");
    expect(refused(betting, "b", { type: "reroll" })).toBe("CANTINA.Sabacc.Error.WrongPhase");
    expect(refused(betting, "b", { type: "keep" })).toBe("CANTINA.Sabacc.Error.WrongPhase");
    expect(refused(betting, "c", { type: "bet", amount: 10 })).toBe("CANTINA.Error.NotYourTurn");

    let over = step(betting, "b", { type: "fold" }).state;
    over = step(over, "a", { type: "fold" }).state;
    expect(over.phase).toBe("over");
    for (const seat of ["a", "b", "c"]) {
      for (const move of [{ type: "roll-order" }, { type: "bet", amount: 0 }, { type: "fold" }] as const) {
        expect(refused(over, seat, move)).toBe("CANTINA.Error.GameOver");
      }
      expect(game.legalMoves(over, seat)).toEqual([]);
    }
    // A folded seat cannot act again.
    let folded = step(betting, "b", { type: "fold" }).state;
    folded = step(folded, "a", { type: "bet", amount: 0 }).state;
    expect(refused(folded, "b", { type: "bet", amount: 10 })).toBe("CANTINA.Error.NotYourTurn");
  });

  it("apply never mutates its input", () => {
    let s = deepFreeze(start(["a", "b", "c"]));
    const moves: [string, SuperSimplifiedMove, number[]][] = [
      ["a", { type: "roll-order" }, [40]],
      ["b", { type: "roll-order" }, [40]],
      ["c", { type: "roll-order" }, [10]],
      ["a", { type: "roll-order" }, [2]],
      ["b", { type: "roll-order" }, [1]],
      ["a", { type: "roll-hand" }, [12]],
      ["a", { type: "reroll" }, [19]],
      ["b", { type: "roll-hand" }, [22]],
      ["b", { type: "keep" }, []],
      ["c", { type: "roll-hand" }, [22]],
      ["c", { type: "keep" }, []],
      ["a", { type: "bet", amount: 10 }],
      ["b", { type: "bet", amount: 30 }],
      ["c", { type: "bet", amount: 500 }],
    ].map(([seat, move, dice]) => [seat as string, move as SuperSimplifiedMove, (dice ?? []) as number[]]);
    for (const [seat, move, dice] of moves) {
      const copy = structuredClone(s);
      const next = step(s, seat, move, dice).state;
      expect(s).toEqual(copy);
      s = deepFreeze(next);
    }
    expect(s.phase).toBe("over");
    expect(s.winners).toEqual(["b", "c"]);
    expect(s.payouts).toEqual({ b: 420, c: 420 });
    // Refusals do not mutate either.
    const copy = structuredClone(s);
    game.apply(s, "a", { type: "fold" }, noDice);
    expect(s).toEqual(copy);
  });

  it("isMove rejects malformed moves", () => {
    const good: unknown[] = [
      { type: "roll-order" },
      { type: "roll-hand" },
      { type: "reroll" },
      { type: "keep" },
      { type: "fold" },
      { type: "bet", amount: 0 },
      { type: "bet", amount: 250 },
    ];
    for (const m of good) expect(game.isMove(m), JSON.stringify(m)).toBe(true);
    const bad: unknown[] = [
      null,
      undefined,
      1,
      "fold",
      [],
      [{ type: "fold" }],
      {},
      { type: "dance" },
      { type: "FOLD" },
      { type: "bet" },
      { type: "bet", amount: -1 },
      { type: "bet", amount: 1.5 },
      { type: "bet", amount: "10" },
      { type: "bet", amount: Number.NaN },
      { type: "bet", amount: Number.POSITIVE_INFINITY },
      { type: "bet", amount: 2 ** 60 },
      { type: "bet", amount: 5, seat: "b" },
      { type: "fold", amount: 0 },
      { type: "roll-order", dice: [100] },
    ];
    for (const m of bad) expect(game.isMove(m), String(JSON.stringify(m))).toBe(false);
  });

  it("setup refuses a seat that cannot afford the ante; checkOptions refuses bad options", () => {
    const d = game.defaultOptions();
    expect(game.checkOptions(d, ["a", "b"])).toEqual({ ok: true });
    const errorOf = (options: SuperSimplifiedOptions, purses?: Purses): RuleError | null => {
      const setup = game.setup(["a", "b"], options, noDice, purses);
      return setup.ok ? null : setup.error;
    };
    expect(errorOf(d, { b: { credits: 99, luck: 3 } })).toEqual({
      code: "CANTINA.Sabacc.Error.CannotAffordAnte",
      params: { seat: "b", ante: 100 },
    });
    // Exactly the ante is enough; default credits apply to seats without a purse.
    expect(errorOf(d, { b: { credits: 100, luck: 0 } })).toBeNull();
    expect(errorOf({ ...d, defaultCredits: 50 })?.code).toBe("CANTINA.Sabacc.Error.CannotAffordAnte");
    // Purses that are not whole numbers of credits and points.
    for (const purses of [{ a: { credits: "lots", luck: 1 } }, { a: { credits: 500 } }])
      expect(errorOf(d, purses as unknown as Purses)?.code, JSON.stringify(purses)).toBe("CANTINA.Error.BadOption");
    // Other bad options and seat lists.
    expect(game.checkOptions(d, ["a"])).toEqual({
      ok: false,
      error: { code: "CANTINA.Error.SeatCountMin", params: { min: 2 } },
    });
    expect(game.checkOptions(d, ["a", "a"])).toMatchObject({ ok: false, error: { code: "CANTINA.Error.BadOption" } });
    for (const bad of [
      null,
      "x",
      { ...d, ante: 0 },
      { ...d, ante: -5 },
      { ...d, minBet: 1.5 },
      { ...d, defaultLuck: -1 },
      { ...d, purses: {} },
    ]) {
      expect(game.checkOptions(bad, ["a", "b"]), JSON.stringify(bad)).toMatchObject({
        ok: false,
        error: { code: "CANTINA.Error.BadOption" },
      });
    }
  });

  it('"There will be no player signup limit for this tier of play": 30 seats play; a GM may set a limit', () => {
    const thirty = Array.from({ length: 30 }, (_, i) => `s${i}`);
    const d = game.defaultOptions();
    expect(d.seatLimit).toBe(0);
    expect(game.checkOptions(d, thirty)).toEqual({ ok: true });
    let s = start(thirty);
    // Everyone rolls for the order, distinct rolls 100 down to 71: the play order is the seat order.
    thirty.forEach((seat, i) => (s = step(s, seat, { type: "roll-order" }, [100 - i]).state));
    expect(s.playOrder).toEqual(thirty);
    expect(s.phase).toBe("hand");
    expect(s.pot).toBe(30 * d.ante);
    // The GM's own limit refuses a bigger table, and says how big it may be.
    expect(game.checkOptions({ ...d, seatLimit: 20 }, thirty)).toEqual({
      ok: false,
      error: {
        code: "CANTINA.Sabacc.Error.SeatLimit",
        params: { limit: 20 },
      },
    });
    expect(game.checkOptions({ ...d, seatLimit: 30 }, thirty)).toEqual({ ok: true });
    expect(game.checkOptions({ ...d, seatLimit: -1 }, ["a", "b"])).toMatchObject({
      ok: false,
      error: { code: "CANTINA.Error.BadOption" },
    });
  });

  it("status reports credit deltas and Luck/Force points spent", () => {
    let s = rollOrder(start(["a", "b", "c"], { purses: { c: { credits: 400, luck: 1 } } }), [
      ["a", 40],
      ["b", 90],
      ["c", 10],
    ]);
    expect(game.status(s)).toEqual({ toAct: ["b"], over: false });
    s = step(s, "b", { type: "roll-hand" }, [10]).state;
    s = step(s, "b", { type: "keep" }).state;
    s = step(s, "a", { type: "roll-hand" }, [8]).state;
    s = step(s, "a", { type: "keep" }).state;
    s = step(s, "c", { type: "roll-hand" }, [2]).state;
    s = step(s, "c", { type: "reroll" }, [21]).state;
    s = step(s, "b", { type: "bet", amount: 150 }).state;
    s = step(s, "a", { type: "fold" }).state;
    s = step(s, "c", { type: "bet", amount: 300 }).state;
    const status = game.status(s);
    expect(status.over).toBe(true);
    expect(status.toAct).toEqual([]);
    expect(status.result).toEqual({
      winners: ["c"],
      creditDelta: { a: -100, b: -250, c: 350 },
      luckSpent: { a: 0, b: 0, c: 1 },
    });
    const deltas = Object.values(status.result!.creditDelta);
    expect(deltas.reduce((x, y) => x + y, 0)).toBe(0);
    expect(s.luck).toEqual({ a: 3, b: 3, c: 0 });
  });
});
