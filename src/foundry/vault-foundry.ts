/**
 * The vault in Foundry: hidden world settings (deleted when emptied) and a GM-only world pack of
 * finished tables. Globals: `game.settings`, `game.packs`, `game.user`, `foundry.documents.collections`.
 */
import { MODULE_ID } from "./api";
import { MAX_MESSAGE_BYTES } from "./public-size";
import { SETTINGS } from "./settings";
import type { VaultBackend } from "./vault-writer";
import { type ShelfBackend, settingsShelf } from "./vault-shelf";

/** `game.settings` as the vault uses it: settings registered as they are first needed, by key. */
interface VaultSettings {
  readonly settings?: ReadonlyMap<string, unknown>;
  readonly storage?: ReadonlyMap<string, Iterable<{ readonly key?: unknown }>>;
  register?(namespace: string, key: string, data: Record<string, unknown>): void;
  get(namespace: string, key: string, options?: { document: true }): unknown;
  set(namespace: string, key: string, value: unknown): Promise<unknown>;
}

const PREFIX = `${MODULE_ID}.${SETTINGS.vault}-`;

function vaultSettings(key: string): VaultSettings | null {
  const settings = game.settings as unknown as VaultSettings | undefined;
  if (!settings) return null;
  const name = `${SETTINGS.vault}-${key}`;
  if (settings.register && !settings.settings?.has(`${MODULE_ID}.${name}`))
    settings.register(MODULE_ID, name, { scope: "world", config: false, type: Object, default: null });
  return settings;
}

/** The world pack of finished tables (a world pack: a module's own pack is replaced when the module updates). */
export const SHELF_PACK_NAME = "cantina-games-tables";
const SHELF_PACK = `world.${SHELF_PACK_NAME}`;
/** GMs only: players' clients neither list it nor may open it (CompendiumCollection#getUserLevel). */
const GM_ONLY = { GAMEMASTER: "OWNER", ASSISTANT: "OWNER", TRUSTED: "NONE", PLAYER: "NONE" } as const;
/** An item's text per document: each create is one socket message, under the module's limit. */
export const SHELF_PART_CHARS = MAX_MESSAGE_BYTES - 64 * 1024;

interface ShelfEntry {
  readonly _id: string;
  readonly name?: string;
}
interface ShelfDocument {
  readonly flags?: Record<string, Record<string, unknown> | undefined>;
}
interface ShelfPack {
  readonly collection: string;
  readonly index: Iterable<ShelfEntry>;
  readonly ownership?: Readonly<Record<string, string>>;
  readonly documentClass: {
    createDocuments(data: object[], operation: { pack: string }): Promise<unknown>;
    deleteDocuments(ids: string[], operation: { pack: string }): Promise<unknown>;
  };
  getDocument(id: string): Promise<ShelfDocument | null | undefined>;
  configure(configuration: object): Promise<void>;
}
interface PackFactory {
  createCompendium(metadata: object): Promise<ShelfPack | undefined>;
}

/** `foundry.documents.collections.CompendiumCollection`, where this Foundry (or its stand-in) has it. */
function packFactory(): PackFactory | null {
  const root = (globalThis as { foundry?: unknown }).foundry as
    { documents?: { collections?: { CompendiumCollection?: unknown } } } | undefined;
  const factory = root?.documents?.collections?.CompendiumCollection as PackFactory | undefined;
  return typeof factory?.createCompendium === "function" ? factory : null;
}

function existingPack(): ShelfPack | null {
  return (game.packs?.get(SHELF_PACK) as unknown as ShelfPack | undefined) ?? null;
}

/** The pack, created by the GM the first time a finished table needs it; null where packs cannot be made. */
async function shelfPack(): Promise<ShelfPack | null> {
  const found = existingPack();
  if (found) return found;
  const factory = packFactory();
  if (!factory || !game.user?.isGM) return null;
  const pack = await factory.createCompendium({
    type: "JournalEntry",
    name: SHELF_PACK_NAME,
    label: "Cantina Games: finished tables",
    ownership: GM_ONLY,
  });
  // The ownership a world pack shows is the world's compendium configuration (CompendiumCollection#ownership).
  if (pack && pack.ownership?.PLAYER !== "NONE") await pack.configure({ ownership: GM_ONLY });
  return pack ?? null;
}

/** A document's name: the item's name, its part and how many parts it has (`name#0/2`). */
const partName = (name: string, part: number, parts: number): string => `${name}#${part}/${parts}`;
function parsePart(docName: string): { readonly name: string; readonly part: number; readonly parts: number } | null {
  const match = /^(.*)#(\d+)\/(\d+)$/.exec(docName);
  if (!match) return null;
  const part = Number(match[2]);
  const parts = Number(match[3]);
  return part < parts ? { name: match[1]!, part, parts } : null;
}

/** The documents of each item, by name, their ids in part order (an item missing a part is left out). */
function itemsOf(pack: ShelfPack): Map<string, string[]> {
  const byName = new Map<string, { parts: number; ids: (string | undefined)[]; all: string[] }>();
  for (const entry of pack.index) {
    const parsed = parsePart(entry.name ?? "");
    if (!parsed) continue;
    const item = byName.get(parsed.name) ?? { parts: parsed.parts, ids: [], all: [] };
    if (item.parts === parsed.parts) item.ids[parsed.part] = entry._id;
    item.all.push(entry._id);
    byName.set(parsed.name, item);
  }
  const out = new Map<string, string[]>();
  for (const [name, item] of byName)
    if (item.ids.filter((id) => id !== undefined).length === item.parts) out.set(name, item.ids as string[]);
  return out;
}

/** Every document of an item under `name`, whole or not (to remove). */
function documentsOf(pack: ShelfPack, name: string): string[] {
  return [...pack.index].filter((e) => parsePart(e.name ?? "")?.name === name).map((e) => e._id);
}

const packShelf: ShelfBackend = {
  list: async () => {
    const pack = existingPack();
    return pack ? [...itemsOf(pack).keys()] : [];
  },
  read: async (name) => {
    const pack = existingPack();
    const ids = pack ? itemsOf(pack).get(name) : undefined;
    if (!pack || !ids) return null;
    let text = "";
    for (const id of ids) {
      const part = (await pack.getDocument(id))?.flags?.[MODULE_ID]?.part;
      if (typeof part !== "string") return null;
      text += part;
    }
    return JSON.parse(text) as unknown;
  },
  write: async (name, value) => {
    const pack = await shelfPack();
    if (!pack) throw new Error(`${MODULE_ID} | the pack of finished tables cannot be created`);
    const old = documentsOf(pack, name);
    if (old.length > 0) await pack.documentClass.deleteDocuments(old, { pack: pack.collection });
    const text = JSON.stringify(value);
    const parts = Math.max(1, Math.ceil(text.length / SHELF_PART_CHARS));
    // One document a message: each under the socket's limit whatever the table's length.
    for (let i = 0; i < parts; i++) {
      const part = text.slice(i * SHELF_PART_CHARS, (i + 1) * SHELF_PART_CHARS);
      const data = { name: partName(name, i, parts), flags: { [MODULE_ID]: { part } } };
      await pack.documentClass.createDocuments([data], { pack: pack.collection });
    }
  },
  remove: async (name) => {
    const pack = existingPack();
    const ids = pack ? documentsOf(pack, name) : [];
    if (pack && ids.length > 0) await pack.documentClass.deleteDocuments(ids, { pack: pack.collection });
  },
};

const settingsBackend = {
  read: (key: string): unknown => {
    const settings = vaultSettings(key);
    return settings ? settings.get(MODULE_ID, `${SETTINGS.vault}-${key}`) : null;
  },
  write: async (key: string, value: unknown): Promise<void> => {
    const settings = vaultSettings(key);
    if (!settings) return;
    if (value !== null) {
      await settings.set(MODULE_ID, `${SETTINGS.vault}-${key}`, value);
      return;
    }
    // Emptied: its Setting document deleted (a setting set to null stays a document every client loads).
    const doc = settings.get(MODULE_ID, `${SETTINGS.vault}-${key}`, { document: true }) as {
      readonly _id?: string | null;
      delete?(): Promise<unknown>;
    } | null;
    if (doc?._id && doc.delete) await doc.delete();
  },
};

/**
 * The vault's records, each a hidden world setting `cantina-games.vault-<key>` (sealed-store.ts),
 * registered on the host when first read or written (only the host reads them; Foundry sends every
 * client each change), and its finished tables on the pack (or, where no pack can be made, in the settings).
 */
export const vaultBackend: VaultBackend = {
  ...settingsBackend,
  keys: () => {
    const settings = game.settings as unknown as VaultSettings | undefined;
    const keys: string[] = [];
    for (const doc of settings?.storage?.get("world") ?? [])
      if (typeof doc.key === "string" && doc.key.startsWith(PREFIX)) keys.push(doc.key.slice(PREFIX.length));
    return keys;
  },
  get shelf(): ShelfBackend {
    return existingPack() || packFactory() ? packShelf : settingsShelf(settingsBackend);
  },
};
