/**
 * Drives the bots' seats: a bot to act moves after the host's delay (from its seat's view only), a
 * thinking bot after the delay it chose; a bot's move whose write is refused is tried again after a
 * growing wait until the GMs are told its table's bots stopped.
 */
import { type AnyBot, type SeatId, hasOwn } from "../rules/core";
import type { HostServices } from "./host-services";
import type { Outcome } from "./context";
import { Errors, type SeatAssignment } from "./protocol";
import type { TimerKey } from "./timer-service";

/** Tries of a bot's move whose write is refused before its table's bots stop. */
export const BOT_WRITE_TRIES = 4;

export class BotDriver {
  /** Per table, the bot moves in a row whose write was refused. */
  private readonly failures = new Map<string, number>();
  /** Tells apart the bot delays of a table: each schedule sets its own (a retry does not replace a delay). */
  private sequence = 0;

  constructor(
    private readonly host: HostServices,
    private readonly delayMs: number,
  ) {}

  /** Whether a bot's move waits on its delay or the queue (a thinking bot's does not count: it waits like a deadline). */
  pending(): boolean {
    return this.host.timers.busy("bot");
  }

  /** A person's move was stored at this table: its bots' refused writes are forgotten, and they act. */
  moved(tableId: string): void {
    this.failures.delete(tableId);
    this.schedule(tableId);
  }

  /** The bots to act at this table move: each thinking one after its own delay, the others after `delayMs`. */
  schedule(tableId: string, delayMs = this.delayMs): void {
    if (this.host.stopped()) return;
    const record = this.host.record(tableId);
    if (!record || record.paused || record.lobby) return;
    const game = this.host.game(record.gameId);
    if (!game) return;
    const status = game.status(record.state);
    if (status.over) return;
    const acting = record.seats.filter((s) => s.kind === "bot" && status.toAct.includes(s.seat));
    // Bots that think each decide now and move after their own delay, side by side (a race).
    for (const seat of acting) if (this.botOf(game.id, seat)?.think) this.startThinking(tableId, seat.seat);
    if (!acting.some((s) => !this.botOf(game.id, s)?.think)) return;
    this.host.timers.set({ concern: "bot", tableId, part: String(++this.sequence) }, delayMs, async () => {
      if (!this.host.stopped()) await this.step(tableId);
    });
  }

  private async step(tableId: string): Promise<void> {
    const record = this.host.record(tableId);
    const game = record && this.host.game(record.gameId);
    if (!record || !game || record.paused || record.lobby) return;
    const status = game.status(record.state);
    const seat = record.seats.find(
      (s) => s.kind === "bot" && status.toAct.includes(s.seat) && !this.botOf(game.id, s)?.think,
    );
    if (!seat || status.over) return;
    const bot = this.botOf(game.id, seat);
    const legal = game.legalMoves(record.state, seat.seat);
    if (!bot || legal.length === 0) return;
    const view = game.view(record.state, { role: "seat", seat: seat.seat });
    const move = bot.choose(view, legal, this.host.ctx.random, this.host.ctx.botTime);
    // A bot's mistake must not stall the table: fall back to its first legal move.
    let next = this.host.planMove(record, game, seat.seat, move);
    if (!next.ok) next = this.host.planMove(record, game, seat.seat, legal[0]);
    if (!next.ok) return;
    await this.store(tableId, next, (delayMs) => this.schedule(tableId, delayMs));
  }

  /**
   * Stores a bot's move, then lets the next bot play. Not stored: `retry` after a delay that grows
   * with each failure, until the GMs are told the bots stopped.
   */
  private async store(tableId: string, outcome: Outcome, retry: (delayMs: number) => void): Promise<void> {
    const reply = await this.host.commit(outcome, [tableId]);
    if (reply.ok) {
      this.moved(tableId);
      return;
    }
    const failures = (this.failures.get(tableId) ?? 0) + 1;
    this.failures.set(tableId, failures);
    if (failures < BOT_WRITE_TRIES) retry(this.host.retryMs * 2 ** (failures - 1));
    else this.host.noticeGMs({ code: Errors.botsStopped, params: { table: tableId } }, tableId);
  }

  private botOf(gameId: string, seat: SeatAssignment): AnyBot | undefined {
    const levels = this.host.ctx.bots?.[gameId];
    return levels && seat.botLevel !== undefined && hasOwn(levels, seat.botLevel) ? levels[seat.botLevel] : undefined;
  }

  /**
   * A thinking bot decides now and its move is applied after the delay it chose, on the host's timer service.
   * One thought per seat at a time; `idle()` does not wait for it (like a deadline).
   */
  private startThinking(tableId: string, seat: SeatId): void {
    const key: TimerKey = { concern: "bot-thought", tableId, part: seat };
    if (this.host.stopped() || this.host.timers.isSet(key)) return;
    const record = this.host.record(tableId);
    const game = record && this.host.game(record.gameId);
    const assigned = record?.seats.find((s) => s.seat === seat);
    const bot = game && assigned && this.botOf(game.id, assigned);
    if (!record || !game || !bot?.think) return;
    const legal = game.legalMoves(record.state, seat);
    if (legal.length === 0) return;
    const view = game.view(record.state, { role: "seat", seat });
    const thought = bot.think(view, legal, this.host.ctx.random, this.host.ctx.botTime);
    const version = record.version;
    this.host.timers.set(key, Math.max(0, thought.delayMs), async () => {
      if (!this.host.stopped()) await this.thoughtMove(tableId, seat, thought.move, version, legal[0]);
    });
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
    const record = this.host.record(tableId);
    const game = record && this.host.game(record.gameId);
    // Paused: the thought is dropped; the bot thinks again when the table resumes.
    if (!record || !game || record.paused || record.lobby) return;
    const status = game.status(record.state);
    if (status.over || !status.toAct.includes(seat)) return;
    let next = this.host.planMove(record, game, seat, move);
    if (!next.ok && record.version === version) next = this.host.planMove(record, game, seat, fallback);
    if (!next.ok) {
      this.startThinking(tableId, seat);
      return;
    }
    await this.store(tableId, next, (delayMs) =>
      this.host.timers.set(
        { concern: "bot-thought-retry", tableId, part: `${seat}\u0000${++this.sequence}` },
        delayMs,
        () => this.thoughtMove(tableId, seat, move, version, fallback),
      ),
    );
  }
}
