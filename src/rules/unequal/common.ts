/**
 * What the three unequal-forces games share: two seats (side 0 moves first), the draw rules the
 * texts leave to the players (a GM-set move limit and threefold repetition), status and hashing.
 */
import { E, type UnequalErrorCode } from "./errors";
import {
  type Applied,
  type Game,
  type GameStatus,
  type NoticeEvent,
  type OptionSchema,
  type OptionsOf,
  type Result,
  type SeatId,
  type Viewer,
  checkAgainst,
  defaultsOf,
  refuse,
  succeed,
  isRecord,
  ok,
} from "../core";

export { isRecord };

export type Side = 0 | 1;

export const other = (side: Side): Side => (side === 0 ? 1 : 0);

/** Why a game ended. */
export type EndReason = "goal" | "immobilized" | "move-limit" | "repetition";

/** The bookkeeping every unequal-forces state carries. */
export interface TwoSideState {
  readonly seats: readonly [SeatId, SeatId];
  /** The side to act. */
  readonly turn: Side;
  /** Moves applied so far (every apply counts, a setup placement too). */
  readonly moves: number;
  /** Hashes of the positions seen (side to act included), for threefold repetition. */
  readonly seen: readonly string[];
  readonly over: boolean;
  /** The winning side; null with a draw (or while playing). */
  readonly winner: Side | null;
  readonly reason: EndReason | null;
  /** The draw options of the table (kept in the state so apply needs nothing else). */
  readonly draw: DrawOptions;
}

/** The draw options common to the three games. */
export interface DrawOptions {
  /** Moves after which the game is adjudicated a draw (the texts have no draws). */
  readonly maxMoves: number;
  /** Whether a position seen for the third time (same side to act) ends the game drawn. */
  readonly repetitionDraw: boolean;
}

/** The move limit and repetition fields of an option schema, with the game's default limit. */
export function drawOptionFields(maxMoves: number) {
  return {
    maxMoves: {
      kind: "integer",
      default: maxMoves,
      min: 10,
      max: 5000,
      labelKey: "CANTINA.Unequal.Options.maxMoves",
      hintKey: "CANTINA.Unequal.Options.maxMovesHint",
    },
    repetitionDraw: {
      kind: "boolean",
      default: true,
      labelKey: "CANTINA.Unequal.Options.repetitionDraw",
      hintKey: "CANTINA.Unequal.Options.repetitionDrawHint",
    },
  } as const;
}

/** Two distinct seats, or the refusal. */
export function checkSeats(seats: readonly SeatId[]): Result {
  return seats.length !== 2 || seats[0] === seats[1] ? refuse(E.seats) : succeed({});
}

/** FNV-1a, 32 bits, as 8 hex digits: short position keys for the repetition count. */
export function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, "0");
}

export function sideOf(state: TwoSideState, seat: SeatId): Side | -1 {
  return state.seats[0] === seat ? 0 : state.seats[1] === seat ? 1 : -1;
}

export function twoSideStatus(state: TwoSideState): GameStatus {
  if (!state.over) return { toAct: [state.seats[state.turn]], over: false };
  return {
    toAct: [],
    over: true,
    result: {
      winners: state.winner === null ? [] : [state.seats[state.winner]],
      creditDelta: {},
      luckSpent: {},
    },
  };
}

/**
 * The bookkeeping after a move: the count, then (unless the move already ended the game) the
 * repetition and move-limit draws. `key` is the new position's text (side to act included).
 */
export function afterMove<S extends TwoSideState>(state: S, key: string): S {
  const options = state.draw;
  const moves = state.moves + 1;
  if (state.over) return { ...state, moves };
  const h = hash(key);
  const seen = state.seen.concat(h);
  if (options.repetitionDraw && timesSeen(seen, h) >= 3)
    return { ...state, moves, seen, over: true, winner: null, reason: "repetition" };
  if (moves >= options.maxMoves) return { ...state, moves, seen, over: true, winner: null, reason: "move-limit" };
  return { ...state, moves, seen };
}

/** How often `h` is in `seen` (counted without a copy: this runs after every move of every playout). */
function timesSeen(seen: readonly string[], h: string): number {
  let n = 0;
  for (const x of seen) if (x === h) n++;
  return n;
}

export function won<S extends TwoSideState>(state: S, winner: Side, reason: EndReason): S {
  return { ...state, over: true, winner, reason };
}

/** One game's move rules, for the shared turn checks below. */
export interface SideRules<S extends TwoSideState, M> {
  readonly isMove: (move: unknown) => move is M;
  readonly legal: (state: S, side: Side) => M[];
  /** Why the move is refused (a code of the family's table), or null when it is legal. */
  readonly refusal: (state: S, side: Side, move: M) => UnequalErrorCode | null;
  readonly play: (state: S, side: Side, move: M) => S;
  /** What chat says of the move (`before` the state it was made in, `after` the one it gives); absent: nothing. */
  readonly notices?: (before: S, side: Side, move: M, after: S) => NoticeEvent[];
}

/** The legal moves of the seat whose turn it is; none for the other seat or after the end. */
export function turnLegalMoves<S extends TwoSideState, M>(rules: SideRules<S, M>, state: S, seat: SeatId): M[] {
  const side = sideOf(state, seat);
  if (state.over || side !== state.turn) return [];
  return rules.legal(state, side);
}

/** A move checked in the same order for every game: over, seated, turn, shape, the game's refusal. */
export function applyTurn<S extends TwoSideState, M>(
  rules: SideRules<S, M>,
  state: S,
  seat: SeatId,
  move: unknown,
): Applied<S> {
  if (state.over) return refuse(E.over);
  const side = sideOf(state, seat);
  if (side === -1) return refuse(E.notSeated);
  if (side !== state.turn) return refuse(E.notYourTurn);
  if (!rules.isMove(move)) return refuse(E.badMove);
  const why = rules.refusal(state, side, move);
  if (why) return refuse(why);
  const next = rules.play(state, side, move);
  return ok(next, rules.notices?.(state, side, move, next) ?? []);
}

/** What one of the games has of its own; `twoSideGame` makes the rest of its Game alike for all three. */
export interface TwoSideGameOwn<S extends TwoSideState, M, Sc extends OptionSchema, V> {
  readonly id: string;
  readonly nameKey: string;
  readonly optionSchema: Sc;
  readonly laterNotices: readonly string[];
  readonly rules: SideRules<S, M>;
  /** The first state, for the seats in side order. */
  readonly initial: (seats: readonly [SeatId, SeatId], options: OptionsOf<Sc>) => S;
  /** Nothing is hidden in these games: the view is the same for every viewer. */
  readonly view: (state: S, viewer: Viewer) => V;
}

/** A two-side game: two distinct seats, its schema's options, no ledger, every turn through its SideRules. */
export function twoSideGame<S extends TwoSideState, M, Sc extends OptionSchema, V>(
  own: TwoSideGameOwn<S, M, Sc, V>,
): Game<S, M, OptionsOf<Sc>, V> & { readonly optionSchema: Sc } {
  const checkOptions = (options: unknown, seats: readonly SeatId[]): Result => {
    const seated = checkSeats(seats);
    return seated.ok ? checkAgainst(own.optionSchema, options) : seated;
  };
  return {
    optionSchema: own.optionSchema,
    id: own.id,
    nameKey: own.nameKey,
    minSeats: 2,
    maxSeats: 2,
    usesLedger: false,
    laterNotices: own.laterNotices,
    defaultOptions: () => defaultsOf(own.optionSchema),
    checkOptions,
    setup(seats, options) {
      const checked = checkOptions(options, seats);
      if (!checked.ok) return checked;
      return ok(own.initial([seats[0]!, seats[1]!], options));
    },
    isMove: own.rules.isMove,
    legalMoves: (s, seat) => turnLegalMoves(own.rules, s, seat),
    apply: (s, seat, move) => applyTurn(own.rules, s, seat, move),
    view: own.view,
    status: twoSideStatus,
  };
}
