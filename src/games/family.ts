/**
 * What a game family brings to the registry (src/games/index.ts): its games, each one descriptor
 * made by `defineGame` (rules with their option schema, window, bots by level, betting markets,
 * message sizes, symbols), its chat namer and its stylesheets.
 */
import type { ParamNamer } from "../apps/core/chat";
import type { GlyphShapes } from "../apps/core/symbols";
import type { GameApp } from "../apps/core/types";
import type { AnyBot, AnyGame, Bot, Game } from "../rules/core";
import type { MarketSet } from "../table/concerns/betting/book";
import type { SizeProfile } from "../table/store";

/** Bots by level; the first level listed is the default. */
export type BotLevels = Readonly<Record<string, AnyBot>>;

/**
 * One game as its family defines it, with its types: the window reads the view `V` and the moves
 * `M` the rules give, and the bots choose from the same view and moves.
 */
export interface GameDefinition<S, M, O, V> {
  readonly rules: Game<S, M, O, V>;
  /** The game's window (its `gameId` is the rules' id: tests/architecture.test.ts checks it). */
  readonly app: GameApp<V, M>;
  /** Bots by level; the first listed plays where no level is named (the lobby names `strongestLevel`). */
  readonly bots: Readonly<Record<string, Bot<V, M>>>;
  /**
   * The strongest of `bots` (one of its keys): what the window offers a bot seat first, and what
   * `npm run sim -- --yardstick` measures (tests/registry-levels.test.ts checks it names a level).
   */
  readonly strongestLevel: string;
  /** Spectator betting markets (absent: spectators do not bet on this game). */
  readonly markets?: MarketSet;
  /** What the game's sealed messages hold at most (padding to public bounds); absent: a large default. */
  readonly sizes?: SizeProfile;
  /**
   * Every update of this game holds nothing private to its recipient: each viewer's view is the same
   * (tests/foundry/open-information.test.ts checks it over random matches), no betting book, no
   * personal records. Its pushes to one recipient only go unpadded (src/foundry/public-size.ts).
   */
  readonly openInformation?: boolean;
  /** The game's own symbols (glyph → SVG shapes) its window and board draw; the registry adds them. */
  readonly glyphs?: GlyphShapes;
}

/** A game with its types erased, as the registry, the hosts and the table layer hold it. */
export interface GameDescriptor {
  readonly id: string;
  readonly rules: AnyGame;
  readonly app: GameApp;
  readonly bots: BotLevels;
  readonly strongestLevel: string;
  readonly markets?: MarketSet;
  readonly sizes?: SizeProfile;
  readonly openInformation?: boolean;
  readonly glyphs?: GlyphShapes;
}

/**
 * Ties a game's rules, window and bots by their types, then erases the types: the one place they
 * are. Sound because the host hands a window and a bot only updates and views of their own game.
 */
export function defineGame<S, M, O, V>(definition: GameDefinition<S, M, O, V>): GameDescriptor {
  const { rules, app, bots, strongestLevel, markets, sizes, openInformation, glyphs } = definition;
  return {
    id: rules.id,
    rules,
    app: app as unknown as GameApp,
    bots,
    strongestLevel,
    ...(markets ? { markets } : {}),
    ...(sizes ? { sizes } : {}),
    ...(openInformation ? { openInformation } : {}),
    ...(glyphs ? { glyphs } : {}),
  };
}

export interface GameFamily {
  /** The family's folder name under src/rules, src/apps, templates and styles. */
  readonly id: string;
  readonly games: readonly GameDescriptor[];
  /** How the family names its own tokens (cards, tiles…) in chat lines. */
  readonly chatNamer?: ParamNamer;
  /** Stylesheets under styles/ (the Foundry build concatenates every one; the standalone page loads these). */
  readonly styles: readonly string[];
}
