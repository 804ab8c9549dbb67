/** Turns the events a viewer received into chat lines: who, what, the notation, each die, the total. */
import type { GameEvent } from "../../rules/core";
import type { Localizer } from "./i18n";

export interface ChatEntry {
  readonly text: string;
  readonly notation?: string;
  readonly dice?: readonly number[];
  readonly total?: number;
  readonly private: boolean;
}

/** Replaces seat ids in event parameters by names, including comma-separated lists of seats. */
export function nameParams(params: Readonly<Record<string, string | number>>, names: Readonly<Record<string, string>>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params)) {
    out[k] = typeof v === "string" ? v.split(", ").map((part) => names[part] ?? part).join(", ") : v;
  }
  return out;
}

export function chatEntry(event: GameEvent, names: Readonly<Record<string, string>>, i18n: Localizer): ChatEntry {
  const name = event.kind !== "notice" && event.seat !== null ? (names[event.seat] ?? event.seat) : i18n.localize("CANTINA.Chat.GM");
  switch (event.kind) {
    case "roll":
      return {
        text: i18n.format("CANTINA.Chat.Roll", { name, purpose: i18n.localize(event.purpose), notation: event.notation }),
        notation: event.notation, dice: event.dice, total: event.total, private: event.audience !== undefined,
      };
    case "hidden-roll":
      return { text: i18n.format("CANTINA.Chat.HiddenRoll", { name, notation: event.notation, purpose: i18n.localize(event.purpose) }), private: true };
    case "notice":
      return { text: i18n.format(event.key, nameParams(event.params, names)), private: event.audience !== undefined };
  }
}
