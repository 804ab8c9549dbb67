/**
 * Random legal play of Simplified Sabacc, on the shared harness: credits conserved between players
 * and the pot, Luck/Force points accounted for, locked hands never change, hidden hands never leak,
 * the pot goes to the hands closest to 23. Run small in the unit suite and in full in the soak suite.
 */
import { expect } from "vitest";
import fc from "fast-check";
import { eventFor, type Random, type SeatId } from "../../src/rules/core";
import {
  simplifiedSabacc as game,
  type SimplifiedMove,
  type SimplifiedOptions,
  type SimplifiedState,
} from "../../src/rules/sabacc/simplified";
import { playRandom, seatAndSpectatorViewers, seatIds } from "../helpers/play-random";

function check(condition: boolean, message: string | (() => string)): asserts condition {
  if (!condition) throw new Error(typeof message === "string" ? message : message());
}

const money = (s: SimplifiedState): number => Object.values(s.credits).reduce((a, b) => a + b, 0) + s.pot;

export interface SimplifiedSpec {
  seed: number;
  seats: number;
  foldPct: number;
  lockPct: number;
  credits: number[];
  luck: number[];
  minBet: number;
}

function choose(legal: readonly SimplifiedMove[], r: Random, spec: SimplifiedSpec): SimplifiedMove {
  const fold = legal.find((m) => m.type === "fold");
  if (fold && r.die(100) <= spec.foldPct) return fold;
  const lock = legal.find((m) => m.type === "lock");
  if (lock && r.die(100) <= spec.lockPct) return lock;
  const pool = legal.filter((m) => m.type !== "fold" && m.type !== "lock");
  const from = pool.length > 0 ? pool : legal;
  return from[r.die(from.length) - 1]!;
}

/** Plays one match to its end, checking every invariant at every step. */
export function playSimplified(spec: SimplifiedSpec): SimplifiedState {
  const seats = seatIds(spec.seats);
  const purses = Object.fromEntries(
    seats.map((seat, i) => [seat, { credits: 250 + (spec.credits[i] ?? 2000), luck: spec.luck[i] ?? 3 }]),
  );
  const options: SimplifiedOptions = { ...game.defaultOptions(), seatLimit: 12, minBet: spec.minBet };
  const viewers = seatAndSpectatorViewers(seats);
  let total = 0;
  let startLuck: Record<SeatId, number> = {};
  const { final: s } = playRandom(game, spec.seed, {
    seats,
    options,
    purses,
    maxMoves: 1000,
    choose: (_state, _seat, legal, r) => choose(legal, r, spec),
    invariant: (s, before, _move, { events }) => {
      if (!before) {
        total = money(s);
        startLuck = { ...s.luck };
        return;
      }
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
        for (const e of events) {
          const seen = eventFor(e, viewer);
          if (seen?.kind === "roll" && seen.purpose !== "CANTINA.Sabacc.Roll.Order")
            check(viewer.role === "seat" && viewer.seat === seen.seat, "private roll leaks");
          if (seen?.kind === "notice" && seen.key === "CANTINA.Sabacc.Log.LuckSpent")
            check(viewer.role === "seat" && viewer.seat === seen.seat, "luck spending leaks");
        }
      }
    },
  });
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

export const simplifiedSpecs: fc.Arbitrary<SimplifiedSpec> = fc.record({
  seed: fc.integer({ min: 0, max: 0xffffffff }),
  seats: fc.integer({ min: 2, max: 12 }),
  foldPct: fc.integer({ min: 0, max: 40 }),
  lockPct: fc.integer({ min: 0, max: 100 }),
  credits: fc.array(fc.integer({ min: 0, max: 3000 }), { maxLength: 12 }),
  luck: fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 12 }),
  minBet: fc.integer({ min: 0, max: 500 }),
});

/** The fast-check property over `runs` random specs. */
export function checkSimplified(runs: number): void {
  fc.assert(
    fc.property(simplifiedSpecs, (spec) => {
      playSimplified(spec);
    }),
    { numRuns: runs },
  );
}
