/**
 * The event ledger: per event, each character's credits and Luck/Force points, every change an entry
 * with its reason; purses move to tables and back. Pure functions over JSON.
 * Details: docs/architecture.md, "src/table/ledger.ts".
 */
import { type GameResult, type Result, type SeatId, type SeatPurse, hasOwn, refuse, succeed } from "../rules/core";
import { type LedgerAccountView, type LedgerEntryView, type SeatAssignment, type UserId, Errors } from "./protocol";

export interface EventLedger {
  readonly id: string;
  /** As the GM named it; empty for the event opened by itself when a table needed one. */
  readonly name: string;
  readonly createdAt: number;
  /** What a character brings when they join this event. */
  readonly startingCredits: number;
  readonly accounts: Readonly<Record<string, LedgerAccountView>>;
  readonly entries: readonly LedgerEntryView[];
  /** Tables whose results are already in, so a result is never counted twice. */
  readonly settledTables: readonly string[];
}

/** Every event, by id. */
export interface Ledger {
  readonly events: Readonly<Record<string, EventLedger>>;
}

export const EVENT_LUCK_POINTS = 3;
export const DEFAULT_STARTING_CREDITS = 1000;

export function emptyLedger(): Ledger {
  return { events: {} };
}

export function emptyEvent(id: string, name: string, startingCredits: number, at: number): EventLedger {
  return { id, name, createdAt: at, startingCredits, accounts: {}, entries: [], settledTables: [] };
}

export function withEvent(ledger: Ledger, event: EventLedger): Ledger {
  return { events: { ...ledger.events, [event.id]: event } };
}

/** The newest event, the one a new table joins unless told otherwise. */
export function latestEvent(ledger: Ledger): EventLedger | undefined {
  return Object.values(ledger.events).sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1))[0];
}

/** Opens an account if it is not there yet, with the given credits and the event's points. */
export function ensureAccount(
  event: EventLedger,
  id: string,
  name: string,
  credits: number,
  at: number,
  by: UserId,
  luck = EVENT_LUCK_POINTS,
): EventLedger {
  if (Object.prototype.hasOwnProperty.call(event.accounts, id)) return event;
  const account: LedgerAccountView = { id, name, credits, luck };
  return {
    ...event,
    accounts: { ...event.accounts, [id]: account },
    entries: [...event.entries, { at, account: id, kind: "opened", credits, luck, reason: "", by }],
  };
}

/** A change with its reason. Balances never go below zero. Refused when the account is unknown. */
export function adjust(
  event: EventLedger,
  id: string,
  credits: number,
  luck: number,
  reason: string,
  at: number,
  by: UserId,
  kind: LedgerEntryView["kind"] = "adjustment",
): Result<{ event: EventLedger }> {
  const account = hasOwn(event.accounts, id) ? event.accounts[id] : undefined;
  if (!account) return refuse(Errors.unknownAccount);
  const next: LedgerAccountView = {
    ...account,
    credits: Math.max(0, account.credits + credits),
    luck: Math.max(0, account.luck + luck),
  };
  return succeed({
    event: {
      ...event,
      accounts: { ...event.accounts, [id]: next },
      entries: [
        ...event.entries,
        { at, account: id, kind, credits: next.credits - account.credits, luck: next.luck - account.luck, reason, by },
      ],
    },
  });
}

/** The adjusted event, or the event as it was when the account is unknown (a seat without one). */
export function orSame(adjusted: Result<{ event: EventLedger }>, event: EventLedger): EventLedger {
  return adjusted.ok ? adjusted.event : event;
}

export type Purses = Readonly<Record<SeatId, SeatPurse>>;

/**
 * A seat's whole purse goes to the table while it plays, so the same credits and Luck/Force points
 * cannot also be spent at another table or on a bet. The purse is each account's balance.
 */
export function seatPurses(
  event: EventLedger,
  tableId: string,
  seats: readonly SeatAssignment[],
  at: number,
  by: UserId,
): { event: EventLedger; purses: Record<SeatId, SeatPurse> } {
  let next = event;
  const purses: Record<SeatId, SeatPurse> = {};
  for (const seat of seats) {
    const account = next.accounts[seat.account];
    if (!account) continue;
    purses[seat.seat] = { credits: account.credits, luck: account.luck };
    next = orSame(adjust(next, seat.account, -account.credits, -account.luck, tableId, at, by, "seated"), next);
  }
  return { event: next, purses };
}

/** Pays each purse back, changed by the match's result, once per table. */
export function settle(
  event: EventLedger,
  tableId: string,
  seats: readonly SeatAssignment[],
  purses: Purses,
  result: GameResult,
  at: number,
  by: UserId,
): EventLedger {
  return payBack(event, tableId, seats, purses, at, by, "match", (seat, purse) => ({
    credits: purse.credits + (result.creditDelta[seat] ?? 0),
    luck: purse.luck - (result.luckSpent[seat] ?? 0),
  }));
}

/** A table ended before its match did: the purses go back as they came. */
export function voidTable(
  event: EventLedger,
  tableId: string,
  seats: readonly SeatAssignment[],
  purses: Purses,
  at: number,
  by: UserId,
): EventLedger {
  return payBack(event, tableId, seats, purses, at, by, "voided", (_seat, purse) => purse);
}

function payBack(
  event: EventLedger,
  tableId: string,
  seats: readonly SeatAssignment[],
  purses: Purses,
  at: number,
  by: UserId,
  kind: "match" | "voided",
  amount: (seat: SeatId, purse: SeatPurse) => SeatPurse,
): EventLedger {
  if (event.settledTables.includes(tableId)) return event;
  let next: EventLedger = { ...event, settledTables: [...event.settledTables, tableId] };
  for (const seat of seats) {
    const purse = purses[seat.seat];
    if (!purse) continue;
    const back = amount(seat.seat, purse);
    next = orSame(adjust(next, seat.account, back.credits, back.luck, tableId, at, by, kind), next);
  }
  return next;
}

/** Richest first, counting what each has at tables still playing; ties by name. */
export function standings(accounts: readonly LedgerAccountView[]): LedgerAccountView[] {
  const worth = (a: LedgerAccountView): number => a.credits + (a.atTables?.credits ?? 0);
  return [...accounts].sort((a, b) => worth(b) - worth(a) || a.name.localeCompare(b.name));
}
