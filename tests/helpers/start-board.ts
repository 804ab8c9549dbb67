/**
 * Each board game of the registry at its start as its first seat to act sees it (the board model the
 * window, the canvas and Roll20 all draw), for tests that iterate every board game.
 */
import type { BoardContext } from "../../src/apps/board/context";
import { type AnyGame, SeededRandom } from "../../src/rules/core";
import { apps, games } from "../../src/games";
import { namedSeats, tableUpdate } from "./table-update";

/** The games that draw a board. */
export const BOARD_GAME_IDS = Object.keys(apps).filter((id) => apps[id]?.boardContext !== undefined);

/** `options`: what differs from the game's defaults. */
export function startBoard(id: string, options: Readonly<Record<string, unknown>> = {}): BoardContext {
  const game = games[id] as AnyGame;
  const seats = Array.from({ length: game.minSeats }, (_, i) => `s${i}`);
  const defaults = game.defaultOptions() as Readonly<Record<string, unknown>>;
  const setup = game.setup(seats, { ...defaults, ...options }, new SeededRandom(3));
  if (!setup.ok) throw new Error(id);
  const seat = game.status(setup.state).toAct[0] ?? seats[0]!;
  const update = tableUpdate(
    { gameId: id, toAct: [seat] },
    namedSeats(seats, ["Aurra", "Bossk", "Cad"]),
    seat,
    game.view(setup.state, { role: "seat", seat }),
    game.legalMoves(setup.state, seat),
  );
  const board = apps[id]?.boardContext?.(update);
  if (!board) throw new Error(`${id} draws no board`);
  return board;
}
