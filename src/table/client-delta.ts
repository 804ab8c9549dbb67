/** A client's side of the host's deltas: a `table-delta` applied to the update it names as its base. */
import { applyDelta } from "./delta";
import type { TableDelta, TableUpdate } from "./protocol";

/** The update `message` turns `base` into; null without that base (a push lost, a tab opened since) or when it does not apply. */
export function updateFromDelta(base: TableUpdate | undefined, message: TableDelta): TableUpdate | null {
  if (!base || base.rev !== message.base) return null;
  try {
    const { rev: _rev, ...held } = base;
    const next = applyDelta<TableUpdate>(held, message.delta);
    return next.type === "table" && next.table.id === message.tableId ? { ...next, rev: message.rev } : null;
  } catch {
    return null;
  }
}
