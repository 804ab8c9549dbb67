/**
 * What an earlier version left in the vault, put right on the GM's load (each step its own commit,
 * so a crash anywhere leaves every table in one place or the other): the shelf's items of an earlier
 * layout moved into its volumes (vault-pack.ts), archives stored as settings moved to the shelf,
 * finished tables still in the settings compacted onto it, settings left holding `null` deleted,
 * shelf items no table needs removed.
 */
import type { StoreChange, TableRecord } from "../table/store";
import { MODULE_ID } from "./api";
import { isSealedRecord } from "./crypto";
import { VaultKeys, asIndex } from "./vault-layout";
import { emptyShelfPlan } from "./vault-finished";
import type { VaultState } from "./vault-state";
import type { VaultBackend } from "./vault-writer";

/** How the store runs a change: one at a time (`serial`), or committed whole (`commit`). */
export interface MigrationSteps {
  serial(task: () => Promise<void>): Promise<void>;
  commit(change: StoreChange): Promise<void>;
}

export async function migrate(
  s: VaultState,
  backend: VaultBackend,
  tables: readonly TableRecord[],
  stale: readonly string[],
  steps: MigrationSteps,
): Promise<void> {
  // Names and values kept: what the store listed of the shelf stays true. Left for the next load when refused.
  await s.finished
    .compact()
    .catch((error: unknown) => console.warn(`${MODULE_ID} | the pack of finished tables was not compacted`, error));
  await s.finished.removeAfter({ removals: stale });
  const moving = s.index.archived.length > 0;
  for (const id of s.index.archived) {
    const sealed = s.vault.read(VaultKeys.archive(id));
    if (!isSealedRecord(sealed)) continue;
    await steps.serial(async () => {
      const plan = emptyShelfPlan();
      plan.writes.push([`${id}~0`, sealed]);
      await s.finished.writeBefore(plan);
      const index = { ...s.index, archived: s.index.archived.filter((a) => a !== id) };
      await s.vault.write({ [VaultKeys.archive(id)]: null, [VaultKeys.index]: index });
      s.index = index;
    });
  }
  if (moving) {
    // The index and the shelf read again after the archives stored as settings moved.
    s.index = asIndex(s.vault.read(VaultKeys.index));
    await s.finished.load(s.index.finished ?? [], s.index.tables);
  }
  const finishedInSettings = tables.filter((t) => t.finishedAt !== undefined && s.stored.has(t.id));
  if (finishedInSettings.length > 0) await steps.commit({ tables: finishedInSettings });
  for (const key of backend.keys?.() ?? [])
    if (backend.read(key) === null)
      // Left for the next load to try again: an empty setting costs a load, never a record.
      await backend
        .write(key, null)
        .catch((error: unknown) => console.warn(`${MODULE_ID} | an emptied setting was not deleted: ${key}`, error));
}
