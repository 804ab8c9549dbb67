/**
 * Everything in the vault sealed again for the GMs' current keys (a GM published a new key, or
 * connected, so they can open it all and take over), unless it is all sealed for those keys already:
 * a GM reconnecting rewrites nothing. A table's log parts are sealed with its log key, which its
 * record holds: the record is written again, not its log. Archived tables are sealed again too.
 */
import { games } from "../games";
import type { ArchivedTable } from "../table/store";
import type { PublicJwk } from "./crypto";
import { recordBound } from "./public-size";
import { eventParts, isFullChunk, recordsPart, tournamentPart } from "./vault-ledger";
import { type Puts, RecordKinds, type VaultIndex, VaultKeys, readerKeys, sameReaders } from "./vault-layout";
import { type StoredTable, headOf, planTable } from "./vault-tables";
import { emptyShelfPlan } from "./vault-finished";
import type { VaultState } from "./vault-state";

/** Seals all again for `readers`; `openRead` opens a sealed record by key and kind (throwing when it cannot). */
export async function resealAll(
  s: VaultState,
  readers: Record<string, PublicJwk>,
  openRead: (key: string, kind: string) => Promise<unknown>,
): Promise<void> {
  const now = readerKeys(readers);
  if (sameReaders(s.index.sealedFor, now)) return;
  const puts: Puts = {};
  const resealed: StoredTable[] = [];
  for (const table of s.stored.values()) {
    if (table.key) {
      // The same epoch, so that a reseal cut short leaves every table readable with its steps.
      const epoch = table.epoch;
      puts[VaultKeys.table(table.record.id)] = await s.sealHead(
        headOf(table.record, table.key, epoch),
        table.record,
        readers,
      );
      resealed.push({ ...table, epoch, steps: 0 });
      continue;
    }
    // Stored in the layout before: its log in parts first, then its record (any prefix reads as before).
    const plan = planTable(table, table.record, false, games);
    for (const [key, part] of plan.parts) puts[key] = part;
    if (plan.head) puts[VaultKeys.table(table.record.id)] = await s.sealHead(plan.head, table.record, readers);
    resealed.push(plan.stored);
  }
  // Every part of each event: one stored whole before is stored in parts from now on.
  // A full entry chunk already on the shelf is sealed again there (FinishedTables.reseal); one still here moves there.
  const ledgerShelf = emptyShelfPlan();
  for (const event of s.plainEvents.values()) {
    const parts = eventParts(event).filter((p) => !(isFullChunk(p) && s.finished.isArchived(p.key)));
    await s.seal(puts, parts, readers, ledgerShelf);
  }
  await s.finished.writeBefore(ledgerShelf);
  s.finished.noteItems(ledgerShelf);
  for (const [user, mine] of s.plainRecords) await s.seal(puts, [recordsPart(user, mine)], readers);
  for (const tournament of s.plainTournaments.values()) await s.seal(puts, [tournamentPart(tournament)], readers);
  if (s.plainRequests) puts[VaultKeys.requests] = await s.sealRequests(s.plainRequests, readers);
  for (const id of s.index.archived) {
    // An archive this GM cannot open stays as it is.
    const archive = await openRead(VaultKeys.archive(id), RecordKinds.archive).catch(() => null);
    if (archive === null) continue;
    const bound = recordBound(archive as ArchivedTable, true);
    puts[VaultKeys.archive(id)] = await s.sealer.sealRecord(RecordKinds.archive, readers, archive, bound);
  }
  // The shelf's items under new names, written first; the index names the finished ones' new names.
  const shelf = await s.finished.reseal(readers);
  await s.finished.writeBefore(shelf.plan);
  // Last, so that a write cut short leaves the index saying it is not all done.
  const finished = shelf.put.map((t) => t.name);
  const index: VaultIndex = { ...s.index, ...(finished.length > 0 ? { finished } : {}), sealedFor: now };
  puts[VaultKeys.index] = index;
  // No journal: each record sealed again holds what it held, and an event's head comes after
  // its parts, so any of them may be written alone (an event stored whole stays readable).
  await s.vault.write(puts, true);
  s.index = index;
  for (const table of resealed) s.stored.set(table.record.id, table);
  s.wholeEvents.clear();
  s.finished.committed(shelf.put, [], []);
  s.finished.resealed(shelf.archivedNow);
  await s.finished.removeAfter(shelf.plan);
}
