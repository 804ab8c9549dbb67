/** What anyone at a table is told of who watches it: the users with its window open who may see it. */
import type { UserId } from "../../protocol";
import type { TableRecord } from "../../store";
import { viewerOf } from "../../viewers";
import type { SummaryContext, SummaryFields } from "../contract";

export function watchersFields(ctx: SummaryContext, record: TableRecord): SummaryFields {
  const watchers = watchersOf(ctx, record);
  return watchers.length > 0 ? { watchers } : {};
}

/**
 * The watchers anyone at the table is shown: users with its window open who hold no seat and may
 * see the table (a user who may not see it is never listed, whatever they told the host).
 */
function watchersOf(ctx: SummaryContext, record: TableRecord): UserId[] {
  const seated = new Set(record.seats.map((s) => s.userId));
  return (ctx.watchers?.(record.id) ?? []).filter((u) => !seated.has(u) && viewerOf(ctx, record, u) !== null);
}
