/**
 * Seven Ulwan's economy: what each action costs (doubled for an invaded player), what a seat can
 * spend, and paying into the pot or spending tokens. The other rule sets cost nothing.
 */
import { boardIndex } from "./board";
import { type Draft, type UlwanState, other } from "./state";

export function invaded(state: UlwanState, s: 0 | 1): boolean {
  const b = boardIndex(state.board);
  return state.pos[other(s)].some(
    (sq) => sq >= 0 && b.owners[sq] === s && (b.kinds[sq] === "aurek" || b.kinds[sq] === "besh"),
  );
}

export interface Costs {
  readonly enter: number;
  readonly cresh: number;
  readonly dorn: number;
  readonly esk: number;
  readonly invaded: boolean;
}

/** What each action costs seat `s` now, in the currency spent in play (0 outside Seven Ulwan). */
const FREE: Costs = { enter: 0, cresh: 0, dorn: 0, esk: 0, invaded: false };

export function costs(state: UlwanState, s: 0 | 1): Costs {
  const e = state.economy;
  if (!e) return FREE;
  const inv = invaded(state, s);
  const tile = inv ? 2 : 1;
  return { enter: e.unit, cresh: 5 * e.unit * tile, dorn: 2 * e.unit * tile, esk: 5 * e.unit * tile, invaded: inv };
}

export function balance(state: UlwanState, s: 0 | 1): number {
  const e = state.economy;
  if (!e) return Infinity;
  return e.payment === "open" ? e.credits[s] : e.tokens[s];
}

export function pay(d: Draft, s: 0 | 1, amount: number): void {
  const e = d.economy;
  if (!e || amount === 0) return;
  if (e.payment === "open") {
    const credits: [number, number] = [e.credits[0], e.credits[1]];
    credits[s] -= amount;
    d.economy = { ...e, credits, pot: e.pot + amount };
    return;
  }
  const tokens: [number, number] = [e.tokens[0], e.tokens[1]];
  tokens[s] -= amount;
  d.economy = { ...e, tokens, tokensSpent: e.tokensSpent + amount };
}
