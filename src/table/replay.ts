/** Rebuilds a table's state from its log alone: the setup, then each move with its recorded dice. */
import { type AnyGame, type Applied, ScriptedRandom } from "../rules/core";
import type { TableRecord } from "./store";

/** `games`: the games by id, as the host has them (from the registry, src/games). */
export function replay(record: TableRecord, games: Readonly<Record<string, AnyGame>>): Applied<unknown> {
  const game = Object.prototype.hasOwnProperty.call(games, record.gameId) ? games[record.gameId] : undefined;
  if (!game) return { ok: false, error: { code: "CANTINA.Error.UnknownGame", params: { game: record.gameId } } };
  const [first, ...moves] = record.log;
  let current = game.setup(
    record.seats.map((s) => s.seat),
    record.options,
    new ScriptedRandom(first?.dice ?? []),
    record.purses,
  );
  for (const entry of moves) {
    if (!current.ok) return current;
    if (entry.seat === null) return { ok: false, error: { code: "CANTINA.Error.Malformed" } };
    current = game.apply(current.state, entry.seat, entry.move, new ScriptedRandom(entry.dice));
  }
  return current;
}
