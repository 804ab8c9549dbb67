/**
 * Hununga as a Game of the core contract: options (board, points to win, turn limit), the runtime
 * shape check of moves from outside, seat checks, the view (no hidden information) and the status.
 */
import type { Applied, Game, GameEvent, GameStatus, Result, SeatId, Viewer } from "../core";
import { BAD_OPTION, BOARD_LIMITS, refuse, refused, ok, seatCountError, succeed, withinJsonBounds } from "../core";
import type { BoardData } from "../grid";
import { BOARDS, checkHunungaBoard } from "./board";
import { type HunungaMove, type HunungaState, E, applyMove, initialState, legalMovesOf } from "./engine";

export const HUNUNGA_ID = "hununga";

export interface HunungaOptions {
  /** A shipped board's id ("hununga") or a board's data (imported by a GM). */
  readonly board: string | BoardData;
  /** Points to win: 3 in the text. */
  readonly target: number;
  /** Turns (both players' counted) after which the game is adjudicated. */
  readonly maxTurns: number;
}

export interface HunungaView {
  readonly state: HunungaState;
  readonly toAct: readonly SeatId[];
}

export const DEFAULT_MAX_TURNS = 200;

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

function resolveBoard(board: unknown): BoardData | null {
  if (typeof board === "string")
    return Object.prototype.hasOwnProperty.call(BOARDS, board) ? (BOARDS[board] ?? null) : null;
  const checked = checkHunungaBoard(board);
  return checked.ok ? checked.board : null;
}

const isSquare = (x: unknown): x is string => typeof x === "string" && /^\d{1,2},\d{1,2}$/.test(x);
const isDie = (x: unknown): x is 0 | 1 => x === 0 || x === 1;
const isId = (x: unknown): x is string => typeof x === "string" && x.length > 0 && x.length <= 24;

function isMove(move: unknown): move is HunungaMove {
  if (!isRecord(move)) return false;
  const keys = Object.keys(move).length;
  switch (move.type) {
    case "roll":
    case "pass":
      return keys === 1;
    case "reroll":
      return keys === 2 && isDie(move.die);
    case "respawn":
      return keys === 3 && isDie(move.die) && isId(move.piece);
    case "move": {
      const attack = move.attack === undefined ? 0 : 1;
      return (
        keys === 5 + attack &&
        isDie(move.die) &&
        isId(move.piece) &&
        isSquare(move.from) &&
        Array.isArray(move.path) &&
        move.path.length <= 6 &&
        move.path.every(isSquare) &&
        (attack === 0 || isSquare(move.attack))
      );
    }
    default:
      return false;
  }
}

function seatIndex(state: HunungaState, seat: SeatId): 0 | 1 | -1 {
  return state.seats[0] === seat ? 0 : state.seats[1] === seat ? 1 : -1;
}

function status(state: HunungaState): GameStatus {
  if (state.phase !== "over") return { toAct: [state.seats[state.turn]], over: false };
  return {
    toAct: [],
    over: true,
    result: { winners: state.winner === null ? [] : [state.seats[state.winner]], creditDelta: {}, luckSpent: {} },
  };
}

function checkBoardOption(board: unknown): Result {
  // Board data from outside: its size checked before the board check walks it.
  const bounded = withinJsonBounds(board, BOARD_LIMITS);
  if (!bounded.ok) return bounded;
  const checked = checkHunungaBoard(board);
  return checked.ok ? succeed({}) : checked;
}

/**
 * The table options in the shape of the coming option schemas (src/rules/core/options.ts on the
 * `core` branch: defaults, checks and form fields from one description). Spread into the game so
 * it type-checks both before and after that contract lands.
 */
export const hunungaOptionSchema = {
  board: {
    kind: "board",
    default: "hununga",
    shipped: { hununga: { ...BOARDS.hununga!, name: "Hununga" } },
    validate: checkBoardOption,
    labelKey: "CANTINA.Hununga.Options.board",
  },
  target: { kind: "integer", default: 3, min: 1, max: 9, labelKey: "CANTINA.Hununga.Options.target" },
  maxTurns: {
    kind: "integer",
    default: DEFAULT_MAX_TURNS,
    min: 2,
    max: 2000,
    labelKey: "CANTINA.Hununga.Options.maxTurns",
    hintKey: "CANTINA.Hununga.Options.maxTurnsHint",
  },
} as const;

const schemaPart = { optionSchema: hunungaOptionSchema };

export const hununga: Game<HunungaState, HunungaMove, HunungaOptions, HunungaView> = {
  ...schemaPart,
  id: HUNUNGA_ID,
  nameKey: `CANTINA.Games.${HUNUNGA_ID}`,
  minSeats: 2,
  maxSeats: 2,
  usesLedger: false,
  defaultOptions: () => ({ board: "hununga", target: 3, maxTurns: DEFAULT_MAX_TURNS }),
  checkOptions(options: unknown, seats: readonly SeatId[]): Result {
    if (seats.length !== 2) return refused(seatCountError(2, 2));
    if (seats[0] === seats[1]) return refuse(BAD_OPTION, { option: "seats" });
    if (!isRecord(options)) return refuse(BAD_OPTION, { option: "options" });
    const { target, maxTurns } = options;
    if (typeof target !== "number" || !Number.isInteger(target) || target < 1 || target > 9)
      return refuse(BAD_OPTION, { option: "target" });
    if (typeof maxTurns !== "number" || !Number.isInteger(maxTurns) || maxTurns < 2 || maxTurns > 2000)
      return refuse(BAD_OPTION, { option: "maxTurns" });
    if (typeof options.board !== "string") return checkBoardOption(options.board);
    if (!resolveBoard(options.board)) return refuse(BAD_OPTION, { option: "board" });
    return succeed({});
  },
  setup(seats, options) {
    const checked = this.checkOptions(options, seats);
    if (!checked.ok) return checked;
    const board = resolveBoard(options.board)!;
    return ok(initialState(board, [seats[0]!, seats[1]!], options.target, options.maxTurns), [
      { kind: "notice", key: "CANTINA.Hununga.Log.Turn", params: { seat: seats[0]! }, seat: seats[0]! },
    ]);
  },
  isMove,
  legalMoves(state, seat) {
    const s = seatIndex(state, seat);
    return s === -1 ? [] : legalMovesOf(state, s);
  },
  apply(state, seat, move, random): Applied<HunungaState> {
    const s = seatIndex(state, seat);
    if (s === -1) return refuse(E.notSeated);
    if (state.phase === "over") return refuse(E.gameOver);
    if (state.turn !== s) return refuse(E.notYourTurn);
    if (!isMove(move)) return refuse(E.malformed);
    const events: GameEvent[] = [];
    const next = applyMove(state, move, random, events);
    return typeof next === "string" ? refuse(next) : ok(next, events);
  },
  view(state: HunungaState, _viewer: Viewer): HunungaView {
    // Hununga has no hidden information: every viewer sees the whole board.
    return { state, toAct: status(state).toAct };
  },
  status,
};

/**
 * Names Hununga's own chat parameters (a chat line's `piece` is the i18n key of the piece's name),
 * in the shape of the apps' ParamNamer; undefined leaves a parameter to the next namer.
 */
export function hunungaParamNamer(
  key: string,
  value: string,
  i18n: { localize(key: string): string },
): string | undefined {
  return key === "piece" && value.startsWith("CANTINA.Hununga.Piece.") ? i18n.localize(value) : undefined;
}
