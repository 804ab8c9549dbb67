/** Rebuilds a table's state from its log alone: the setup, then each move with its recorded dice. */
import { type AnyGame, type Applied, type GameEvent, type SeatId, ScriptedRandom, refuse } from "../rules/core";
import { Errors, UNDO_NOTICE_KEY } from "./protocol";
import type { TableRecord } from "./store";

/** An undo entry's chat line, naming the seat (concerns/undo writes it; a replayed record must carry it so). */
export function undoNotice(record: Pick<TableRecord, "seats">, seat: SeatId): GameEvent {
  const name = record.seats.find((s) => s.seat === seat)?.name ?? seat;
  return { kind: "notice", key: UNDO_NOTICE_KEY, params: { name }, seat };
}

/**
 * `games`: the games by id, as the host has them (from the registry, src/games). An undo entry
 * (concerns/undo) takes the state back to the one before the move just before it.
 */
export function replay(record: TableRecord, games: Readonly<Record<string, AnyGame>>): Applied<unknown> {
  const game = Object.prototype.hasOwnProperty.call(games, record.gameId) ? games[record.gameId] : undefined;
  if (!game) return refuse(Errors.unknownGame, { game: record.gameId });
  const [first, ...moves] = record.log;
  let current = game.setup(
    record.seats.map((s) => s.seat),
    record.options,
    new ScriptedRandom(first?.dice ?? []),
    record.purses,
  );
  const states: unknown[] = [];
  for (const entry of moves) {
    if (!current.ok) return current;
    if (entry.seat === null) return refuse(Errors.malformed);
    if (entry.undo) {
      const before = states.pop();
      if (before === undefined) return refuse(Errors.malformed);
      current = { ok: true, state: before, events: entry.events };
      continue;
    }
    states.push(current.state);
    current = game.apply(current.state, entry.seat, entry.move, new ScriptedRandom(entry.dice));
  }
  return current;
}
