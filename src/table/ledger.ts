/**
 * The event ledger: per event, each character's credits and Luck/Force points, every change an entry
 * with its reason; purses move to tables and back. Pure functions over JSON.
 * Details: docs/table.md, "src/table/ledger.ts".
 */
import {
  type GameResult,
  type Result,
  type SeatId,
  type SeatPurse,
  hasOwn,
  isRecord,
  refuse,
  succeed,
} from "../rules/core";
import {
  type BestRecord,
  type EntryDetail,
  type TableLabel,
  type LedgerAccountView,
  type LedgerEntryView,
  type SeatAssignment,
  type UserId,
  type UserRecords,
  Errors,
} from "./protocol";
import { EventDraft, HOUSE } from "./ledger-draft";
import type { Tournament } from "../tournament/types";
import { reviveTournament } from "../tournament/records";

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
  /** The event's tables, numbered as they opened (absent in events stored before). */
  readonly tables?: Readonly<Record<string, TableLabel>>;
}

/** Every event, by id. */
export interface Ledger {
  readonly events: Readonly<Record<string, EventLedger>>;
  /** Personal records by user, then by key (absent: none yet). */
  readonly records?: Readonly<Record<UserId, UserRecords>>;
  /**
   * The Sabacc tournaments by id (issue 37; absent: none yet), stored with the accounts they change
   * so that a transfer or a match and its entries are one write. Participants' ids are event accounts.
   */
  readonly tournaments?: Readonly<Record<string, Tournament>>;
}

export { LedgerSizes, eventBound, ledgerPushBound } from "./ledger-sizes";

/** Whether stored data has a ledger's shape (events with their accounts; records by user), as a store reads it back. */
export function isLedgerShape(value: unknown): value is Ledger {
  if (!isRecord(value) || !isRecord(value.events)) return false;
  const eventsOk = Object.values(value.events).every((e) => isRecord(e) && isRecord(e.accounts));
  const tournamentsOk = value.tournaments === undefined || isRecord(value.tournaments);
  return eventsOk && (value.records === undefined || isRecord(value.records)) && tournamentsOk;
}

export const EVENT_LUCK_POINTS = 3;
export const DEFAULT_STARTING_CREDITS = 1000;

/**
 * The house: one account per event, opened with nothing and no Luck/Force points. What leaves the
 * seats and the pools for nobody (True Sabacc's Sabacc Pot "goes to the house", a winner's share of
 * a table ended early) lands here, so every credit is in some account.
 */
export const HOUSE_ACCOUNT = HOUSE;

/** A map keyed by ids from outside: no prototype, so `__proto__` or `toString` are plain keys. */
export function dict<T>(entries: Readonly<Record<string, T>> = {}): Record<string, T> {
  return Object.assign(Object.create(null) as Record<string, T>, entries);
}

/** The value under an id from outside, never one inherited from Object.prototype. */
export function own<T>(map: Readonly<Record<string, T>>, key: string): T | undefined {
  return hasOwn(map, key) ? map[key] : undefined;
}

export function emptyLedger(): Ledger {
  return { events: dict() };
}

export function emptyEvent(id: string, name: string, startingCredits: number, at: number): EventLedger {
  return { id, name, createdAt: at, startingCredits, accounts: dict(), entries: [], settledTables: [] };
}

export function withEvent(ledger: Ledger, event: EventLedger): Ledger {
  return { ...ledger, events: dict({ ...ledger.events, [event.id]: event }) };
}

/** A ledger as stored (JSON), with its maps made prototype-free again. */
export function revive(ledger: Ledger): Ledger {
  const events = dict<EventLedger>();
  for (const [id, e] of Object.entries(ledger.events))
    events[id] = { ...e, accounts: dict(e.accounts), ...(e.tables ? { tables: dict(e.tables) } : {}) };
  const stored = ledger.tournaments;
  const kept = stored
    ? { tournaments: dict(Object.fromEntries(Object.entries(stored).map(([id, t]) => [id, reviveTournament(t)]))) }
    : {};
  if (!ledger.records) return { events, ...kept };
  const records = dict<UserRecords>();
  for (const [user, mine] of Object.entries(ledger.records)) records[user] = dict(mine);
  return { events, records, ...kept };
}

/** Whether `value` beats the best so far (none: it does). */
export function beats(value: number, best: BestRecord | undefined): boolean {
  if (!best) return true;
  return best.better === "higher" ? value > best.value : value < best.value;
}

/** The ledger with this user's record for `key` replaced when `value` beats it; else the same ledger. */
export function withRecord(ledger: Ledger, user: UserId, key: string, record: BestRecord): Ledger {
  const mine = (ledger.records && own(ledger.records, user)) ?? dict<BestRecord>();
  if (!beats(record.value, own(mine, key))) return ledger;
  const records = dict(ledger.records ?? {});
  records[user] = dict({ ...mine, [key]: record });
  return { ...ledger, records };
}

/** The ledger with this tournament stored (as given). */
export function withTournament(ledger: Ledger, tournament: Tournament): Ledger {
  return { ...ledger, tournaments: dict({ ...ledger.tournaments, [tournament.id]: tournament }) };
}

/** The event with its house account open (no credits, no Luck/Force points). */
export function withHouse(event: EventLedger, at: number, by: UserId): EventLedger {
  return ensureAccount(event, HOUSE_ACCOUNT, HOUSE_ACCOUNT, 0, at, by, 0);
}

/** The newest event, the one a new table joins unless told otherwise. */
export function latestEvent(ledger: Ledger): EventLedger | undefined {
  return Object.values(ledger.events).sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1))[0];
}

/** The event with a new table numbered (the next number in the event); the same event if it is known. */
export function withTable(event: EventLedger, tableId: string, gameId: string, nameKey: string): EventLedger {
  const tables = event.tables ?? {};
  if (own(tables, tableId)) return event;
  const number = Object.keys(tables).length + 1;
  return { ...event, tables: dict({ ...tables, [tableId]: { number, gameId, nameKey } }) };
}

/** The event with the draft's accounts and entries (and any other fields given). */
function fromDraft(event: EventLedger, draft: EventDraft, extra: Partial<EventLedger> = {}): EventLedger {
  return { ...event, ...extra, accounts: draft.accounts, entries: draft.entries };
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
  return ensureAccounts(event, [{ id, name }], credits, at, by, luck);
}

/** Opens each account not there yet (the first of an id listed twice), in one copy of the event: O(n). */
export function ensureAccounts(
  event: EventLedger,
  accounts: readonly { readonly id: string; readonly name: string }[],
  credits: number,
  at: number,
  by: UserId,
  luck = EVENT_LUCK_POINTS,
): EventLedger {
  if (accounts.every((a) => own(event.accounts, a.id))) return event;
  const draft = new EventDraft(event.accounts, event.entries);
  for (const a of accounts) draft.open(a.id, a.name, credits, luck, at, by);
  return fromDraft(event, draft);
}

/**
 * A change with its reason. A character's balances never go below zero; the house's credits may
 * (it is the bank: what it staked bots with is out until they come back). Refused when the
 * account is unknown.
 */
export function adjust(
  event: EventLedger,
  id: string,
  credits: number,
  luck: number,
  reason: string,
  at: number,
  by: UserId,
  kind: LedgerEntryView["kind"] = "adjustment",
  detail?: EntryDetail,
): Result<{ event: EventLedger }> {
  if (!own(event.accounts, id)) return refuse(Errors.unknownAccount);
  const draft = new EventDraft(event.accounts, event.entries);
  draft.adjust(id, credits, luck, reason, at, by, kind, detail);
  return succeed({ event: fromDraft(event, draft) });
}

/** The adjusted event, or the event as it was when the account is unknown (a seat without one). */
export function orSame(adjusted: Result<{ event: EventLedger }>, event: EventLedger): EventLedger {
  return adjusted.ok ? adjusted.event : event;
}

export type Purses = Readonly<Record<SeatId, SeatPurse>>;

/**
 * A seat's whole purse goes to the table while it plays, so the same credits and Luck/Force points
 * cannot also be spent at another table or on a bet. The purse is each account's balance; a bot
 * the house stakes (`stake`) plays from the house's purse instead: the stake, with `botLuck` points.
 */
export function seatPurses(
  event: EventLedger,
  tableId: string,
  seats: readonly SeatAssignment[],
  at: number,
  by: UserId,
  botLuck = EVENT_LUCK_POINTS,
): { event: EventLedger; purses: Record<SeatId, SeatPurse> } {
  const draft = new EventDraft(event.accounts, event.entries);
  const purses: Record<SeatId, SeatPurse> = {};
  for (const seat of seats) {
    if (seat.stake !== undefined) {
      draft.open(HOUSE_ACCOUNT, HOUSE_ACCOUNT, 0, 0, at, by);
      purses[seat.seat] = { credits: seat.stake, luck: botLuck };
      draft.adjust(HOUSE_ACCOUNT, -seat.stake, 0, tableId, at, by, "stake", { table: tableId, seat: seat.name });
      continue;
    }
    const account = draft.account(seat.account);
    if (!account) continue;
    purses[seat.seat] = { credits: account.credits, luck: account.luck };
    draft.adjust(seat.account, -account.credits, -account.luck, tableId, at, by, "seated", { table: tableId });
  }
  return { event: fromDraft(event, draft), purses };
}

/**
 * Pays each purse back, changed by the match's result, once per table. What the seats lost
 * together (True Sabacc's Sabacc Pot when nobody wins it) goes to the house.
 */
export function settle(
  event: EventLedger,
  tableId: string,
  seats: readonly SeatAssignment[],
  purses: Purses,
  result: GameResult,
  at: number,
  by: UserId,
): EventLedger {
  if (event.settledTables.includes(tableId)) return event;
  const paid = payBack(event, tableId, seats, purses, at, by, "match", (seat, purse) => ({
    credits: purse.credits + (own(result.creditDelta, seat) ?? 0),
    luck: purse.luck - (own(result.luckSpent, seat) ?? 0),
  }));
  const take = houseTake(seats, purses, result);
  if (take <= 0) return paid;
  return orSame(
    adjust(withHouse(paid, at, by), HOUSE_ACCOUNT, take, 0, tableId, at, by, "house", { table: tableId }),
    paid,
  );
}

/** What the seats lost together over a match (True Sabacc's Sabacc Pot nobody won): the house's. */
export function houseTake(seats: readonly SeatAssignment[], purses: Purses, result: GameResult): number {
  return -seats.reduce((sum, s) => sum + (own(purses, s.seat) ? (own(result.creditDelta, s.seat) ?? 0) : 0), 0);
}

/**
 * What the house took in an event: the takes and betting shares that reached its account, and
 * what its bots won or lost once back (a stake still at a table counts for nothing yet).
 */
export function houseTakings(event: EventLedger): number {
  const staked = new Map<string, number>();
  const back = new Map<string, number>();
  let takings = 0;
  for (const e of event.entries) {
    if (e.account !== HOUSE_ACCOUNT) continue;
    if (e.kind === "stake") staked.set(e.reason, (staked.get(e.reason) ?? 0) - e.credits);
    else if ((e.kind === "match" || e.kind === "voided") && e.detail?.seat !== undefined)
      back.set(e.reason, (back.get(e.reason) ?? 0) + e.credits);
    else if (e.kind !== "adjustment" && e.kind !== "opened" && e.credits > 0) takings += e.credits;
  }
  for (const [table, amount] of back) takings += amount - (staked.get(table) ?? 0);
  return takings;
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
  const draft = new EventDraft(event.accounts, event.entries);
  for (const seat of seats) {
    const purse = own(purses, seat.seat);
    if (!purse) continue;
    const back = amount(seat.seat, purse);
    // A house-staked bot's purse goes back to the house; its Luck/Force points were never the house's.
    const staked = seat.stake !== undefined;
    const account = staked ? HOUSE_ACCOUNT : seat.account;
    const detail = staked ? { table: tableId, seat: seat.name } : { table: tableId };
    draft.adjust(account, back.credits, staked ? 0 : back.luck, tableId, at, by, kind, detail);
  }
  return fromDraft(event, draft, { settledTables: [...event.settledTables, tableId] });
}

/** Richest first, counting what each has at tables still playing; ties by name. */
export function standings(accounts: readonly LedgerAccountView[]): LedgerAccountView[] {
  const worth = (a: LedgerAccountView): number => a.credits + (a.atTables?.credits ?? 0);
  return [...accounts].sort((a, b) => worth(b) - worth(a) || a.name.localeCompare(b.name));
}
