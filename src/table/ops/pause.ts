/**
 * Pausing or resuming a table (a GM's `pause`). While paused no move is taken, bots wait and the
 * countdown stands still: on resume it starts again from where it stood. Asking for the state the
 * table is in changes nothing.
 */
import { Errors } from "../protocol";
import type { TableRecord } from "../store";
import { shiftedTurnClock } from "../clock";
import { refuse, succeed } from "../../rules/core";
import { type Asked, type Books, type OpContext, type OpResult, opEntry } from "../context";

export function pause(books: Books, request: Asked<"pause">, ctx: OpContext): OpResult {
  const record = books.tables.get(request.tableId);
  if (!record) return refuse(Errors.unknownTable);
  const { paused } = request;
  if ((record.paused !== undefined) === paused) return succeed({ reply: { ok: true, version: record.version } });
  const ops = [...(record.ops ?? []), opEntry(ctx, request.from, paused ? "pause" : "resume")];
  let next: TableRecord;
  if (paused) next = { ...record, paused: { at: ctx.now(), by: request.from }, ops };
  else {
    const { paused: was, ...rest } = record;
    const stood = was ? ctx.now() - was.at : 0;
    next = {
      ...rest,
      ops,
      ...(record.clock ? { clock: { ...record.clock, startedAt: record.clock.startedAt + stood } } : {}),
      ...shiftedTurnClock(record, stood),
    };
  }
  return succeed({
    change: { tables: [next] },
    reply: { ok: true, version: record.version },
    push: [{ record: next, since: record.version + 1 }],
    ...(paused ? {} : { bots: { tableId: record.id } }),
  });
}
