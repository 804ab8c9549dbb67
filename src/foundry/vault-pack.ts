/**
 * The shelf in Foundry (vault-shelf.ts): a GM-only world pack whose index every client downloads at
 * load, so it holds few documents (docs/foundry.md, "One pack document per night"):
 *   `catalog`     one JournalEntry naming every item: its volume, its pages in order, its length
 *   `volume-<n>`  JournalEntries of about a night of items each, an item's text in pages of at most
 *                 SHELF_PART_CHARS (each page created by its own message, under the socket's limit)
 * Pages are embedded documents: never in the index. An item's pages are written before the catalog
 * names it, and removed after the catalog forgets it, so a crash leaves pages nothing names, never a
 * name without its pages. Items of the layout before (one document per part, `<name>#<part>/<parts>`)
 * are still read, and moved into volumes by `compact` on the GM's load.
 * Globals: `game.packs`, `game.user`, `foundry.documents.collections`.
 */
import { MODULE_ID } from "./api";
import { MAX_MESSAGE_BYTES } from "./public-size";
import type { ShelfBackend } from "./vault-shelf";

/** The world pack of finished tables (a world pack: a module's own pack is replaced when the module updates). */
export const SHELF_PACK_NAME = "cantina-games-tables";
const SHELF_PACK = `world.${SHELF_PACK_NAME}`;
/** GMs only: players' clients neither list it nor may open it (CompendiumCollection#getUserLevel). */
const GM_ONLY = { GAMEMASTER: "OWNER", ASSISTANT: "OWNER", TRUSTED: "NONE", PLAYER: "NONE" } as const;
/** An item's text per page (or per document, in the layout before): each create is one socket message, under the module's limit. */
export const SHELF_PART_CHARS = MAX_MESSAGE_BYTES - 64 * 1024;
/** A volume takes items until it holds this much (about a night of twenty tables); a replay fetches one volume. */
export const VOLUME_CHARS = 4 * 1024 * 1024;

const CATALOG = "catalog";
const VOLUME = /^volume-(\d+)$/;

interface IndexEntry {
  readonly _id: string;
  readonly name?: string;
}
type Flags = Readonly<Record<string, Readonly<Record<string, unknown>> | undefined>>;
interface Page {
  readonly _id: string;
  readonly flags?: Flags;
}
/** A JournalEntry of the pack as fetched: its pages with it, and its embedded operations. */
interface PackEntry {
  readonly _id: string;
  readonly flags?: Flags;
  readonly pages: Iterable<Page>;
  createEmbeddedDocuments(name: "JournalEntryPage", data: object[]): Promise<readonly { readonly _id: string }[]>;
  deleteEmbeddedDocuments(name: "JournalEntryPage", ids: string[]): Promise<unknown>;
  update(changes: Record<string, unknown>): Promise<unknown>;
}
interface ShelfPack {
  readonly collection: string;
  readonly index: Iterable<IndexEntry>;
  readonly ownership?: Readonly<Record<string, string>>;
  readonly documentClass: {
    createDocuments(data: object[], operation: { pack: string }): Promise<readonly { readonly _id: string }[]>;
    deleteDocuments(ids: string[], operation: { pack: string }): Promise<unknown>;
  };
  getDocument(id: string): Promise<(PackEntry & { readonly flags?: Flags }) | null | undefined>;
  configure(configuration: object): Promise<void>;
}
interface PackFactory {
  createCompendium(metadata: object): Promise<ShelfPack | undefined>;
}

/** `foundry.documents.collections.CompendiumCollection`, where this Foundry (or its stand-in) has it. */
export function packFactory(): PackFactory | null {
  const root = (globalThis as { foundry?: unknown }).foundry as
    { documents?: { collections?: { CompendiumCollection?: unknown } } } | undefined;
  const factory = root?.documents?.collections?.CompendiumCollection as PackFactory | undefined;
  return typeof factory?.createCompendium === "function" ? factory : null;
}

const isMethod = (x: object, name: string): boolean => typeof Reflect.get(x, name) === "function";

/**
 * Whether a world pack is the CompendiumCollection the shelf uses (fvtt-types types `game.packs` by
 * the document class, whose page and flag shapes are not the shelf's narrow ones).
 */
const isShelfPack = (x: unknown): x is ShelfPack => {
  if (typeof x !== "object" || x === null) return false;
  const documentClass: unknown = Reflect.get(x, "documentClass");
  const index: unknown = Reflect.get(x, "index");
  return (
    typeof Reflect.get(x, "collection") === "string" &&
    typeof index === "object" &&
    index !== null &&
    Symbol.iterator in index &&
    isMethod(x, "getDocument") &&
    isMethod(x, "configure") &&
    // A Document class (a function) in Foundry; any object holding the two methods will do.
    (typeof documentClass === "function" || (typeof documentClass === "object" && documentClass !== null)) &&
    isMethod(documentClass, "createDocuments") &&
    isMethod(documentClass, "deleteDocuments")
  );
};

export function existingPack(): ShelfPack | null {
  const pack: unknown = game.packs?.get(SHELF_PACK);
  return isShelfPack(pack) ? pack : null;
}

/** The pack's creation while it is under way: concurrent writes wait for the one creation. */
let creating: Promise<ShelfPack | null> | null = null;

/**
 * The pack, created by the GM the first time a finished table needs it; null where packs cannot be made.
 * One creation at a time (Foundry refuses a second pack of the same name), and a creation refused
 * because another tab or GM made the pack meanwhile takes the pack that now exists.
 */
async function shelfPack(): Promise<ShelfPack | null> {
  const found = existingPack();
  if (found) return found;
  const factory = packFactory();
  if (!factory || !game.user?.isGM) return null;
  creating ??= createShelfPack(factory).finally(() => {
    creating = null;
  });
  return creating;
}

async function createShelfPack(factory: PackFactory): Promise<ShelfPack | null> {
  let pack: ShelfPack | undefined;
  try {
    pack = await factory.createCompendium({
      type: "JournalEntry",
      name: SHELF_PACK_NAME,
      label: "Cantina Games: finished tables",
      ownership: GM_ONLY,
    });
  } catch (error) {
    const made = existingPack();
    if (made) return made;
    throw error;
  }
  // The ownership a world pack shows is the world's compendium configuration (CompendiumCollection#ownership).
  if (pack && pack.ownership?.PLAYER !== "NONE") await pack.configure({ ownership: GM_ONLY });
  return pack ?? null;
}

/** Where the catalog puts an item: its volume's id, its pages' ids in order, its text's length. */
interface Placed {
  readonly v: string;
  readonly p: readonly string[];
  readonly n: number;
}
const isPlaced = (x: unknown): x is Placed => {
  const p = x as Partial<Placed> | null;
  return (
    typeof p === "object" &&
    p !== null &&
    typeof p.v === "string" &&
    Array.isArray(p.p) &&
    p.p.every((id) => typeof id === "string") &&
    typeof p.n === "number"
  );
};

/** An item's name as a key of the catalog's flags (a dot would split the update's path). */
const catalogKey = (name: string): string => name.replaceAll("%", "%25").replaceAll(".", "%2E");
const nameOfKey = (key: string): string => key.replaceAll("%2E", ".").replaceAll("%25", "%");

const entryNamed = (pack: ShelfPack, name: string): IndexEntry | undefined =>
  [...pack.index].find((e) => e.name === name);

async function catalogOf(pack: ShelfPack): Promise<{ entry: PackEntry | null; items: Map<string, Placed> }> {
  const found = entryNamed(pack, CATALOG);
  const entry = found ? ((await pack.getDocument(found._id)) ?? null) : null;
  const items = new Map<string, Placed>();
  const raw = entry?.flags?.[MODULE_ID]?.items;
  if (typeof raw === "object" && raw !== null)
    for (const [key, placed] of Object.entries(raw)) if (isPlaced(placed)) items.set(nameOfKey(key), placed);
  return { entry, items };
}

async function createEntry(pack: ShelfPack, name: string, flags: object): Promise<PackEntry> {
  const [created] = await pack.documentClass.createDocuments([{ name, flags }], { pack: pack.collection });
  const entry = created ? await pack.getDocument(created._id) : null;
  if (!entry) throw new Error(`${MODULE_ID} | the pack's ${name} was not created`);
  return entry;
}

/** The volume a new item of `chars` goes to: the last one, or a new one once the last is full. */
async function volumeFor(pack: ShelfPack, items: ReadonlyMap<string, Placed>, chars: number): Promise<PackEntry> {
  let last: { id: string; n: number } | null = null;
  for (const e of pack.index) {
    const match = VOLUME.exec(e.name ?? "");
    if (match && (!last || Number(match[1]) > last.n)) last = { id: e._id, n: Number(match[1]) };
  }
  if (last) {
    const used = [...items.values()].filter((p) => p.v === last.id).reduce((a, p) => a + p.n, 0);
    const entry = used === 0 || used + chars <= VOLUME_CHARS ? await pack.getDocument(last.id) : null;
    if (entry) return entry;
  }
  return createEntry(pack, `volume-${(last?.n ?? -1) + 1}`, {});
}

/** An item's pages removed, and its volume with them once it holds no page. */
async function removePages(pack: ShelfPack, placed: Placed): Promise<void> {
  const volume = await pack.getDocument(placed.v);
  if (!volume) return;
  const ids = new Set([...volume.pages].map((p) => p._id));
  const mine = placed.p.filter((id) => ids.has(id));
  if (mine.length === ids.size) {
    await pack.documentClass.deleteDocuments([placed.v], { pack: pack.collection });
    return;
  }
  if (mine.length > 0) await volume.deleteEmbeddedDocuments("JournalEntryPage", mine);
}

/** The layout before: a document a part, named `<name>#<part>/<parts>`. */
function parsePart(docName: string): { readonly name: string; readonly part: number; readonly parts: number } | null {
  const match = /^(.*)#(\d+)\/(\d+)$/.exec(docName);
  if (!match) return null;
  const part = Number(match[2]);
  const parts = Number(match[3]);
  return part < parts ? { name: match[1]!, part, parts } : null;
}

/** The layout before's items, by name, their documents' ids in part order (an item missing a part is left out). */
function oldItems(pack: ShelfPack): Map<string, string[]> {
  const byName = new Map<string, { parts: number; ids: (string | undefined)[] }>();
  for (const entry of pack.index) {
    const parsed = parsePart(entry.name ?? "");
    if (!parsed) continue;
    const item = byName.get(parsed.name) ?? { parts: parsed.parts, ids: [] };
    if (item.parts === parsed.parts) item.ids[parsed.part] = entry._id;
    byName.set(parsed.name, item);
  }
  const out = new Map<string, string[]>();
  for (const [name, item] of byName)
    if (item.ids.filter((id) => id !== undefined).length === item.parts) out.set(name, item.ids as string[]);
  return out;
}

/** Every document of the layout before under `name`, whole or not (to remove). */
const oldDocumentsOf = (pack: ShelfPack, name: string): string[] =>
  [...pack.index].filter((e) => parsePart(e.name ?? "")?.name === name).map((e) => e._id);

const partOf = (doc: { readonly flags?: Flags } | null | undefined): unknown => doc?.flags?.[MODULE_ID]?.part;

async function readOld(pack: ShelfPack, ids: readonly string[]): Promise<unknown> {
  let text = "";
  for (const id of ids) {
    const part = partOf(await pack.getDocument(id));
    if (typeof part !== "string") return null;
    text += part;
  }
  return JSON.parse(text) as unknown;
}

async function write(name: string, value: unknown): Promise<void> {
  const pack = await shelfPack();
  if (!pack) throw new Error(`${MODULE_ID} | the pack of finished tables cannot be created`);
  const catalog = await catalogOf(pack);
  const text = JSON.stringify(value);
  const volume = await volumeFor(pack, catalog.items, text.length);
  const pages: string[] = [];
  const count = Math.max(1, Math.ceil(text.length / SHELF_PART_CHARS));
  // One page a message: each under the socket's limit whatever the table's length.
  for (let i = 0; i < count; i++) {
    const part = text.slice(i * SHELF_PART_CHARS, (i + 1) * SHELF_PART_CHARS);
    const data = { name: `${name}#${i}/${count}`, type: "text", flags: { [MODULE_ID]: { part } } };
    const [created] = await volume.createEmbeddedDocuments("JournalEntryPage", [data]);
    if (!created) throw new Error(`${MODULE_ID} | a page of ${name} was not created`);
    pages.push(created._id);
  }
  const placed: Placed = { v: volume._id, p: pages, n: text.length };
  const path = `flags.${MODULE_ID}.items.${catalogKey(name)}`;
  // The commit point of the item: the catalog names it once its pages are there.
  if (catalog.entry) await catalog.entry.update({ [path]: placed });
  else await createEntry(pack, CATALOG, { [MODULE_ID]: { items: { [catalogKey(name)]: placed } } });
  const before = catalog.items.get(name);
  if (before) await removePages(pack, before);
  const old = oldDocumentsOf(pack, name);
  if (old.length > 0) await pack.documentClass.deleteDocuments(old, { pack: pack.collection });
}

/**
 * A change of the pack waits for the one before it: the pack, the catalog and a volume are each
 * read, then created or updated, so two changes at once would make two of them.
 */
let changes: Promise<unknown> = Promise.resolve();
function oneAtATime<A extends unknown[], R>(change: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return (...args) => {
    const run = changes.then(() => change(...args));
    changes = run.catch(() => undefined);
    return run;
  };
}

/** The shelf on the world pack (docs/foundry.md, "One pack document per night"). */
export const packShelf: ShelfBackend = {
  list: async () => {
    const pack = existingPack();
    if (!pack) return [];
    const { items } = await catalogOf(pack);
    return [...new Set([...items.keys(), ...oldItems(pack).keys()])];
  },
  read: async (name) => {
    const pack = existingPack();
    if (!pack) return null;
    const placed = (await catalogOf(pack)).items.get(name);
    if (!placed) {
      const ids = oldItems(pack).get(name);
      return ids ? readOld(pack, ids) : null;
    }
    const volume = await pack.getDocument(placed.v);
    const byId = new Map([...(volume?.pages ?? [])].map((p) => [p._id, p]));
    let text = "";
    for (const id of placed.p) {
      const part = partOf(byId.get(id));
      if (typeof part !== "string") return null;
      text += part;
    }
    return JSON.parse(text) as unknown;
  },
  write: oneAtATime(write),
  remove: oneAtATime(async (name: string) => {
    const pack = existingPack();
    if (!pack) return;
    const catalog = await catalogOf(pack);
    const placed = catalog.items.get(name);
    if (placed && catalog.entry) {
      await catalog.entry.update({ [`flags.${MODULE_ID}.items.-=${catalogKey(name)}`]: null });
      await removePages(pack, placed);
    }
    const old = oldDocumentsOf(pack, name);
    if (old.length > 0) await pack.documentClass.deleteDocuments(old, { pack: pack.collection });
  }),
  /** The layout before's items moved into volumes (each written anew, then its documents deleted). */
  compact: async () => {
    const pack = existingPack();
    if (!pack) return;
    const { items } = await catalogOf(pack);
    const whole = oldItems(pack);
    // Documents of an item never written whole (a crash in the layout before): nothing can read them.
    const broken = [...pack.index].filter((e) => {
      const parsed = parsePart(e.name ?? "");
      return parsed !== null && !whole.has(parsed.name) && !items.has(parsed.name);
    });
    if (broken.length > 0)
      await pack.documentClass.deleteDocuments(
        broken.map((e) => e._id),
        { pack: pack.collection },
      );
    for (const [name, ids] of whole) {
      if (items.has(name)) {
        await pack.documentClass.deleteDocuments(oldDocumentsOf(pack, name), { pack: pack.collection });
        continue;
      }
      const value = await readOld(pack, ids);
      if (value !== null) await write(name, value);
    }
  },
};
