/**
 * The few Foundry globals the adapter reads, behind small functions, so the rest of the adapter
 * (and its tests' stand-ins) deal with plain values.
 * Foundry globals touched: `game.user`, `game.users`, `game.world`, `game.socket`, `game.i18n`, `game.settings`,
 * `ui.notifications`, `game.packs` (the boards compendium), and `game.dice3d` (the Dice So Nice
 * module, when active).
 */
import { MODULE_ID } from "./api";
import { type PublicJwk, isPublicJwk, sameKey } from "./crypto";
import { SETTINGS } from "./settings";

declare module "@league-of-foundry-developers/foundry-vtt-types/configuration" {
  interface FlagConfig {
    User: {
      "cantina-games": {
        /** This user's X25519 public key (docs/security.md). */
        publicKey?: PublicJwk;
      };
    };
  }
}

export interface UserInfo {
  readonly id: string;
  readonly name: string;
  readonly isGM: boolean;
  readonly active: boolean;
  readonly publicKey: PublicJwk | null;
  /** The id of the user's assigned character (`User#character`), or null. */
  readonly character: string | null;
}

function keyOf(user: User.Implementation): PublicJwk | null {
  const flags = user.flags as Record<string, Record<string, unknown> | undefined>;
  const key = flags[MODULE_ID]?.publicKey;
  return isPublicJwk(key) ? key : null;
}

export function allUsers(): UserInfo[] {
  const out: UserInfo[] = [];
  for (const u of game.users ?? []) {
    out.push({
      id: u.id ?? "",
      name: u.name ?? "",
      isGM: u.isGM,
      active: u.active,
      publicKey: keyOf(u),
      character: u.character?.id ?? null,
    });
  }
  return out.filter((u) => u.id !== "");
}

export function userById(id: string): UserInfo | undefined {
  return allUsers().find((u) => u.id === id);
}

export function myUserId(): string {
  return game.user?.id ?? "";
}

export function amGM(): boolean {
  return game.user?.isGM ?? false;
}

/**
 * The one GM who hosts every table: Foundry's designated active GM (`game.users.activeGM`: the
 * active user of the highest role, ties to the lowest id), the same on every client.
 */
export function authorityId(): string | null {
  return game.users?.activeGM?.id ?? null;
}

/** The part of Foundry's `game.socket` (a socket.io client) the adapter uses for its own event. */
export interface ModuleSocket {
  /** The server relays `data` to the `recipients`' clients only, or without them to every other client. */
  emit(event: string, data: unknown, options?: { readonly recipients?: readonly string[] }): unknown;
  /** `sender` is the user id the server stamps on the message, never the payload's word. */
  on(event: string, listener: (data: unknown, sender: string) => void): unknown;
}

/** The module's socket event name (module.json has `"socket": true`). */
export const MODULE_EVENT = `module.${MODULE_ID}`;

/** `game.socket`, once Foundry has connected it (before "init"), or null. */
export function moduleSocket(): ModuleSocket | null {
  const socket = gameField("socket");
  return isModuleSocket(socket) ? socket : null;
}

/** A field of Foundry's `game` as it is at run time (a module's addition, or one not yet connected): unknown until checked. */
function gameField(name: string): unknown {
  const g: unknown = typeof game === "undefined" ? undefined : game;
  return typeof g === "object" && g !== null ? (Reflect.get(g, name) as unknown) : undefined;
}

const isModuleSocket = (s: unknown): s is ModuleSocket =>
  typeof s === "object" &&
  s !== null &&
  "emit" in s &&
  typeof s.emit === "function" &&
  "on" in s &&
  typeof s.on === "function";

export function worldId(): string {
  return game.world?.id ?? "world";
}

export async function publishKey(key: PublicJwk): Promise<void> {
  const user = game.user;
  if (!user) return;
  const current = keyOf(user);
  if (sameKey(current, key)) return;
  await user.setFlag(MODULE_ID, "publicKey", key);
}

export function localize(key: string): string {
  return game.i18n?.localize(key) ?? key;
}

export function format(key: string, params: Readonly<Record<string, string | number>>): string {
  const data: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) data[k] = String(v);
  return game.i18n?.format(key, data) ?? key;
}

export function notify(
  kind: "info" | "warn" | "error",
  key: string,
  params: Readonly<Record<string, string | number>> = {},
  options: { readonly permanent?: boolean } = {},
): void {
  const text = Object.keys(params).length > 0 ? format(key, params) : localize(key);
  if (options.permanent) ui.notifications?.[kind](text, { permanent: true });
  else ui.notifications?.[kind](text);
}

/** The "Ante scale (%)" setting: the launcher proposes each game's own antes times this, /100. */
export function anteScale(): number {
  const v = game.settings?.get(MODULE_ID, SETTINGS.anteScale);
  return typeof v === "number" && Number.isFinite(v) && v > 0 ? v : 100;
}

export function currencyName(): string {
  const v = game.settings?.get(MODULE_ID, SETTINGS.currencyName);
  return typeof v === "string" && v.trim() ? v.trim() : localize("CANTINA.Foundry.Credits");
}

export function spectatorsAllowed(): boolean {
  return game.settings?.get(MODULE_ID, SETTINGS.allowSpectators) !== false;
}

/** How long a finished table stays before it is archived (the GM's setting in minutes); null: never. */
export function archiveAfterMs(): number | null {
  const v = game.settings?.get(MODULE_ID, SETTINGS.archiveAfter);
  const minutes = typeof v === "number" && v >= 0 ? v : 60;
  return minutes > 0 ? minutes * 60_000 : null;
}

export function botDelayMs(): number {
  const v = game.settings?.get(MODULE_ID, SETTINGS.botDelay);
  return typeof v === "number" && v >= 0 ? v : 800;
}

/** The GM's choice: a finished table writes a journal entry with its summary and replay link (off unless set). */
export function replayJournal(): boolean {
  return game.settings?.get(MODULE_ID, SETTINGS.replayJournal) === true;
}

export function privateRollsToChat(): boolean {
  return game.settings?.get(MODULE_ID, SETTINGS.privateRollsToChat) !== false;
}

/** This client's choice: a sound when the player's turn starts (off unless set). */
export function turnSound(): boolean {
  return game.settings?.get(MODULE_ID, SETTINGS.turnSound) === true;
}

/** The part of Dice So Nice's `game.dice3d` the adapter uses (not typed by foundry-vtt-types). */
export interface Dice3d {
  /**
   * Animates a roll; `synchronize: false` shows it on this client only. Resolves false, having
   * shown and sounded nothing, when this client's own Dice So Nice settings turn it off
   * (Dice3D#show checks `isEnabled()`: the client setting `enabled`, and "disabled during combat").
   */
  showForRoll(roll: Roll.Any, user?: unknown, synchronize?: boolean): Promise<boolean>;
}

/** The dice sound (`CONFIG.sounds.dice`) on this client alone, as Foundry plays a roll's message sound. */
export function playDiceSound(): void {
  const src = CONFIG.sounds?.dice;
  if (src) void foundry.audio.AudioHelper.play({ src, volume: 0.8, loop: false }, false);
}

/** Dice So Nice's API when that module is active, else null. */
export function dice3d(): Dice3d | null {
  const d = gameField("dice3d");
  return isDice3d(d) ? d : null;
}

const isDice3d = (d: unknown): d is Dice3d =>
  typeof d === "object" && d !== null && "showForRoll" in d && typeof d.showForRoll === "function";

/** The module's boards compendium: JournalEntries whose `flags["cantina-games"].board` holds a board. */
export const BOARDS_PACK = `${MODULE_ID}.cantina-boards`;

/** One board of the compendium, as stored (the launcher checks it before offering it). */
export interface PackBoard {
  /** The JournalEntry's id in the pack. */
  readonly id: string;
  readonly name: string;
  /** The shipped board it was made from (`flags["cantina-games"].boardId`), if any. */
  readonly boardId: string | null;
  readonly board: unknown;
}

/** The part of a compendium collection the boards read (v13 `CompendiumCollection#getDocuments`). */
interface DocumentPack {
  getDocuments(): Promise<unknown[]>;
}

const isDocumentPack = (p: unknown): p is DocumentPack =>
  typeof p === "object" && p !== null && "getDocuments" in p && typeof p.getDocuments === "function";

/** The boards of the compendium pack, or [] when the pack is missing or cannot be read. */
export async function compendiumBoards(): Promise<PackBoard[]> {
  const pack: unknown = game.packs?.get(BOARDS_PACK);
  if (!isDocumentPack(pack)) return [];
  let documents: unknown[];
  try {
    documents = await pack.getDocuments();
  } catch (error) {
    console.error(`${MODULE_ID} | could not read the boards compendium`, error);
    return [];
  }
  const out: PackBoard[] = [];
  for (const doc of documents) {
    const d = doc as { id?: unknown; name?: unknown; flags?: Record<string, Record<string, unknown> | undefined> };
    const flags = d.flags?.[MODULE_ID];
    if (typeof d.id !== "string" || !flags || flags.board === undefined) continue;
    out.push({
      id: d.id,
      name: typeof d.name === "string" ? d.name : d.id,
      boardId: typeof flags.boardId === "string" ? flags.boardId : null,
      board: flags.board,
    });
  }
  return out;
}

/** The vault's records (world settings) and its shelf of finished tables (a world pack): vault-foundry.ts. */
export { vaultBackend } from "./vault-foundry";
