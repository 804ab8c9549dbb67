/**
 * Random legal play of True Sabacc keeps its invariants over many seeds: the 76 distinct cards are
 * always accounted for across deck, hands, Static Fields, discards and the face-down set-aside pile;
 * credits are conserved across players, the two pots and the house; Luck/Force points are accounted
 * for; legal moves are accepted; no seat sees another's hand before the show; every match ends.
 * On the shared harness; run small in the unit suite and in full in the soak suite.
 */
import { expect } from "vitest";
import fc from "fast-check";
import { eventFor, type GameEvent, type Purses, type Random, type SeatId, type Viewer } from "../../src/rules/core";
import { DECK_IDS, isDuplicate } from "../../src/rules/sabacc/deck";
import {
  trueSabacc as game,
  type TrueMove,
  type TrueOptions,
  type TrueState,
} from "../../src/rules/sabacc/true-sabacc";
import { playRandom, seatAndSpectatorViewers, seatIds } from "../helpers/play-random";

const MAX_MOVES = 5000;

function check(condition: boolean, message: string | (() => string)): asserts condition {
  if (!condition) throw new Error(typeof message === "string" ? message : message());
}

function money(s: TrueState): number {
  return Object.values(s.credits).reduce((a, b) => a + b, 0) + s.mainPot + s.sabaccPot + s.house;
}

/** Every one of the 76 cards is in exactly one place; duplicates (cheats) are extra. */
function checkCards(s: TrueState): void {
  const places: string[] = [...s.deck, ...s.discards, ...s.setAside.map((x) => x.card)];
  for (const seat of s.seats) places.push(...(s.hands[seat] ?? []), ...(s.fields[seat] ?? []));
  if (s.pending !== null) check(places.includes(s.pending), "pending card nowhere");
  const real = places.filter((c) => !isDuplicate(c)).sort();
  check(real.length === 76, () => `${real.length} cards accounted for`);
  check(new Set(real).size === 76, "a card is in two places");
  check(JSON.stringify(real) === JSON.stringify([...DECK_IDS].sort()), "the cards are not the 76");
  // The deck keeps its fixed order.
  const order = s.deck.map((c) => DECK_IDS.indexOf(c));
  for (let i = 1; i < order.length; i++) check(order[i]! > order[i - 1]!, "deck out of order");
}

export interface TrueSpec {
  seed: number;
  seats: number;
  foldPct: number;
  luck: number[];
  credits: number[];
}

function choose(legal: readonly TrueMove[], r: Random, spec: TrueSpec): TrueMove {
  const fold = legal.find((m) => m.type === "fold");
  if (fold && r.die(100) <= spec.foldPct) return fold;
  const nonFold = legal.filter((m) => m.type !== "fold" && m.type !== "cheat");
  const cheats = legal.filter((m) => m.type === "cheat");
  if (cheats.length > 0 && r.die(4) === 1) return cheats[r.die(cheats.length) - 1]!;
  const pool = nonFold.length > 0 ? nonFold : legal;
  return pool[r.die(pool.length) - 1]!;
}

/** Plays one match to its end, checking every invariant at every step. */
export function playTrueSabacc(spec: TrueSpec): TrueState {
  const seats = seatIds(spec.seats);
  const purses: Purses = Object.fromEntries(
    seats.map((seat, i) => [seat, { credits: 1500 + (spec.credits[i] ?? 0), luck: spec.luck[i] ?? 3 }]),
  );
  const options: TrueOptions = { ...game.defaultOptions(), seatLimit: 6 };
  const viewers = seatAndSpectatorViewers(seats);
  let total = 0;
  let startLuck: Record<SeatId, number> = {};
  const { final: s } = playRandom(game, spec.seed, {
    seats,
    options,
    purses,
    maxMoves: MAX_MOVES,
    choose: (_state, _seat, legal, r) => choose(legal, r, spec),
    invariant: (s, before, move, { events }) => {
      if (!before) {
        total = money(s);
        startLuck = { ...s.luck };
        return;
      }
      checkCards(s);
      check(money(s) === total, () => `money ${money(s)} != ${total} after ${JSON.stringify(move)}`);
      for (const x of seats) {
        check(s.credits[x]! >= 0, `${x} below 0 credits`);
        check(s.luck[x]! >= 0 && s.luck[x]! + s.luckSpent[x]! === startLuck[x], `${x} luck not accounted for`);
      }
      for (const viewer of viewers) checkSecrets(s, viewer, events);
    },
  });
  const result = game.status(s).result!;
  const delta = Object.values(result.creditDelta).reduce((a, b) => a + b, 0);
  expect(delta + s.house).toBe(0);
  check(s.mainPot === 0 && s.sabaccPot === 0, "pots not emptied");
  return s;
}

/** Nothing of another seat's before the show, from the view or the events. */
function checkSecrets(s: TrueState, viewer: Viewer, events: readonly GameEvent[]): void {
  const view = game.view(s, viewer);
  for (const sv of view.seats) {
    const own = viewer.role === "seat" && viewer.seat === sv.seat;
    if (!own && !s.shown.includes(sv.seat)) {
      check(
        sv.hand === null && sv.total === null && sv.luck === null && sv.setAside === null && sv.cheated === null,
        () => `${sv.seat}'s secrets leak to ${JSON.stringify(viewer)}`,
      );
    }
    if (!own) check(sv.luck === null, "luck leaks");
  }
  if (view.pending !== null) check(viewer.role === "seat" && view.toAct.includes(viewer.seat), "pending card leaks");
  check(view.deckCount === null && view.setAsideCount === null, "the deck count leaks (it would betray rerolls)");
  for (const e of events) {
    const seen = eventFor(e, viewer);
    if (!seen) continue;
    if (
      seen.kind === "roll" &&
      seen.purpose !== "CANTINA.Sabacc.Roll.Order" &&
      seen.purpose !== "CANTINA.Sabacc.Roll.Shift"
    ) {
      check(
        viewer.role === "seat" && seen.seat === viewer.seat,
        () => `a private roll leaks to ${JSON.stringify(viewer)}`,
      );
    }
    // Not even the range of another's deal (1dN counts the cards gone, so it would betray a reroll).
    check(seen.kind !== "hidden-roll", "a deal's range leaks");
    if (
      seen.kind === "notice" &&
      (seen.key === "CANTINA.Sabacc.Log.Dealt" ||
        seen.key === "CANTINA.Sabacc.Log.Cheat" ||
        seen.key === "CANTINA.Sabacc.Log.LuckSpent") &&
      s.phase !== "over" &&
      s.phase !== "demise"
    ) {
      check(viewer.role === "seat" && seen.seat === viewer.seat, () => `${seen.key} leaks`);
    }
  }
}

export const trueSpecs: fc.Arbitrary<TrueSpec> = fc.record({
  seed: fc.integer({ min: 0, max: 0xffffffff }),
  seats: fc.integer({ min: 2, max: 6 }),
  foldPct: fc.integer({ min: 0, max: 30 }),
  luck: fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 6 }),
  credits: fc.array(fc.integer({ min: 0, max: 5000 }), { maxLength: 6 }),
});

/** The fast-check property over `runs` random specs. */
export function checkTrueSabacc(runs: number): void {
  fc.assert(
    fc.property(trueSpecs, (spec) => {
      playTrueSabacc(spec);
    }),
    { numRuns: runs },
  );
}

/**
 * Seeded matches of 2 to 4 seats: the endings reached and how many ended in a demise. Plays `matches`
 * matches, and on up to `upTo` until a demise, a show and an uncontested end have all been seen.
 */
export function trueSabaccEndings(matches: number, upTo = matches): { outcomes: string[]; demises: number } {
  const outcomes = new Set<string>();
  let demises = 0;
  for (let i = 0; i < upTo; i++) {
    if (i >= matches && demises > 0 && outcomes.has("show") && outcomes.has("uncontested")) break;
    const s = playTrueSabacc({ seed: i, seats: 2 + (i % 3), foldPct: i % 7, luck: [], credits: [] });
    outcomes.add(s.outcome ?? "none");
    if (s.demiseKind !== null) demises++;
  }
  return { outcomes: [...outcomes].sort(), demises };
}
