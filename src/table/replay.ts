/** Rebuilds a table's state from its log alone: the setup, then each move with its recorded dice. */
import { type Applied, ScriptedRandom } from "../rules/core";
import { gameById } from "../rules";
import type { TableRecord } from "./store";

export function replay(record: TableRecord): Applied<unknown> {
  const game = gameById(record.gameId);
  if (!game) return { ok: false, error: { code: "CANTINA.Error.UnknownGame", params: { game: record.gameId } } };
  const [first, ...moves] = record.log;
  let current = game.setup(
    record.seats.map((s) => s.seat),
    record.options,
    new ScriptedRandom(first?.dice ?? []),
  );
  for (const entry of moves) {
    if (!current.ok) return current;
    if (entry.seat === null) return { ok: false, error: { code: "CANTINA.Error.Malformed" } };
    current = game.apply(current.state, entry.seat, entry.move, new ScriptedRandom(entry.dice));
  }
  return current;
}
