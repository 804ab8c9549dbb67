/**
 * Random legal play of Simplified Sabacc keeps its invariants: credits conserved between players and
 * the pot, Luck/Force points accounted for, locked hands never change, hidden hands never leak, the
 * pot goes to the hands closest to 23, and every match ends.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  RecordingRandom,
  SeededRandom,
  eventFor,
  type Random,
  type SeatId,
  type Viewer,
} from "../../../src/rules/core";
import {
  simplifiedSabacc as game,
  type SimplifiedMove,
  type SimplifiedOptions,
  type SimplifiedState,
} from "../../../src/rules/sabacc/simplified";
import { deepFreeze } from "../../helpers/sabacc";

function check(condition: boolean, message: string | (() => string)): asserts condition {
  if (!condition) throw new Error(typeof message === "string" ? message : message());
}

const money = (s: SimplifiedState): number => Object.values(s.credits).reduce((a, b) => a + b, 0) + s.pot;

interface Spec {
  seed: number;
  seats: number;
  foldPct: number;
  lockPct: number;
  credits: number[];
  luck: number[];
  minBet: number;
}

function choose(legal: readonly SimplifiedMove[], r: Random, spec: Spec): SimplifiedMove {
  const fold = legal.find((m) => m.type === "fold");
  if (fold && r.die(100) <= spec.foldPct) return fold;
  const lock = legal.find((m) => m.type === "lock");
  if (lock && r.die(100) <= spec.lockPct) return lock;
  const pool = legal.filter((m) => m.type !== "fold" && m.type !== "lock");
  const from = pool.length > 0 ? pool : legal;
  return from[r.die(from.length) - 1]!;
}

function playChecked(spec: Spec): SimplifiedState {
  const seats: SeatId[] = Array.from({ length: spec.seats }, (_, i) => `s${i}`);
  const purses = Object.fromEntries(
    seats.map((seat, i) => [seat, { credits: 250 + (spec.credits[i] ?? 2000), luck: spec.luck[i] ?? 3 }]),
  );
  const options: SimplifiedOptions = { ...game.defaultOptions(), seatLimit: 12, minBet: spec.minBet };
  const dice = new SeededRandom(spec.seed);
  const chooser = new SeededRandom(spec.seed ^ 0x1234567);
  const setup = game.setup(seats, options, dice, purses);
  if (!setup.ok) throw new Error(setup.error.code);
  let s = deepFreeze(setup.state);
  const total = money(s);
  const startLuck = { ...s.luck };
  const viewers: Viewer[] = [...seats.map((seat): Viewer => ({ role: "seat", seat })), { role: "spectator" }];
  let moves = 0;
  while (!game.status(s).over) {
    check(++moves <= 1000, "the match did not end");
    const toAct = game.status(s).toAct;
    for (const seat of seats)
      check(game.legalMoves(s, seat).length > 0 === toAct.includes(seat), "legal moves vs toAct");
    const seat = toAct[chooser.die(toAct.length) - 1]!;
    const legal = game.legalMoves(s, seat);
    for (const m of legal) check(game.isMove(m), "legal move fails isMove");
    const move = choose(legal, chooser, spec);
    const before = s;
    const applied = game.apply(s, seat, move, new RecordingRandom(dice));
    if (!applied.ok) throw new Error(`legal ${JSON.stringify(move)} refused: ${applied.error.code}`);
    s = deepFreeze(applied.state);
    check(money(s) === total, "money not conserved");
    for (const x of seats) {
      check(s.credits[x]! >= 0, "credits below 0");
      check(s.luck[x]! + s.luckSpent[x]! === startLuck[x], "luck not accounted for");
      if (before.locked[x]) check(s.hands[x] === before.hands[x] && s.locked[x]!, "a locked hand changed");
    }
    for (const viewer of viewers) {
      for (const sv of game.view(s, viewer).seats) {
        const own = viewer.role === "seat" && viewer.seat === sv.seat;
        if (!own) check(sv.luck === null, "luck leaks");
        if (!own && !s.shown.includes(sv.seat)) check(sv.hand === null, () => `${sv.seat}'s hand leaks`);
      }
      for (const e of applied.events) {
        const seen = eventFor(e, viewer);
        if (seen?.kind === "roll" && seen.purpose !== "CANTINA.Sabacc.Roll.Order")
          check(viewer.role === "seat" && viewer.seat === seen.seat, "private roll leaks");
        if (seen?.kind === "notice" && seen.key === "CANTINA.Sabacc.Log.LuckSpent")
          check(viewer.role === "seat" && viewer.seat === seen.seat, "luck spending leaks");
      }
    }
  }
  check(s.pot === 0, "pot left");
  const standing = s.playOrder.filter((x) => !s.folded[x]);
  if (standing.length > 1) {
    const best = Math.min(...standing.map((x) => Math.abs(23 - s.hands[x]!)));
    check(
      JSON.stringify(s.winners) === JSON.stringify(standing.filter((x) => Math.abs(23 - s.hands[x]!) === best)),
      "wrong winners",
    );
  }
  const result = game.status(s).result!;
  expect(Object.values(result.creditDelta).reduce((a, b) => a + b, 0)).toBe(0);
  return s;
}

const specArb: fc.Arbitrary<Spec> = fc.record({
  seed: fc.integer({ min: 0, max: 0xffffffff }),
  seats: fc.integer({ min: 2, max: 12 }),
  foldPct: fc.integer({ min: 0, max: 40 }),
  lockPct: fc.integer({ min: 0, max: 100 }),
  credits: fc.array(fc.integer({ min: 0, max: 3000 }), { maxLength: 12 }),
  luck: fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 12 }),
  minBet: fc.integer({ min: 0, max: 500 }),
});

describe("Simplified Sabacc under random legal play", () => {
  it("keeps its invariants and every match ends (fast-check)", () => {
    fc.assert(
      fc.property(specArb, (spec) => {
        playChecked(spec);
      }),
      { numRuns: 300 },
    );
  }, 120_000);
});
