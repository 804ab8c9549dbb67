/**
 * The script's settings (issue 35): one-click `useroptions` read from `globalconfig.cantinagames`
 * (copied into `state` when saved later), or `!cantina config` for a pasted script (docs/roll20.md).
 */
import { isRecord } from "../rules/core";

export type SettingKey = "lang" | "botdelay" | "archivedelay" | "kept" | "art" | "credits";

export interface Roll20Settings {
  readonly lang: "en" | "de";
  /** Seconds a bot waits before its move. */
  readonly botdelay: number;
  /** Minutes a finished table stays before it is archived. */
  readonly archivedelay: number;
  /** Finished tables kept in `state` (the oldest go first). */
  readonly kept: number;
  /** Piece images per side, from the GM's library (empty: drawn outlines). */
  readonly art: readonly string[];
  /** The characters' attribute a tournament's buy-in takes credits from and its cash-out gives them to (issue 37). */
  readonly credits: string;
}

export const DEFAULT_SETTINGS: Roll20Settings = {
  lang: "en",
  botdelay: 1.5,
  archivedelay: 10,
  kept: 50,
  art: [],
  credits: "credits",
};

/**
 * The one-click options, in script.json's `useroptions` layout (name, type, default, description;
 * a select's `options`). scripts/roll20-dist.mjs writes the same list (tests/roll20/settings.test.ts
 * checks they agree); `key` is the setting each sets.
 */
export const USER_OPTIONS: readonly {
  readonly key: SettingKey;
  readonly name: string;
  readonly type: "select" | "number" | "text";
  readonly default: string;
  readonly options?: readonly string[];
  readonly description: string;
  /** Its label on the settings card (default `CANTINA.Roll20.Idiom.Setting.<key>`). */
  readonly labelKey?: string;
}[] = [
  {
    key: "lang",
    name: "Language",
    type: "select",
    default: "en",
    options: ["en", "de"],
    description: "The language of the cards and buttons: en (English) or de (Deutsch).",
  },
  {
    key: "botdelay",
    name: "Bot delay",
    type: "number",
    default: "1.5",
    description: "Seconds a bot waits before it moves (0 to 30).",
  },
  {
    key: "archivedelay",
    name: "Archive delay",
    type: "number",
    default: "10",
    description: "Minutes a finished table stays open (to play again) before it is archived (0 to 1440).",
  },
  {
    key: "kept",
    name: "Finished tables kept",
    type: "number",
    default: "50",
    description: "How many archived tables are kept for replays (0 to 50); the oldest go first.",
  },
  {
    key: "art",
    name: "Board art",
    type: "text",
    default: "",
    description:
      "Optional piece images, one per side, separated by spaces: image URLs from your own Roll20 library (empty: drawn outlines).",
  },
  {
    key: "credits",
    name: "Credits attribute",
    type: "text",
    default: "credits",
    description:
      "The character attribute that holds a character's credits (matched ignoring case): a tournament's buy-in takes credits from it and its cash-out gives them back.",
    labelKey: "CANTINA.Tournament.Roll20.Setting.Credits",
  },
];

/** An attribute name a GM may give: letters, digits, "_" and "-" (what sheets name their fields). */
const ATTRIBUTE_NAME = /^[A-Za-z0-9_-]{1,64}$/;

const LIMITS: Readonly<Record<"botdelay" | "archivedelay" | "kept", readonly [number, number]>> = {
  botdelay: [0, 30],
  archivedelay: [0, 1440],
  kept: [0, 50],
};

/** One setting from text (a one-click value or a typed one); null when it is not a value the setting takes. */
export function parseSetting(key: SettingKey, text: string): Partial<Roll20Settings> | null {
  const value = text.trim();
  switch (key) {
    case "lang":
      return value === "en" || value === "de" ? { lang: value } : null;
    case "credits":
      return ATTRIBUTE_NAME.test(value) ? { credits: value } : null;
    case "art": {
      const urls = value === "" || value === "none" ? [] : value.split(/\s+/);
      return urls.length <= 6 && urls.every((u) => u.length <= 300) ? { art: urls } : null;
    }
    default: {
      if (!/^[0-9]{1,5}(\.[0-9]{1,3})?$/.test(value)) return null;
      const n = Number(value);
      const [min, max] = LIMITS[key];
      if (n < min || n > max) return null;
      return { [key]: key === "kept" ? Math.floor(n) : n };
    }
  }
}

/** Settings as stored in `state` (anything damaged or missing: the default). */
export function storedSettings(raw: unknown): Roll20Settings & { readonly lastsaved: number } {
  const r = isRecord(raw) ? raw : {};
  let settings: Roll20Settings = DEFAULT_SETTINGS;
  for (const key of Object.keys(DEFAULT_SETTINGS) as SettingKey[]) {
    const value = r[key];
    const text = Array.isArray(value)
      ? value.join(" ")
      : typeof value === "string" || typeof value === "number"
        ? String(value)
        : null;
    const parsed = text === null ? null : parseSetting(key, text);
    if (parsed) settings = { ...settings, ...parsed };
  }
  return { ...settings, lastsaved: typeof r.lastsaved === "number" ? r.lastsaved : 0 };
}

/** The script's entry of `globalconfig` (null: none, e.g. the file was pasted). */
export function oneClickEntry(globalconfig: unknown): Record<string, unknown> | null {
  if (!isRecord(globalconfig)) return null;
  const entry = globalconfig.cantinagames ?? globalconfig.CantinaGames ?? globalconfig["Cantina Games"];
  return isRecord(entry) ? entry : null;
}

/**
 * The settings after the one-click install's: its values (each checked; a bad one is left as it
 * was and named) when it was saved after what `state` holds, else `state`'s as they are.
 */
export function withOneClick(
  stored: Roll20Settings & { readonly lastsaved: number },
  globalconfig: unknown,
): {
  readonly settings: Roll20Settings & { readonly lastsaved: number };
  readonly changed: boolean;
  readonly refused: readonly string[];
} {
  const entry = oneClickEntry(globalconfig);
  const lastsaved = entry && typeof entry.lastsaved === "number" ? entry.lastsaved : 0;
  if (!entry || lastsaved <= stored.lastsaved) return { settings: stored, changed: false, refused: [] };
  let settings: Roll20Settings = stored;
  const refused: string[] = [];
  for (const option of USER_OPTIONS) {
    const value = entry[option.name];
    if (value === undefined || value === null) continue;
    // Roll20 hands a one-click value over as text (a checkbox as a boolean): anything else is refused.
    const text =
      typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? String(value) : null;
    const parsed = text === null ? null : parseSetting(option.key, text);
    if (parsed) settings = { ...settings, ...parsed };
    else refused.push(option.name);
  }
  return { settings: { ...settings, lastsaved }, changed: true, refused };
}
