/**
 * A user's side of the tables: the latest update of each table they may see, the chat history
 * they may see, their ledger lines, and the requests they send. Shared by every host page.
 */
import type { GameEvent, RuleError } from "../rules/core";
import type { ClientTransport } from "./transport";
import type {
  ClientRequest,
  EventView,
  HostMessage,
  HostReply,
  TableSpec,
  TableUpdate,
  UserId,
  UserRecords,
} from "./protocol";

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
  private readonly listeners = new Set<() => void>();
  private readonly noticeListeners = new Set<(error: RuleError, tableId?: string) => void>();
  private readonly unsubscribe: () => void;
  /** This client's requests are numbered under a random prefix, so a repeat carries the same id. */
  private readonly requestPrefix = Math.random().toString(36).slice(2, 10);
  private requestCounter = 0;

  /** `now` is this client's clock: a deadline's end is set from it when an update arrives. */
  constructor(
    private readonly transport: ClientTransport,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.unsubscribe = transport.onMessage((m) => this.receive(m));
  }

  /** A request with a fresh id: sending the same object again is a repeat the host answers once. */
  private send(request: ClientRequest): Promise<HostReply> {
    return this.transport.request({ ...request, requestId: `${this.requestPrefix}-${++this.requestCounter}` });
  }

  /** What the host says outside a reply (a bot's move not stored): shown to the GM. */
  onNotice(listener: (error: RuleError, tableId?: string) => void): () => void {
    this.noticeListeners.add(listener);
    return () => this.noticeListeners.delete(listener);
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

  sync(): Promise<HostReply> {
    return this.transport.request({ type: "sync" });
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

  createEvent(name: string, startingCredits: number): Promise<HostReply> {
    return this.send({ type: "event-create", name, startingCredits });
  }

  joinEvent(eventId: string, account: string, name: string): Promise<HostReply> {
    return this.send({ type: "event-join", eventId, account, name });
  }

  adjustLedger(eventId: string, account: string, credits: number, luck: number, reason: string): Promise<HostReply> {
    return this.send({ type: "ledger-adjust", eventId, account, credits, luck, reason });
  }

  /** A spectator's bet on one of a table's pools. */
  bet(tableId: string, pool: string, outcome: string, amount: number): Promise<HostReply> {
    return this.send({ type: "side-bet", tableId, pool, outcome, amount });
  }

  /** Sends a move for the seat this user holds, at the version this client last saw. */
  async move(tableId: string, move: unknown): Promise<HostReply> {
    const table = this.tables.get(tableId);
    if (!table) return { ok: false, error: { code: "CANTINA.Error.UnknownTable" } satisfies RuleError };
    return this.send({
      type: "intent",
      tableId,
      version: table.table.version,
      ...(table.seat ? { seat: table.seat } : {}),
      move,
    });
  }

  private receive(message: HostMessage): void {
    switch (message.type) {
      case "table": {
        const id = message.table.id;
        const previous = this.tables.get(id);
        // Updates can only move forward; a late one is dropped.
        if (previous && previous.table.version > message.table.version) return;
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
      case "table-removed":
        this.tables.delete(message.tableId);
        this.dropChat(message.tableId);
        break;
      case "ledger":
        this.events = message.events;
        this.records = message.records ?? {};
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
