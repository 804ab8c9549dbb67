/**
 * The authoritative host of every table, on the GM's client: checks each request, stores each change
 * before it commits and pushes it, sends each user their own view; drives bots and deadlines on timers.
 * Details: docs/architecture.md, "src/table/host.ts".
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
  hasOwn,
  isRecord,
  seatCountError,
} from "../rules/core";
import {
  type EventLedger,
  type Ledger,
  type Purses,
  DEFAULT_STARTING_CREDITS,
  HOUSE_ACCOUNT,
  adjust,
  emptyEvent,
  emptyLedger,
  ensureAccount,
  houseTakings,
  latestEvent,
  orSame,
  own,
  ledgerPushBound,
  revive,
  matchSummary,
  seatPurses,
  settle,
  voidTable,
  withEvent,
  withHouse,
  withRecord,
  withTable,
} from "./ledger";
import {
  type ClientRequest,
  type DeadlineView,
  type EventView,
  type HostReply,
  type SeatAssignment,
  type TableOpEntry,
  type TableSpec,
  type TableSummary,
  type TableUpdate,
  type UserId,
  Errors,
  isId,
  parseRequest,
} from "./protocol";
import {
  type AnsweredRequest,
  type AnsweredRequests,
  type ArchivedTable,
  type StoreChange,
  type TableClock,
  type TableRecord,
  type TableStore,
  writeFailure,
} from "./store";
import { type Credit, type MarketSet, BetErrors, advance, bookView, cancel, newBook, placeBet } from "./betting";
import type { HostTransport } from "./transport";
import { type ReplayRecord, isFinished, replaySteps } from "./record-file";
import { replayPage, replayViewerFor } from "./replay-view";

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
  /** The games this host can run, by id (from the registry, src/games). */
  readonly games: Readonly<Record<string, AnyGame>>;
  /** Bots by game id and level; the first level listed is the default. */
  readonly bots?: Readonly<Record<string, Readonly<Record<string, AnyBot>>>>;
  readonly botDelayMs?: number;
  readonly allowSpectators?: () => boolean;
  readonly now?: () => number;
  readonly newId?: () => string;
  /** Spectator betting markets by game id (a table bets when its spec asks for `betting`). */
  readonly markets?: Readonly<Record<string, MarketSet>>;
  /** Dice for the pools' random timings, apart from the game's dice (default: seeded by the clock). */
  readonly bettingRandom?: Random;
  /** First wait before a bot's move that could not be stored is tried again (doubled each time). */
  readonly botRetryMs?: number;
  /**
   * How long a finished (and settled) table stays before it is archived: taken out of the live
   * tables and stored compacted (its result and log). Absent or null: never.
   */
  readonly archiveAfterMs?: () => number | null;
  /** An archived table read back from the store (for replays); absent: only live tables replay. */
  readonly readArchive?: (id: string) => Promise<ArchivedTable | null>;
  /** Timers for bot delays and deadlines (default: setTimeout/clearTimeout); tests inject fake ones. */
  readonly setTimer?: (run: () => void, ms: number) => unknown;
  readonly clearTimer?: (handle: unknown) => void;
}

export { HOUSE_ACCOUNT };

/** Tries of a bot's move whose write is refused before its table's bots stop. */
export const BOT_WRITE_TRIES = 4;
/** Request ids remembered per user (their first answers are given again to a repeat). */
const REMEMBERED_REQUESTS = 200;
/**
 * The last applied requests (all users together) stored with their change, so a repeat after a
 * host restart applies nothing (a client repeats a request at once after a lost reply). A fixed
 * count, so the stored record has one size bucket (src/foundry/public-size.ts).
 */
export const STORED_REQUESTS = 64;

/** The largest share of each spectator pool a table may give its match winner (percent). */
export const MAX_WINNER_SHARE = 50;

const fail = (error: RuleError): HostReply => ({ ok: false, error });

/** A change computed aside: what to store, then what to push once it is stored. */
interface Pending {
  readonly change: StoreChange;
  readonly reply: HostReply;
  /** Tables to push to everyone, with the version each push starts from. */
  readonly push?: readonly { readonly record: TableRecord; readonly since: number }[];
  readonly removed?: readonly string[];
  readonly pushLedger?: boolean;
}

export class TableHost {
  private readonly tables = new Map<string, TableRecord>();
  private ledger: Ledger = emptyLedger();
  private queue: Promise<unknown> = Promise.resolve();
  private pendingBots = 0;
  private stopped = false;
  private idCounter = 0;
  private readonly bettingRandom: Random;
  /** Per user, the answers to their recent requests by request id. */
  private readonly answered = new Map<UserId, Map<string, Promise<HostReply>>>();
  /** The applied requests as stored (the last STORED_REQUESTS), loaded at start. */
  private storedRequests: AnsweredRequests = [];
  /** The request being processed (not a move: a move repeated is recognised in the log). */
  private current: { readonly user: UserId; readonly id: string } | null = null;
  /** Per table, the bot moves in a row whose write was refused. */
  private readonly botFailures = new Map<string, number>();
  /** The timer of each table whose state has a deadline. */
  private readonly deadlineTimers = new Map<string, unknown>();
  /** Table and seat of each bot thinking (its move waits on a timer). */
  private readonly thinking = new Set<string>();

  private constructor(private readonly o: HostOptions) {
    this.bettingRandom = o.bettingRandom ?? new SeededRandom(this.now());
  }

  /** Restores stored tables and the ledger, then starts serving. */
  static async start(options: HostOptions): Promise<TableHost> {
    const host = new TableHost(options);
    const books = await options.store.load();
    for (const record of books.tables) host.tables.set(record.id, record);
    host.ledger = books.ledger ? revive(books.ledger) : emptyLedger();
    if (books.requests) {
      host.storedRequests = books.requests;
      for (const a of books.requests) {
        let mine = host.answered.get(a.user);
        if (!mine) host.answered.set(a.user, (mine = new Map()));
        mine.set(a.id, Promise.resolve(a.reply));
      }
    }
    options.transport.serve((from, request) => host.handle(from, request));
    for (const record of host.tables.values()) {
      host.scheduleBots(record.id);
      host.scheduleDeadline(record.id);
    }
    return host;
  }

  /**
   * Requests are handled one at a time, in arrival order. A request repeated with the same id (a
   * reply lost on the way) gets the first answer and applies nothing again; only a request whose
   * write was refused (nothing applied) is tried again.
   */
  handle(from: UserId, raw: unknown): Promise<HostReply> {
    void this.enqueue(() => this.archiveFinished());
    const id = requestIdOf(raw);
    if (id === null) return this.enqueue(() => this.process(from, raw));
    let mine = this.answered.get(from);
    if (!mine) this.answered.set(from, (mine = new Map()));
    const first = mine.get(id);
    if (first) return first;
    const answer = this.enqueue(async () => {
      this.current = isRecord(raw) && raw.type !== "intent" ? { user: from, id } : null;
      try {
        return await this.process(from, raw);
      } finally {
        this.current = null;
      }
    });
    mine.set(id, answer);
    if (mine.size > REMEMBERED_REQUESTS) mine.delete(mine.keys().next().value as string);
    void answer.then(
      (reply) => {
        if (!reply.ok && reply.error.code === Errors.storeFailed) mine.delete(id);
      },
      () => mine.delete(id),
    );
    return answer;
  }

  /**
   * Resolves once no request or bot move is pending (for tests and orderly shutdown); a bot still
   * thinking (`Bot.think`) waits on a timer like a deadline and is not waited for.
   */
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

  private game(id: string): AnyGame | undefined {
    return hasOwn(this.o.games, id) ? this.o.games[id] : undefined;
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
      case "rematch":
        return this.o.isGM(from) ? this.rematch(from, request.tableId) : fail({ code: Errors.gmOnly });
      case "pause":
        return this.o.isGM(from) ? this.pause(from, request.tableId, request.paused) : fail({ code: Errors.gmOnly });
      case "seat-bot":
        return this.o.isGM(from)
          ? this.handSeat(from, request.tableId, request.seat, request.bot ? "seat-bot" : "seat-player")
          : fail({ code: Errors.gmOnly });
      case "remove-player":
        return this.o.isGM(from)
          ? this.handSeat(from, request.tableId, request.seat, "remove-player")
          : fail({ code: Errors.gmOnly });
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
      case "replay":
        return this.replay(from, request.tableId, request.from, request.count);
    }
  }

  /**
   * A finished table's replay as `from` may see it (live or archived): their seat's view of each
   * step, the GM's all; refused to a user who held no seat there. Changes nothing.
   */
  private async replay(from: UserId, tableId: string, first?: number, count?: number): Promise<HostReply> {
    const record: ReplayRecord | null = this.tables.get(tableId) ?? (await this.o.readArchive?.(tableId)) ?? null;
    if (!record) return fail({ code: Errors.unknownTable });
    if (!isFinished(record)) return fail({ code: Errors.notFinished });
    const viewer = replayViewerFor(record, from, this.o.isGM(from));
    if (!viewer) return fail({ code: Errors.notSeated });
    const replayed = replaySteps(record, this.o.games);
    if (!replayed.ok) return replayed;
    const page = replayPage(record, replayed.game, replayed.steps, viewer, first, count);
    return page.ok ? { ok: true, tableId, replay: page.replay } : page;
  }

  /** The stored answered requests with `answer` added (the oldest dropped past the bound). */
  private withAnswer(answer: AnsweredRequest): AnsweredRequests {
    return [...this.storedRequests, answer].slice(-STORED_REQUESTS);
  }

  /**
   * Stores a change, then makes it the host's state and pushes it. A refused write changes
   * nothing: the caller gets the reason, so do the GMs, and every client is sent the tables
   * concerned again as they are, so no one stays on a picture the host never stored.
   */
  private async store(pending: Pending, tableIds: readonly string[] = []): Promise<HostReply> {
    const requests = this.current
      ? this.withAnswer({ user: this.current.user, id: this.current.id, reply: pending.reply })
      : null;
    try {
      await this.o.store.commit(requests ? { ...pending.change, requests } : pending.change);
    } catch (error) {
      const refused: RuleError = { code: Errors.storeFailed, params: { reason: writeFailure(error) } };
      this.noticeGMs(refused, tableIds[0]);
      for (const id of tableIds) {
        const record = this.tables.get(id);
        if (record) this.pushTable(record, 0);
      }
      return fail(refused);
    }
    if (requests) {
      this.storedRequests = requests;
      this.current = null;
    }
    for (const id of pending.change.deleted ?? []) this.tables.delete(id);
    for (const record of pending.change.archived ?? []) this.tables.delete(record.id);
    for (const record of pending.change.tables ?? []) this.tables.set(record.id, record);
    if (pending.change.ledger) this.ledger = pending.change.ledger;
    // Each stored table's countdown follows its new state (none once deleted or archived).
    for (const id of pending.change.deleted ?? []) this.clearDeadline(id);
    for (const record of pending.change.tables ?? []) this.scheduleDeadline(record.id);
    for (const p of pending.push ?? []) this.pushTable(p.record, p.since);
    for (const tableId of pending.removed ?? [])
      for (const user of this.o.users()) this.o.transport.send(user, { type: "table-removed", tableId });
    if (pending.pushLedger ?? pending.change.ledger !== undefined) this.pushLedger();
    return pending.reply;
  }

  private noticeGMs(error: RuleError, tableId?: string): void {
    for (const user of this.o.users())
      if (this.o.isGM(user))
        this.o.transport.send(user, { type: "notice", error, ...(tableId !== undefined ? { tableId } : {}) });
  }

  private async createEvent(name: string, startingCredits: number): Promise<HostReply> {
    const event = withHouse(
      emptyEvent(`e${this.newId()}`, name, startingCredits, this.now()),
      this.now(),
      this.o.hostUser,
    );
    return this.store({ change: { ledger: withEvent(this.ledger, event) }, reply: { ok: true, eventId: event.id } });
  }

  private async joinEvent(from: UserId, request: Extract<ClientRequest, { type: "event-join" }>): Promise<HostReply> {
    const event = own(this.ledger.events, request.eventId);
    if (!event) return fail({ code: Errors.unknownEvent });
    if (request.account === HOUSE_ACCOUNT) return fail({ code: Errors.reservedAccount });
    const joined = ensureAccount(event, request.account, request.name, event.startingCredits, this.now(), from);
    return this.store({ change: { ledger: withEvent(this.ledger, joined) }, reply: { ok: true, eventId: event.id } });
  }

  /** The event a new table plays in: the one asked for, else the newest, else a new one. */
  private eventFor(spec: TableSpec, startingCredits: number, ledger: Ledger): EventLedger | null {
    if (spec.eventId !== undefined) return own(ledger.events, spec.eventId) ?? null;
    return (
      latestEvent(ledger) ??
      withHouse(emptyEvent(`e${this.newId()}`, "", startingCredits, this.now()), this.now(), this.o.hostUser)
    );
  }

  private async create(from: UserId, spec: TableSpec): Promise<HostReply> {
    const built = this.newTable(from, spec, this.ledger);
    if (!built.ok) return fail(built.error);
    const { record, ledger } = built;
    // The table and the purses it took from the ledger are one change.
    const reply = await this.store({
      change: { tables: [record], ...(ledger !== this.ledger ? { ledger } : {}) },
      reply: { ok: true, tableId: record.id, version: 0 },
      push: [{ record, since: 0 }],
    });
    if (reply.ok) this.scheduleBots(record.id);
    return reply;
  }

  /**
   * A new table from a spec, and the ledger with the purses its seats brought (on `ledgerBefore`):
   * computed aside, nothing of the host's state changes here.
   */
  private newTable(
    from: UserId,
    spec: TableSpec,
    ledgerBefore: Ledger,
  ): { ok: true; record: TableRecord; ledger: Ledger } | { ok: false; error: RuleError } {
    const fail = (error: RuleError) => ({ ok: false as const, error });
    const game = this.game(spec.gameId);
    if (!game) return fail({ code: Errors.unknownGame, params: { game: spec.gameId } });
    if (spec.seats.length < game.minSeats || spec.seats.length > game.maxSeats) {
      return fail(seatCountError(game.minSeats, game.maxSeats));
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
        // A bot of a game that uses the ledger plays from the house's purse (its stake is set below).
        account: s.kind === "bot" ? (game.usesLedger ? HOUSE_ACCOUNT : `bot:${name}`) : (s.account ?? s.userId ?? name),
        ...(botLevel ? { botLevel } : {}),
      };
    });
    if (seats.some((s) => s.kind === "person" && !s.userId)) return fail({ code: Errors.malformed });
    if (seats.some((s) => s.kind === "person" && s.account === HOUSE_ACCOUNT))
      return fail({ code: Errors.reservedAccount });
    if (seats.some((s) => s.kind === "bot" && !s.botLevel))
      return fail({ code: "CANTINA.Error.NoBot", params: { game: game.id } });
    // Two seats on one account would each bring the whole balance to the table.
    const twice = seats.find((s, i) => s.kind === "person" && seats.findIndex((o) => o.account === s.account) !== i);
    if (game.usesLedger && twice) return fail({ code: Errors.sameAccountTwice, params: { name: twice.name } });
    const ids = seats.map((s) => s.seat);
    const defaults = game.defaultOptions() as Record<string, unknown>;
    const options: Record<string, unknown> = {
      ...defaults,
      ...(isRecord(spec.options) ? spec.options : {}),
    };
    const defaultCredits =
      typeof options.defaultCredits === "number" ? options.defaultCredits : DEFAULT_STARTING_CREDITS;
    let event = this.eventFor(spec, defaultCredits, ledgerBefore);
    if (!event) return fail({ code: Errors.unknownEvent });
    const eventBefore = own(ledgerBefore.events, event.id);
    const tableId = this.newId();
    const share = spec.betting?.winnerShare;
    if (share !== undefined && (!Number.isSafeInteger(share) || share < 0 || share > MAX_WINNER_SHARE))
      return fail({ code: Errors.badOption, params: { option: "winnerShare" } });
    let purses: Purses | undefined;
    event = withTable(event, tableId, game.id, game.nameKey);
    if (game.usesLedger) {
      const defaultLuck = typeof options.defaultLuck === "number" ? options.defaultLuck : undefined;
      const startingCredits = event.startingCredits;
      seats.forEach((s, i) => {
        if (s.kind === "bot") seats[i] = { ...s, stake: spec.seats[i]?.stake ?? startingCredits };
      });
      for (const s of seats)
        if (s.stake === undefined)
          event = ensureAccount(event, s.account, s.name, event.startingCredits, this.now(), from, defaultLuck);
      // Each seat brings its whole purse (a bot its stake from the house), which stays at the table until the match is settled.
      const seated = seatPurses(event, tableId, seats, this.now(), from, defaultLuck);
      event = seated.event;
      purses = seated.purses;
    }
    const optionError = game.checkOptions(options, ids);
    if (optionError) return fail(optionError);
    const random = new RecordingRandom(this.o.random);
    const setup = game.setup(ids, options, random, purses);
    if (!setup.ok) return fail(setup.error);
    const clock = this.clockFor(game.status(setup.state), undefined);
    let record: TableRecord = {
      id: tableId,
      gameId: game.id,
      eventId: event.id,
      options,
      ...(purses ? { purses } : {}),
      seats,
      state: setup.state,
      version: 0,
      createdAt: this.now(),
      settled: false,
      log: [{ version: 0, seat: null, move: null, dice: random.results, events: setup.events }],
      ...(clock ? { clock } : {}),
    };
    const markets = this.o.markets?.[game.id];
    if (markets && spec.betting) {
      const book = newBook(record.id, spec.betting.winnerShare, ids, markets, 0, (n) => this.bettingRandom.die(n));
      record = { ...record, betting: book };
    }
    return { ok: true, record, ledger: event !== eventBefore ? withEvent(ledgerBefore, event) : ledgerBefore };
  }

  private async intent(from: UserId, request: Extract<ClientRequest, { type: "intent" }>): Promise<HostReply> {
    const record = this.tables.get(request.tableId);
    if (!record) return fail({ code: Errors.unknownTable });
    const game = this.game(record.gameId);
    if (!game) return fail({ code: Errors.unknownGame, params: { game: record.gameId } });
    const held = record.seats.filter((s) => s.kind === "person" && s.userId === from).map((s) => s.seat);
    if (held.length === 0 || (request.seat !== undefined && !held.includes(request.seat)))
      return fail({ code: Errors.notYourSeat });
    const done = request.requestId !== undefined ? appliedMove(record, held, request.version, request.move) : null;
    if (done) return done;
    const status = game.status(record.state);
    if (status.over) return fail({ code: Errors.tableOver });
    if (record.paused) return fail({ code: Errors.paused });
    // A user holding several seats acts for whichever of them is to act.
    const seat = (request.seat !== undefined ? [request.seat] : held).find((s) => status.toAct.includes(s));
    if (!seat) return fail({ code: Errors.notYourTurn });
    if (request.version !== record.version) return fail({ code: Errors.stale, params: { current: record.version } });
    if (!game.isMove(request.move)) return fail({ code: Errors.malformed });
    if (isTimeoutMove(game, record.state, request.move)) return fail({ code: Errors.timeoutMove });
    const next = this.computeMove(record, game, seat, request.move);
    if (!next.ok) return fail(next.error);
    const reply = await this.store(next.value, [record.id]);
    if (reply.ok) {
      this.botFailures.delete(record.id);
      this.scheduleBots(record.id);
    }
    return reply;
  }

  /**
   * A move, the settlement of the match it ends and the pools it settles, as one change to store:
   * nothing of the host's state changes here.
   */
  private computeMove(
    record: TableRecord,
    game: AnyGame,
    seat: SeatId,
    move: unknown,
    timeout = false,
  ): { ok: true; value: Pending } | { ok: false; error: RuleError } {
    const random = new RecordingRandom(this.o.random);
    // The host's clock on the move (a solo stopwatch), whatever a client wrote: applied and logged so.
    if (game.stampMove) move = game.stampMove(move, this.playedMs(record));
    const applied = game.apply(record.state, seat, move, random);
    if (!applied.ok) return { ok: false, error: applied.error };
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
    if (status.over && next.finishedAt === undefined) next = { ...next, finishedAt: this.now() };
    let ledger = this.ledger;
    const event = own(ledger.events, record.eventId);
    const settling = status.over && status.result && !next.settled && event;
    if (settling && status.result) {
      ledger = withEvent(
        ledger,
        settle(event, record.id, record.seats, pursesOf(record), status.result, this.now(), this.o.hostUser),
      );
      next = { ...next, settled: true };
    }
    // The game just ended: a personal record it sets is kept for the seat's user, in the same change.
    const best = status.over && !game.status(record.state).over ? game.personalRecord?.(next.state) : null;
    const holder = best ? record.seats.find((s) => s.seat === best.seat && s.kind === "person")?.userId : null;
    if (best && best.value !== null && holder)
      ledger = withRecord(ledger, holder, best.key, {
        value: best.value,
        better: best.better,
        at: this.now(),
        tableId: record.id,
      });
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
      ledger = this.withCredits(ledger, next, moved.credits);
    }
    // The match just ended: chat gets its money in a few lines (who won, each seat's net, the house).
    if (settling && status.result && (game.usesLedger || next.betting)) {
      const summary = matchSummary(record.seats, pursesOf(record), status.result, next.betting);
      const [last, ...earlier] = [...next.log].reverse();
      if (last) next = { ...next, log: [...earlier.reverse(), { ...last, events: [...last.events, ...summary] }] };
    }
    return {
      ok: true,
      value: {
        change: { tables: [next], ...(ledger !== this.ledger ? { ledger } : {}) },
        reply: { ok: true, version },
        push: [{ record: next, since: record.version + 1 }],
      },
    };
  }

  /** Finished tables whose time is up, archived in one change (their results are in the ledger). */
  private async archiveFinished(): Promise<void> {
    const after = this.o.archiveAfterMs?.();
    if (after === undefined || after === null) return;
    const due = [...this.tables.values()].filter(
      (r) =>
        r.finishedAt !== undefined &&
        this.now() - r.finishedAt >= after &&
        (r.settled || !this.game(r.gameId)?.usesLedger) &&
        (!r.betting || r.betting.over),
    );
    if (due.length === 0) return;
    try {
      await this.o.store.commit({ archived: due });
    } catch {
      return; // Kept live; tried again with the next request.
    }
    for (const record of due) {
      this.tables.delete(record.id);
      for (const user of this.o.users()) this.o.transport.send(user, { type: "table-removed", tableId: record.id });
    }
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

  /**
   * Milliseconds a table has been played: since it was created, less the time it stood paused (from
   * its pause and resume ops; a paused table's time stands where the pause found it).
   */
  private playedMs(record: TableRecord): number {
    let stood = 0;
    let pausedAt: number | null = null;
    for (const o of record.ops ?? []) {
      if (o.op === "pause") pausedAt = o.at;
      else if (o.op === "resume" && pausedAt !== null) {
        stood += o.at - pausedAt;
        pausedAt = null;
      }
    }
    const until = record.paused ? record.paused.at : this.now();
    return Math.max(0, until - record.createdAt - stood);
  }

  /** Milliseconds left on a table's countdown (0 once run out), or null when it has none. */
  private remainingMs(record: TableRecord, status: GameStatus): number | null {
    if (!record.clock || !status.deadline || status.over) return null;
    // A paused table's countdown stands where the pause found it.
    const at = record.paused ? record.paused.at : this.now();
    return Math.max(0, record.clock.startedAt + status.deadline.ms - at);
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
    const game = record && this.game(record.gameId);
    if (!record || !game?.timeoutMove || record.paused) return;
    const remaining = this.remainingMs(record, game.status(record.state));
    if (remaining === null) return;
    this.armDeadline(tableId, record.version, remaining);
  }

  private armDeadline(tableId: string, version: number, ms: number): void {
    const handle = this.setTimer(() => {
      if (this.deadlineTimers.get(tableId) !== handle) return;
      this.deadlineTimers.delete(tableId);
      void this.enqueue(() => this.expire(tableId, version));
    }, ms);
    this.deadlineTimers.set(tableId, handle);
  }

  /**
   * A deadline ran out: the game's timeout move, logged and stored like any move, unless a move
   * came first. A timeout move whose write is refused is tried again after the bots' retry wait.
   */
  private async expire(tableId: string, version: number): Promise<void> {
    const record = this.tables.get(tableId);
    const game = record && this.game(record.gameId);
    if (this.stopped || !record || !game?.timeoutMove || record.version !== version || record.paused) return;
    const remaining = this.remainingMs(record, game.status(record.state));
    if (remaining === null) return;
    if (remaining > 0) {
      this.scheduleDeadline(tableId); // the timer fired early
      return;
    }
    const timeout = game.timeoutMove(record.state);
    if (!timeout) return;
    const next = this.computeMove(record, game, timeout.seat, timeout.move, true);
    if (!next.ok) return;
    const reply = await this.store(next.value, [tableId]);
    if (reply.ok) this.scheduleBots(tableId);
    else if (!this.stopped) this.armDeadline(tableId, version, this.o.botRetryMs ?? 500);
  }

  private scheduleBots(tableId: string, delayMs = this.o.botDelayMs ?? 0): void {
    if (this.stopped) return;
    const record = this.tables.get(tableId);
    if (!record || record.paused) return;
    const game = this.game(record.gameId);
    if (!game) return;
    const status = game.status(record.state);
    if (status.over) return;
    const acting = record.seats.filter((s) => s.kind === "bot" && status.toAct.includes(s.seat));
    // Bots that think each decide now and move after their own delay, side by side (a race).
    for (const seat of acting) if (this.botOf(game.id, seat)?.think) this.startThinking(tableId, seat.seat);
    if (!acting.some((s) => !this.botOf(game.id, s)?.think)) return;
    this.pendingBots++;
    this.setTimer(() => {
      void this.enqueue(async () => {
        try {
          if (!this.stopped) await this.botStep(tableId);
        } finally {
          this.pendingBots--;
        }
      });
    }, delayMs);
  }

  private async botStep(tableId: string): Promise<void> {
    const record = this.tables.get(tableId);
    const game = record && this.game(record.gameId);
    if (!record || !game || record.paused) return;
    const status = game.status(record.state);
    const seat = record.seats.find(
      (s) => s.kind === "bot" && status.toAct.includes(s.seat) && !this.botOf(game.id, s)?.think,
    );
    if (!seat || status.over) return;
    const bot = this.botOf(game.id, seat);
    const legal = game.legalMoves(record.state, seat.seat);
    if (!bot || legal.length === 0) return;
    const move = bot.choose(game.view(record.state, { role: "seat", seat: seat.seat }), legal, this.o.random);
    // A bot's mistake must not stall the table: fall back to its first legal move.
    let next = this.computeMove(record, game, seat.seat, move);
    if (!next.ok) next = this.computeMove(record, game, seat.seat, legal[0]);
    if (!next.ok) return;
    await this.storeBotMove(tableId, next.value, (delayMs) => this.scheduleBots(tableId, delayMs));
  }

  /**
   * Stores a bot's move, then lets the next bot play. Not stored: `retry` after a delay that grows
   * with each failure, until the GMs are told the bots stopped.
   */
  private async storeBotMove(tableId: string, pending: Pending, retry: (delayMs: number) => void): Promise<void> {
    const reply = await this.store(pending, [tableId]);
    if (reply.ok) {
      this.botFailures.delete(tableId);
      this.scheduleBots(tableId);
      return;
    }
    const failures = (this.botFailures.get(tableId) ?? 0) + 1;
    this.botFailures.set(tableId, failures);
    if (failures < BOT_WRITE_TRIES) retry((this.o.botRetryMs ?? 500) * 2 ** (failures - 1));
    else this.noticeGMs({ code: Errors.botsStopped, params: { table: tableId } }, tableId);
  }

  private botOf(gameId: string, seat: SeatAssignment): AnyBot | undefined {
    const levels = this.o.bots?.[gameId];
    return levels && seat.botLevel !== undefined && hasOwn(levels, seat.botLevel) ? levels[seat.botLevel] : undefined;
  }

  /**
   * A thinking bot decides now and its move is applied after the delay it chose, on the host's timers.
   * One thought per seat at a time; `idle()` does not wait for it (like a deadline).
   */
  private startThinking(tableId: string, seat: SeatId): void {
    const key = `${tableId}\u0000${seat}`;
    if (this.stopped || this.thinking.has(key)) return;
    const record = this.tables.get(tableId);
    const game = record && this.game(record.gameId);
    const assigned = record?.seats.find((s) => s.seat === seat);
    const bot = game && assigned && this.botOf(game.id, assigned);
    if (!record || !game || !bot?.think) return;
    const legal = game.legalMoves(record.state, seat);
    if (legal.length === 0) return;
    const thought = bot.think(game.view(record.state, { role: "seat", seat }), legal, this.o.random);
    const version = record.version;
    this.thinking.add(key);
    this.setTimer(
      () => {
        void this.enqueue(async () => {
          this.thinking.delete(key);
          if (!this.stopped) await this.thoughtMove(tableId, seat, thought.move, version, legal[0]);
        });
      },
      Math.max(0, thought.delayMs),
    );
  }

  /**
   * A thinking bot's move, once its time is up. When the table moved on meanwhile and the move no
   * longer applies (a new round), the bot thinks again; a mistake on an unchanged table falls back
   * to its first legal move.
   */
  private async thoughtMove(
    tableId: string,
    seat: SeatId,
    move: unknown,
    version: number,
    fallback: unknown,
  ): Promise<void> {
    const record = this.tables.get(tableId);
    const game = record && this.game(record.gameId);
    // Paused: the thought is dropped; the bot thinks again when the table resumes.
    if (!record || !game || record.paused) return;
    const status = game.status(record.state);
    if (status.over || !status.toAct.includes(seat)) return;
    let next = this.computeMove(record, game, seat, move);
    if (!next.ok && record.version === version) next = this.computeMove(record, game, seat, fallback);
    if (!next.ok) {
      this.startThinking(tableId, seat);
      return;
    }
    await this.storeBotMove(tableId, next.value, (delayMs) =>
      this.setTimer(() => void this.enqueue(() => this.thoughtMove(tableId, seat, move, version, fallback)), delayMs),
    );
  }

  /**
   * The ledger with betting credits written into the table's event. Every credit lands in an
   * account: the house's is opened with nothing, and an account gone missing is opened empty.
   */
  private withCredits(ledger: Ledger, record: TableRecord, credits: readonly Credit[]): Ledger {
    let event = own(ledger.events, record.eventId);
    if (!event || credits.length === 0) return ledger;
    for (const c of credits) {
      event =
        c.account === HOUSE_ACCOUNT
          ? withHouse(event, this.now(), this.o.hostUser)
          : ensureAccount(event, c.account, c.account, 0, this.now(), this.o.hostUser, 0);
      const reason = `${c.reason} ${record.id}${c.pool ? `/${c.pool}` : ""}`;
      const detail = {
        table: record.id,
        bet: c.reason === "bet" ? ("stake" as const) : c.reason,
        ...(c.pool ? { pool: c.pool } : {}),
        ...(c.market ? { market: c.market } : {}),
      };
      event = orSame(adjust(event, c.account, c.amount, 0, reason, this.now(), this.o.hostUser, "bet", detail), event);
    }
    return withEvent(ledger, event);
  }

  /** A spectator's bet: only a user holding no seat at the table, with the credits in their event account. */
  private async sideBet(from: UserId, request: Extract<ClientRequest, { type: "side-bet" }>): Promise<HostReply> {
    const record = this.tables.get(request.tableId);
    if (!record) return fail({ code: Errors.unknownTable });
    if (!record.betting) return fail({ code: BetErrors.noBetting });
    if (record.seats.some((s) => (s.kind === "person" && s.userId === from) || s.awayUserId === from))
      return fail({ code: BetErrors.seated });
    // Who may not watch may not bet either.
    if (!this.viewerOf(record, from)) return fail({ code: Errors.noSpectators });
    let event = own(this.ledger.events, record.eventId);
    if (!event) return fail({ code: Errors.unknownEvent });
    // Joining an event is the GM's act: a bet never opens an account.
    const account = own(event.accounts, from);
    if (!account || from === HOUSE_ACCOUNT) return fail({ code: BetErrors.noAccount });
    const balance = account.credits;
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
    if (!placed.ok) return fail(placed.error);
    const market = record.betting.pools.find((p) => p.id === request.pool)?.market;
    const detail = { table: record.id, bet: "stake" as const, pool: request.pool, ...(market ? { market } : {}) };
    event = orSame(
      adjust(event, from, -request.amount, 0, `bet ${record.id}/${request.pool}`, this.now(), from, "bet", detail),
      event,
    );
    const next: TableRecord = { ...record, betting: placed.book };
    // The stake leaves the account and enters the pool in one change.
    return this.store(
      {
        change: { tables: [next], ledger: withEvent(this.ledger, event) },
        reply: { ok: true, version: record.version },
        push: [{ record: next, since: record.version + 1 }],
      },
      [record.id],
    );
  }

  /** Refunds, the house's share, the purses returned and the table's removal: one change. */
  private async end(tableId: string): Promise<HostReply> {
    const ending = this.tables.get(tableId);
    if (!ending) return fail({ code: Errors.unknownTable });
    const ledger = this.calledOff(ending);
    return this.store(
      {
        change: { deleted: [tableId], ...(ledger !== this.ledger ? { ledger } : {}) },
        reply: { ok: true },
        removed: [tableId],
      },
      [tableId],
    );
  }

  /** The ledger once a table is called off: its open pools refunded, the purses of an unsettled match returned as they came. */
  private calledOff(ending: TableRecord): Ledger {
    let ledger = this.ledger;
    if (ending.betting && !ending.betting.over)
      ledger = this.withCredits(ledger, ending, cancel(ending.betting, HOUSE_ACCOUNT).credits);
    // A match ended before its end: every seat gets its purse back as it came.
    const event = !ending.settled ? own(ledger.events, ending.eventId) : undefined;
    if (event)
      ledger = withEvent(
        ledger,
        voidTable(event, ending.id, ending.seats, pursesOf(ending), this.now(), this.o.hostUser),
      );
    return ledger;
  }

  /** A GM's operation as the table's record keeps it. */
  private op(by: UserId, op: TableOpEntry["op"], extra: { seat?: SeatId; from?: string } = {}): TableOpEntry {
    return { at: this.now(), by, op, ...extra };
  }

  /**
   * Deals again: a new table with the same seats, options, event and betting, and the old one taken
   * away (archived when its match was settled, else called off as by `end`), in one change. Asked
   * again for a table already dealt again, it answers with that new table.
   */
  private async rematch(from: UserId, tableId: string): Promise<HostReply> {
    const old = this.tables.get(tableId);
    if (!old) {
      const dealt = [...this.tables.values()].find((r) => r.ops?.some((o) => o.op === "rematch" && o.from === tableId));
      return dealt ? { ok: true, tableId: dealt.id, version: dealt.version } : fail({ code: Errors.unknownTable });
    }
    // A finished match is kept in the archive; an unfinished one is called off (nothing if settled already).
    const finished = old.finishedAt !== undefined;
    const ledgerBefore = this.calledOff(old);
    const spec: TableSpec = {
      gameId: old.gameId,
      eventId: old.eventId,
      seats: old.seats.map((s) => ({
        name: s.name,
        kind: s.kind,
        userId: s.userId,
        account: s.account,
        ...(s.botLevel !== undefined ? { botLevel: s.botLevel } : {}),
        ...(s.stake !== undefined ? { stake: s.stake } : {}),
      })),
      options: old.options,
      ...(old.betting ? { betting: { winnerShare: old.betting.sharePct } } : {}),
    };
    const built = this.newTable(from, spec, ledgerBefore);
    if (!built.ok) return fail(built.error);
    // A seat a bot holds for an absent player stays theirs to take back at the new table.
    const seats = built.record.seats.map((s, i) => {
      const away = old.seats[i]?.awayUserId;
      return away !== undefined ? { ...s, awayUserId: away } : s;
    });
    const record: TableRecord = {
      ...built.record,
      seats,
      ops: [this.op(from, "rematch", { from: old.id })],
    };
    const ledger = built.ledger;
    const reply = await this.store(
      {
        change: {
          tables: [record],
          ...(finished ? { archived: [old] } : { deleted: [old.id] }),
          ...(ledger !== this.ledger ? { ledger } : {}),
        },
        reply: { ok: true, tableId: record.id, version: 0 },
        push: [{ record, since: 0 }],
        removed: [old.id],
        pushLedger: true,
      },
      [old.id],
    );
    if (reply.ok) this.scheduleBots(record.id);
    return reply;
  }

  /**
   * Pauses or resumes a table. While paused no move is taken (players are told why), bots wait and
   * the countdown stands still: on resume it starts again from where it stood. Asking for the state
   * the table is in changes nothing.
   */
  private async pause(from: UserId, tableId: string, paused: boolean): Promise<HostReply> {
    const record = this.tables.get(tableId);
    if (!record) return fail({ code: Errors.unknownTable });
    if ((record.paused !== undefined) === paused) return { ok: true, version: record.version };
    const ops = [...(record.ops ?? []), this.op(from, paused ? "pause" : "resume")];
    let next: TableRecord;
    if (paused) next = { ...record, paused: { at: this.now(), by: from }, ops };
    else {
      const { paused: was, ...rest } = record;
      const stood = was ? this.now() - was.at : 0;
      next = {
        ...rest,
        ops,
        ...(record.clock ? { clock: { ...record.clock, startedAt: record.clock.startedAt + stood } } : {}),
      };
    }
    const reply = await this.store(
      {
        change: { tables: [next] },
        reply: { ok: true, version: record.version },
        push: [{ record: next, since: record.version + 1 }],
      },
      [record.id],
    );
    if (reply.ok && !paused) this.scheduleBots(record.id);
    return reply;
  }

  /**
   * A seat changes hands: a player's seat to a bot, kept for them (`seat-bot`); back to that player
   * (`seat-player`); or to a bot for good (`remove-player`). The seat's account and purse stay as
   * they are. Asking for what the seat already is changes nothing.
   */
  private async handSeat(
    from: UserId,
    tableId: string,
    seatId: SeatId,
    op: "seat-bot" | "seat-player" | "remove-player",
  ): Promise<HostReply> {
    const record = this.tables.get(tableId);
    if (!record) return fail({ code: Errors.unknownTable });
    const seat = record.seats.find((s) => s.seat === seatId);
    if (!seat) return fail({ code: Errors.unknownSeat });
    const levels = this.o.bots?.[record.gameId] ?? {};
    const level = Object.keys(levels)[0];
    const { awayUserId, botLevel: _level, ...plain } = seat;
    let next: SeatAssignment;
    switch (op) {
      case "seat-bot":
        if (seat.kind === "bot") return { ok: true, version: record.version };
        if (!seat.userId) return fail({ code: Errors.notAPlayer });
        if (!level) return fail({ code: "CANTINA.Error.NoBot", params: { game: record.gameId } });
        next = { ...plain, kind: "bot", userId: null, botLevel: level, awayUserId: seat.userId };
        break;
      case "seat-player":
        if (seat.kind === "person") return { ok: true, version: record.version };
        if (awayUserId === undefined) return fail({ code: Errors.nobodyAway });
        next = { ...plain, kind: "person", userId: awayUserId };
        break;
      case "remove-player":
        if (seat.kind === "bot" && awayUserId === undefined) return { ok: true, version: record.version };
        if (seat.kind === "person" && !seat.userId) return fail({ code: Errors.notAPlayer });
        if (!level && seat.kind === "person")
          return fail({ code: "CANTINA.Error.NoBot", params: { game: record.gameId } });
        next = { ...plain, kind: "bot", userId: null, botLevel: seat.botLevel ?? level ?? "" };
        break;
    }
    const changed: TableRecord = {
      ...record,
      seats: record.seats.map((s) => (s.seat === seatId ? next : s)),
      ops: [...(record.ops ?? []), this.op(from, op, { seat: seatId })],
    };
    const reply = await this.store(
      {
        change: { tables: [changed] },
        reply: { ok: true, version: record.version },
        push: [{ record: changed, since: record.version + 1 }],
      },
      [record.id],
    );
    if (reply.ok) this.scheduleBots(record.id);
    return reply;
  }

  private async adjustLedger(
    from: UserId,
    request: Extract<ClientRequest, { type: "ledger-adjust" }>,
  ): Promise<HostReply> {
    const event = own(this.ledger.events, request.eventId);
    if (!event) return fail({ code: Errors.unknownEvent });
    if (request.reason === "") return fail({ code: Errors.reasonRequired });
    const next = adjust(event, request.account, request.credits, request.luck, request.reason, this.now(), from);
    if (!next.ok) return fail(next.error);
    return this.store({
      change: { ledger: withEvent(this.ledger, next.event) },
      reply: { ok: true, eventId: event.id },
    });
  }

  private summary(record: TableRecord): TableSummary {
    const status = this.game(record.gameId)?.status(record.state);
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
      ...(status?.over && status.result
        ? { result: { winners: status.result.winners, creditDelta: status.result.creditDelta } }
        : {}),
    };
  }

  /** How this user sees this table, or null when they may not see it at all. */
  private viewerOf(record: TableRecord, user: UserId): { viewer: Viewer; seat: SeatId | null } | null {
    const seats = record.seats.filter((s) => s.kind === "person" && s.userId === user);
    const game = this.game(record.gameId);
    const toAct = game?.status(record.state).toAct ?? [];
    // Of several seats held by one user, show the one to act (else the first).
    const seat = (seats.find((s) => toAct.includes(s.seat)) ?? seats[0])?.seat ?? null;
    if (this.o.isGM(user)) return { viewer: seat ? { role: "gm", seat } : { role: "gm" }, seat };
    if (seat) return { viewer: { role: "seat", seat }, seat };
    if (this.o.allowSpectators ? this.o.allowSpectators() : true) return { viewer: { role: "spectator" }, seat: null };
    return null;
  }

  /** The update for one user: built from their own view, never from the state itself. */
  updateFor(record: TableRecord, user: UserId, sinceVersion: number): TableUpdate | null {
    const game = this.game(record.gameId);
    const who = this.viewerOf(record, user);
    if (!game || !who) return null;
    const status = game.status(record.state);
    const remainingMs = this.remainingMs(record, status);
    const deadline: DeadlineView | null =
      remainingMs === null || !status.deadline || record.paused
        ? null
        : {
            remainingMs,
            ms: status.deadline.ms,
            ...(status.deadline.seat !== undefined ? { seat: status.deadline.seat } : {}),
          };
    // The same time the host stamps moves with (`computeMove`); a paused table's stopwatch stands, unshown.
    const stopwatch = status.stopwatch && !status.over && !record.paused ? { elapsedMs: this.playedMs(record) } : null;
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
      legalMoves: !who.seat
        ? []
        : game.shownMoves
          ? game.shownMoves(record.state, who.seat)
          : game.legalMoves(record.state, who.seat),
      events,
      full: sinceVersion === 0,
      ...(record.betting
        ? { betting: bookView(record.betting, who.seat ? null : user, record.version), canBet: who.seat === null }
        : {}),
      ...(deadline ? { deadline } : {}),
      ...(stopwatch ? { stopwatch } : {}),
      ...(game.personalRecord ? { records: (this.ledger.records && own(this.ledger.records, user)) ?? {} } : {}),
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
        ...(all ? { houseTakings: houseTakings(event) } : {}),
        ...(event.tables ? { tables: event.tables } : {}),
      });
    }
    events.sort((a, b) => b.createdAt - a.createdAt);
    const records = (this.ledger.records && own(this.ledger.records, user)) ?? {};
    // Padded to a bound of public facts, the same for every user: which part is theirs does not show.
    const bound = ledgerPushBound(Object.values(this.ledger.events), Object.keys(records).length);
    this.o.transport.send(user, { type: "ledger", events, records, bound });
  }
}

/** The id a client gave its request, if any (a sync is never remembered: it only pushes). */
function requestIdOf(raw: unknown): string | null {
  if (!isRecord(raw)) return null;
  return raw.type !== "sync" && isId(raw.requestId) ? raw.requestId : null;
}

/**
 * The first answer to a move repeated after its reply was lost (or the host restarted): the log
 * holds, right after the version the move was made at, that move by one of the caller's seats.
 * Nothing is applied again; moves need no stored request id, their log says it.
 */
function appliedMove(record: TableRecord, held: readonly SeatId[], version: number, move: unknown): HostReply | null {
  if (version >= record.version) return null;
  const entry = record.log.find((e) => e.version === version + 1);
  if (!entry || entry.seat === null || !held.includes(entry.seat) || entry.timeout) return null;
  return canonical(entry.move) === canonical(move) ? { ok: true, version: entry.version } : null;
}

/** The purses a table's seats brought from the ledger (none for games that do not use it). */
export function pursesOf(record: TableRecord): Purses {
  if (record.purses) return record.purses;
  // Tables stored before the purses left the options kept them there.
  const legacy = isRecord(record.options) ? record.options.purses : undefined;
  return isRecord(legacy) ? (legacy as Purses) : {};
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
