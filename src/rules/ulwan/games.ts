/**
 * The registered games: "ulwan" (Cresh only, with bounces), "ulwan-finkel" (the Royal Game of Ur
 * as Irving Finkel plays it: no bounce, an occupied rosette cannot be landed on) and "seven-ulwan"
 * (every tile, the ante, and the three payment modes).
 */
import type {
  Applied,
  Game,
  GameEvent,
  GameResult,
  GameStatus,
  Random,
  RuleError,
  SeatId,
  SeatPurse,
  Viewer,
} from "../core";
import { fail, ok } from "../core";
import { BOARDS, type BoardData, checkBoard } from "./board";
import { type Costs, costs, invaded } from "./economy";
import { applyMove } from "./engine";
import { legalMovesOf } from "./paths";
import { type Economy, type Payment, type Ruleset, type UlwanMove, type UlwanState, E, HAND } from "./state";

export const ULWAN_ID = "ulwan";
export const FINKEL_ID = "ulwan-finkel";
export const SEVEN_ID = "seven-ulwan";
export const MAX_PIECES = 7;

export interface UlwanOptions {
  /** Pieces per player, 1 to 7 (default 7, as in Seven Ulwan and in Finkel's Ur). */
  readonly pieces: number;
  /** A shipped board's id, or a board's data (imported by a GM). */
  readonly board: string | BoardData;
}

export interface SevenUlwanOptions {
  readonly board: string | BoardData;
  /** The ante in credits: the price of a piece, the unit of every tile's cost. */
  readonly ante: number;
  readonly payment: Payment;
  /** Tokens each player gets in the closed-wallet and token modes. */
  readonly tokens: number;
  /** The flat buy-in of the token ("fair-play") mode, in credits. */
  readonly entryFee: number;
  readonly purses: Readonly<Record<SeatId, SeatPurse>>;
  readonly defaultCredits: number;
  readonly defaultLuck: number;
  /** Spectator betting at this table: 1 on, 0 off (the table layer runs the pools). */
  readonly betting: number;
  /** Percent of each settled spectator pool that goes to the match winner (0 to 50). */
  readonly winnerShare: number;
}

export interface UlwanView {
  readonly state: UlwanState;
  readonly toAct: readonly SeatId[];
  readonly costs: readonly [Costs, Costs];
  readonly invaded: readonly [boolean, boolean];
}

const BAD_OPTION = "CANTINA.Error.BadOption";
const SEAT_COUNT = "CANTINA.Error.SeatCount";

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}
const isCount = (x: unknown): x is number => typeof x === "number" && Number.isSafeInteger(x) && x >= 0;

export function resolveBoard(board: string | BoardData, seven = false): BoardData | null {
  if (typeof board === "string") {
    const shipped = Object.prototype.hasOwnProperty.call(BOARDS, board) ? (BOARDS[board] ?? null) : null;
    return shipped && checkBoard(shipped, seven) === null ? shipped : null;
  }
  return checkBoard(board, seven) === null ? board : null;
}

function checkSeats(seats: readonly SeatId[]): RuleError | null {
  if (seats.length !== 2) return { code: SEAT_COUNT, params: { min: 2, max: 2 } };
  if (seats[0] === seats[1]) return { code: BAD_OPTION, params: { option: "seats" } };
  return null;
}

/** `seven`: Seven Ulwan places new pieces on "your first Aurek" on any board (a roll of 4). */
function checkBoardOption(board: unknown, seven = false): RuleError | null {
  if (typeof board === "string")
    return Object.prototype.hasOwnProperty.call(BOARDS, board)
      ? checkBoard(BOARDS[board], seven)
      : { code: BAD_OPTION, params: { option: "board" } };
  return checkBoard(board, seven);
}

function emptyStats(): UlwanState["stats"] {
  return { aurek: [0, 0], besh: [0, 0], activations: [0, 0], captures: [0, 0] };
}

function initial(
  id: string,
  ruleset: Ruleset,
  board: BoardData,
  seats: readonly SeatId[],
  pieces: number,
  economy: Economy | null,
): UlwanState {
  return {
    game: id,
    ruleset,
    board,
    seats: [seats[0] as SeatId, seats[1] as SeatId],
    pieces,
    pos: [Array.from({ length: pieces }, () => HAND), Array.from({ length: pieces }, () => HAND)],
    turn: 0,
    phase: "roll",
    roll: null,
    offer: null,
    dornStay: [],
    economy,
    stats: emptyStats(),
    winner: null,
    turns: 1,
  };
}

function isMove(move: unknown): move is UlwanMove {
  if (!isRecord(move)) return false;
  const keys = Object.keys(move).length;
  const id = (x: unknown): boolean => typeof x === "string" && x.length > 0 && x.length <= 20;
  switch (move.type) {
    case "roll":
    case "enter":
    case "place":
    case "buy-roll":
    case "dorn-place":
    case "dorn-buy":
    case "decline":
      return keys === 1;
    case "move":
      return keys === 2 && id(move.from);
    case "esk":
      return keys === 3 && id(move.from) && id(move.to);
    default:
      return false;
  }
}

function seatIndex(state: UlwanState, seat: SeatId): 0 | 1 | -1 {
  return state.seats[0] === seat ? 0 : state.seats[1] === seat ? 1 : -1;
}

function apply(state: UlwanState, seat: SeatId, move: UlwanMove, random: Random): Applied<UlwanState> {
  const s = seatIndex(state, seat);
  if (s === -1) return fail(E.notSeated);
  if (state.phase === "over") return fail(E.gameOver);
  if (state.turn !== s) return fail(E.notYourTurn);
  const events: GameEvent[] = [];
  const next = applyMove(state, move, random, events);
  return typeof next === "string" ? fail(next) : ok(next, events);
}

function view(state: UlwanState, _viewer: Viewer): UlwanView {
  // Ulwan has no hidden information: every viewer sees the whole board.
  return {
    state,
    toAct: state.phase === "over" ? [] : [state.seats[state.turn]],
    costs: [costs(state, 0), costs(state, 1)],
    invaded: [invaded(state, 0), invaded(state, 1)],
  };
}

function status(state: UlwanState): GameStatus {
  if (state.phase !== "over" || state.winner === null) return { toAct: [state.seats[state.turn]], over: false };
  const e = state.economy;
  const creditDelta: Record<SeatId, number> = {};
  state.seats.forEach((seat, i) => {
    creditDelta[seat] = e ? e.credits[i as 0 | 1] - e.startCredits[i as 0 | 1] : 0;
  });
  const result: GameResult = { winners: [state.seats[state.winner]], creditDelta, luckSpent: {} };
  return { toAct: [], over: true, result };
}

function legalMoves(state: UlwanState, seat: SeatId): UlwanMove[] {
  const s = seatIndex(state, seat);
  return s === -1 ? [] : legalMovesOf(state, s);
}

function plainGame(
  id: string,
  ruleset: Ruleset,
  defaultBoard: string,
): Game<UlwanState, UlwanMove, UlwanOptions, UlwanView> {
  return {
    id,
    nameKey: `CANTINA.Games.${id}`,
    minSeats: 2,
    maxSeats: 2,
    usesLedger: false,
    defaultOptions: () => ({ pieces: MAX_PIECES, board: defaultBoard }),
    checkOptions(options, seats) {
      const seatError = checkSeats(seats);
      if (seatError) return seatError;
      if (!isRecord(options)) return { code: BAD_OPTION, params: { option: "options" } };
      if (!isCount(options.pieces) || options.pieces < 1 || options.pieces > MAX_PIECES)
        return { code: BAD_OPTION, params: { option: "pieces" } };
      return checkBoardOption(options.board);
    },
    setup(seats, options) {
      const error = this.checkOptions(options, seats);
      if (error) return { ok: false, error };
      const board = resolveBoard(options.board);
      if (!board) return fail(BAD_OPTION, { option: "board" });
      return ok(initial(id, ruleset, board, seats, options.pieces, null));
    },
    isMove,
    legalMoves,
    apply,
    view,
    status,
  };
}

export const ulwan = plainGame(ULWAN_ID, "ulwan", "ulwan");
export const ulwanFinkel = plainGame(FINKEL_ID, "finkel", "finkel");

function purseOf(options: SevenUlwanOptions, seat: SeatId): SeatPurse {
  const own = Object.prototype.hasOwnProperty.call(options.purses, seat) ? options.purses[seat] : undefined;
  return own ?? { credits: options.defaultCredits, luck: options.defaultLuck };
}

/** The credits each seat pays up front: nothing in open wallet, the token stack's price or the flat fee otherwise. */
export function entryFeeOf(options: SevenUlwanOptions): number {
  switch (options.payment) {
    case "open":
      return 0;
    case "closed":
      return options.tokens * options.ante;
    case "tokens":
      return options.entryFee;
  }
}

export const sevenUlwan: Game<UlwanState, UlwanMove, SevenUlwanOptions, UlwanView> = {
  id: SEVEN_ID,
  nameKey: `CANTINA.Games.${SEVEN_ID}`,
  minSeats: 2,
  maxSeats: 2,
  usesLedger: true,
  defaultOptions: () => ({
    board: "seven-ulwan",
    ante: 10,
    payment: "open",
    tokens: 100,
    entryFee: 100,
    purses: {},
    defaultCredits: 1000,
    defaultLuck: 3,
    betting: 1,
    winnerShare: 5,
  }),
  checkOptions(options, seats) {
    const seatError = checkSeats(seats);
    if (seatError) return seatError;
    if (!isRecord(options)) return { code: BAD_OPTION, params: { option: "options" } };
    for (const key of [
      "ante",
      "tokens",
      "entryFee",
      "defaultCredits",
      "defaultLuck",
      "betting",
      "winnerShare",
    ] as const) {
      if (!isCount(options[key])) return { code: BAD_OPTION, params: { option: key } };
    }
    if ((options.ante as number) < 1) return { code: BAD_OPTION, params: { option: "ante" } };
    if ((options.betting as number) > 1) return { code: BAD_OPTION, params: { option: "betting" } };
    if ((options.winnerShare as number) > 50) return { code: BAD_OPTION, params: { option: "winnerShare" } };
    if (options.payment !== "open" && options.payment !== "closed" && options.payment !== "tokens")
      return { code: BAD_OPTION, params: { option: "payment" } };
    if (options.payment !== "open" && (options.tokens as number) < 1)
      return { code: BAD_OPTION, params: { option: "tokens" } };
    const purses = options.purses;
    if (!isRecord(purses)) return { code: BAD_OPTION, params: { option: "purses" } };
    for (const seat of seats) {
      if (!Object.prototype.hasOwnProperty.call(purses, seat)) continue;
      const p = purses[seat];
      if (!isRecord(p) || !isCount(p.credits) || !isCount(p.luck))
        return { code: BAD_OPTION, params: { option: "purses" } };
    }
    const boardError = checkBoardOption(options.board, true);
    if (boardError) return boardError;
    const opts = options as unknown as SevenUlwanOptions;
    const fee = entryFeeOf(opts);
    for (const seat of seats) {
      if (purseOf(opts, seat).credits < fee)
        return { code: "CANTINA.Ulwan.Error.CannotAffordEntry", params: { seat, fee } };
    }
    return null;
  },
  setup(seats, options) {
    const error = this.checkOptions(options, seats);
    if (error) return { ok: false, error };
    const board = resolveBoard(options.board, true);
    if (!board) return fail(BAD_OPTION, { option: "board" });
    const fee = entryFeeOf(options);
    const start: [number, number] = [
      purseOf(options, seats[0] as SeatId).credits,
      purseOf(options, seats[1] as SeatId).credits,
    ];
    const open = options.payment === "open";
    const economy: Economy = {
      payment: options.payment,
      ante: open || options.payment === "closed" ? options.ante : 1,
      unit: open ? options.ante : 1,
      credits: [start[0] - fee, start[1] - fee],
      startCredits: start,
      tokens: open ? [0, 0] : [options.tokens, options.tokens],
      pot: 0,
      tokensSpent: 0,
      fees: 2 * fee,
      stack: open ? 0 : options.tokens,
      entryFee: fee,
    };
    const events: GameEvent[] =
      fee > 0 ? [{ kind: "notice", key: "CANTINA.Ulwan.Log.EntryFees", params: { fee, tokens: options.tokens } }] : [];
    return ok(initial(SEVEN_ID, "seven", board, seats, MAX_PIECES, economy), events);
  },
  isMove,
  legalMoves,
  apply,
  view,
  status,
};
