/**
 * The vault in Foundry: hidden world settings (deleted when emptied) and a GM-only world pack of
 * finished tables (vault-pack.ts). Globals: `game.settings`.
 */
import { MODULE_ID } from "./api";
import { SETTINGS } from "./settings";
import type { VaultBackend } from "./vault-writer";
import { type ShelfBackend, settingsShelf } from "./vault-shelf";
import { existingPack, packFactory, packShelf } from "./vault-pack";

/** `game.settings` as the vault uses it: settings registered as they are first needed, by key. */
interface VaultSettings {
  readonly settings?: ReadonlyMap<string, unknown>;
  readonly storage?: ReadonlyMap<string, Iterable<{ readonly key?: unknown }>>;
  register?(namespace: string, key: string, data: Record<string, unknown>): void;
  get(namespace: string, key: string, options?: { document: true }): unknown;
  set(namespace: string, key: string, value: unknown): Promise<unknown>;
}

const PREFIX = `${MODULE_ID}.${SETTINGS.vault}-`;

const isFunction = (x: object, name: string): boolean => typeof Reflect.get(x, name) === "function";
const isMapLike = (x: unknown): boolean =>
  x === undefined || (typeof x === "object" && x !== null && isFunction(x, "get"));

/**
 * Whether `game.settings` is the ClientSettings the vault uses (its keys are made at run time, so
 * fvtt-types' `SettingConfig`, keyed by each setting's name, cannot declare them).
 */
const isVaultSettings = (x: unknown): x is VaultSettings =>
  typeof x === "object" &&
  x !== null &&
  isFunction(x, "get") &&
  isFunction(x, "set") &&
  (!("register" in x) || isFunction(x, "register")) &&
  isMapLike(Reflect.get(x, "settings")) &&
  isMapLike(Reflect.get(x, "storage"));

/** `game.settings` where this Foundry has it as the vault uses it, else null. */
function clientSettings(): VaultSettings | null {
  const settings: unknown = game.settings;
  return isVaultSettings(settings) ? settings : null;
}

function vaultSettings(key: string): VaultSettings | null {
  const settings = clientSettings();
  if (!settings) return null;
  const name = `${SETTINGS.vault}-${key}`;
  if (settings.register && !settings.settings?.has(`${MODULE_ID}.${name}`))
    settings.register(MODULE_ID, name, { scope: "world", config: false, type: Object, default: null });
  return settings;
}

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
    const settings = clientSettings();
    const keys: string[] = [];
    for (const doc of settings?.storage?.get("world") ?? [])
      if (typeof doc.key === "string" && doc.key.startsWith(PREFIX)) keys.push(doc.key.slice(PREFIX.length));
    return keys;
  },
  get shelf(): ShelfBackend {
    return existingPack() || packFactory() ? packShelf : settingsShelf(settingsBackend);
  },
};
