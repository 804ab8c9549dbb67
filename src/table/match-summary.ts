/**
 * The chat lines that close a match's money (who won, each seat's net, the bots' stakes back, the
 * house's take, the pools), and the signed amounts they and the windows write.
 */
import type { GameEvent, GameResult } from "../rules/core";
import { type Book, bookTotals } from "./concerns/betting/book";
import { type Purses, houseTake, own } from "./ledger";
import type { SeatAssignment } from "./protocol";

/** A signed amount for chat: +35, −20 (a true minus sign), ±0. */
export function signedAmount(n: number): string {
  if (n > 0) return `+${n}`;
  if (n < 0) return `\u2212${-n}`;
  return "\u00b10";
}

const SUMMARY_PREFIX = "CANTINA.Money.Summary";
const notice = (key: string, params: Record<string, string | number>): GameEvent => ({ kind: "notice", key, params });

/** Whether an event is one of the host's match-summary lines (not the rules'), which a replay keeps as is. */
export function isMatchSummaryLine(event: GameEvent): boolean {
  return event.kind === "notice" && event.key.startsWith(SUMMARY_PREFIX);
}

/**
 * The chat lines that close a match's money: who won and each seat's net change, what the house's
 * bots brought back on their stakes, the take that went to the house, and the spectator pools.
 */
export function matchSummary(
  seats: readonly SeatAssignment[],
  purses: Purses,
  result: GameResult,
  book?: Book,
): GameEvent[] {
  const playing = seats.filter((s) => own(purses, s.seat));
  const nets = playing.map((s) => `${s.name} ${signedAmount(own(result.creditDelta, s.seat) ?? 0)}`).join(", ");
  const events: GameEvent[] = [
    result.winners.length > 0
      ? notice("CANTINA.Money.Summary", { winners: result.winners.join(", "), nets })
      : notice("CANTINA.Money.SummaryNoWinner", { nets }),
  ];
  for (const s of playing) {
    if (s.stake === undefined) continue;
    const back = (own(purses, s.seat)?.credits ?? 0) + (own(result.creditDelta, s.seat) ?? 0);
    events.push(notice("CANTINA.Money.SummaryStake", { seat: s.seat, stake: s.stake, back }));
  }
  const take = houseTake(seats, purses, result);
  if (take > 0) events.push(notice("CANTINA.Money.SummaryHouse", { amount: take }));
  if (book) {
    const totals = bookTotals(book);
    if (totals.staked > 0) events.push(notice("CANTINA.Money.SummaryBetting", totals));
  }
  return events;
}
