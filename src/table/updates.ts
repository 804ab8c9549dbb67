/**
 * What each user is sent, built in one place: a table's update from that user's own view (never
 * from the state itself), sent as a delta against what they hold when the host sends deltas
 * (sent-views.ts), the ledger as they may see it, removals and the GMs' notices.
 */
import { type GameEvent, type RuleError, eventFor } from "../rules/core";
import { houseTakings, ledgerPushBound, own } from "./ledger";
import { type Books, type OpContext, gameOf } from "./context";
import type { SummaryContext, SummaryFields, TableConcern, TableViewer, UpdateFields } from "./concerns/contract";
import { pursesOf } from "./record-file";
import type { EventView, HostMessage, TableSummary, TableUpdate, UserId } from "./protocol";
import type { TableRecord } from "./store";
import type { HostTransport } from "./transport";
import { viewerOf } from "./viewers";
import { SentViews } from "./sent-views";
import { type TournamentViewContext, participantAccounts, tournamentViews } from "./concerns/tournament/view";
import { tournamentsBound } from "./concerns/tournament/sizes";

/** What anyone may know of a table: no state, no hidden parts. */
export function tableSummary(
  ctx: SummaryContext,
  concerns: readonly TableConcern[],
  record: TableRecord,
): TableSummary {
  // A table waiting for its players has no game yet: nobody acts, nothing is over.
  const status = record.lobby ? { over: false, toAct: [] } : gameOf(ctx, record.gameId)?.status(record.state);
  return {
    id: record.id,
    gameId: record.gameId,
    eventId: record.eventId,
    seats: record.seats,
    version: record.version,
    over: status?.over ?? true,
    toAct: status?.toAct ?? [],
    createdAt: record.createdAt,
    ...(record.paused ? { paused: true } : {}),
    ...summaryFields(ctx, concerns, record),
    ...(status && "result" in status && status.over && status.result
      ? { result: { winners: status.result.winners, creditDelta: status.result.creditDelta } }
      : {}),
  };
}

/** What each concern adds to a table's summary, in the registry's order. */
function summaryFields(ctx: SummaryContext, concerns: readonly TableConcern[], record: TableRecord): SummaryFields {
  let fields: SummaryFields = {};
  for (const concern of concerns) if (concern.summary) fields = { ...fields, ...concern.summary(ctx, record) };
  return fields;
}

/** The update for one user: built from their own view, never from the state itself. */
export function tableUpdate(
  ctx: OpContext,
  concerns: readonly TableConcern[],
  books: Pick<Books, "ledger">,
  record: TableRecord,
  user: UserId,
  sinceVersion: number,
): TableUpdate | null {
  const game = gameOf(ctx, record.gameId);
  const who = viewerOf(ctx, record, user);
  if (!game || !who) return null;
  if (record.lobby) return lobbyUpdate(ctx, concerns, record, game.view(record.state, who.viewer), who.seat);
  const status = game.status(record.state);
  const events: { version: number; event: GameEvent }[] = [];
  for (const entry of record.log) {
    if (entry.version < sinceVersion) continue;
    for (const e of entry.events) {
      const visible = eventFor(e, who.viewer);
      if (visible) events.push({ version: entry.version, event: visible });
    }
  }
  return {
    type: "table",
    table: tableSummary(ctx, concerns, record),
    seat: who.seat,
    view: game.view(record.state, who.viewer),
    legalMoves: !who.seat
      ? []
      : game.shownMoves
        ? game.shownMoves(record.state, who.seat)
        : game.legalMoves(record.state, who.seat),
    events,
    full: sinceVersion === 0,
    ...concernFields(concerns, { ctx, books, record, game, status, user, viewer: who.viewer, seat: who.seat }),
  };
}

/** What each concern adds to one viewer's update, in the registry's order. */
function concernFields(concerns: readonly TableConcern[], viewer: TableViewer): UpdateFields {
  let fields: UpdateFields = {};
  for (const concern of concerns) if (concern.update) fields = { ...fields, ...concern.update(viewer) };
  return fields;
}

/**
 * A table waiting for its players: its summary and seats, and a view of a trial setup (so every
 * window can draw) but no events, moves or clocks: nothing of the real game exists before the start.
 */
function lobbyUpdate(
  ctx: OpContext,
  concerns: readonly TableConcern[],
  record: TableRecord,
  view: unknown,
  seat: string | null,
): TableUpdate {
  return {
    type: "table",
    table: tableSummary(ctx, concerns, record),
    seat,
    view,
    legalMoves: [],
    events: [],
    full: true,
  };
}

/** What each account of an event has at its tables still playing. */
function atTables(books: Books, eventId: string): Map<string, { credits: number; luck: number }> {
  const out = new Map<string, { credits: number; luck: number }>();
  for (const record of books.tables.values()) {
    if (record.eventId !== eventId || record.settled) continue;
    const purses = pursesOf(record);
    for (const seat of record.seats) {
      const purse = purses[seat.seat];
      if (!purse) continue;
      const held = out.get(seat.account) ?? { credits: 0, luck: 0 };
      out.set(seat.account, { credits: held.credits + purse.credits, luck: held.luck + purse.luck });
    }
  }
  return out;
}

/**
 * The ledger as this user may see it: the GM every event, account and entry; a player only their own
 * accounts (their user's, and their tournament characters'). Every user sees every tournament (as
 * their role allows: concerns/tournament/view.ts); `viewers` absent: none is listed.
 */
export function ledgerMessage(books: Books, user: UserId, all: boolean, viewers?: TournamentViewContext): HostMessage {
  const events: EventView[] = [];
  const tournaments = books.ledger.tournaments;
  for (const event of Object.values(books.ledger.events)) {
    const held = atTables(books, event.id);
    const characters = all ? new Set<string>() : participantAccounts(tournaments, event.id, user);
    const mine = (account: string): boolean => all || account === user || characters.has(account);
    const accounts = Object.values(event.accounts)
      .filter((a) => mine(a.id))
      .map((a) => (held.has(a.id) ? { ...a, atTables: held.get(a.id) } : a));
    if (!all && accounts.length === 0) continue;
    events.push({
      id: event.id,
      name: event.name,
      createdAt: event.createdAt,
      startingCredits: event.startingCredits,
      accounts,
      entries: event.entries.filter((e) => mine(e.account)),
      ...(all ? { houseTakings: houseTakings(event) } : {}),
      ...(event.tables ? { tables: event.tables } : {}),
    });
  }
  events.sort((a, b) => b.createdAt - a.createdAt);
  const records = (books.ledger.records && own(books.ledger.records, user)) ?? {};
  const listed = viewers && tournaments ? { tournaments: tournamentViews(viewers, tournaments, user) } : {};
  // Padded to a bound of public facts, the same for every user: which part is theirs does not show.
  const bound = ledgerPushBound(
    Object.values(books.ledger.events),
    Object.keys(records).length,
    viewers ? tournamentsBound(viewers, tournaments) : 0,
  );
  return { type: "ledger", events, records, ...listed, bound };
}

/** Sends each user what they may see of the books as they stand now. */
export class Updates {
  /** What each user was last sent of each table; null: every update goes whole. */
  private readonly sent: SentViews | null;

  constructor(
    private readonly ctx: OpContext,
    private readonly concerns: readonly TableConcern[],
    private readonly transport: HostTransport,
    private readonly users: () => readonly UserId[],
    private readonly books: () => Books,
    deltas = false,
  ) {
    this.sent = deltas ? new SentViews() : null;
  }

  /**
   * Told of each send the transport threw on (a chat or socket down): the host logs it and sends the
   * table (null: the ledger) again later, so a stored change is never left unsent (issue 35).
   */
  onSendFailed: (tableId: string | null, error: unknown) => void = () => undefined;

  private send(user: UserId, message: HostMessage, tableId: string | null): void {
    try {
      this.transport.send(user, message);
    } catch (error) {
      this.onSendFailed(tableId, error);
    }
  }

  /** A table sent again whole to everyone (after a failed send: nobody's copy is trusted). */
  resend(record: TableRecord): void {
    this.sent?.forget(record.id);
    this.table(record, 0);
  }

  /** A table to everyone who may see it, its events from `sinceVersion` on. */
  table(record: TableRecord, sinceVersion: number): void {
    for (const user of this.users()) {
      const update = tableUpdate(this.ctx, this.concerns, this.books(), record, user, sinceVersion);
      if (update) this.sendTable(user, update);
    }
  }

  private sendTable(user: UserId, update: TableUpdate): void {
    this.send(user, this.sent ? this.sent.next(user, update) : update, update.table.id);
  }

  /** Every table and the ledger, whole, to one user (a sync). */
  allTo(user: UserId): void {
    const books = this.books();
    for (const record of books.tables.values()) {
      const update = tableUpdate(this.ctx, this.concerns, books, record, user, 0);
      if (update) this.sendTable(user, update);
    }
    this.ledgerTo(user);
  }

  /** One table whole to one user (they could not apply a delta); gone: they are told so. */
  tableTo(user: UserId, tableId: string): void {
    const books = this.books();
    const record = books.tables.get(tableId);
    if (!record) {
      this.send(user, { type: "table-removed", tableId }, tableId);
      return;
    }
    const update = tableUpdate(this.ctx, this.concerns, books, record, user, 0);
    if (update) this.sendTable(user, update);
  }

  ledger(): void {
    for (const user of this.users()) this.ledgerTo(user);
  }

  private ledgerTo(user: UserId): void {
    const viewers = { isGM: this.ctx.isGM, users: this.users, characters: this.ctx.characters };
    this.send(user, ledgerMessage(this.books(), user, this.ctx.isGM(user), viewers), null);
  }

  /** A table gone to everyone; `ended`: the GM ended it (so each player is told, not left guessing). */
  removed(tableId: string, ended?: true): void {
    this.sent?.forget(tableId);
    const message = ended
      ? ({ type: "table-removed", tableId, ended } as const)
      : ({ type: "table-removed", tableId } as const);
    for (const user of this.users()) this.send(user, message, tableId);
  }

  /** What no reply tells (a write refused, bots stopped): for the GMs. */
  noticeGMs(error: RuleError, tableId?: string): void {
    for (const user of this.users())
      if (this.ctx.isGM(user))
        this.send(user, { type: "notice", error, ...(tableId !== undefined ? { tableId } : {}) }, null);
  }
}
