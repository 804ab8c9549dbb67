/**
 * The unequal-forces games' window tests (tests/apps/unequal*.test.ts) as one table: Ana (s0) against
 * Bo (s1), a match started through the registry, and what the host would send a seat or a spectator.
 */
import { games } from "../../src/games";
import { SeededRandom } from "../../src/rules/core";
import type { TwoSideState } from "../../src/rules/unequal/common";
import type { MatchState } from "../../src/rules/unequal/match";
import type { TableUpdate } from "../../src/table/protocol";
import { namedSeats, tableUpdate } from "./table-update";

export const SEATS = ["s0", "s1"];
export type UnequalMatch = MatchState<TwoSideState>;

/** Game `id`'s first state on its default options (and `options` over them), dice seeded. */
export function startMatch(id: string, options: Record<string, unknown> = {}): UnequalMatch {
  const game = games[id]!;
  const r = game.setup(SEATS, { ...(game.defaultOptions() as object), ...options }, new SeededRandom(1));
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.state as UnequalMatch;
}

/** What the host sends `seat` (null: a spectator) of this state of game `id`, Ana against Bo. */
export function updateFor(id: string, state: UnequalMatch, seat: string | null): TableUpdate {
  const game = games[id]!;
  const view = game.view(state, seat ? { role: "seat", seat } : { role: "spectator" });
  return tableUpdate(
    { gameId: id },
    namedSeats(SEATS, ["Ana", "Bo"]),
    seat,
    view,
    seat ? game.legalMoves(state, seat) : [],
  );
}

/** The seat whose turn it is. */
export const toAct = (s: UnequalMatch): string => s.inner.seats[s.inner.turn]!;
