/**
 * What the clock's two timers share once one has a change to make: it is stored like any request's;
 * stored, the table's bots act next; refused, the same timer tries again after the host's retry wait.
 */
import type { Outcome } from "../../context";
import type { HostServices } from "../../host-services";
import type { TimerKey } from "../../timer-service";

export async function storeTimedChange(
  host: HostServices,
  key: TimerKey,
  outcome: Outcome,
  moved: (tableId: string) => void,
  again: () => Promise<void>,
): Promise<void> {
  const reply = await host.commit(outcome, [key.tableId]);
  if (reply.ok) moved(key.tableId);
  else if (!host.stopped()) host.timers.set(key, host.retryMs, again);
}
