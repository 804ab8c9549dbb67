/**
 * True Sabacc's end (rules 24-26): the show, Sudden Demise for ties, and the pots paid to the
 * winners or the house.
 */
import type { GameEvent, SeatId } from "../../core";
import { splitPot } from "../common";
import { type CardId, type HandKind, baseId, handKind, handScore, isDuplicate, totalOf } from "../deck";
import { active, cardsOf, firstIn } from "./seats";
import type { Outcome, TrueState } from "./types";

export function settle(
  s: TrueState,
  winners: readonly SeatId[],
  sharers: readonly SeatId[],
  sabaccTo: readonly SeatId[],
  outcome: Outcome,
  events: GameEvent[],
): TrueState {
  const main = splitPot(s.mainPot, sharers);
  const sabacc = sabaccTo.length > 0 ? splitPot(s.sabaccPot, sabaccTo) : {};
  const credits = { ...s.credits };
  const payouts: Record<SeatId, number> = {};
  for (const seat of s.playOrder) {
    const amount = (main[seat] ?? 0) + (sabacc[seat] ?? 0);
    if (amount === 0 && !(seat in main)) continue;
    payouts[seat] = amount;
    credits[seat] = (credits[seat] ?? 0) + amount;
    if (main[seat] !== undefined)
      events.push({
        kind: "notice",
        key: "CANTINA.Sabacc.Log.MainPot",
        seat,
        params: { seat, amount: main[seat] ?? 0 },
      });
    if (sabacc[seat] !== undefined)
      events.push({
        kind: "notice",
        key: "CANTINA.Sabacc.Log.SabaccPot",
        seat,
        params: { seat, amount: sabacc[seat] ?? 0 },
      });
  }
  const house = sabaccTo.length > 0 ? 0 : s.sabaccPot;
  if (house > 0) events.push({ kind: "notice", key: "CANTINA.Sabacc.Log.House", params: { amount: house } });
  return {
    ...s,
    phase: "over",
    credits,
    payouts,
    winners,
    outcome,
    mainPot: 0,
    sabaccPot: 0,
    house: s.house + house,
    deciding: false,
    pending: null,
    turn: -1,
    demise: [],
  };
}

export const qualifies = (kind: HandKind | null): boolean => kind === "idiots-array" || kind === "pure-sabacc";

/** Among `seats`, the best score and who has it (bombed-out hands never win). */
export function best(s: TrueState, seats: readonly SeatId[]): { top: SeatId[]; score: number } {
  const scores = seats.map((x) => handScore(cardsOf(s, x)));
  const score = Math.max(...scores);
  return { top: seats.filter((_, i) => scores[i] === score), score };
}

/** The public line that explains a cheat the show makes visible (issue 33; `laterNotices`: records before it lack it). */
export const CHEAT_SHOWN = "CANTINA.Sabacc.Log.CheatShown";

/**
 * Rule 24: every hand still in is shown. A cheated-in duplicate is a second copy every player now
 * sees, so the show's public line says where it came from (docs/rules/sabacc.md, Interpretations);
 * a cheat that took its card from the deck leaves no trace and is not announced.
 */
export function reveal(s: TrueState, events: GameEvent[]): TrueState {
  const standing = active(s);
  for (const seat of standing) {
    const cards = cardsOf(s, seat);
    events.push({
      kind: "notice",
      key: "CANTINA.Sabacc.Log.ShowCards",
      seat,
      params: { seat, cards: cards.map(baseId).join(" "), total: totalOf(cards), kind: handKind(cards) },
    });
  }
  for (const seat of standing) {
    const cheated = s.cheats[seat];
    if (cheated && isDuplicate(cheated))
      events.push({ kind: "notice", key: CHEAT_SHOWN, seat, params: { seat, card: baseId(cheated) } });
  }
  const seen = new Map<CardId, number>();
  const count = (c: CardId): void => void seen.set(baseId(c), (seen.get(baseId(c)) ?? 0) + 1);
  for (const seat of standing) for (const c of s.hands[seat] ?? []) count(c);
  for (const seat of s.playOrder) for (const c of s.fields[seat] ?? []) count(c);
  for (const c of s.discards) count(c);
  const duplicates = [...seen.entries()].filter(([, n]) => n > 1).map(([c]) => c);
  const shownState: TrueState = { ...s, shown: standing, duplicates };
  const { top, score } = best(shownState, standing);
  if (score < 0) {
    events.push({ kind: "notice", key: "CANTINA.Sabacc.Log.AllBombOut", params: {} });
    return settle(shownState, [], standing, [], "bomb-out", events);
  }
  const topKind = handKind(cardsOf(shownState, top[0] as SeatId));
  if (top.length === 1) return settle(shownState, top, top, qualifies(topKind) ? top : [], "show", events);
  return startDemise({ ...shownState, demiseKind: topKind }, top, events);
}

/** Rule 25: the tied seats each get one more card; without enough cards the tie stands. */
export function startDemise(s: TrueState, tied: readonly SeatId[], events: GameEvent[]): TrueState {
  if (s.deck.length < tied.length) {
    events.push({ kind: "notice", key: "CANTINA.Sabacc.Log.TieStands", params: { seats: tied.join(", ") } });
    return settle(s, tied, tied, qualifies(s.demiseKind) ? tied : [], "split", events);
  }
  events.push({ kind: "notice", key: "CANTINA.Sabacc.Log.SuddenDemise", params: { seats: tied.join(", ") } });
  const next: TrueState = { ...s, phase: "demise", demise: [...tied], deciding: false, pending: null };
  return { ...next, turn: firstIn(next, "demise") };
}

export function resolveDemise(s: TrueState, events: GameEvent[]): TrueState {
  const tied = s.demise;
  const { top, score } = best(s, tied);
  if (score < 0) {
    // Every tied seat bombed out in the Sudden Demise: the tie stands.
    events.push({ kind: "notice", key: "CANTINA.Sabacc.Log.TieStands", params: { seats: tied.join(", ") } });
    return settle(s, tied, tied, qualifies(s.demiseKind) ? tied : [], "split", events);
  }
  if (top.length === 1) return settle(s, top, top, qualifies(s.demiseKind) ? top : [], "show", events);
  return startDemise(s, top, events);
}

/** Everyone else folded: the last player in takes the Main Pot, unshown; the Sabacc Pot goes to the house. */
export function lastStanding(s: TrueState, events: GameEvent[]): TrueState {
  const standing = active(s);
  return settle(s, standing, standing, [], "uncontested", events);
}
