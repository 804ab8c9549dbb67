/**
 * Who is watching each table, as the host knows it: the users who said they opened its window
 * (`watch`) and hold no seat there. Kept in memory only (a host restart starts the list afresh).
 */
import type { UserId } from "../../protocol";

export class Watchers {
  private readonly byTable = new Map<string, Set<UserId>>();

  /** Marks `user` as watching or not; whether that changed anything. */
  set(tableId: string, user: UserId, watching: boolean): boolean {
    const users = this.byTable.get(tableId) ?? new Set<UserId>();
    if (users.has(user) === watching) return false;
    if (watching) users.add(user);
    else users.delete(user);
    if (users.size > 0) this.byTable.set(tableId, users);
    else this.byTable.delete(tableId);
    return true;
  }

  /** The users watching a table, in a stable order (by id). */
  of(tableId: string): UserId[] {
    return [...(this.byTable.get(tableId) ?? [])].sort();
  }

  forget(tableId: string): void {
    this.byTable.delete(tableId);
  }
}
