/**
 * The paired match (text 004: "best played in pairs, the players taking different sides, with some
 * accounting system"): any unequal-forces game wrapped so that, with the `paired` option, a second game
 * follows with the sides swapped and the two are settled by points (the game's scoring option, else a win each).
 */
import { E } from "./errors";
import type { Applied, Game, GameStatus, Random, SeatId, Viewer } from "../core";
import { BAD_OPTION, refuse, ok } from "../core";
import type { TwoSideState } from "./common";

/** One finished game of a match. */
export interface MatchGame {
  /** The seat playing side 0 in that game. */
  readonly first: SeatId;
  readonly winner: SeatId | null;
  readonly reason: string | null;
  /** Points each seat earned in that game. */
  readonly points: Readonly<Record<SeatId, number>>;
}

export interface MatchState<S> {
  /** The game being played (its own seats: swapped in the second game). */
  readonly inner: S;
  /** The seats as seated: seats[0] plays side 0 in the first game. */
  readonly seats: readonly [SeatId, SeatId];
  readonly paired: boolean;
  /** 0: the first game, 1: the return game. */
  readonly round: 0 | 1;
  readonly games: readonly MatchGame[];
  /** The game's own options, for the return game's setup. */
  readonly innerOptions: unknown;
  /** Once the match is over: each seat's points, seats[0] first (what `npm run sim` adds up). */
  readonly points?: readonly [number, number];
}

/** What a viewer sees of the match beside the game's own view. */
export interface MatchSummary {
  readonly paired: boolean;
  readonly round: 0 | 1;
  readonly seats: readonly [SeatId, SeatId];
  readonly games: readonly MatchGame[];
  /** Points so far by seat (finished games only). */
  readonly totals: Readonly<Record<SeatId, number>>;
  readonly over: boolean;
  /** The match winner once over (null: tied). */
  readonly winner: SeatId | null;
}

export type MatchView<V> = V & { readonly match: MatchSummary };
export type MatchOptions<O> = O & { readonly paired: boolean };

export const pairedOptionField = {
  paired: {
    kind: "boolean",
    default: false,
    labelKey: "CANTINA.Unequal.Options.paired",
    hintKey: "CANTINA.Unequal.Options.pairedHint",
  },
} as const;

/** A win scores one point, a draw none (the accounting when the game has no scoring option on). */
export function winPoints(state: TwoSideState): readonly [number, number] {
  return state.winner === null ? [0, 0] : state.winner === 0 ? [1, 0] : [0, 1];
}

function totals(seats: readonly [SeatId, SeatId], games: readonly MatchGame[]): Record<SeatId, number> {
  const out: Record<SeatId, number> = { [seats[0]]: 0, [seats[1]]: 0 };
  for (const g of games) for (const s of seats) out[s] = (out[s] ?? 0) + (g.points[s] ?? 0);
  return out;
}

function matchWinner(seats: readonly [SeatId, SeatId], games: readonly MatchGame[]): SeatId | null {
  const t = totals(seats, games);
  const a = t[seats[0]] ?? 0;
  const b = t[seats[1]] ?? 0;
  return a === b ? null : a > b ? seats[0] : seats[1];
}

/**
 * The game with the paired-match option. `points` gives each side's points of a finished game
 * (side 0 first). Without `paired` the match is the one game and ends with it.
 */
export function pairedMatch<S extends TwoSideState, M, O extends object, V>(
  game: Game<S, M, O, V> & { readonly optionSchema: Game<S, M, O, V>["optionSchema"] },
  points: (state: S) => readonly [number, number] = winPoints,
): Game<MatchState<S>, M, MatchOptions<O>, MatchView<V>> {
  const split = (options: unknown): { inner: unknown; paired: unknown } => {
    if (typeof options !== "object" || options === null || Array.isArray(options))
      return { inner: options, paired: false };
    const { paired, ...inner } = options as Record<string, unknown>;
    return { inner, paired };
  };
  const finished = (s: MatchState<S>): MatchGame => {
    const inner = s.inner;
    const [p0, p1] = points(inner);
    return {
      first: inner.seats[0],
      winner: inner.winner === null ? null : inner.seats[inner.winner],
      reason: inner.reason,
      points: { [inner.seats[0]]: p0, [inner.seats[1]]: p1 },
    };
  };
  const matchOver = (s: MatchState<S>): boolean => s.inner.over && (!s.paired || s.round === 1);

  return {
    id: game.id,
    nameKey: game.nameKey,
    minSeats: game.minSeats,
    maxSeats: game.maxSeats,
    usesLedger: game.usesLedger,
    ...(game.laterNotices ? { laterNotices: game.laterNotices } : {}),
    optionSchema: { ...game.optionSchema, ...pairedOptionField },
    defaultOptions: () => ({ ...game.defaultOptions(), paired: false }),
    checkOptions(options, seats) {
      const { inner, paired } = split(options);
      if (paired !== undefined && typeof paired !== "boolean") return refuse(BAD_OPTION, { option: "paired" });
      return game.checkOptions(inner, seats);
    },
    setup(seats, options, random: Random): Applied<MatchState<S>> {
      const checked = this.checkOptions(options, seats);
      if (!checked.ok) return checked;
      const { inner: innerOptions, paired } = split(options);
      const first = game.setup(seats, innerOptions as O, random);
      if (!first.ok) return first;
      return ok({
        inner: first.state,
        seats: [seats[0]!, seats[1]!],
        paired: paired === true,
        round: 0,
        games: [],
        innerOptions,
      });
    },
    isMove: (move): move is M => game.isMove(move),
    legalMoves: (s, seat) => (matchOver(s) ? [] : game.legalMoves(s.inner, seat)),
    apply(s, seat, move, random): Applied<MatchState<S>> {
      if (matchOver(s)) return refuse(E.over);
      const r = game.apply(s.inner, seat, move, random);
      if (!r.ok) return r;
      let next: MatchState<S> = { ...s, inner: r.state };
      if (!r.state.over) return ok(next, r.events);
      next = { ...next, games: [...s.games, finished(next)] };
      if (!s.paired || s.round === 1) {
        const t = totals(s.seats, next.games);
        return ok({ ...next, points: [t[s.seats[0]] ?? 0, t[s.seats[1]] ?? 0] }, r.events);
      }
      // The return game: the same options, the sides swapped.
      const back = game.setup([s.seats[1], s.seats[0]], s.innerOptions as O, random);
      if (!back.ok) return back;
      next = { ...next, inner: back.state, round: 1 };
      const notice = { kind: "notice" as const, key: "CANTINA.Unequal.Match.ReturnGame", params: {} };
      return ok(next, [...r.events, notice]);
    },
    view(s, viewer: Viewer): MatchView<V> {
      const over = matchOver(s);
      const match: MatchSummary = {
        paired: s.paired,
        round: s.round,
        seats: s.seats,
        games: s.games,
        totals: totals(s.seats, s.games),
        over,
        winner: over ? matchWinner(s.seats, s.games) : null,
      };
      return { ...game.view(s.inner, viewer), match };
    },
    status(s): GameStatus {
      const inner = game.status(s.inner);
      if (!s.paired) return inner;
      if (!matchOver(s)) return { toAct: inner.over ? [] : inner.toAct, over: false };
      const winner = matchWinner(s.seats, s.games);
      return {
        toAct: [],
        over: true,
        result: { winners: winner === null ? [] : [winner], creditDelta: {}, luckSpent: {} },
      };
    },
  };
}
