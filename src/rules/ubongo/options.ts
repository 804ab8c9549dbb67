/**
 * Ubongo's options: the schemas of the race and of solo, and the bots' thinking times they set.
 */
import { type OptionsOf, choice, integer } from "../core";
import type { Level } from "./cards";

export const SOLO_CHOICES = [5, 10, 20] as const;

export type Variant = "standard" | "jedi";

const LEVELS = ["blue", "red"] as const satisfies readonly Level[];
const VARIANTS = ["standard", "jedi"] as const satisfies readonly Variant[];
export const MIN_HOURGLASS = 10;
export const MAX_HOURGLASS = 600;
const label = (key: string) => ({ labelKey: `CANTINA.Ubongo.Options.${key}` });
const commonSchema = {
  level: choice<Level>(LEVELS, "blue", (l) => `CANTINA.Ubongo.Level.${l}`, label("level")),
  variant: choice<Variant>(VARIANTS, "standard", (v) => `CANTINA.Ubongo.Variant.${v}`, label("variant")),
};

/** The distribution of a bot's thinking time on a 3-tile puzzle, in seconds. */
export interface ThinkingTime {
  /** Half of the bot's solves take less than this. */
  readonly medianSeconds: number;
  /** The log-normal's sigma: 0 always takes the median; 0.5 usually within ×0.4 to ×2.7 of it. */
  readonly spread: number;
}

export type BotSpeed = "quick" | "steady";

/** The two bot speeds' default thinking times (the race's GM options start from these). */
export const BOT_SPEEDS = {
  /** About as quick as a practised player: often first against newcomers. */
  quick: { medianSeconds: 20, spread: 0.35 },
  /** A relaxed player: finishes most blue puzzles within a one-minute hourglass. */
  steady: { medianSeconds: 40, spread: 0.45 },
} as const satisfies Record<BotSpeed, ThinkingTime>;

export const MIN_BOT_SECONDS = 2;
export const MAX_BOT_SECONDS = 300;
/** The spread option is in hundredths of the log-normal's sigma (35 = 0.35), up to 1.5. */
export const MAX_BOT_SPREAD = 150;
const median = (speed: BotSpeed) =>
  integer(BOT_SPEEDS[speed].medianSeconds, MIN_BOT_SECONDS, MAX_BOT_SECONDS, {
    labelKey: `CANTINA.Ubongo.Options.${speed}Seconds`,
    hintKey: "CANTINA.Ubongo.Options.botSecondsHint",
  });
const spread = (speed: BotSpeed) =>
  integer(Math.round(BOT_SPEEDS[speed].spread * 100), 0, MAX_BOT_SPREAD, {
    step: 5,
    labelKey: `CANTINA.Ubongo.Options.${speed}Spread`,
    hintKey: "CANTINA.Ubongo.Options.botSpreadHint",
  });

/**
 * The race's options: the task card side, the variant, the hourglass in seconds (the host runs it)
 * and each bot speed's thinking time (median seconds on a blue puzzle, spread in hundredths).
 */
export const ubongoSchema = {
  ...commonSchema,
  hourglass: integer(60, MIN_HOURGLASS, MAX_HOURGLASS, label("hourglass")),
  quickSeconds: median("quick"),
  quickSpread: spread("quick"),
  steadySeconds: median("steady"),
  steadySpread: spread("steady"),
};
export type UbongoOptions = OptionsOf<typeof ubongoSchema>;

/**
 * Solo: "clock", as many puzzles as you can in `minutes`; "count", the time for `puzzles` puzzles.
 * Minutes and puzzles are 5, 10 or 20 (the text's three): integers of those values only, offered
 * as a choice.
 */
export const ubongoSoloSchema = {
  ...commonSchema,
  mode: choice<"clock" | "count">(["clock", "count"], "clock", (m) => `CANTINA.Ubongo.Mode.${m}`, label("mode")),
  minutes: integer(5, 5, 20, { values: SOLO_CHOICES, ...label("minutes") }),
  puzzles: integer(5, 5, 20, { values: SOLO_CHOICES, ...label("puzzles") }),
};
export type UbongoSoloOptions = OptionsOf<typeof ubongoSoloSchema>;

/** The bots' thinking times from the race's options (seconds, and the spread in hundredths). */
export function botThinking(o: UbongoOptions): Record<BotSpeed, ThinkingTime> {
  return {
    quick: { medianSeconds: o.quickSeconds, spread: o.quickSpread / 100 },
    steady: { medianSeconds: o.steadySeconds, spread: o.steadySpread / 100 },
  };
}
