/**
 * What the host last sent each user of each table, so the next update is a `table-delta` against
 * the update that user holds (its `rev`), or whole when there is none, on a resync, or when smaller.
 */
import { diff } from "./delta";
import type { HostMessage, TableUpdate, UserId } from "./protocol";

/** An update as the wire carries it (no undefined member, no shared object), without its `rev`. */
function plain(update: TableUpdate): TableUpdate {
  const { rev: _rev, ...rest } = JSON.parse(JSON.stringify(update)) as TableUpdate;
  return rest;
}

export class SentViews {
  /** This host's own mark in every rev, so no rev of another host (or an earlier run) is taken for one of ours. */
  private readonly token = Math.random().toString(36).slice(2, 10);
  private count = 0;
  /** Per user, per table: the last update sent (without its rev) and its rev. */
  private readonly held = new Map<UserId, Map<string, { readonly update: TableUpdate; readonly rev: string }>>();

  /** The message that brings `user` to `update`: a delta against what they were last sent, or the whole update. */
  next(user: UserId, update: TableUpdate): HostMessage {
    const id = update.table.id;
    const rev = `${this.token}.${++this.count}`;
    const now = plain(update);
    let tables = this.held.get(user);
    if (!tables)
      this.held.set(user, (tables = new Map<string, { readonly update: TableUpdate; readonly rev: string }>()));
    const before = tables.get(id);
    tables.set(id, { update: now, rev });
    const whole: TableUpdate = { ...now, rev };
    if (!before || update.full) return whole;
    const delta: HostMessage = {
      type: "table-delta",
      tableId: id,
      base: before.rev,
      rev,
      version: update.table.version,
      gameId: update.table.gameId,
      ...(update.betting ? { pools: update.betting.pools.length } : {}),
      delta: diff(before.update, now),
    };
    // Never larger than the whole update: a delta then fits every bound the update fits (public-size.ts).
    return JSON.stringify(delta).length < JSON.stringify(whole).length ? delta : whole;
  }

  /** A table gone: nothing more is sent against what was held of it. */
  forget(tableId: string): void {
    for (const tables of this.held.values()) tables.delete(tableId);
  }
}
