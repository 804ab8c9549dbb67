/**
 * True Sabacc: who is still in, who acts, whose turn comes next in a phase, and what a seat may do
 * (bet up to the cap, cheat).
 */
import type { SeatId } from "../../core";
import { seatsToAct } from "../common";
import type { CardId } from "../deck";
import type { TruePhase, TrueState } from "./types";

export const active = (s: TrueState): SeatId[] => s.playOrder.filter((x) => !s.folded[x]);
export const cardsOf = (s: TrueState, seat: SeatId): CardId[] => [...(s.fields[seat] ?? []), ...(s.hands[seat] ?? [])];

export function eligibleIn(s: TrueState, phase: TruePhase, seat: SeatId): boolean {
  if (phase === "demise") return s.demise.includes(seat);
  if (s.folded[seat]) return false;
  if (phase === "shift") return (s.hands[seat] ?? []).length > 0;
  return true;
}

export const toAct: (s: TrueState) => SeatId[] = seatsToAct;

/** The most anyone may bring the round's bet to: what the poorest seat still in could meet. */
export function betCap(s: TrueState): number {
  const standing = active(s);
  if (standing.length === 0) return 0;
  return Math.min(...standing.map((x) => (s.credits[x] ?? 0) + (s.betting.contributed[x] ?? 0)));
}

/**
 * "cash in all three of their Luck/Force points at once (meaning if you spent any of your points
 * previously, you cannot cheat)": three points in hand and none spent in this match.
 */
export function canCheat(s: TrueState, seat: SeatId): boolean {
  return (s.luck[seat] ?? 0) >= 3 && (s.luckSpent[seat] ?? 0) === 0;
}

export function firstIn(s: TrueState, phase: TruePhase, from = -1): number {
  for (let i = from + 1; i < s.playOrder.length; i++) if (eligibleIn(s, phase, s.playOrder[i] as SeatId)) return i;
  return -1;
}
