/**
 * The idiom commands' words (issue 35, "Roll20's idiom"): `!cantina` alone (the menu), `!cantina
 * config [setting value]`, `!cantina handout`. What each does: idiom-commands.ts.
 */
import { type SettingKey, USER_OPTIONS } from "./settings";

export type IdiomCommand =
  | { readonly verb: "menu" }
  | { readonly verb: "config"; readonly key?: SettingKey; readonly value?: string }
  | { readonly verb: "handout" };

const SETTING_KEYS: readonly SettingKey[] = USER_OPTIONS.map((o) => o.key);

/** `!cantina` alone, `config`, `handout`; undefined: not one of these verbs; null: one of them, malformed. */
export function parseIdiomCommand(verb: string | undefined, args: readonly string[]): IdiomCommand | null | undefined {
  switch (verb) {
    case undefined:
      return { verb: "menu" };
    case "handout":
      return args.length === 0 ? { verb: "handout" } : null;
    case "config": {
      if (args.length === 0) return { verb: "config" };
      const key = SETTING_KEYS.find((k) => k === args[0]);
      const value = args.slice(1).join(" ");
      return key && value.length <= 2000 ? { verb: "config", key, value } : null;
    }
    default:
      return undefined;
  }
}
