/**
 * What a game family brings to the registry (src/games/index.ts): its games (rules, option schemas
 * included), bots by game and level, windows, chat namer, betting markets and stylesheets.
 */
import type { ParamNamer } from "../apps/core/chat";
import type { GameApp } from "../apps/core/types";
import type { AnyBot, AnyGame, Bot, Game } from "../rules/core";
import type { MarketSet } from "../table/betting";
import type { SizeProfile } from "../table/store";

export type BotLevels = Readonly<Record<string, AnyBot>>;

export interface GameFamily {
  /** The family's folder name under src/rules, src/apps, templates and styles. */
  readonly id: string;
  readonly games: readonly AnyGame[];
  /** Bots by game id, then by level; the first level listed is the default. */
  readonly bots: Readonly<Record<string, BotLevels>>;
  /** One window definition per game id. */
  readonly apps: readonly GameApp[];
  /** How the family names its own tokens (cards, tiles…) in chat lines. */
  readonly chatNamer?: ParamNamer;
  /** Spectator betting markets by game id. */
  readonly markets?: Readonly<Record<string, MarketSet>>;
  /** What each game's sealed messages hold at most (padding to public bounds); absent: a large default. */
  readonly sizes?: Readonly<Record<string, SizeProfile>>;
  /**
   * The games whose every update holds nothing private to its recipient: each viewer's view is the
   * same (tests/foundry/open-information.test.ts checks it over random matches), no betting book,
   * no personal records. Their pushes to one recipient only go unpadded (src/foundry/public-size.ts).
   */
  readonly openInformation?: readonly string[];
  /** Stylesheets under styles/ (the Foundry build concatenates every one; the standalone page loads these). */
  readonly styles: readonly string[];
}

/** A game with its types erased, for the registry. */
export function erase<S, M, O, V>(game: Game<S, M, O, V>): AnyGame {
  return game as unknown as AnyGame;
}

export function eraseBot<V, M>(bot: Bot<V, M>): AnyBot {
  return bot as unknown as AnyBot;
}
