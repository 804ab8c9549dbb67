/**
 * The authoritative host of every table: runs on the GM's client. A request is checked in this
 * order: well-formed, the table exists, the caller (as the transport names them) holds the seat,
 * it is that seat's turn, the version is current, the game accepts the move. Only then is the new
 * state stored and each user sent their own view. A state's deadline (GameStatus.deadline) runs on
 * the host's clock (`now`, timers injectable); when it runs out the game's timeout move is applied
 * and logged like any other move.
 */
import {
  type AnyBot,
  type AnyGame,
  type GameEvent,
  type GameStatus,
  type Random,
  type RuleError,
  type SeatId,
  type Viewer,
  RecordingRandom,
  SeededRandom,
  eventFor,
  isRecord,
} from "../rules/core";
import { gameById } from "../rules";
import {
  type EventLedger,
  type Ledger,
  type Purses,
  DEFAULT_STARTING_CREDITS,
  adjust,
  emptyEvent,
  emptyLedger,
  ensureAccount,
  latestEvent,
  seatPurses,
  settle,
  voidTable,
  withEvent,
} from "./ledger";
import {
  type ClientRequest,
  type DeadlineView,
  type EventView,
  type HostReply,
  type SeatAssignment,
  type TableSpec,
  type TableSummary,
  type TableUpdate,
  type UserId,
  Errors,
  parseRequest,
} from "./protocol";
import type { TableClock, TableRecord, TableStore } from "./store";
import { type Credit, type MarketSet, BetErrors, advance, bookView, cancel, newBook, placeBet } from "./betting";
import type { HostTransport } from "./transport";

export interface HostOptions {
  readonly store: TableStore;
  readonly transport: HostTransport;
  /** The user this host runs for (a GM). */
  readonly hostUser: UserId;
  readonly isGM: (user: UserId) => boolean;
  /** Every user who should get pushes now: GMs, players, would-be spectators. */
  readonly users: () => readonly UserId[];
  /** The source of every die: the host's, recorded in the log with each move. */
  readonly random: Random;
  /** Bots by game id and level; the first level listed is the default. */
  readonly bots?: Readonly<Record<string, Readonly<Record<string, AnyBot>>>>;
  readonly botDelayMs?: number;
  readonly allowSpectators?: () => boolean;
  readonly now?: () => number;
  readonly newId?: () => string;
  /** Spectator betting markets by game id (a table bets when its options say `betting: 1`). */
  readonly markets?: Readonly<Record<string, MarketSet>>;
  /** Dice for the pools' random timings, apart from the game's dice (default: seeded by the clock). */
  readonly bettingRandom?: Random;
  /** Timers for bot delays and deadlines (default: setTimeout/clearTimeout); tests inject fake ones. */
  readonly setTimer?: (run: () => void, ms: number) => unknown;
  readonly clearTimer?: (handle: unknown) => void;
}

/** The ledger account that keeps a winner's share when a table is removed before its end. */
export const HOUSE_ACCOUNT = "house";

const fail = (error: RuleError): HostReply => ({ ok: false, error });

export class TableHost {
  private readonly tables = new Map<string, TableRecord>();
  private ledger: Ledger = emptyLedger();
  private queue: Promise<unknown> = Promise.resolve();
  private pendingBots = 0;
  private stopped = false;
  private idCounter = 0;
  private readonly bettingRandom: Random;
  /** The timer of each table whose state has a deadline. */
  private readonly deadlineTimers = new Map<string, unknown>();

  private constructor(private readonly o: HostOptions) {
    this.bettingRandom = o.bettingRandom ?? new SeededRandom(this.now());
  }

  /** Restores stored tables and the ledger, then starts serving. */
  static async start(options: HostOptions): Promise<TableHost> {
    const host = new TableHost(options);
    for (const record of await options.store.loadTables()) host.tables.set(record.id, record);
    host.ledger = (await options.store.loadLedger()) ?? emptyLedger();
    options.transport.serve((from, request) => host.handle(from, request));
    for (const record of host.tables.values()) {
      host.scheduleBots(record.id);
      host.scheduleDeadline(record.id);
    }
    return host;
  }

  /** Requests are handled one at a time, in arrival order. */
  handle(from: UserId, raw: unknown): Promise<HostReply> {
    return this.enqueue(() => this.process(from, raw));
  }

  /** Resolves once no request or bot move is pending (for tests and orderly shutdown). */
  async idle(): Promise<void> {
    for (;;) {
      await this.queue;
      if (this.pendingBots === 0) return;
      await new Promise((r) => setTimeout(r, Math.max(1, this.o.botDelayMs ?? 0)));
    }
  }

  record(id: string): TableRecord | undefined {
    return this.tables.get(id);
  }

  summaries(): TableSummary[] {
    return [...this.tables.values()].map((r) => this.summary(r));
  }

  currentLedger(): Ledger {
    return this.ledger;
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private now(): number {
    return this.o.now ? this.o.now() : Date.now();
  }

  private newId(): string {
    return this.o.newId ? this.o.newId() : `t${this.now().toString(36)}${(++this.idCounter).toString(36)}`;
  }

  private async process(from: UserId, raw: unknown): Promise<HostReply> {
    const request = parseRequest(raw);
    if (!request) return fail({ code: Errors.malformed });
    switch (request.type) {
      case "sync":
        this.pushAllTo(from);
        return { ok: true };
      case "intent":
        return this.intent(from, request);
      case "create":
        return this.o.isGM(from) ? this.create(from, request.spec) : fail({ code: Errors.gmOnly });
      case "end":
        return this.o.isGM(from) ? this.end(request.tableId) : fail({ code: Errors.gmOnly });
      case "event-create":
        return this.o.isGM(from)
          ? this.createEvent(request.name, request.startingCredits)
          : fail({ code: Errors.gmOnly });
      case "event-join":
        return this.o.isGM(from) ? this.joinEvent(from, request) : fail({ code: Errors.gmOnly });
      case "ledger-adjust":
        return this.o.isGM(from) ? this.adjustLedger(from, request) : fail({ code: Errors.gmOnly });
      case "side-bet":
        return this.sideBet(from, request);
    }
  }

  private async saveLedger(ledger: Ledger): Promise<void> {
    this.ledger = ledger;
    await this.o.store.saveLedger(ledger);
    this.pushLedger();
  }

  private async createEvent(name: string, startingCredits: number): Promise<HostReply> {
    const event = emptyEvent(`e${this.newId()}`, name, startingCredits, this.now());
    await this.saveLedger(withEvent(this.ledger, event));
    return { ok: true, eventId: event.id };
  }

  private async joinEvent(from: UserId, request: Extract<ClientRequest, { type: "event-join" }>): Promise<HostReply> {
    const event = this.ledger.events[request.eventId];
    if (!event) return fail({ code: Errors.unknownEvent });
    await this.saveLedger(
      withEvent(
        this.ledger,
        ensureAccount(event, request.account, request.name, event.startingCredits, this.now(), from),
      ),
    );
    return { ok: true, eventId: event.id };
  }

  /** The event a new table plays in: the one asked for, else the newest, else a new one. */
  private eventFor(spec: TableSpec, startingCredits: number): EventLedger | null {
    if (spec.eventId !== undefined) return this.ledger.events[spec.eventId] ?? null;
    return latestEvent(this.ledger) ?? emptyEvent(`e${this.newId()}`, "", startingCredits, this.now());
  }

  private async create(from: UserId, spec: TableSpec): Promise<HostReply> {
    const game = gameById(spec.gameId);
    if (!game) return fail({ code: Errors.unknownGame, params: { game: spec.gameId } });
    if (spec.seats.length < game.minSeats || spec.seats.length > game.maxSeats) {
      return fail({ code: "CANTINA.Error.SeatCount", params: { min: game.minSeats, max: game.maxSeats } });
    }
    const levels = this.o.bots?.[game.id] ?? {};
    const seats: SeatAssignment[] = spec.seats.map((s, i) => {
      const name = s.name.trim() || (s.userId ?? `Bot ${i + 1}`);
      const botLevel =
        s.kind === "bot" ? (s.botLevel && levels[s.botLevel] ? s.botLevel : Object.keys(levels)[0]) : undefined;
      return {
        seat: `seat-${i + 1}`,
        name,
        kind: s.kind,
        userId: s.kind === "bot" ? null : s.userId,
        account: s.account ?? (s.kind === "bot" || !s.userId ? `bot:${name}` : s.userId),
        ...(botLevel ? { botLevel } : {}),
      };
    });
    if (seats.some((s) => s.kind === "person" && !s.userId)) return fail({ code: Errors.malformed });
    if (seats.some((s) => s.kind === "bot" && !s.botLevel))
      return fail({ code: "CANTINA.Error.NoBot", params: { game: game.id } });
    // Two seats on one account would each bring the whole balance to the table.
    const twice = seats.find((s, i) => seats.findIndex((o) => o.account === s.account) !== i);
    if (game.usesLedger && twice) return fail({ code: Errors.sameAccountTwice, params: { name: twice.name } });
    const ids = seats.map((s) => s.seat);
    const defaults = game.defaultOptions() as Record<string, unknown>;
    let options: Record<string, unknown> = {
      ...defaults,
      ...(isRecord(spec.options) ? spec.options : {}),
    };
    const defaultCredits =
      typeof options.defaultCredits === "number" ? options.defaultCredits : DEFAULT_STARTING_CREDITS;
    let event = this.eventFor(spec, defaultCredits);
    if (!event) return fail({ code: Errors.unknownEvent });
    const eventBefore = this.ledger.events[event.id];
    const tableId = this.newId();
    if (game.usesLedger) {
      const defaultLuck = typeof options.defaultLuck === "number" ? options.defaultLuck : undefined;
      for (const s of seats)
        event = ensureAccount(event, s.account, s.name, event.startingCredits, this.now(), from, defaultLuck);
      // Each seat brings its whole purse, which stays at the table until the match is settled.
      const seated = seatPurses(event, tableId, seats, this.now(), from);
      event = seated.event;
      options = { ...options, purses: seated.purses };
    }
    const optionError = game.checkOptions(options, ids);
    if (optionError) return fail(optionError);
    const random = new RecordingRandom(this.o.random);
    const setup = game.setup(ids, options, random);
    if (!setup.ok) return fail(setup.error);
    const clock = this.clockFor(game.status(setup.state), undefined);
    let record: TableRecord = {
      id: tableId,
      gameId: game.id,
      eventId: event.id,
      options,
      seats,
      state: setup.state,
      version: 0,
      createdAt: this.now(),
      settled: false,
      log: [{ version: 0, seat: null, move: null, dice: random.results, events: setup.events }],
      ...(clock ? { clock } : {}),
    };
    const markets = this.o.markets?.[game.id];
    if (markets && options.betting === 1) {
      const share = typeof options.winnerShare === "number" ? options.winnerShare : 0;
      record = { ...record, betting: newBook(record.id, share, ids, markets, 0, (n) => this.bettingRandom.die(n)) };
    }
    this.tables.set(record.id, record);
    if (event !== eventBefore) await this.saveLedger(withEvent(this.ledger, event));
    await this.o.store.saveTable(record);
    this.pushTable(record, 0);
    this.scheduleBots(record.id);
    this.scheduleDeadline(record.id);
    return { ok: true, tableId: record.id, version: 0 };
  }

  private async intent(from: UserId, request: Extract<ClientRequest, { type: "intent" }>): Promise<HostReply> {
    const record = this.tables.get(request.tableId);
    if (!record) return fail({ code: Errors.unknownTable });
    const game = gameById(record.gameId);
    if (!game) return fail({ code: Errors.unknownGame, params: { game: record.gameId } });
    const held = record.seats.filter((s) => s.kind === "person" && s.userId === from).map((s) => s.seat);
    if (held.length === 0 || (request.seat !== undefined && !held.includes(request.seat)))
      return fail({ code: Errors.notYourSeat });
    const status = game.status(record.state);
    if (status.over) return fail({ code: Errors.tableOver });
    // A user holding several seats acts for whichever of them is to act.
    const seat = (request.seat !== undefined ? [request.seat] : held).find((s) => status.toAct.includes(s));
    if (!seat) return fail({ code: Errors.notYourTurn });
    if (request.version !== record.version) return fail({ code: Errors.stale, params: { current: record.version } });
    if (!game.isMove(request.move)) return fail({ code: Errors.malformed });
    if (isTimeoutMove(game, record.state, request.move)) return fail({ code: Errors.timeoutMove });
    const next = await this.applyMove(record, game, seat, request.move);
    if (!next.ok) return next;
    this.scheduleBots(record.id);
    return { ok: true, version: next.version };
  }

  private async applyMove(
    record: TableRecord,
    game: AnyGame,
    seat: SeatId,
    move: unknown,
    timeout = false,
  ): Promise<HostReply & { version?: number }> {
    const random = new RecordingRandom(this.o.random);
    const applied = game.apply(record.state, seat, move, random);
    if (!applied.ok) return fail(applied.error);
    const version = record.version + 1;
    const entry = { version, seat, move, dice: random.results, events: applied.events };
    let next: TableRecord = {
      ...record,
      state: applied.state,
      version,
      log: [...record.log, timeout ? { ...entry, timeout: true as const } : entry],
    };
    const status = game.status(next.state);
    const { clock: _previousClock, ...withoutClock } = next;
    const clock = this.clockFor(status, record.clock);
    next = clock ? { ...withoutClock, clock } : withoutClock;
    const event = this.ledger.events[record.eventId];
    const settling = status.over && status.result && !next.settled && event;
    if (settling && status.result) {
      this.ledger = withEvent(
        this.ledger,
        settle(event, record.id, record.seats, pursesOf(record), status.result, this.now(), this.o.hostUser),
      );
      next = { ...next, settled: true };
      await this.o.store.saveLedger(this.ledger);
    }
    let betted = false;
    const markets = this.o.markets?.[record.gameId];
    if (next.betting && markets) {
      const moved = advance(
        next.betting,
        markets,
        next.state,
        version,
        next.seats.map((s) => s.seat),
        (n) => this.bettingRandom.die(n),
        (seat) => next.seats.find((s) => s.seat === seat)?.account ?? null,
      );
      next = { ...next, betting: moved.book };
      betted = this.applyCredits(next, moved.credits);
      if (betted) await this.o.store.saveLedger(this.ledger);
    }
    this.tables.set(record.id, next);
    await this.o.store.saveTable(next);
    this.scheduleDeadline(record.id);
    this.pushTable(next, record.version + 1);
    if ((next.settled && !record.settled) || betted) this.pushLedger();
    return { ok: true, version };
  }

  /**
   * Stops driving bots (a GM hands the tables over to another): bot moves already queued finish,
   * no new one is scheduled, so `idle()` resolves.
   */
  stop(): void {
    this.stopped = true;
    for (const tableId of [...this.deadlineTimers.keys()]) this.clearDeadline(tableId);
  }

  private setTimer(run: () => void, ms: number): unknown {
    return this.o.setTimer ? this.o.setTimer(run, ms) : setTimeout(run, ms);
  }

  /** The countdown of a state with this status: kept from the previous state while its key stays. */
  private clockFor(status: GameStatus, previous: TableClock | undefined): TableClock | undefined {
    const deadline = status.over ? undefined : status.deadline;
    if (!deadline) return undefined;
    const key = deadline.key ?? null;
    if (previous && key !== null && previous.key === key) return previous;
    return { key, startedAt: this.now() };
  }

  /** Milliseconds left on a table's countdown (0 once run out), or null when it has none. */
  private remainingMs(record: TableRecord, status: GameStatus): number | null {
    if (!record.clock || !status.deadline || status.over) return null;
    return Math.max(0, record.clock.startedAt + status.deadline.ms - this.now());
  }

  private clearDeadline(tableId: string): void {
    const handle = this.deadlineTimers.get(tableId);
    if (handle === undefined) return;
    this.deadlineTimers.delete(tableId);
    if (this.o.clearTimer) this.o.clearTimer(handle);
    else clearTimeout(handle as ReturnType<typeof setTimeout>);
  }

  /** Arms the timer for the table's current deadline (replacing any earlier one). */
  private scheduleDeadline(tableId: string): void {
    this.clearDeadline(tableId);
    if (this.stopped) return;
    const record = this.tables.get(tableId);
    const game = record && gameById(record.gameId);
    if (!record || !game?.timeoutMove) return;
    const remaining = this.remainingMs(record, game.status(record.state));
    if (remaining === null) return;
    const version = record.version;
    const handle = this.setTimer(() => {
      if (this.deadlineTimers.get(tableId) !== handle) return;
      this.deadlineTimers.delete(tableId);
      void this.enqueue(() => this.expire(tableId, version));
    }, remaining);
    this.deadlineTimers.set(tableId, handle);
  }

  /** A deadline ran out: the game's timeout move, logged like any move, unless a move came first. */
  private async expire(tableId: string, version: number): Promise<void> {
    const record = this.tables.get(tableId);
    const game = record && gameById(record.gameId);
    if (this.stopped || !record || !game?.timeoutMove || record.version !== version) return;
    const remaining = this.remainingMs(record, game.status(record.state));
    if (remaining === null) return;
    if (remaining > 0) {
      this.scheduleDeadline(tableId); // the timer fired early
      return;
    }
    const timeout = game.timeoutMove(record.state);
    if (!timeout) return;
    const result = await this.applyMove(record, game, timeout.seat, timeout.move, true);
    if (result.ok) this.scheduleBots(tableId);
  }

  private scheduleBots(tableId: string): void {
    if (this.stopped) return;
    const record = this.tables.get(tableId);
    if (!record) return;
    const game = gameById(record.gameId);
    if (!game) return;
    const status = game.status(record.state);
    if (status.over || !record.seats.some((s) => s.kind === "bot" && status.toAct.includes(s.seat))) return;
    this.pendingBots++;
    this.setTimer(() => {
      void this.enqueue(async () => {
        try {
          if (!this.stopped) await this.botStep(tableId);
        } finally {
          this.pendingBots--;
        }
      });
    }, this.o.botDelayMs ?? 0);
  }

  private async botStep(tableId: string): Promise<void> {
    const record = this.tables.get(tableId);
    const game = record && gameById(record.gameId);
    if (!record || !game) return;
    const status = game.status(record.state);
    const seat = record.seats.find((s) => s.kind === "bot" && status.toAct.includes(s.seat));
    if (!seat || status.over) return;
    const bot = this.o.bots?.[game.id]?.[seat.botLevel ?? ""];
    const legal = game.legalMoves(record.state, seat.seat);
    if (!bot || legal.length === 0) return;
    let move = bot.choose(game.view(record.state, { role: "seat", seat: seat.seat }), legal, this.o.random);
    let result = await this.applyMove(record, game, seat.seat, move);
    if (!result.ok) {
      // A bot's mistake must not stall the table: fall back to its first legal move.
      move = legal[0];
      result = await this.applyMove(record, game, seat.seat, move);
    }
    if (result.ok) this.scheduleBots(tableId);
  }

  /** Writes betting credits into the table's event; false when there were none. */
  private applyCredits(record: TableRecord, credits: readonly Credit[]): boolean {
    let event = this.ledger.events[record.eventId];
    if (!event || credits.length === 0) return false;
    for (const c of credits) {
      event = ensureAccount(event, c.account, c.account, 0, this.now(), this.o.hostUser);
      event =
        adjust(
          event,
          c.account,
          c.amount,
          0,
          `${c.reason} ${record.id}${c.pool ? `/${c.pool}` : ""}`,
          this.now(),
          this.o.hostUser,
        ) ?? event;
    }
    this.ledger = withEvent(this.ledger, event);
    return true;
  }

  /** A spectator's bet: only a user holding no seat at the table, with the credits in their event account. */
  private async sideBet(from: UserId, request: Extract<ClientRequest, { type: "side-bet" }>): Promise<HostReply> {
    const record = this.tables.get(request.tableId);
    if (!record) return fail({ code: Errors.unknownTable });
    if (!record.betting) return fail({ code: BetErrors.noBetting });
    if (record.seats.some((s) => s.kind === "person" && s.userId === from)) return fail({ code: BetErrors.seated });
    // Who may not watch may not bet either.
    if (!this.viewerOf(record, from)) return fail({ code: Errors.noSpectators });
    let event = this.ledger.events[record.eventId];
    if (!event) return fail({ code: Errors.unknownEvent });
    event = ensureAccount(event, from, from, event.startingCredits, this.now(), from);
    const balance = event.accounts[from]?.credits ?? 0;
    const placed = placeBet(
      record.betting,
      request.pool,
      from,
      from,
      request.outcome,
      request.amount,
      balance,
      record.version,
    );
    if ("error" in placed) return fail({ code: placed.error });
    event = adjust(event, from, -request.amount, 0, `bet ${record.id}/${request.pool}`, this.now(), from) ?? event;
    const next: TableRecord = { ...record, betting: placed };
    this.tables.set(record.id, next);
    await this.o.store.saveTable(next);
    await this.saveLedger(withEvent(this.ledger, event));
    this.pushTable(next, record.version + 1);
    return { ok: true, version: record.version };
  }

  private async end(tableId: string): Promise<HostReply> {
    const ending = this.tables.get(tableId);
    let changed = false;
    if (
      ending?.betting &&
      !ending.betting.over &&
      this.applyCredits(ending, cancel(ending.betting, HOUSE_ACCOUNT).credits)
    )
      changed = true;
    // A match ended before its end: every seat gets its purse back as it came.
    const event = ending && !ending.settled ? this.ledger.events[ending.eventId] : undefined;
    if (ending && event) {
      this.ledger = withEvent(
        this.ledger,
        voidTable(event, ending.id, ending.seats, pursesOf(ending), this.now(), this.o.hostUser),
      );
      changed = true;
    }
    if (changed) await this.saveLedger(this.ledger);
    this.clearDeadline(tableId);
    if (!this.tables.delete(tableId)) return fail({ code: Errors.unknownTable });
    await this.o.store.deleteTable(tableId);
    for (const user of this.o.users()) this.o.transport.send(user, { type: "table-removed", tableId });
    return { ok: true };
  }

  private async adjustLedger(
    from: UserId,
    request: Extract<ClientRequest, { type: "ledger-adjust" }>,
  ): Promise<HostReply> {
    const event = this.ledger.events[request.eventId];
    if (!event) return fail({ code: Errors.unknownEvent });
    if (request.reason === "") return fail({ code: Errors.reasonRequired });
    const next = adjust(event, request.account, request.credits, request.luck, request.reason, this.now(), from);
    if (!next) return fail({ code: Errors.unknownAccount });
    await this.saveLedger(withEvent(this.ledger, next));
    return { ok: true, eventId: event.id };
  }

  private summary(record: TableRecord): TableSummary {
    const status = gameById(record.gameId)?.status(record.state);
    return {
      id: record.id,
      gameId: record.gameId,
      eventId: record.eventId,
      seats: record.seats,
      version: record.version,
      over: status?.over ?? true,
      toAct: status?.toAct ?? [],
      createdAt: record.createdAt,
    };
  }

  /** How this user sees this table, or null when they may not see it at all. */
  private viewerOf(record: TableRecord, user: UserId): { viewer: Viewer; seat: SeatId | null } | null {
    const seats = record.seats.filter((s) => s.kind === "person" && s.userId === user);
    const game = gameById(record.gameId);
    const toAct = game?.status(record.state).toAct ?? [];
    // Of several seats held by one user, show the one to act (else the first).
    const seat = (seats.find((s) => toAct.includes(s.seat)) ?? seats[0])?.seat ?? null;
    if (this.o.isGM(user)) return { viewer: { role: "gm" }, seat };
    if (seat) return { viewer: { role: "seat", seat }, seat };
    if (this.o.allowSpectators ? this.o.allowSpectators() : true) return { viewer: { role: "spectator" }, seat: null };
    return null;
  }

  /** The update for one user: built from their own view, never from the state itself. */
  updateFor(record: TableRecord, user: UserId, sinceVersion: number): TableUpdate | null {
    const game = gameById(record.gameId);
    const who = this.viewerOf(record, user);
    if (!game || !who) return null;
    const status = game.status(record.state);
    const remainingMs = this.remainingMs(record, status);
    const deadline: DeadlineView | null =
      remainingMs === null || !status.deadline
        ? null
        : {
            remainingMs,
            ms: status.deadline.ms,
            ...(status.deadline.seat !== undefined ? { seat: status.deadline.seat } : {}),
          };
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
      table: this.summary(record),
      seat: who.seat,
      view: game.view(record.state, who.viewer),
      legalMoves: who.seat ? game.legalMoves(record.state, who.seat) : [],
      events,
      full: sinceVersion === 0,
      ...(record.betting
        ? { betting: bookView(record.betting, who.seat ? null : user, record.version), canBet: who.seat === null }
        : {}),
      ...(deadline ? { deadline } : {}),
    };
  }

  private pushTable(record: TableRecord, sinceVersion: number): void {
    for (const user of this.o.users()) {
      const update = this.updateFor(record, user, sinceVersion);
      if (update) this.o.transport.send(user, update);
    }
  }

  private pushAllTo(user: UserId): void {
    for (const record of this.tables.values()) {
      const update = this.updateFor(record, user, 0);
      if (update) this.o.transport.send(user, update);
    }
    this.pushLedgerTo(user);
  }

  private pushLedger(): void {
    for (const user of this.o.users()) this.pushLedgerTo(user);
  }

  /** What each account of an event has at its tables still playing. */
  private atTables(eventId: string): Map<string, { credits: number; luck: number }> {
    const out = new Map<string, { credits: number; luck: number }>();
    for (const record of this.tables.values()) {
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

  /** The GM sees every event, account and entry; a player only their own accounts. */
  private pushLedgerTo(user: UserId): void {
    const all = this.o.isGM(user);
    const events: EventView[] = [];
    for (const event of Object.values(this.ledger.events)) {
      const held = this.atTables(event.id);
      const accounts = Object.values(event.accounts)
        .filter((a) => all || a.id === user)
        .map((a) => (held.has(a.id) ? { ...a, atTables: held.get(a.id) } : a));
      if (!all && accounts.length === 0) continue;
      events.push({
        id: event.id,
        name: event.name,
        createdAt: event.createdAt,
        startingCredits: event.startingCredits,
        accounts,
        entries: event.entries.filter((e) => all || e.account === user),
      });
    }
    events.sort((a, b) => b.createdAt - a.createdAt);
    this.o.transport.send(user, { type: "ledger", events });
  }
}

/** The purses a table's seats brought from the ledger (none for games that do not use it). */
function pursesOf(record: TableRecord): Purses {
  const purses = isRecord(record.options) ? record.options.purses : undefined;
  return isRecord(purses) ? (purses as Purses) : {};
}

/** Key-sorted JSON, so two moves compare equal whatever the order of their fields. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    isRecord(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/** Whether a player's move is the game's timeout move, which only the host may apply. */
function isTimeoutMove(game: AnyGame, state: unknown, move: unknown): boolean {
  const timeout = game.timeoutMove?.(state);
  return timeout !== null && timeout !== undefined && canonical(timeout.move) === canonical(move);
}
