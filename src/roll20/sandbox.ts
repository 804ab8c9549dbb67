/**
 * The part of Roll20's Mod (API) sandbox this adapter uses, typed after Roll20's published
 * declarations (Roll20/roll20-api-scripts, `.types/index.d.ts`). Only src/roll20 reads these; the
 * entry takes them from the sandbox's global scope once (`sandboxFromGlobals`).
 */

/** A Roll20 object: read with `get`, written with `set` (properties starting "_" are read-only). */
export interface Roll20Object<P> {
  readonly id: string;
  get<K extends keyof P>(property: K): P[K];
  set(properties: Partial<P>): unknown;
  remove(): void;
}

export interface PlayerProperties {
  readonly _id: string;
  readonly _type: "player";
  readonly _displayname: string;
  readonly _online: boolean;
  /** The page a GM last opened as GM (Roll20 keeps it for GMs only); "" before any. */
  readonly _lastpage: string;
}

export interface CampaignProperties {
  readonly _id: string;
  readonly _type: "campaign";
  readonly playerpageid: string | false;
  readonly playerspecificpages: Readonly<Record<string, string>> | false;
}

/** What `createObj` takes beside an object's own properties: the page is given as `pageid` (read back as `_pageid`). */
export interface CreateAttributes {
  readonly pageid?: string;
  /** An attribute's character, given as `characterid` (read back as `_characterid`). */
  readonly characterid?: string;
}

export interface HandoutProperties {
  readonly _id: string;
  readonly _type: "handout";
  readonly name: string;
  readonly notes: string;
  readonly gmnotes: string;
  /** "all", or comma-separated player ids whose journals show it. */
  readonly inplayerjournals: string;
  readonly controlledby: string;
  readonly archived: boolean;
}

/** A character: a whisper to its name reaches everyone in its `controlledby` (issue 35: a player's mailbox). */
export interface CharacterProperties {
  readonly _id: string;
  readonly _type: "character";
  readonly name: string;
  readonly bio: string;
  readonly gmnotes: string;
  readonly archived: boolean;
  /** "all", or comma-separated player ids whose journals show it. */
  readonly inplayerjournals: string;
  /** "all", or comma-separated player ids who control it (and receive its whispers). */
  readonly controlledby: string;
}

/** A character's attribute (`.types/index.d.ts` AttributeProperties): its values are text. */
export interface AttributeProperties {
  readonly _id: string;
  readonly _type: "attribute";
  readonly _characterid: string;
  readonly name: string;
  readonly current: string;
  readonly max: string;
}

export interface GraphicProperties {
  readonly _id: string;
  readonly _type: "graphic";
  readonly _subtype: "token" | "card";
  readonly _pageid: string;
  readonly imgsrc: string;
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
  readonly layer: "gmlayer" | "objects" | "map" | "walls";
  readonly name: string;
  readonly gmnotes: string;
  readonly tooltip: string;
  readonly controlledby: string;
  readonly bar1_value: string;
  readonly rotation: number;
  readonly fliph: boolean;
  readonly flipv: boolean;
}

export interface PathProperties {
  readonly _id: string;
  readonly _type: "path";
  readonly _pageid: string;
  readonly _path: string;
  readonly fill: string;
  readonly stroke: string;
  readonly stroke_width: number;
  readonly layer: "gmlayer" | "objects" | "map" | "walls";
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
  /** Degrees clockwise about the box's centre (a player turns a drawing with its rotation handle). */
  readonly rotation: number;
  readonly controlledby: string;
}

export interface TextProperties {
  readonly _id: string;
  readonly _type: "text";
  readonly _pageid: string;
  readonly text: string;
  readonly left: number;
  readonly top: number;
  readonly font_size: number;
  readonly color: string;
  readonly layer: "gmlayer" | "objects" | "map" | "walls";
  readonly controlledby: string;
}

export interface PageProperties {
  readonly _id: string;
  readonly _type: "page";
  readonly name: string;
  readonly width: number;
  readonly height: number;
}

export interface ObjectTypes {
  readonly player: PlayerProperties;
  readonly campaign: CampaignProperties;
  readonly handout: HandoutProperties;
  readonly character: CharacterProperties;
  readonly graphic: GraphicProperties;
  readonly path: PathProperties;
  readonly text: TextProperties;
  readonly page: PageProperties;
  readonly attribute: AttributeProperties;
}

export type ObjectType = keyof ObjectTypes;

/** A chat message as `chat:message` delivers it (`playerid` is the sender; "API" for a script's own). */
export interface ChatMessage {
  readonly who: string;
  readonly playerid: string;
  readonly type: "general" | "rollresult" | "gmrollresult" | "emote" | "whisper" | "desc" | "api";
  readonly content: string;
  /** The message's inline rolls (`[[4d2>2]]`), each die in `results.rolls[].results[].v` (Roll20's RollData). */
  readonly inlinerolls?: readonly InlineRoll[];
  /** The roll template's name when the message is one (`&{template:default}` → "default"). */
  readonly rolltemplate?: string;
}

/** One inline roll as Roll20 reports it (`.types/index.d.ts`: RollData, Results, StandardRoll). */
export interface InlineRoll {
  readonly expression: string;
  readonly results: {
    readonly total: number;
    readonly rolls: readonly {
      readonly type: string;
      readonly sides?: number;
      readonly results?: readonly { readonly v: number; readonly d?: boolean }[];
    }[];
  };
}

export interface SendChatOptions {
  readonly noarchive?: boolean;
  /** Roll the message's inline rolls as 3D dice (Roll20's Mod:Chat page; not in `.types/index.d.ts`). */
  readonly use3d?: boolean;
}

/** The sandbox's globals this adapter calls. */
export interface Sandbox {
  on(event: "ready", callback: () => void): void;
  on(event: "chat:message", callback: (message: ChatMessage) => void): void;
  on(
    event: "change:graphic",
    callback: (graphic: Roll20Object<GraphicProperties>, previous: Readonly<Record<string, unknown>>) => void,
  ): void;
  /** With a callback, Roll20 hands the processed message (its inline rolls rolled) to it instead of posting it. */
  sendChat(
    speakingAs: string,
    input: string,
    callback?: ((operations: readonly ChatMessage[]) => void) | null,
    options?: SendChatOptions,
  ): void;
  on(
    event: "change:path",
    callback: (path: Roll20Object<PathProperties>, previous: Readonly<Record<string, unknown>>) => void,
  ): void;
  createObj<T extends ObjectType>(
    type: T,
    attributes: Partial<ObjectTypes[T]> & CreateAttributes,
  ): Roll20Object<ObjectTypes[T]>;
  getObj<T extends ObjectType>(type: T, id: string): Roll20Object<ObjectTypes[T]> | null | undefined;
  /** `caseInsensitive`: text properties compared ignoring case (`.types/index.d.ts` FindObjsOptions). */
  findObjs<T extends ObjectType>(
    attributes: Partial<ObjectTypes[T]> & { readonly _type: T },
    options?: { readonly caseInsensitive?: boolean },
  ): Roll20Object<ObjectTypes[T]>[];
  playerIsGM(playerId: string): boolean;
  Campaign(): Roll20Object<CampaignProperties>;
  randomInteger(max: number): number;
  log(message: unknown): void;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Roll20's persisted object: kept as JSON between sandbox runs. */
  readonly state: Record<string, unknown>;
  /** The one-click install's options per script (Roll20's `globalconfig`; absent when the file was pasted). */
  readonly globalconfig?: unknown;
}

/** The sandbox functions the adapter calls (a scope without one of them is not Roll20's). */
export const SANDBOX_FUNCTIONS = [
  "on",
  "sendChat",
  "createObj",
  "getObj",
  "findObjs",
  "playerIsGM",
  "Campaign",
  "randomInteger",
  "log",
  "setTimeout",
  "clearTimeout",
] as const;

/** Whether a scope holds every sandbox global this adapter calls, and Roll20's `state` object. */
function hasSandboxGlobals(scope: object): scope is Sandbox {
  const state: unknown = Reflect.get(scope, "state");
  const isFunction = (name: string): boolean => typeof Reflect.get(scope, name) === "function";
  return SANDBOX_FUNCTIONS.every(isFunction) && typeof state === "object" && state !== null;
}

/**
 * The sandbox's globals, or null when one is missing (not inside Roll20). The scope itself: its
 * `state` is read at each use, as the sandbox may give the script a new `state` after a restart.
 */
export function sandboxFromGlobals(scope: object): Sandbox | null {
  return hasSandboxGlobals(scope) ? scope : null;
}

/**
 * The time a bot's decision may hold Roll20's sandbox (its watchdog stops a script after 250 ms
 * without returning control): the search plays its best move so far, the rest of the turn has room.
 */
export const ROLL20_BOT_MS = 120;

/**
 * The clock a bot's time budget runs on: `performance.now` where the sandbox has it (Node, which
 * runs Roll20's Mod sandbox, does; Roll20's published declarations do not promise it), else `Date.now`
 * (ECMAScript's, always there; it moves with real time in Roll20).
 */
export function sandboxClock(scope: object): () => number {
  const performance = (scope as { readonly performance?: { readonly now?: unknown } }).performance;
  const now = performance?.now;
  if (typeof now === "function") return () => Number(now.call(performance));
  return () => Date.now();
}
