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
  Result,
  SeatId,
  SeatPurse,
  OptionsOf,
  Purses,
  Viewer,
} from "../core";
import {
  BAD_OPTION,
  board,
  boolean,
  choice,
  refuse,
  integer,
  ok,
  resolveBoardOption,
  schemaOptions,
  succeed,
} from "../core";
import { type ReviewLine, reviewGame, winChances } from "./analysis";
import { BOARDS, type BoardData, checkBoard } from "./board";
import { type Costs, costs, invaded } from "./economy";
import { applyMove } from "./engine";
import { legalMovesOf } from "./paths";
import { type Economy, type Payment, type Ruleset, type UlwanMove, type UlwanState, E, HAND } from "./state";

export const ULWAN_ID = "ulwan";
export const FINKEL_ID = "ulwan-finkel";
export const SEVEN_ID = "seven-ulwan";
export const MAX_PIECES = 7;

/** The GM's analysis option (off by default): see analysis.ts. */
const ANALYSIS_OPTION = boolean(false, { hintKey: "CANTINA.Ulwan.AnalysisHint" });

/** The plain games' options: pieces per player, 1 to 7 (7 as in Seven Ulwan and Finkel's Ur), and the board. */
function plainSchema(defaultBoard: string) {
  return {
    board: board<BoardData>(defaultBoard, BOARDS, (b) => checkBoard(b)),
    pieces: integer(MAX_PIECES, 1, MAX_PIECES),
    analysis: ANALYSIS_OPTION,
  };
}
export type UlwanOptions = OptionsOf<ReturnType<typeof plainSchema>>;

export const PAYMENTS = ["open", "closed", "tokens"] as const satisfies readonly Payment[];

/**
 * Seven Ulwan's options. `ante`: the price of a piece, the unit of every tile's cost; `tokens`:
 * each player's tokens in the closed-wallet and token modes; `entryFee`: the token mode's flat
 * buy-in. Seven Ulwan places new pieces on "your first Aurek" on any board (a roll of 4).
 */
export const sevenUlwanSchema = {
  board: board<BoardData>("seven-ulwan", BOARDS, (b) => checkBoard(b, true)),
  payment: choice<Payment>(PAYMENTS, "open", (p) => `CANTINA.Ulwan.Payment.${p}`),
  ante: integer(10, 1, Number.MAX_SAFE_INTEGER, { ante: true }),
  tokens: integer(100, 0, Number.MAX_SAFE_INTEGER),
  entryFee: integer(100, 0, Number.MAX_SAFE_INTEGER),
  defaultCredits: integer(1000, 0, Number.MAX_SAFE_INTEGER, { purse: "credits" }),
  defaultLuck: integer(3, 0, Number.MAX_SAFE_INTEGER, { purse: "luck" }),
  analysis: ANALYSIS_OPTION,
};
export type SevenUlwanOptions = OptionsOf<typeof sevenUlwanSchema>;

export interface UlwanView {
  readonly state: UlwanState;
  readonly toAct: readonly SeatId[];
  readonly costs: readonly [Costs, Costs];
  readonly invaded: readonly [boolean, boolean];
  /** With the analysis option, for spectators and the GM only (never a seat): each seat's chance of winning. */
  readonly winChances?: readonly [number, number];
  /** With the analysis option, once the game is over (every viewer): the review of each move. */
  readonly review?: readonly ReviewLine[];
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

/** The purses the ledger brought are whole numbers, and each seat can pay the entry fee. */
function checkPurses(options: SevenUlwanOptions, purses: Purses | undefined, seats: readonly SeatId[]): Result {
  const isCount = (x: unknown): boolean => typeof x === "number" && Number.isSafeInteger(x) && x >= 0;
  for (const seat of seats) {
    if (!purses || !Object.prototype.hasOwnProperty.call(purses, seat)) continue;
    const p: unknown = purses[seat];
    if (!isRecord(p) || !isCount(p.credits) || !isCount(p.luck)) return refuse(BAD_OPTION, { option: "purses" });
  }
  const fee = entryFeeOf(options);
  for (const seat of seats) {
    if (purseOf(options, purses, seat).credits < fee) return refuse(E.cannotAffordEntry, { seat, fee });
  }
  return succeed({});
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
  if (s === -1) return refuse(E.notSeated);
  if (state.phase === "over") return refuse(E.gameOver);
  if (state.turn !== s) return refuse(E.notYourTurn);
  const events: GameEvent[] = [];
  const next = applyMove(state, move, random, events);
  if (typeof next === "string") return refuse(next);
  // The review needs each piece move with the position and roll it was played from.
  const recorded =
    state.analysis &&
    state.ruleset !== "seven" &&
    state.roll !== null &&
    (move.type === "move" || move.type === "enter")
      ? { ...next, record: [...(state.record ?? []), { turn: state.turn, pos: state.pos, roll: state.roll, move }] }
      : next;
  return ok(recorded, events);
}

/** A player at the table: a seat, or the GM playing one of the seats. */
const seated = (viewer: Viewer): boolean =>
  viewer.role === "seat" || (viewer.role === "gm" && viewer.seat !== undefined);

function view(state: UlwanState, viewer: Viewer): UlwanView {
  // Ulwan has no hidden information: every viewer sees the whole board. The win chances are
  // advice, so a seated player never receives them while the game is on.
  const over = state.phase === "over";
  return {
    state,
    toAct: over ? [] : [state.seats[state.turn]],
    costs: [costs(state, 0), costs(state, 1)],
    invaded: [invaded(state, 0), invaded(state, 1)],
    ...(state.analysis && !seated(viewer) ? { winChances: winChances(state) } : {}),
    ...(state.analysis && over ? { review: reviewGame(state) } : {}),
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
  const schema = plainSchema(defaultBoard);
  return {
    id,
    nameKey: `CANTINA.Games.${id}`,
    minSeats: 2,
    maxSeats: 2,
    usesLedger: false,
    ...schemaOptions(schema, { min: 2, max: 2 }),
    setup(seats, options) {
      const checked = this.checkOptions(options, seats);
      if (!checked.ok) return checked;
      const data = resolveBoardOption(schema.board, options.board);
      if (!data) return refuse(BAD_OPTION, { option: "board" });
      return ok({ ...initial(id, ruleset, data, seats, options.pieces, null), analysis: options.analysis });
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

function purseOf(options: SevenUlwanOptions, purses: Purses | undefined, seat: SeatId): SeatPurse {
  const own = purses && Object.prototype.hasOwnProperty.call(purses, seat) ? purses[seat] : undefined;
  return own ?? { credits: options.defaultCredits, luck: options.defaultLuck };
}

/** The credits each seat pays up front: nothing in open wallet, the token stack's price or the flat fee otherwise. */
export function entryFeeOf(options: Pick<SevenUlwanOptions, "payment" | "tokens" | "ante" | "entryFee">): number {
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
  ...schemaOptions(sevenUlwanSchema, { min: 2, max: 2 }, (o) =>
    o.payment !== "open" && o.tokens < 1 ? refuse(BAD_OPTION, { option: "tokens" }) : succeed({}),
  ),
  setup(seats, options, _random, purses) {
    const checked = this.checkOptions(options, seats);
    if (!checked.ok) return checked;
    const paid = checkPurses(options, purses, seats);
    if (!paid.ok) return paid;
    const data = resolveBoardOption(sevenUlwanSchema.board, options.board);
    if (!data) return refuse(BAD_OPTION, { option: "board" });
    const fee = entryFeeOf(options);
    const start: [number, number] = [
      purseOf(options, purses, seats[0] as SeatId).credits,
      purseOf(options, purses, seats[1] as SeatId).credits,
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
    return ok({ ...initial(SEVEN_ID, "seven", data, seats, MAX_PIECES, economy), analysis: options.analysis }, events);
  },
  isMove,
  legalMoves,
  apply,
  view,
  status,
};
