/**
 * What the clock and the bot driver ask of the host: the books as they stand, its queue and timer service,
 * and a way to plan and store a move the host makes itself (a bot's, a deadline's timeout move).
 */
import type { AnyGame, RuleError, SeatId } from "../rules/core";
import type { OpContext, OpResult, Outcome } from "./context";
import type { HostReply } from "./protocol";
import type { TableRecord } from "./store";
import type { Ledger } from "./ledger";
import type { TimerService } from "./timer-service";

export interface HostServices {
  readonly ctx: OpContext;
  /** A live table as stored now. */
  record(tableId: string): TableRecord | undefined;
  game(gameId: string): AnyGame | undefined;
  /** The one timer service: every timer of the host's concerns is set there. */
  readonly timers: TimerService;
  /** The host handed its tables over: no new timer is armed, none fires a move. */
  stopped(): boolean;
  /** A move applied to a table as stored now (the host's own: a bot's, or a timeout when `timeout`). */
  planMove(record: TableRecord, game: AnyGame, seat: SeatId, move: unknown, timeout?: boolean): OpResult;
  /** Stores an outcome and pushes it (a refused write is told to the GMs and `tableIds` pushed again). */
  commit(outcome: Outcome, tableIds: readonly string[]): Promise<HostReply>;
  noticeGMs(error: RuleError, tableId?: string): void;
  /** First wait before a move the host made whose write was refused is tried again. */
  readonly retryMs: number;
  /** The event ledger as stored now (a turn clock's skip plans its move on it). */
  ledger(): Ledger;
}
