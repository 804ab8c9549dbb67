/**
 * The registry: every game family, each game's one descriptor (`defineGame`), and the maps by game
 * id that hosts, the build, the bench and the tests read from them. A new family is one line in
 * `families`.
 */
import type { ParamNamer } from "../apps/core/chat";
import { registerGlyphs } from "../apps/core/symbols";
import { drawnUpdate } from "../apps/core/turn";
import type { GameApp } from "../apps/core/types";
import type { AnyGame } from "../rules/core";
import type { MarketSet } from "../table/concerns/betting/book";
import type { SizeProfile } from "../table/store";
import type { BotLevels, GameDescriptor, GameFamily } from "./family";
import { hununga } from "./hununga";
import { sabacc } from "./sabacc";
import { ubongo } from "./ubongo";
import { ulwan } from "./ulwan";
import { unequal } from "./unequal";

export type { GameDescriptor, GameFamily } from "./family";

export const families: readonly GameFamily[] = [sabacc, ulwan, ubongo, hununga, unequal];

/** Every game's descriptor (rules, window, bots, markets, sizes) by game id. */
export const descriptors: Readonly<Record<string, GameDescriptor>> = Object.fromEntries(
  families.flatMap((f) => f.games.map((g) => [g.id, g] as const)),
);

const byGame = <T>(pick: (d: GameDescriptor) => T | undefined): Readonly<Record<string, T>> =>
  Object.fromEntries(
    Object.values(descriptors).flatMap((d) => {
      const value = pick(d);
      return value === undefined ? [] : [[d.id, value] as const];
    }),
  );

// Every game's own symbols, so generic drawing code (boards, the canvas) finds them by glyph alone.
for (const d of Object.values(descriptors)) if (d.glyphs) registerGlyphs(d.glyphs);

/** Every game by id. */
export const games: Readonly<Record<string, AnyGame>> = byGame((d) => d.rules);
/** Bots by game id and level; the first level listed is the default. */
export const bots: Readonly<Record<string, BotLevels>> = byGame((d) => d.bots);
/** Each game's strongest bot level by game id (GameDescriptor.strongestLevel). */
export const strongestLevels: Readonly<Record<string, string>> = byGame((d) => d.strongestLevel);
/** Spectator betting markets by game id. */
export const markets: Readonly<Record<string, MarketSet>> = byGame((d) => d.markets);
/** What each game's sealed messages hold at most, by game id (src/foundry/public-size.ts). */
export const sizes: Readonly<Record<string, SizeProfile>> = byGame((d) => d.sizes);
/** The games whose updates hold nothing private to their recipient (GameDescriptor.openInformation). */
export const openInformation: ReadonlySet<string> = new Set(
  Object.values(descriptors).flatMap((d) => (d.openInformation ? [d.id] : [])),
);
/**
 * Every game's window by game id. Its drawings (window and board) come from `drawnUpdate`: a paused
 * table's offer no move in any host; its actions still see the update as it is.
 */
export const apps: Readonly<Record<string, GameApp>> = byGame((d) => drawnWhilePaused(d.app));
function drawnWhilePaused(app: GameApp): GameApp {
  const boardContext = app.boardContext?.bind(app);
  return {
    ...app,
    context: (update, kept, seen) => app.context(drawnUpdate(update), kept, seen),
    ...(boardContext ? { boardContext: (update, kept) => boardContext(drawnUpdate(update), kept) } : {}),
  };
}

/** How each family names its own tokens in chat lines. */
export const chatNamers: readonly ParamNamer[] = families.flatMap((f) => (f.chatNamer ? [f.chatNamer] : []));

export function gameById(id: string): AnyGame | undefined {
  return Object.prototype.hasOwnProperty.call(games, id) ? games[id] : undefined;
}
