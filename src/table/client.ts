/**
 * A user's side of the tables: the latest update of each table they may see, the chat history
 * they may see, their ledger lines, and the requests they send (sent again, with the same id,
 * while no answer comes). Shared by every host page.
 */
import { type GameEvent, type RuleError, refuse } from "../rules/core";
import type { ClientTransport } from "./transport";
import { updateFromDelta } from "./client-delta";
import { DEFAULT_RETRY, type RetryPolicy, noGM, unanswered } from "./client-retry";
import {
  type ClientRequest,
  Errors,
  type EventView,
  type HostMessage,
  type HostReply,
  type TableDelta,
  type TableSpec,
  type TableUpdate,
  type TournamentRequest,
  type TournamentView,
  type UserId,
  type UserRecords,
} from "./protocol";

/** The chat line a table the GM ended gets (its text in lang/*.json). */
export const TABLE_ENDED_KEY = "CANTINA.Chat.TableEnded";
export { DEFAULT_RETRY, RETRY_DELAYS_MS, type RetryPolicy, unanswered } from "./client-retry";

export interface ChatLine {
  readonly tableId: string;
  readonly version: number;
  readonly event: GameEvent;
}

export class TableClient {
  readonly tables = new Map<string, TableUpdate>();
  readonly chat: ChatLine[] = [];
  /** The events this user may see, newest first: the GM every account, a player their own. */
  events: readonly EventView[] = [];
  /** This user's personal records (solo games), by record key. */
  records: UserRecords = {};
  /** The tournaments as this user may see them (issue 37), newest first. */
  tournaments: readonly TournamentView[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly endedListeners = new Set<(last: TableUpdate) => void>();
  private readonly noticeListeners = new Set<(error: RuleError, tableId?: string) => void>();
  private readonly unsubscribe: () => void;
  /** This client's requests are numbered under a random prefix, so a repeat carries the same id. */
  private readonly requestPrefix = Math.random().toString(36).slice(2, 10);
  private requestCounter = 0;
  /** The requests sent and not answered yet (retries included), by request id. */
  private readonly inFlight = new Map<string, ClientRequest>();
  private readonly sendingListeners = new Set<() => void>();
  /** Each table's update as the host sent it (the base of its next delta), by table id. */
  private readonly received = new Map<string, TableUpdate>();
  /** The tables asked for whole again (a delta this client could not apply), until the answer. */
  private readonly resyncing = new Set<string>();
  /** Moves made while no GM answered, by table, with their request id: sent again when a GM is back. */
  private readonly keptMoves = new Map<string, ClientRequest>();
  /** The kept moves being sent again, while they are. */
  private resendingKept: Promise<void> | null = null;

  /**
   * `now` is this client's clock: a deadline's end is set from it when an update arrives. `retry`
   * says how a request with no answer is sent again.
   */
  constructor(
    private readonly transport: ClientTransport,
    private readonly now: () => number = () => Date.now(),
    private readonly retry: RetryPolicy = DEFAULT_RETRY,
  ) {
    this.unsubscribe = transport.onMessage((m) => this.receive(m));
  }

  /**
   * A request with a fresh id, sent again with that same id while no answer comes (the retry
   * policy); the host answers a repeat once. It counts as sending until its answer or final failure.
   */
  private async send(request: ClientRequest, keepFor?: string): Promise<HostReply> {
    const id = `${this.requestPrefix}-${++this.requestCounter}`;
    const withId: ClientRequest = { ...request, requestId: id };
    this.inFlight.set(id, withId);
    this.sendingChanged();
    try {
      let reply = await this.transport.request(withId);
      for (const delay of this.retry.delaysMs) {
        if (!unanswered(reply)) break;
        await this.retry.wait(delay);
        reply = await this.transport.request(withId);
      }
      // No GM there to answer: the move is kept (same id, so the host applies it once) until one is.
      if (keepFor !== undefined && noGM(reply)) {
        this.keptMoves.set(keepFor, withId);
        return { ok: true, kept: true };
      }
      return reply;
    } finally {
      this.inFlight.delete(id);
      this.sendingChanged();
    }
  }

  /**
   * Whether a request awaits its answer: one about this table (a move, a bet, a table operation),
   * or any when no table is named.
   */
  sending(tableId?: string): boolean {
    if (tableId === undefined) return this.inFlight.size > 0 || this.keptMoves.size > 0;
    if (this.keptMoves.has(tableId)) return true;
    for (const r of this.inFlight.values()) if ("tableId" in r && r.tableId === tableId) return true;
    return false;
  }

  /** Whether a move made at this table while no GM answered is kept, to be sent when a GM is back. */
  keptMove(tableId: string): boolean {
    return this.keptMoves.has(tableId);
  }

  /**
   * Sends the kept moves again, each with its first id, once a GM answers (a sync, or any message
   * from the host): still no GM, they stay kept; refused (the table moved on meanwhile), the
   * refusal is told like a host's notice, in that table's window.
   */
  private sendKept(): Promise<void> {
    if (this.keptMoves.size === 0) return Promise.resolve();
    this.resendingKept ??= (async () => {
      try {
        for (const [tableId, request] of [...this.keptMoves]) {
          const reply = await this.transport.request(request);
          if (noGM(reply)) return;
          this.keptMoves.delete(tableId);
          this.sendingChanged();
          if (!reply.ok) for (const l of this.noticeListeners) l(reply.error, tableId);
        }
      } finally {
        this.resendingKept = null;
      }
    })();
    return this.resendingKept;
  }

  /** Whether a ledger request (an event created, joined, an adjustment) awaits its answer. */
  sendingLedger(): boolean {
    for (const r of this.inFlight.values())
      if (r.type === "event-create" || r.type === "event-join" || r.type === "ledger-adjust") return true;
    return false;
  }

  /** Called when a request starts or stops awaiting its answer (windows show "sending…"). */
  onSending(listener: () => void): () => void {
    this.sendingListeners.add(listener);
    return () => this.sendingListeners.delete(listener);
  }

  private sendingChanged(): void {
    for (const l of this.sendingListeners) l();
  }

  /** What the host says outside a reply (a bot's move not stored): shown to the GM. */
  onNotice(listener: (error: RuleError, tableId?: string) => void): () => void {
    this.noticeListeners.add(listener);
    return () => this.noticeListeners.delete(listener);
  }

  /** A table the GM ended before its end: called with its last update, before the change listeners. */
  onEnded(listener: (last: TableUpdate) => void): () => void {
    this.endedListeners.add(listener);
    return () => this.endedListeners.delete(listener);
  }

  get user(): UserId {
    return this.transport.user;
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.unsubscribe();
  }

  async sync(): Promise<HostReply> {
    const reply = await this.transport.request({ type: "sync" });
    if (!noGM(reply)) await this.sendKept();
    return reply;
  }

  /** The event new tables open in when their spec names none: the one the GM picked in the ledger. */
  defaultEventId: string | null = null;

  create(spec: TableSpec): Promise<HostReply> {
    const withEvent =
      spec.eventId === undefined && this.defaultEventId !== null ? { ...spec, eventId: this.defaultEventId } : spec;
    return this.send({ type: "create", spec: withEvent });
  }

  end(tableId: string): Promise<HostReply> {
    return this.send({ type: "end", tableId });
  }

  /** GM: deals again at a new table with the same seats and options (the reply names it). */
  rematch(tableId: string): Promise<HostReply> {
    return this.send({ type: "rematch", tableId });
  }

  /**
   * A page of a finished table's replay as this user may see it (in the reply's `replay`): `count`
   * steps from step `from` (absent: from the setup, as many as a page holds).
   */
  replay(tableId: string, from?: number, count?: number): Promise<HostReply> {
    // Without a request id: it changes nothing, so a repeat is simply answered again (and not remembered).
    return this.transport.request({
      type: "replay",
      tableId,
      ...(from !== undefined ? { from } : {}),
      ...(count !== undefined ? { count } : {}),
    });
  }

  /** GM: pauses or resumes a table. */
  pause(tableId: string, paused: boolean): Promise<HostReply> {
    return this.send({ type: "pause", tableId, paused });
  }

  /** GM: hands a player's seat to a bot (`bot`), or gives it back to that player. */
  seatBot(tableId: string, seat: string, bot: boolean): Promise<HostReply> {
    return this.send({ type: "seat-bot", tableId, seat, bot });
  }

  /** GM: takes a player off their seat for good (a bot plays it to the end of the match). */
  removePlayer(tableId: string, seat: string): Promise<HostReply> {
    return this.send({ type: "remove-player", tableId, seat });
  }

  /** Marks a seat away or back (a GM any seat, a player their own: "I'm back"). */
  markAway(tableId: string, seat: string, away: boolean): Promise<HostReply> {
    return this.send({ type: "away", tableId, seat, away });
  }

  /** Takes back this user's last move at the table (where the GM allows it), at the version this client last saw. */
  undo(tableId: string): Promise<HostReply> {
    const version = this.tables.get(tableId)?.table.version ?? 0;
    return this.send({ type: "undo", tableId, version });
  }

  /** GM: skips the turn of a seat marked away (the table's bot plays that one move for it). */
  skipTurn(tableId: string, seat: string): Promise<HostReply> {
    return this.send({ type: "skip", tableId, seat });
  }

  createEvent(name: string, startingCredits: number): Promise<HostReply> {
    return this.send({ type: "event-create", name, startingCredits });
  }

  joinEvent(eventId: string, account: string, name: string): Promise<HostReply> {
    return this.send({ type: "event-join", eventId, account, name });
  }

  adjustLedger(eventId: string, account: string, credits: number, luck: number, reason: string): Promise<HostReply> {
    return this.send({ type: "ledger-adjust", eventId, account, credits, luck, reason });
  }

  /** GM: gives a seat to another user mid-game (the seat's account and purse stay). */
  seatUser(tableId: string, seat: string, userId: string): Promise<HostReply> {
    return this.send({ type: "seat-user", tableId, seat, userId });
  }

  /** A seated player's vote to play a finished table again (at the version this client last saw). */
  playAgain(tableId: string): Promise<HostReply> {
    const version = this.tables.get(tableId)?.table.version ?? 0;
    return this.send({ type: "play-again", tableId, version });
  }

  /** Sits down at a seat of a table waiting for its players (`sit`), or declines / stands up, at the lobby's version. */
  sitDown(tableId: string, seat: string, sit: boolean, name?: string): Promise<HostReply> {
    const version = this.tables.get(tableId)?.table.lobby?.version ?? 0;
    return this.send({ type: "sit-down", tableId, seat, sit, version, ...(name ? { name } : {}) });
  }

  /** GM: starts a table waiting for its players, a bot in every seat nobody sat down at. */
  startLobby(tableId: string): Promise<HostReply> {
    return this.send({ type: "lobby-start", tableId });
  }

  /**
   * Tells the host this user opened (`watching`) or closed the table's window: the watchers list.
   * Like a sync it changes no books: not numbered, not retried, and no window shows it as sending.
   */
  watch(tableId: string, watching: boolean): Promise<HostReply> {
    return this.transport.request({ type: "watch", tableId, watching });
  }

  /** A spectator's bet on one of a table's pools. */
  bet(tableId: string, pool: string, outcome: string, amount: number): Promise<HostReply> {
    return this.send({ type: "side-bet", tableId, pool, outcome, amount });
  }

  /** Sends a move for the seat this user holds, at the version this client last saw. */
  async move(tableId: string, move: unknown): Promise<HostReply> {
    const table = this.tables.get(tableId);
    if (!table) return refuse(Errors.unknownTable);
    if (this.keptMoves.has(tableId)) return refuse(Errors.moveKept);
    return this.send(
      {
        type: "intent",
        tableId,
        version: table.table.version,
        ...(table.seat ? { seat: table.seat } : {}),
        move,
      },
      tableId,
    );
  }

  /**
   * A delta applied to the update it names as its base; without that base (a push lost, a tab
   * opened since) or when it does not apply, the table is asked for whole again, once at a time.
   */
  private fromDelta(message: TableDelta): TableUpdate | null {
    const next = updateFromDelta(this.received.get(message.tableId), message);
    if (next) return next;
    if (!this.resyncing.has(message.tableId)) {
      this.resyncing.add(message.tableId);
      void this.transport
        .request({ type: "sync", tableId: message.tableId })
        .finally(() => this.resyncing.delete(message.tableId));
    }
    return null;
  }

  /** A tournament's request (concerns/tournament/request.ts), sent like any other with a fresh id. */
  tournament(request: TournamentRequest): Promise<HostReply> {
    return this.send(request);
  }

  private receive(message: HostMessage): void {
    // A message from the host: a GM is there again for the moves kept meanwhile.
    if (this.keptMoves.size > 0) void this.sendKept();
    if (message.type === "table-delta") {
      const update = this.fromDelta(message);
      if (update) this.receive(update);
      return;
    }
    switch (message.type) {
      case "table": {
        const id = message.table.id;
        const previous = this.tables.get(id);
        // Updates can only move forward; a late one is dropped.
        if (previous && previous.table.version > message.table.version) return;
        this.received.set(id, message);
        // The host's clock may differ from ours: the time left is counted from the update's arrival.
        const deadline = message.deadline && { ...message.deadline, endsAt: this.now() + message.deadline.remainingMs };
        const stopwatch = message.stopwatch && {
          ...message.stopwatch,
          startedAt: this.now() - message.stopwatch.elapsedMs,
        };
        this.tables.set(
          id,
          deadline || stopwatch
            ? { ...message, ...(deadline ? { deadline } : {}), ...(stopwatch ? { stopwatch } : {}) }
            : message,
        );
        if (message.full) this.dropChat(id);
        const seen = message.full ? -1 : (previous?.table.version ?? -1);
        for (const e of message.events)
          if (e.version > seen) this.chat.push({ tableId: id, version: e.version, event: e.event });
        break;
      }
      case "table-removed": {
        const last = this.tables.get(message.tableId);
        this.tables.delete(message.tableId);
        this.received.delete(message.tableId);
        this.dropChat(message.tableId);
        // Ended by the GM: one line says so in the table's chat, and whoever listens tells the user.
        if (message.ended && last) {
          const event: GameEvent = { kind: "notice", key: TABLE_ENDED_KEY, params: {} };
          this.chat.push({ tableId: message.tableId, version: last.table.version + 1, event });
          for (const l of this.endedListeners) l(last);
        }
        break;
      }
      case "ledger":
        this.events = message.events;
        this.records = message.records ?? {};
        this.tournaments = message.tournaments ?? [];
        break;
      case "notice":
        for (const l of this.noticeListeners) l(message.error, message.tableId);
        return;
    }
    for (const l of this.listeners) l();
  }

  private dropChat(tableId: string): void {
    for (let i = this.chat.length - 1; i >= 0; i--) if (this.chat[i]?.tableId === tableId) this.chat.splice(i, 1);
  }
}
