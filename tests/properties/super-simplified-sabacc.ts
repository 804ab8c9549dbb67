/**
 * Random legal play of Super Simplified Sabacc keeps the invariants, over many seeds: credits are
 * conserved, the pot is paid out in full, Luck/Force points are spent at most once a match, legal
 * moves are accepted, games end, and no seat ever sees another's hand before the show. On the shared
 * harness; run small in the unit suite and in full in the soak suite.
 */
import { expect } from "vitest";
import fc from "fast-check";
import {
  SeededRandom,
  eventFor,
  type GameEvent,
  type Random,
  type SeatId,
  type SeatPurse,
  type Viewer,
} from "../../src/rules/core";
import {
  type SuperSimplifiedMove,
  type SuperSimplifiedOptions,
  type SuperSimplifiedState,
} from "../../src/rules/sabacc/super-simplified";
import { game } from "../helpers/sabacc";
import { playRandom, seatAndSpectatorViewers } from "../helpers/play-random";

const MAX_MOVES = 2000;

export interface GameSpec {
  readonly seed: number;
  readonly seats: number;
  readonly ante: number;
  readonly minBet: number;
  readonly purses: readonly SeatPurse[];
  /** Chance (in %) to fold, to reroll, and to bet off the legalMoves spread. */
  readonly foldPct: number;
  readonly rerollPct: number;
  readonly freeBetPct: number;
}

/** A cheap assertion for the hot loop (vitest's expect is too slow for ~100,000 checks). */
function check(condition: boolean, message: string | (() => string)): asserts condition {
  if (!condition) throw new Error(typeof message === "string" ? message : message());
}

function sameList(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function sum(values: Iterable<number>): number {
  let total = 0;
  for (const v of values) total += v;
  return total;
}

function totalMoney(s: SuperSimplifiedState): number {
  return sum(Object.values(s.credits)) + s.pot;
}

function chance(r: Random, pct: number): boolean {
  return r.die(100) <= pct;
}

/** A legal move for `seat`: one of legalMoves, or a bet of any amount between minBet and the seat's credits. */
function chooseMove(
  state: SuperSimplifiedState,
  seat: SeatId,
  legal: readonly SuperSimplifiedMove[],
  spec: GameSpec,
  r: Random,
): SuperSimplifiedMove {
  if (state.phase === "hand" && state.deciding) {
    const canReroll = legal.some((m) => m.type === "reroll");
    return canReroll && chance(r, spec.rerollPct) ? { type: "reroll" } : { type: "keep" };
  }
  if (state.phase === "betting") {
    const have = state.credits[seat] ?? 0;
    if (chance(r, spec.foldPct) || have < state.minBet) return { type: "fold" };
    if (chance(r, spec.freeBetPct)) return { type: "bet", amount: state.minBet + r.die(have - state.minBet + 1) - 1 };
  }
  const pick = legal[r.die(legal.length) - 1];
  if (!pick) throw new Error("no legal move");
  return pick;
}

function seatIds(n: number): SeatId[] {
  return Array.from({ length: n }, (_, i) => `seat${i}`);
}

/** Plays one game to the end, checking every invariant at every step; returns the number of moves. */
export function playSuperSimplified(spec: GameSpec): number {
  const seats = seatIds(spec.seats);
  const purses: Record<SeatId, SeatPurse> = {};
  seats.forEach((seat, i) => {
    const p = spec.purses[i];
    if (p) purses[seat] = { credits: Math.max(p.credits, spec.ante), luck: p.luck };
  });
  const options: SuperSimplifiedOptions = { ...game.defaultOptions(), ante: spec.ante, minBet: spec.minBet };
  check(game.checkOptions(options, seats).ok, "options refused");
  const viewers = seatAndSpectatorViewers(seats);
  let money = 0;
  let startLuck: Record<SeatId, number> = {};

  const { final: state, moves } = playRandom(game, spec.seed, {
    seats,
    options,
    purses,
    maxMoves: MAX_MOVES,
    choose: (s, seat, legal, r) => chooseMove(s, seat, legal, spec, r),
    invariant: (state, before, move, { events, dice }) => {
      if (!before || !move) {
        money = totalMoney(state);
        startLuck = { ...state.luck };
        return;
      }
      check(game.isMove(move), () => `chosen move ${JSON.stringify(move)} fails isMove`);
      // Money is conserved at every step, nothing goes negative.
      check(totalMoney(state) === money, () => `money ${totalMoney(state)} != ${money} after ${JSON.stringify(move)}`);
      for (const seat2 of seats) check(state.credits[seat2]! >= 0, `${seat2} credits below 0`);
      check(state.pot >= 0, "pot below 0");
      // Luck never below 0, at most one point a match.
      for (const seat2 of seats) {
        check(state.luck[seat2]! >= 0, `${seat2} luck below 0`);
        check(state.luckSpent[seat2]! <= 1, `${seat2} spent more than one point`);
        check(state.luck[seat2]! + state.luckSpent[seat2]! === startLuck[seat2], `${seat2} luck not accounted for`);
      }
      // Hands are 1..23 once rolled.
      for (const seat2 of seats) {
        const h = state.hands[seat2];
        if (h !== null && h !== undefined) check(h >= 1 && h <= 23, `hand ${h}`);
      }
      // Dice only as the rules say: a d100 for the order, a d23 for a hand.
      const expectedDice = move.type === "roll-order" || move.type === "roll-hand" || move.type === "reroll" ? 1 : 0;
      check(dice.length === expectedDice, () => `${move.type} used ${dice.length} dice`);

      checkSecrets(state, events, viewers);
      if (state.phase === "over") checkEnd(state, before, move);
    },
  });

  const result = game.status(state).result;
  if (!result) throw new Error("no result at the end");
  expect(sum(Object.values(result.creditDelta))).toBe(0);
  expect(Object.keys(result.creditDelta).sort()).toEqual([...seats].sort());
  for (const seat of seats) expect(result.luckSpent[seat]).toBe(startLuck[seat]! - state.luck[seat]!);
  for (const seat of seats) expect(game.legalMoves(state, seat)).toEqual([]);
  return moves;
}

/** At the end: the pot is paid to the winners, evenly, remainder in play order, to the hands closest to 23. */
function checkEnd(state: SuperSimplifiedState, before: SuperSimplifiedState, move: SuperSimplifiedMove): void {
  const potBefore = before.pot + (move.type === "bet" ? move.amount : 0);
  check(state.pot === 0, "pot left at the end");
  check(
    sum(Object.values(state.payouts)) === potBefore,
    () => `payouts ${JSON.stringify(state.payouts)} != pot ${potBefore}`,
  );
  check(state.winners.length > 0, "no winner");
  check(sameList(Object.keys(state.payouts).sort(), [...state.winners].sort()), "payouts not to the winners");
  const standing = state.playOrder.filter((s) => !state.folded[s]);
  for (const w of state.winners) check(standing.includes(w), `winner ${w} folded`);
  const shares = state.winners.map((w) => state.payouts[w]!);
  check(Math.max(...shares) - Math.min(...shares) <= 1, "uneven split");
  // Remainder credits go in play order: shares never increase along the winners.
  for (let i = 1; i < shares.length; i++) check(shares[i]! <= shares[i - 1]!, "remainder not in play order");
  if (standing.length > 1) {
    check(sameList(state.shown, standing), "show is not the hands still in");
    const best = Math.min(...standing.map((s) => Math.abs(23 - state.hands[s]!)));
    check(
      sameList(
        state.winners,
        standing.filter((s) => Math.abs(23 - state.hands[s]!) === best),
      ),
      "winners are not the closest to 23",
    );
  } else {
    check(state.shown.length === 0, "last player standing showed");
    check(sameList(state.winners, standing), "last player standing did not win");
  }
}

/** No seat or spectator learns another seat's hand before the show, from its view or its events. */
function checkSecrets(state: SuperSimplifiedState, events: readonly GameEvent[], viewers: readonly Viewer[]): void {
  for (const viewer of viewers) {
    const view = game.view(state, viewer);
    for (const sv of view.seats) {
      const own = viewer.role === "seat" && viewer.seat === sv.seat;
      if (own) {
        check(sv.hand === (state.hands[sv.seat] ?? null), "own hand hidden");
        continue;
      }
      check(sv.luck === null && sv.rerollUsed === null, () => `${sv.seat}'s luck leaks to ${JSON.stringify(viewer)}`);
      if (state.shown.includes(sv.seat)) check(sv.hand === state.hands[sv.seat], "shown hand hidden");
      else check(sv.hand === null, () => `${sv.seat}'s hand leaks to ${JSON.stringify(viewer)}`);
    }
    for (const event of events) {
      const seen = eventFor(event, viewer);
      if (!seen) continue;
      if (seen.kind === "roll" && seen.purpose !== "CANTINA.Sabacc.Roll.Order") {
        check(
          viewer.role === "seat" && seen.seat === viewer.seat,
          () => `hand roll leaks to ${JSON.stringify(viewer)}`,
        );
      }
      if (seen.kind === "notice" && seen.key === "CANTINA.Sabacc.Log.LuckSpent") {
        check(viewer.role === "seat" && seen.seat === viewer.seat, "Luck/Force spending leaks");
      }
      if (seen.kind === "notice" && seen.key === "CANTINA.Sabacc.Log.Show") {
        check(seen.seat !== undefined && state.shown.includes(seen.seat), "show of a hand not shown");
      }
    }
  }
  const gmView = game.view(state, { role: "gm" });
  for (const sv of gmView.seats) check(sv.hand === (state.hands[sv.seat] ?? null), "GM does not see a hand");
}

const purseArb = fc.record({ credits: fc.integer({ min: 0, max: 3000 }), luck: fc.integer({ min: 0, max: 3 }) });

export const superSimplifiedSpecs: fc.Arbitrary<GameSpec> = fc.record({
  seed: fc.integer({ min: 0, max: 0xffffffff }),
  seats: fc.integer({ min: 2, max: 12 }),
  ante: fc.integer({ min: 1, max: 300 }),
  minBet: fc.integer({ min: 0, max: 400 }),
  purses: fc.array(purseArb, { maxLength: 12 }),
  foldPct: fc.integer({ min: 0, max: 100 }),
  rerollPct: fc.integer({ min: 0, max: 100 }),
  freeBetPct: fc.integer({ min: 0, max: 100 }),
});

/** The fast-check property over `runs` random specs. */
export function checkSuperSimplified(runs: number): void {
  fc.assert(
    fc.property(superSimplifiedSpecs, (spec) => {
      playSuperSimplified(spec);
    }),
    { numRuns: runs },
  );
}

/** `games` seeded games with the default options and 2 to 12 seats; returns the longest in moves. */
export function playSuperSimplifiedSeeded(games: number): number {
  const r = new SeededRandom(20240607);
  let longest = 0;
  for (let i = 0; i < games; i++) {
    const spec: GameSpec = {
      seed: i,
      seats: 2 + (i % 11),
      ante: 100,
      minBet: 0,
      purses: [],
      foldPct: r.die(60) - 1,
      rerollPct: 50,
      freeBetPct: 50,
    };
    longest = Math.max(longest, playSuperSimplified(spec));
  }
  return longest;
}
