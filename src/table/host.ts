/**
 * The authoritative host of every table, on the GM's client: queues requests, answers repeats once,
 * hands each to its operation (src/table/ops), stores the one change it gives, then pushes it.
 * Details: docs/table.md, "src/table/host.ts".
 */
import { type Result, type RuleError, type SeatId, SeededRandom, isRecord, refuse, refused } from "../rules/core";
import { HOUSE_ACCOUNT, type Ledger, emptyLedger, revive } from "./ledger";
import { type HostReply, type TableSummary, type TableUpdate, type UserId, Errors } from "./protocol";
import { type AnsweredRequests, type TableRecord, writeFailure } from "./store";
import type { HostOptions } from "./host-options";
import { readRequest, requestIdOf } from "./bounds";
import { BOT_WRITE_TRIES, BotDriver } from "./bot-driver";
import { restartedTurn } from "./clock";
import { SYSTEM_SCHEDULER, TimerService } from "./timer-service";
import type { HostServices } from "./host-services";
import type { PendingTimer } from "./timer-service";
import { Updates, tableSummary, tableUpdate } from "./updates";
import { type Books, type OpContext, type OpResult, type Outcome, gameOf, pursesOf } from "./context";
import { applyMove } from "./ops/apply-move";
import { dueForArchive } from "./ops/archive";
import { GM_ONLY, concernRefusal, operate, tableOf } from "./ops/dispatch";
import { MAX_WINNER_SHARE } from "./ops/new-table";
import { checkTurn } from "./ops/move";
import { replay } from "./ops/replay";
import { Watchers } from "./concerns/watchers/watchers";
import { AFTER_MOVE, CONCERNS } from "./concerns";
import { type TransferHost, finishTransfers, transferRequest, mayRetry } from "./concerns/tournament/transfer-host";

export type { HostOptions };
export { BOT_WRITE_TRIES, HOUSE_ACCOUNT, MAX_WINNER_SHARE, pursesOf };

/** Request ids remembered per user (their first answers are given again to a repeat). */
const REMEMBERED_REQUESTS = 200;
/**
 * The last applied requests (all users together) stored with their change, so a repeat after a
 * host restart applies nothing (a client repeats a request at once after a lost reply). A fixed
 * count, so the stored record has one size bucket (src/foundry/public-size.ts).
 */
export const STORED_REQUESTS = 64;
/** Times a table whose push failed is sent again (the wait doubling from `botRetryMs`) before it is only logged. */
export const PUSH_TRIES = 5;
/** The resend key of the ledger (a table's key is its id). */
const LEDGER_PUSH = "\u0000ledger";

export class TableHost {
  private readonly tables = new Map<string, TableRecord>();
  private ledger: Ledger = emptyLedger();
  private queue: Promise<unknown> = Promise.resolve();
  private stopped = false;
  private idCounter = 0;
  private readonly ctx: OpContext;
  private readonly updates: Updates;
  private readonly bots: BotDriver;
  private readonly timers: TimerService;
  private readonly hostServices: HostServices;
  private readonly watching = new Watchers();
  /** Per user, the answers to their recent requests by request id. */
  private readonly answered = new Map<UserId, Map<string, Promise<HostReply>>>();
  /** The applied requests as stored (the last STORED_REQUESTS), loaded at start. */
  private storedRequests: AnsweredRequests = [];
  /** The request being processed (not a move: a move repeated is recognised in the log). */
  private current: { readonly user: UserId; readonly id: string } | null = null;
  /** Pushes that failed, by table id (or LEDGER_PUSH): how often they were tried again (a waiting resend is a "push" timer). */
  private readonly pushTries = new Map<string, number>();

  private constructor(private readonly o: HostOptions) {
    const now = (): number => (o.now ? o.now() : SYSTEM_SCHEDULER.now());
    this.timers = new TimerService(
      {
        now,
        setTimer: o.setTimer ?? SYSTEM_SCHEDULER.setTimer,
        clearTimer: o.clearTimer ?? SYSTEM_SCHEDULER.clearTimer,
      },
      (work) => this.enqueue(work),
    );
    this.ctx = {
      games: o.games,
      ...(o.bots ? { bots: o.bots } : {}),
      ...(o.botTime ? { botTime: o.botTime } : {}),
      ...(o.markets ? { markets: o.markets } : {}),
      hostUser: o.hostUser,
      isGM: o.isGM,
      ...(o.allowSpectators ? { allowSpectators: o.allowSpectators } : {}),
      now,
      newId: () => (o.newId ? o.newId() : `t${now().toString(36)}${(++this.idCounter).toString(36)}`),
      random: o.random,
      bettingRandom: o.bettingRandom ?? new SeededRandom(now()),
      afterMove: AFTER_MOVE,
      // Only users still here: one who left (a Foundry user gone inactive) is not listed as watching.
      watchers: (tableId) => this.watching.of(tableId).filter((u) => o.connected?.(u) ?? true),
      ...(o.characters ? { characters: o.characters } : {}),
    };
    this.updates = new Updates(this.ctx, CONCERNS, o.transport, o.users, () => this.books(), o.deltas ?? false);
    this.updates.onSendFailed = (tableId, error) => this.pushFailed(tableId ?? LEDGER_PUSH, error);
    this.hostServices = this.services();
    this.bots = new BotDriver(this.hostServices, o.botDelayMs ?? 0);
  }

  /** Restores stored tables and the ledger, then starts serving. */
  static async start(options: HostOptions): Promise<TableHost> {
    const host = new TableHost(options);
    const books = await options.store.load();
    for (const record of books.tables) host.tables.set(record.id, restartedTurn(record, host.ctx.now()));
    host.ledger = books.ledger ? revive(books.ledger) : emptyLedger();
    if (books.requests) {
      host.storedRequests = books.requests;
      for (const a of books.requests) {
        let mine = host.answered.get(a.user);
        if (!mine) host.answered.set(a.user, (mine = new Map<string, Promise<HostReply>>()));
        mine.set(a.id, Promise.resolve(a.reply));
      }
    }
    // Transfers a crash left pending are finished first: the queue runs every request after them.
    void host.enqueue(() => finishTransfers(host.transfers()));
    options.transport.serve((from, request) => host.handle(from, request));
    // Stored data refused on reading (too deep, too large) is kept as stored; the GMs are told.
    for (const refused of books.refused ?? []) host.updates.noticeGMs(refused.error);
    for (const record of host.tables.values()) {
      host.bots.schedule(record.id);
      host.scheduleClocks(record.id);
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
    if (!mine) this.answered.set(from, (mine = new Map<string, Promise<HostReply>>()));
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
        if (mayRetry(reply)) mine.delete(id);
      },
      () => mine.delete(id),
    );
    return answer;
  }

  /** Whether this user's request of this id was answered (a repeat gets the first answer; stored ones survive a restart). */
  hasAnswered(user: UserId, requestId: string): boolean {
    return this.answered.get(user)?.has(requestId) ?? false;
  }

  /**
   * Resolves once no request or bot move is pending (for tests and orderly shutdown); a bot still
   * thinking (`Bot.think`) waits on a timer like a deadline and is not waited for.
   */
  async idle(): Promise<void> {
    for (;;) {
      await this.queue;
      if (!this.bots.pending()) return;
      await this.timers.idle("bot");
    }
  }

  /** The timers set and not yet fired, soonest first (for tests and snapshots). */
  pendingTimers(): PendingTimer[] {
    return this.timers.pending();
  }

  record(id: string): TableRecord | undefined {
    return this.tables.get(id);
  }

  summaries(): TableSummary[] {
    return [...this.tables.values()].map((r) => tableSummary(this.ctx, CONCERNS, r));
  }

  currentLedger(): Ledger {
    return this.ledger;
  }

  /**
   * Whether `from` may move at this table at `version`, refused as a move would be (a waiting
   * table's lobby, then ops/move.ts `checkTurn`): the table and the seat that would act. For hosts that build the move from what the seat is offered.
   */
  checkTurn(
    from: UserId,
    tableId: string,
    version: number,
  ): Result<{ readonly record: TableRecord; readonly seat: SeatId }> {
    const waiting = concernRefusal(this.books(), { type: "intent", tableId });
    if (waiting?.ok === false) return waiting;
    return checkTurn(this.tables.get(tableId), this.ctx, from, version);
  }

  /** The update for one user: built from their own view, never from the state itself. */
  updateFor(record: TableRecord, user: UserId, sinceVersion: number): TableUpdate | null {
    return tableUpdate(this.ctx, CONCERNS, this.books(), record, user, sinceVersion);
  }

  /**
   * Stops driving bots (a GM hands the tables over to another): every timer is cancelled and none
   * is set again; bot moves already queued finish, so `idle()` resolves.
   */
  stop(): void {
    this.stopped = true;
    this.timers.stop();
  }

  /** Each concern's timers of a table follow its state as stored now (their moves let its bots act). */
  private scheduleClocks(tableId: string): void {
    const moved = (id: string): void => this.bots.schedule(id);
    for (const concern of CONCERNS) concern.timers?.(this.hostServices, tableId, moved);
  }

  private books(): Books {
    return { tables: this.tables, ledger: this.ledger };
  }

  /** What the clock and the bot driver use of the host. */
  private services(): HostServices {
    return {
      ctx: this.ctx,
      record: (id) => this.tables.get(id),
      game: (id) => gameOf(this.ctx, id),
      timers: this.timers,
      stopped: () => this.stopped,
      planMove: (record, game, seat, move, timeout) =>
        applyMove(this.books(), this.ctx, record, game, seat, move, timeout),
      commit: (outcome, tableIds) => this.commit(outcome, tableIds),
      noticeGMs: (error, tableId) => this.updates.noticeGMs(error, tableId),
      retryMs: this.retryMs(),
      ledger: () => this.ledger,
    };
  }

  /** What a tournament's buy-in or cash-out uses of the host: its purse, and its own commit. */
  private transfers(): TransferHost {
    return {
      ctx: this.ctx,
      ...(this.o.purse ? { purse: this.o.purse } : {}),
      ledger: () => this.ledger,
      commit: (outcome) => this.commit(outcome, []),
      noticeGMs: (error) => this.updates.noticeGMs(error),
    };
  }

  private retryMs(): number {
    return this.o.botRetryMs ?? 500;
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async process(from: UserId, raw: unknown): Promise<HostReply> {
    const read = readRequest(raw);
    if (!read.ok) return read;
    const request = read.request;
    if (GM_ONLY.has(request.type) && !this.o.isGM(from)) return refuse(Errors.gmOnly);
    switch (request.type) {
      case "sync":
        if (request.tableId !== undefined) this.updates.tableTo(from, request.tableId);
        else this.updates.allTo(from);
        return { ok: true };
      case "watch": {
        // Not stored: who has a window open is only what the host has been told since it started.
        const record = this.tables.get(request.tableId);
        if (!record) return refuse(Errors.unknownTable);
        if (this.watching.set(request.tableId, from, request.watching)) this.updates.table(record, record.version + 1);
        return { ok: true };
      }
      case "replay": {
        const found = this.tables.get(request.tableId) ?? (await this.o.readArchive?.(request.tableId)) ?? null;
        // A page never holds more than the host's transport carries in one message, whatever was asked.
        const most = found ? this.o.replayPageSteps?.(found.gameId, found.seats.length, request.from ?? 0) : undefined;
        const count = most === undefined ? request.count : Math.min(request.count ?? most, most);
        return replay(found, request.tableId, from, this.ctx, request.from, count);
      }
      case "tournament-transfer":
        return transferRequest(this.transfers(), { ...request, from });
      default:
        return this.run(operate(this.books(), { ...request, from }, this.ctx), tableOf(request));
    }
  }

  /** An operation's refusal as the reply, or its outcome stored (nothing to store: its reply at once). */
  private async run(result: OpResult, tableId: string | null): Promise<HostReply> {
    if (!result.ok) return result;
    if (!result.change) return result.reply;
    return this.commit(result, tableId !== null ? [tableId] : []);
  }

  /** The stored answered requests with the current one's reply added (the oldest dropped past the bound). */
  private withAnswer(reply: HostReply): AnsweredRequests | null {
    if (!this.current) return null;
    return [...this.storedRequests, { user: this.current.user, id: this.current.id, reply }].slice(-STORED_REQUESTS);
  }

  /**
   * Stores a change, then makes it the host's state and pushes it. A refused write changes
   * nothing: the caller gets the reason, so do the GMs, and every client is sent the tables
   * concerned again as they are, so no one stays on a picture the host never stored.
   */
  private async commit(outcome: Outcome, tableIds: readonly string[]): Promise<HostReply> {
    const change = outcome.change ?? {};
    const requests = this.withAnswer(outcome.reply);
    try {
      await this.o.store.commit(requests ? { ...change, requests } : change);
    } catch (error) {
      const failure: RuleError = { code: Errors.storeFailed, params: { reason: writeFailure(error) } };
      this.updates.noticeGMs(failure, tableIds[0]);
      for (const id of tableIds) {
        const record = this.tables.get(id);
        if (record) this.updates.table(record, 0);
      }
      return refused(failure);
    }
    if (requests) {
      this.storedRequests = requests;
      this.current = null;
    }
    for (const id of change.deleted ?? []) this.watching.forget(id);
    for (const id of change.deleted ?? []) this.tables.delete(id);
    for (const record of change.archived ?? []) this.tables.delete(record.id);
    for (const record of change.tables ?? []) this.tables.set(record.id, record);
    if (change.ledger) this.ledger = change.ledger;
    // Each stored table's timers follow its new state (none once deleted or archived).
    for (const id of [...(change.deleted ?? []), ...(change.archived ?? []).map((r) => r.id)]) {
      this.timers.cancelTable(id);
      this.pushTries.delete(id);
    }
    for (const record of change.tables ?? []) this.scheduleClocks(record.id);
    // What follows a stored move is scheduled before anything is pushed: a push cannot stall a table.
    if (outcome.bots?.afterMove) this.bots.moved(outcome.bots.tableId);
    else if (outcome.bots) this.bots.schedule(outcome.bots.tableId);
    for (const tableId of outcome.botTables ?? []) this.bots.schedule(tableId);
    for (const p of outcome.push ?? []) this.updates.table(p.record, p.since);
    for (const tableId of outcome.removed ?? []) this.updates.removed(tableId, outcome.ended);
    if (outcome.pushLedger ?? change.ledger !== undefined) this.updates.ledger();
    return outcome.reply;
  }

  /**
   * A push the transport threw on: logged, and the table (or the ledger) sent again whole after a
   * growing wait, until a resend goes through or PUSH_TRIES are spent (then only logged).
   */
  private pushFailed(key: string, error: unknown): void {
    const log = this.o.log ?? ((message: string) => console.warn(message));
    log(`Cantina Games: a push of ${key === LEDGER_PUSH ? "the ledger" : key} failed: ${writeFailure(error)}`);
    const resend = { concern: "push", tableId: key } as const;
    if (this.timers.isSet(resend)) return;
    const tries = (this.pushTries.get(key) ?? 0) + 1;
    if (tries > PUSH_TRIES) {
      this.pushTries.delete(key);
      log(`Cantina Games: ${key === LEDGER_PUSH ? "the ledger" : key} was not sent again after ${PUSH_TRIES} tries`);
      return;
    }
    this.pushTries.set(key, tries);
    this.timers.set(resend, this.retryMs() * 2 ** (tries - 1), async () => {
      const record = this.tables.get(key);
      if (key === LEDGER_PUSH) this.updates.ledger();
      else if (record) this.updates.resend(record);
      else this.updates.removed(key);
      // Sent without a new failure: the count starts again.
      if (!this.timers.isSet(resend)) this.pushTries.delete(key);
    });
  }

  /** Finished tables whose time is up, archived in one change (their results are in the ledger). */
  private async archiveFinished(): Promise<void> {
    const after = this.o.archiveAfterMs?.();
    if (after === undefined) return;
    const due = dueForArchive(this.books(), this.ctx, after);
    if (due.length === 0) return;
    try {
      await this.o.store.commit({ archived: due });
    } catch {
      return; // Kept live; tried again with the next request.
    }
    for (const record of due) {
      this.tables.delete(record.id);
      this.updates.removed(record.id);
    }
  }
}
