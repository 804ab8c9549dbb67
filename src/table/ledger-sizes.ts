/**
 * What each part of the event ledger may take in JSON, and the bounds of a stored event and of a
 * ledger push made from them: public counts only (docs/security.md, "What lengths reveal").
 */
import type { LedgerEntryView } from "./protocol";

/** What an event's bound is counted from (an `EventLedger` of ledger.ts, which imports this file). */
export interface CountedEvent {
  readonly accounts: Readonly<Record<string, unknown>>;
  readonly tables?: Readonly<Record<string, unknown>>;
  readonly settledTables: readonly string[];
  readonly entries: readonly LedgerEntryView[];
}

/**
 * What each part of the ledger may take in JSON, so that a stored event and a ledger push are
 * padded to a bound of public facts only (docs/security.md, "What lengths reveal"): how many
 * events, accounts, tables, entries and GM adjustments, never their amounts or reasons.
 */
export const LedgerSizes = {
  /** An event's own fields: id, name (up to 100 characters), dates, starting credits, house takings. */
  event: 1024,
  /** An account: id (up to 32 characters), name (up to 100), balances, what it has at tables. */
  account: 512,
  /** A table's label in `tables` and its id in `settledTables`. */
  table: 192,
  /** An entry: ids up to 32 characters, a seat's name up to 100, a reason naming a table and pool. */
  entry: 768,
  /** What a GM's adjustment reason may add: up to 500 UTF-16 units, at most 3 bytes each in JSON. */
  reason: 1536,
  /** One personal record (a solo game's best) in a push. */
  record: 256,
  /** A push's own fields. */
  push: 256,
} as const;

/**
 * A stored event's bound, from counts every client can follow: accounts, tables, entries and GM
 * adjustments (each a visible change of the stored event). How many bets won a pool is not public,
 * so a bet's return (its payout or refund) is never counted: each stake counts twice instead, and
 * each table with bets once more for the winner's share.
 */
export function eventBound(event: CountedEvent): number {
  let entries = 0;
  let adjustments = 0;
  const tablesWithBets = new Set<string>();
  for (const e of event.entries) {
    if (e.kind === "adjustment") adjustments++;
    const bet = e.kind === "bet" ? e.detail?.bet : undefined;
    if (bet === "stake") {
      entries += 2;
      tablesWithBets.add(e.detail?.table ?? "");
    } else if (bet === undefined) entries++;
  }
  return (
    LedgerSizes.event +
    LedgerSizes.account * Object.keys(event.accounts).length +
    LedgerSizes.table * (Object.keys(event.tables ?? {}).length + event.settledTables.length) +
    LedgerSizes.entry * (entries + tablesWithBets.size) +
    LedgerSizes.reason * adjustments
  );
}

/**
 * A ledger push's bound, whoever receives it: every event's bound (a player's push holds a part of
 * them: which part does not show), the recipient's personal records, and the tournaments' bound
 * (concerns/tournament/sizes.ts `tournamentsBound`, the same for everyone; 0: none).
 */
export function ledgerPushBound(events: Iterable<CountedEvent>, recordCount: number, tournaments = 0): number {
  let bytes = LedgerSizes.push + LedgerSizes.record * recordCount + tournaments;
  for (const event of events) bytes += eventBound(event);
  return bytes;
}
