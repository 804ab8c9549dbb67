/**
 * The event ledger: each character's credits and Luck/Force points across every match of an event
 * ("3 Luck/Force points for the entire event, regardless of how many matches"). Every change is
 * an entry with its reason, so the GM can account for each credit. Pure functions over JSON.
 */
import type { GameResult, SeatId } from "../rules/core";
import type { LedgerAccountView, LedgerEntryView, SeatAssignment, UserId } from "./protocol";

export interface Ledger {
  readonly accounts: Readonly<Record<string, LedgerAccountView>>;
  readonly entries: readonly LedgerEntryView[];
  /** Tables whose results are already in, so a result is never counted twice. */
  readonly settledTables: readonly string[];
}

export const EVENT_LUCK_POINTS = 3;

export function emptyLedger(): Ledger {
  return { accounts: {}, entries: [], settledTables: [] };
}

/** Opens an account if it is not there yet, with the event's starting credits and points. */
export function ensureAccount(ledger: Ledger, id: string, name: string, credits: number, at: number, by: UserId, luck = EVENT_LUCK_POINTS): Ledger {
  if (ledger.accounts[id]) return ledger;
  const account: LedgerAccountView = { id, name, credits, luck };
  return {
    ...ledger,
    accounts: { ...ledger.accounts, [id]: account },
    entries: [...ledger.entries, { at, account: id, kind: "opened", credits, luck, reason: "", by }],
  };
}

/** A GM's change with its reason. Balances never go below zero. */
export function adjust(ledger: Ledger, id: string, credits: number, luck: number, reason: string, at: number, by: UserId, kind: "match" | "adjustment" = "adjustment"): Ledger | null {
  const account = ledger.accounts[id];
  if (!account) return null;
  const next: LedgerAccountView = { ...account, credits: Math.max(0, account.credits + credits), luck: Math.max(0, account.luck + luck) };
  return {
    ...ledger,
    accounts: { ...ledger.accounts, [id]: next },
    entries: [...ledger.entries, { at, account: id, kind, credits: next.credits - account.credits, luck: next.luck - account.luck, reason, by }],
  };
}

/** Writes a finished match into the ledger, once per table. */
export function settle(ledger: Ledger, tableId: string, seats: readonly SeatAssignment[], result: GameResult, at: number, by: UserId): Ledger {
  if (ledger.settledTables.includes(tableId)) return ledger;
  let next: Ledger = { ...ledger, settledTables: [...ledger.settledTables, tableId] };
  for (const seat of seats) {
    const credits = result.creditDelta[seat.seat as SeatId] ?? 0;
    const luck = -(result.luckSpent[seat.seat as SeatId] ?? 0);
    if (credits === 0 && luck === 0) continue;
    next = adjust(next, seat.account, credits, luck, tableId, at, by, "match") ?? next;
  }
  return next;
}
