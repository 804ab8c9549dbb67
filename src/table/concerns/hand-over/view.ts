/** What a viewer is told of a seat handed over: the seat a bot plays for them since they were away, theirs to take back. */
import type { TableViewer, UpdateFields } from "../contract";

export function reclaimUpdate({ record, status, user, seat }: TableViewer): UpdateFields {
  const reclaim = seat ? undefined : record.seats.find((s) => s.kind === "bot" && s.awayUserId === user);
  return reclaim && !status.over ? { reclaim: reclaim.seat } : {};
}
