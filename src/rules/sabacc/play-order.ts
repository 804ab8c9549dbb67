/**
 * Play (or Draw) Order, shared by the three Sabacc variants: "All players roll 1-100 ...
 * Results determine Play Order, highest to lowest." Ties are broken by a roll-off: the tied
 * players roll 1d100 again, as often as needed, and only that roll orders them among themselves.
 */
import type { SeatId } from "../core";

export type OrderRolls = Readonly<Record<SeatId, readonly number[]>>;

function compareRolls(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = (b[i] as number) - (a[i] as number);
    if (d !== 0) return d;
  }
  return 0;
}

/** Seats that still have to roll: everyone once, then each seat tied with another. */
export function pendingOrderRollers(seats: readonly SeatId[], rolls: OrderRolls): SeatId[] {
  const missing = seats.filter((s) => (rolls[s] ?? []).length === 0);
  if (missing.length > 0) return missing;
  // A seat rolls again while its sequence of rolls equals another seat's, or equals the start of a
  // longer one (that seat is behind in a roll-off). Seats that are tied again may roll before a
  // seat still behind has caught up; only the final order matters, and it is the same either way.
  const pending: SeatId[] = [];
  for (const seat of seats) {
    const mine = rolls[seat] ?? [];
    const tiedWithLonger = seats.some((other) => {
      if (other === seat) return false;
      const theirs = rolls[other] ?? [];
      if (theirs.length > mine.length) return compareRolls(mine, theirs.slice(0, mine.length)) === 0;
      return theirs.length === mine.length && compareRolls(mine, theirs) === 0;
    });
    if (tiedWithLonger) pending.push(seat);
  }
  return pending;
}

/** Highest first; call only when `pendingOrderRollers` is empty, so no two sequences are equal. */
export function playOrderFrom(seats: readonly SeatId[], rolls: OrderRolls): SeatId[] {
  return [...seats].sort((a, b) => compareRolls(rolls[a] ?? [], rolls[b] ?? []));
}
