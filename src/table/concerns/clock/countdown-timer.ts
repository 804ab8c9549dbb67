/**
 * The countdown's timer (on the host's timer service): when a state's deadline runs out, the game's
 * timeout move goes down a move's path like any move. Set from the stored table (a restart sets it again).
 */
import type { HostServices } from "../../host-services";
import type { TimerKey } from "../../timer-service";
import { remainingMs } from "../../clock";
import { storeTimedChange } from "./timed-change";

const DEADLINE = (tableId: string): TimerKey => ({ concern: "deadline", tableId });

/**
 * Sets the timer for the table's current deadline on the host's timer service (replacing any
 * earlier one; none while paused or waiting for players). `moved`: a timeout move was stored (its bots act next).
 */
export function scheduleDeadline(host: HostServices, tableId: string, moved: (tableId: string) => void): void {
  host.timers.cancel(DEADLINE(tableId));
  if (host.stopped()) return;
  const record = host.record(tableId);
  const game = record && host.game(record.gameId);
  if (!record || !game?.timeoutMove || record.paused || record.lobby) return;
  const remaining = remainingMs(record, game.status(record.state), host.ctx.now);
  if (remaining === null) return;
  const version = record.version;
  host.timers.set(DEADLINE(tableId), remaining, () => expire(host, tableId, version, moved));
}

/**
 * A deadline ran out: the game's timeout move, logged and stored like any move, unless a move
 * came first. A timeout move whose write is refused is tried again after the bots' retry wait.
 */
async function expire(
  host: HostServices,
  tableId: string,
  version: number,
  moved: (tableId: string) => void,
): Promise<void> {
  const record = host.record(tableId);
  const game = record && host.game(record.gameId);
  if (host.stopped() || !record || !game?.timeoutMove || record.version !== version || record.paused) return;
  const remaining = remainingMs(record, game.status(record.state), host.ctx.now);
  if (remaining === null) return;
  if (remaining > 0) {
    scheduleDeadline(host, tableId, moved); // the timer fired early
    return;
  }
  const timeout = game.timeoutMove(record.state);
  if (!timeout) return;
  const next = host.planMove(record, game, timeout.seat, timeout.move, true);
  if (!next.ok) return;
  await storeTimedChange(host, DEADLINE(tableId), next, moved, () => expire(host, tableId, version, moved));
}
