/**
 * Table updates built straight from a game's state for the window tests (tests/apps): what the host
 * would send one seat, or a spectator, of table t1 in event e1.
 */
import type { SeatId, Viewer } from "../../src/rules/core";
import type { TableSummary, TableUpdate } from "../../src/table/protocol";

/** What an update needs of a game: the view of a viewer, and the moves a seat may make. */
export interface ViewedGame<S, V = unknown, M = unknown> {
  readonly id: string;
  view(state: S, viewer: Viewer): V;
  legalMoves(state: S, seat: SeatId): readonly M[];
}

/** The table's fields a test sets; the rest are quiet: version 1, not over, no one to act. */
export type TableFields = Partial<Omit<TableSummary, "seats">> & Pick<TableSummary, "gameId">;

/** Seats whose users and accounts are the seat ids, named in order by `names`. */
export function namedSeats(seats: readonly SeatId[], names: readonly string[]): TableSummary["seats"] {
  return seats.map((seat, i) => ({ seat, name: names[i] ?? seat, kind: "person", userId: seat, account: seat }));
}

/** The Sabacc window tests' two players, each their own user and account. */
export const HAN_AND_LANDO: TableSummary["seats"] = [
  { seat: "seat-1", name: "Han", kind: "person", userId: "han", account: "han" },
  { seat: "seat-2", name: "Lando", kind: "person", userId: "lando", account: "lando" },
];

/** An update of table t1 for `seat` (null: a spectator) with this view and these moves, and no events. */
export function tableUpdate<V = unknown, M = unknown>(
  table: TableFields,
  seats: TableSummary["seats"],
  seat: SeatId | null,
  view: V,
  legalMoves: readonly M[],
): TableUpdate<V, M> {
  return {
    type: "table",
    table: { id: "t1", eventId: "e1", version: 1, over: false, toAct: [], createdAt: 0, ...table, seats },
    seat,
    view,
    legalMoves,
    events: [],
    full: false,
  };
}

/**
 * The update a seat of `state` is sent (null: a spectator, who is offered no move): the game's view
 * for it and its legal moves, with the state's seats named in order by `names`.
 */
export function viewedUpdate<S extends { readonly seats: readonly SeatId[] }, V, M>(
  game: ViewedGame<S, V, M>,
  state: S,
  seat: SeatId | null,
  names: readonly string[],
  table: Partial<TableFields> = {},
): TableUpdate<V, M> {
  return tableUpdate(
    { gameId: game.id, ...table },
    namedSeats(state.seats, names),
    seat,
    game.view(state, seat ? { role: "seat", seat } : { role: "spectator" }),
    seat ? game.legalMoves(state, seat) : [],
  );
}
