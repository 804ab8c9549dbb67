/**
 * The catalogue of games a lobby offers: each game with its bot levels, whether spectators can bet
 * on it and its board picture, and what the catalogue decides for a seat or an option.
 */
import { type AnyGame, isPurseField } from "../../rules/core";
import type { BoardPreview } from "../core/types";

/** What the lobby knows of each game: the game itself, its bot levels, and whether spectators can bet on it. */
export interface LobbyGame {
  readonly game: AnyGame;
  readonly botLevels: readonly string[];
  /** The level a bot seat starts on (the descriptor's strongest; absent: the first listed). */
  readonly strongestLevel?: string;
  readonly betting: boolean;
  /** The game's picture of a board for the board picker (its app's `boardPreview`). */
  readonly preview?: (board: unknown) => BoardPreview | null;
}
export type LobbyCatalogue = Readonly<Record<string, LobbyGame>>;

/** The catalogue from the registry's maps (hosts pass them: src/apps never imports the registry). */
export function lobbyCatalogue(
  games: Readonly<Record<string, AnyGame>>,
  bots: Readonly<Record<string, Readonly<Record<string, unknown>>>>,
  markets: Readonly<Record<string, unknown>>,
  apps: Readonly<Record<string, { boardPreview?(board: unknown): BoardPreview | null }>> = {},
  strongest: Readonly<Record<string, string>> = {},
): LobbyCatalogue {
  const out: Record<string, LobbyGame> = {};
  for (const [id, game] of Object.entries(games)) {
    const app = Object.prototype.hasOwnProperty.call(apps, id) ? apps[id] : undefined;
    out[id] = {
      game,
      botLevels: Object.keys(bots[id] ?? {}),
      ...(Object.prototype.hasOwnProperty.call(strongest, id) ? { strongestLevel: strongest[id] } : {}),
      betting: markets[id] !== undefined,
      ...(app?.boardPreview ? { preview: (board: unknown) => app.boardPreview?.(board) ?? null } : {}),
    };
  }
  return out;
}

/**
 * The option a game that uses the event ledger takes from the ledger instead (its schema's starting
 * credits): a seat brings its event balance, so a second "starting credits" in the lobby would be
 * silently ignored.
 */
export function fromLedger(game: AnyGame | undefined, key: string): boolean {
  return game?.usesLedger === true && isPurseField(game.optionSchema[key], "credits");
}

/** The level a bot seat plays at: the one picked when the game has it, else the game's strongest. */
export function seatLevel(entry: LobbyGame, seat: { readonly botLevel: string }): string | undefined {
  return entry.botLevels.includes(seat.botLevel) ? seat.botLevel : entry.strongestLevel;
}
