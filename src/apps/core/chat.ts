/** Turns the events a viewer received into chat lines: who, what, the notation, each die, the total. */
import type { GameEvent } from "../../rules/core";
import type { Localizer } from "./i18n";
import { rollFaces, rollHtml } from "./dice-faces";

export interface ChatEntry {
  readonly text: string;
  readonly notation?: string;
  readonly dice?: readonly number[];
  readonly total?: number;
  /** The roll drawn as its dice (dice-faces.ts), for every chat that shows it. */
  readonly rollHtml?: string;
  readonly private: boolean;
}

/**
 * Names a game's own tokens in event parameters (a Sabacc card id becomes "5 of Coins"): given a
 * parameter's key and value, the text to show, or undefined to leave it to the next namer.
 */
export type ParamNamer = (key: string, value: string, i18n: Localizer) => string | undefined;

/** Replaces seat ids in event parameters by names (also in comma-separated lists), then lets the games' namers name the rest. */
export function nameParams(
  params: Readonly<Record<string, string | number>>,
  names: Readonly<Record<string, string>>,
  i18n?: Localizer,
  namers: readonly ParamNamer[] = [],
): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params)) {
    if (typeof v !== "string") {
      out[k] = v;
      continue;
    }
    const named = i18n ? namers.map((n) => n(k, v, i18n)).find((t) => t !== undefined) : undefined;
    out[k] =
      named ??
      v
        .split(", ")
        .map((part) => names[part] ?? part)
        .join(", ");
  }
  return out;
}

/** How many players a table's label names before "+N" (a 30-seat table stays one short line). */
const LABEL_NAMES = 3;

/** A table as chat names it: its game and its players ("Super Simplified Sabacc · Han, Lando, Maz +2"). */
export function tableLabel(game: string, players: readonly string[]): string {
  const shown = players.slice(0, LABEL_NAMES).join(", ");
  const more = players.length > LABEL_NAMES ? ` +${players.length - LABEL_NAMES}` : "";
  return `${game} · ${shown}${more}`;
}

export function chatEntry(
  event: GameEvent,
  names: Readonly<Record<string, string>>,
  i18n: Localizer,
  namers: readonly ParamNamer[] = [],
): ChatEntry {
  const name =
    event.kind !== "notice" && event.seat !== null
      ? (names[event.seat] ?? event.seat)
      : i18n.localize("CANTINA.Chat.GM");
  switch (event.kind) {
    case "roll":
      return {
        text: i18n.format("CANTINA.Chat.Roll", {
          name,
          purpose: i18n.localize(event.purpose),
          notation: event.notation,
        }),
        notation: event.notation,
        dice: event.dice,
        total: event.total,
        rollHtml: rollHtml(rollFaces(event.notation, event.dice, event.total), i18n),
        private: event.audience !== undefined,
      };
    case "hidden-roll":
      return {
        text: i18n.format("CANTINA.Chat.HiddenRoll", {
          name,
          notation: event.notation,
          purpose: i18n.localize(event.purpose),
        }),
        private: true,
      };
    case "notice":
      return {
        text: i18n.format(event.key, nameParams(event.params, names, i18n, namers)),
        private: event.audience !== undefined,
      };
  }
}
