/**
 * The end-of-game panel in a finished table's controls, in both hosts (issue 27): the winners' rows starred
 * (who won and why, the game's own line says), each seat's net in credits, the seats a bot finished for
 * their away players, the "Play again" votes and the button for a seated player yet to vote (concerns/play-again/).
 */
import type { TableUpdate } from "../../table/protocol";
import { signedAmount } from "../../table/match-summary";

export interface EndSummaryRow {
  readonly seat: string;
  readonly name: string;
  readonly won: boolean;
  /** The seat's net change in credits, signed ("+35", "−20", "±0"); "" for a game without money. */
  readonly net: string;
  /** A person holds the seat and has voted to play again. */
  readonly voted: boolean;
  /** A person holds the seat (a bot's seat has no vote: its cell says so rather than staying empty). */
  readonly voter: boolean;
}

export interface EndSummaryContext {
  /** The names of the seats a bot finished for their away players, who have them back (empty: none). */
  readonly botFinished: string;
  readonly rows: readonly EndSummaryRow[];
  /** Whether the game moved credits (the net column is shown). */
  readonly money: boolean;
  /** How many of the seats people hold voted, out of how many. */
  readonly votes: number;
  readonly voters: number;
  /** The names still awaited. */
  readonly waitingFor: string;
  /** This viewer holds a seat and may still vote. */
  readonly canVote: boolean;
  /** This viewer voted already. */
  readonly hasVoted: boolean;
}

/** The panel of a finished table as this viewer sees it; null while the match runs. */
export function endSummary(update: TableUpdate): EndSummaryContext | null {
  const table = update.table;
  if (!table.over) return null;
  const votes = new Set(table.playAgain ?? []);
  const winners = new Set(table.result?.winners ?? []);
  const delta = table.result?.creditDelta ?? {};
  const money = Object.values(delta).some((n) => n !== 0);
  const people = table.seats.filter((s) => s.kind === "person" && s.userId !== null);
  // As the host counts them (concerns/play-again): a player given their seat back at the end is not waited for until they vote.
  const awaited = people.filter((s) => s.finishedBy === undefined || votes.has(s.seat));
  const rows = table.seats.map((s) => ({
    seat: s.seat,
    name: s.name,
    won: winners.has(s.seat),
    net: money ? signedAmount(delta[s.seat] ?? 0) : "",
    voted: votes.has(s.seat),
    voter: people.includes(s),
  }));
  const mine = update.seat !== null && people.some((s) => s.seat === update.seat);
  const hasVoted = mine && votes.has(update.seat ?? "");
  return {
    botFinished: table.seats
      .filter((s) => s.finishedBy !== undefined)
      .map((s) => s.name)
      .join(", "),
    rows,
    money,
    votes: awaited.filter((s) => votes.has(s.seat)).length,
    voters: awaited.length,
    waitingFor: awaited
      .filter((s) => !votes.has(s.seat))
      .map((s) => s.name)
      .join(", "),
    canVote: mine && !hasVoted,
    hasVoted,
  };
}
