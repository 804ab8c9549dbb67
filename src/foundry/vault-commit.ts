/**
 * One change committed to the vault (sealed-store.ts): a move alone at one table writes one step of
 * its log (its record every STEPS_PER_RECORD moves, after); anything else is one journal write (the
 * table parts, records, ledger parts and index it touches, sealed), then applied, its appending parts
 * written once before it (vault-writer.ts). A refused first write changes nothing and throws.
 */
import { games } from "../games";
import type { EventLedger } from "../table/ledger";
import type { UserRecords } from "../table/protocol";
import type { Tournament } from "../tournament";
import type { StoreChange, TableRecord } from "../table/store";
import { MODULE_ID } from "./api";
import type { PublicJwk } from "./crypto";
import { eventParts, recordsPart, tournamentPart } from "./vault-ledger";
import { type Puts, VaultKeys, sameIndex } from "./vault-layout";
import { STEPS_PER_RECORD, type StoredTable, headOf, keysOf, planTable } from "./vault-tables";
import { type FinishedTables, type ShelfPlan, emptyShelfPlan } from "./vault-finished";
import type { VaultState } from "./vault-state";

const same = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/** `change` stored for `readers`, and the state `s` holds brought up to it once committed. */
export async function commitChange(
  s: VaultState,
  change: StoreChange,
  readers: Record<string, PublicJwk>,
): Promise<void> {
  const puts: Puts = {};
  let tables = [...s.index.tables];
  const events = [...s.index.events];
  const archived = [...s.index.archived];
  const users = [...s.index.records];
  const tournaments = [...(s.index.tournaments ?? [])];
  let sealed = false;
  const shelf: ShelfPlan = emptyShelfPlan();
  const put: Awaited<ReturnType<FinishedTables["put"]>>[] = [];
  const released: string[] = [];
  const drop = (id: string): void => {
    const table = s.stored.get(id);
    if (table || tables.includes(id)) for (const key of table ? keysOf(table) : [VaultKeys.table(id)]) puts[key] = null;
    tables = tables.filter((t) => t !== id);
  };
  /** A finished table compacted onto the shelf (its record and log parts deleted from the settings). */
  const compact = async (record: TableRecord): Promise<void> => {
    drop(record.id);
    put.push(await s.finished.put(shelf, record, readers));
  };
  for (const id of change.deleted ?? []) {
    drop(id);
    s.finished.release(shelf, id);
    released.push(id);
  }
  // Archived: a finished table already compacted only leaves the index; one still in the settings is compacted now.
  for (const record of change.archived ?? []) if (!s.finished.has(record.id)) await compact(record);
  const ledgerPuts: Puts = {};
  /** Keys written before the commit point, not in its journal (parts that only append: vault-ledger.ts, vault-tables.ts). */
  const early = new Set<string>();
  const changedEvents: EventLedger[] = [];
  for (const event of Object.values(change.ledger?.events ?? {})) {
    const old = s.plainEvents.get(event.id);
    if (old && same(old, event)) continue;
    const parts = eventParts(event, s.wholeEvents.has(event.id) ? undefined : old);
    await s.seal(ledgerPuts, parts, readers, shelf, early);
    changedEvents.push(event);
    if (!events.includes(event.id)) events.push(event.id);
  }
  const changedRecords: [string, UserRecords][] = [];
  for (const [user, mine] of Object.entries(change.ledger?.records ?? {})) {
    const old = s.plainRecords.get(user);
    if (old && same(old, mine)) continue;
    await s.seal(ledgerPuts, [recordsPart(user, mine)], readers);
    changedRecords.push([user, mine]);
    if (!users.includes(user)) users.push(user);
  }
  // A tournament is written with the event accounts its change moved, in the same journal write.
  const changedTournaments: Tournament[] = [];
  for (const tournament of Object.values(change.ledger?.tournaments ?? {})) {
    const old = s.plainTournaments.get(tournament.id);
    if (old && same(old, tournament)) continue;
    await s.seal(ledgerPuts, [tournamentPart(tournament)], readers);
    changedTournaments.push(tournament);
    if (!tournaments.includes(tournament.id)) tournaments.push(tournament.id);
  }
  if (change.requests) ledgerPuts[VaultKeys.requests] = await s.sealRequests(change.requests, readers);
  const alone =
    (change.tables ?? []).length === 1 &&
    Object.keys(puts).length === 0 &&
    Object.keys(ledgerPuts).length === 0 &&
    tables.includes(change.tables![0]!.id);
  const written: StoredTable[] = [];
  let rewrite = false;
  for (const record of change.tables ?? []) {
    // A match over: the table compacted on the shelf, whole, out of what every client downloads.
    if (record.finishedAt !== undefined) {
      await compact(record);
      continue;
    }
    // Dealt again after its end: back in the settings, its shelf item removed after the commit.
    if (s.finished.has(record.id)) {
      s.finished.release(shelf, record.id);
      released.push(record.id);
    }
    const plan = planTable(s.stored.get(record.id), record, alone, games);
    rewrite ||= plan.rewrite;
    // A table new to the settings: nothing reads its record nor its log until the index names it.
    const fresh = !s.stored.has(record.id) && !s.index.tables.includes(record.id);
    for (const [key, part] of plan.parts) {
      puts[key] = part;
      if (plan.early || fresh) early.add(key);
    }
    if (plan.head) {
      puts[VaultKeys.table(record.id)] = await s.sealHead(plan.head, record, readers);
      if (fresh) early.add(VaultKeys.table(record.id));
      sealed = true;
    }
    written.push(plan.stored);
    if (!tables.includes(record.id)) tables.push(record.id);
  }
  Object.assign(puts, ledgerPuts);
  if (Object.keys(ledgerPuts).length > 0) sealed = true;
  // The index follows from the change itself: whatever it adds or takes away, and for whom all is sealed.
  const archivedIds = (change.archived ?? []).map((r) => r.id);
  const finished = s.finished.namesAfter(put, released, archivedIds);
  if (put.length > 0) sealed = true;
  const index = s.nextIndex(
    { tables, events, archived, records: users, tournaments, finished },
    sealed ? readers : null,
  );
  if (!sameIndex(index, s.index)) puts[VaultKeys.index] = index;
  if (Object.keys(puts).length === 0 && shelf.writes.length === 0) return;
  // The shelf's items first: nothing names them until the index does (the commit point).
  await s.finished.writeBefore(shelf);
  if (Object.keys(puts).length > 0) await s.vault.write(puts, alone && !rewrite && !(VaultKeys.index in puts), early);
  s.index = index;
  s.finished.committed(put, released, archivedIds);
  s.finished.noteItems(shelf);
  await s.finished.removeAfter(shelf);
  for (const id of change.deleted ?? []) s.stored.delete(id);
  for (const record of change.archived ?? []) s.stored.delete(record.id);
  for (const table of written) s.stored.set(table.record.id, table);
  for (const event of changedEvents) {
    s.plainEvents.set(event.id, event);
    s.wholeEvents.delete(event.id);
  }
  for (const [user, mine] of changedRecords) s.plainRecords.set(user, mine);
  for (const tournament of changedTournaments) s.plainTournaments.set(tournament.id, tournament);
  if (change.requests) s.plainRequests = change.requests;
  const table = written[0];
  if (alone && table && table.steps >= STEPS_PER_RECORD) await writeRecord(s, table, readers);
}

/**
 * A table's record written again after its steps (so a load replays few moves). The step before
 * already stored the move: a refused write here changes nothing that matters, and is tried after the next step.
 */
export async function writeRecord(
  s: VaultState,
  table: StoredTable,
  readers: Record<string, PublicJwk>,
): Promise<void> {
  if (!table.key) return;
  // The same epoch: a record written at any length of its log reads on with the steps after it.
  const epoch = table.epoch;
  const puts: Puts = {};
  const index = s.nextIndex(s.index, readers);
  // The index first when it no longer names who everything is sealed for (a reseal then seals all).
  if (!sameIndex(index, s.index)) puts[VaultKeys.index] = index;
  puts[VaultKeys.table(table.record.id)] = await s.sealHead(
    headOf(table.record, table.key, epoch),
    table.record,
    readers,
  );
  try {
    await s.vault.write(puts, true);
    s.index = index;
    s.stored.set(table.record.id, { ...table, epoch, steps: 0 });
  } catch (error) {
    console.warn(`${MODULE_ID} | a table's record was not written again (its moves are stored)`, error);
  }
}
