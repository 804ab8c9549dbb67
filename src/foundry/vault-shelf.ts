/**
 * The shelf: finished tables kept whole out of the world settings (in Foundry a world pack), each
 * item named `<id>~<generation>`, the index naming the one that counts (docs/foundry.md).
 */

/** Finished tables' storage: items by name, each a JSON value (a sealed record). */
export interface ShelfBackend {
  /** The names of every item stored. */
  list(): Promise<readonly string[]>;
  /** An item's value; null when none is stored under the name. */
  read(name: string): Promise<unknown>;
  /** Stores (or replaces) an item. */
  write(name: string, value: unknown): Promise<void>;
  /** Removes an item; nothing when none is stored. */
  remove(name: string): Promise<void>;
  /** Moves items stored in an earlier layout into this one (on the GM's load), names and values kept. */
  compact?(): Promise<void>;
}

/** An item's name: its table's id and generation. */
export const shelfName = (id: string, generation: number): string => `${id}~${generation}`;

/** The table id and generation of an item's name; null for a name of no table. */
export function parseShelfName(name: string): { readonly id: string; readonly generation: number } | null {
  const at = name.lastIndexOf("~");
  if (at <= 0) return null;
  const generation = Number(name.slice(at + 1));
  return Number.isSafeInteger(generation) && generation >= 0 ? { id: name.slice(0, at), generation } : null;
}

/** What the shelf holds once read against the vault's index. */
export interface ShelfContents {
  /** Finished tables still live for the host (the index names each one's item), by id. */
  readonly finished: ReadonlyMap<string, string>;
  /** Archived tables (no longer live), by id: the item of the highest generation. */
  readonly archived: ReadonlyMap<string, string>;
  /** Items no table needs: a write the books never committed, or one written again since. */
  readonly stale: readonly string[];
}

/**
 * Sorts the shelf's items. `finished`: the items the index names (finished, live); `live`: tables
 * whose record is in the settings. An item of a live table was written for a change that was never
 * committed; an item of a finished table other than the one named was superseded; of the items of an
 * archived table the highest generation counts. Everything else is an archived table.
 */
export function sortShelf(
  names: readonly string[],
  finished: readonly string[],
  live: readonly string[],
): ShelfContents {
  const named = new Map<string, string>();
  for (const name of finished) {
    const parsed = parseShelfName(name);
    if (parsed) named.set(parsed.id, name);
  }
  const liveIds = new Set(live);
  const archived = new Map<string, { name: string; generation: number }>();
  const stale: string[] = [];
  for (const name of names) {
    const parsed = parseShelfName(name);
    if (!parsed) continue;
    if (named.has(parsed.id)) {
      if (named.get(parsed.id) !== name) stale.push(name);
      continue;
    }
    if (liveIds.has(parsed.id)) {
      stale.push(name);
      continue;
    }
    const best = archived.get(parsed.id);
    if (best && best.generation >= parsed.generation) stale.push(name);
    else {
      if (best) stale.push(best.name);
      archived.set(parsed.id, { name, generation: parsed.generation });
    }
  }
  const present = new Set(names);
  const finishedNow = new Map([...named].filter(([, name]) => present.has(name)));
  return { finished: finishedNow, archived: new Map([...archived].map(([id, a]) => [id, a.name])), stale };
}

/** The next generation of a table's item after `name` (0 for a table not on the shelf yet). */
export function nextShelfName(id: string, name: string | undefined): string {
  const parsed = name === undefined ? null : parseShelfName(name);
  return shelfName(id, parsed ? parsed.generation + 1 : 0);
}

/** The settings keys of a shelf kept in the settings themselves: its items, and the list of their names. */
const SETTINGS_SHELF = "f-";
const SETTINGS_SHELF_NAMES = "f-names";

/**
 * A shelf over the vault's own settings (items `f-<name>`, their names in `f-names`, written after an
 * item and before its removal): for stores given no other shelf (tests). It does not take the finished
 * tables out of what clients download; Foundry's backend has its pack (env.ts).
 */
export function settingsShelf(backend: {
  read(key: string): unknown;
  write(key: string, value: unknown): Promise<void>;
}): ShelfBackend {
  const names = (): string[] => {
    const raw = backend.read(SETTINGS_SHELF_NAMES);
    return Array.isArray(raw) ? raw.filter((n): n is string => typeof n === "string") : [];
  };
  return {
    list: async () => names().filter((name) => backend.read(SETTINGS_SHELF + name) !== null),
    read: async (name) => backend.read(SETTINGS_SHELF + name) ?? null,
    write: async (name, value) => {
      await backend.write(SETTINGS_SHELF + name, value);
      if (!names().includes(name)) await backend.write(SETTINGS_SHELF_NAMES, [...names(), name]);
    },
    remove: async (name) => {
      const left = names().filter((n) => n !== name);
      await backend.write(SETTINGS_SHELF_NAMES, left.length > 0 ? left : null);
      await backend.write(SETTINGS_SHELF + name, null);
    },
  };
}
