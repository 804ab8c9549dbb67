/**
 * Defiance and Domain (Arin Sandhop; text 004 with its corrections): the Game. The Rebel wants a key
 * point in every domain, the Imperium the Rebel Command; the board is in defiance-board.ts, the moves
 * in defiance-moves.ts.
 */
import type { Game, NoticeEvent, SeatId, Viewer } from "../core";
import { DIRECTION_NAMES } from "../grid";
import { drawOptionFields, type Side, type SideRules, twoSideGame } from "./common";
import {
  type Cell,
  type DefianceMove,
  type DefianceOptions,
  type DefianceState,
  DEFIANCE_ID,
  IMPERIAL_START,
  IMPERIUM,
  POINTS,
  REBEL,
  REBEL_START,
  SIZE,
  reserveOf,
} from "./defiance-board";
import { defianceLegalMoves, defiancePlay, defianceRefusal, isDefianceMove } from "./defiance-moves";

export {
  type Cell,
  type DefianceMove,
  type DefianceOptions,
  type DefianceState,
  DEFIANCE_ID,
  IMPERIAL_START,
  IMPERIUM,
  POINTS,
  REBEL,
  REBEL_START,
  SIZE,
  cell,
  commandsOf,
  controlled,
  diagonalActive,
  dirOf,
  domainOfPoint,
  domainOfSquare,
  flanked,
  isBorderPoint,
  isKeyPoint,
  ownerOf,
  pt,
  rebelGoal,
  reserveOf,
  sq,
  squaresAround,
} from "./defiance-board";
export { defianceLegalMoves, defiancePlay, defianceRefusal, isDefianceMove } from "./defiance-moves";

export function defianceInitial(seats: readonly [SeatId, SeatId], o: DefianceOptions): DefianceState {
  return {
    seats,
    turn: REBEL,
    moves: 0,
    seen: [],
    over: false,
    winner: null,
    reason: null,
    draw: { maxMoves: o.maxMoves, repetitionDraw: o.repetitionDraw },
    phase: "counter",
    cells: new Array<Cell>(SIZE * SIZE).fill(""),
    rebel: REBEL_START,
    imperial: IMPERIAL_START,
    options: {
      compulsoryCommand: o.compulsoryCommand,
      counters: o.counters,
      rebelLosesImmobilized: o.rebelLosesImmobilized,
    },
  };
}

export const defianceOptionSchema = {
  ...drawOptionFields(400),
  compulsoryCommand: {
    kind: "boolean",
    default: false,
    labelKey: "CANTINA.Unequal.Defiance.Options.compulsoryCommand",
    hintKey: "CANTINA.Unequal.Defiance.Options.compulsoryCommandHint",
  },
  counters: { kind: "integer", default: 40, min: 40, max: 100, labelKey: "CANTINA.Unequal.Defiance.Options.counters" },
  rebelLosesImmobilized: {
    kind: "boolean",
    default: false,
    labelKey: "CANTINA.Unequal.Defiance.Options.rebelLosesImmobilized",
    hintKey: "CANTINA.Unequal.Defiance.Options.rebelLosesImmobilizedHint",
  },
} as const;

export interface DefianceView {
  readonly state: DefianceState;
  /** Counters off the board, by side. */
  readonly reserve: readonly [number, number];
}

/** The chat lines of Defiance's moves (added after records without them were made: `laterNotices`). */
export const DEFIANCE_NOTICES = {
  place: "CANTINA.Unequal.Defiance.Chat.Place",
  turn: "CANTINA.Unequal.Defiance.Chat.Turn",
  command: "CANTINA.Unequal.Defiance.Chat.Command",
  stay: "CANTINA.Unequal.Defiance.Chat.Stay",
} as const;

/** A square or a point by its column and row ("3,7"), as the window's move list names them. */
const placeName = (index: number, width: number): string => `${index % width},${Math.floor(index / width)}`;

/** Every move's chat line: the counter placed or turned (its square and facing), the Command's step, or a stay. */
export function defianceNotices(before: DefianceState, side: Side, m: DefianceMove): NoticeEvent[] {
  const seat = before.seats[side];
  const params: Record<string, string> =
    m.type === "stay"
      ? { seat }
      : m.type === "command"
        ? { seat, from: placeName(m.from, POINTS), to: placeName(m.to, POINTS) }
        : { seat, square: placeName(m.square, SIZE), facing: DIRECTION_NAMES[m.dir] ?? "n" };
  return [{ kind: "notice", key: DEFIANCE_NOTICES[m.type], params, seat }];
}

/** Defiance's move rules for the shared turn checks (common.ts). */
const DEFIANCE_RULES: SideRules<DefianceState, DefianceMove> = {
  isMove: isDefianceMove,
  legal: defianceLegalMoves,
  refusal: defianceRefusal,
  play: defiancePlay,
  notices: defianceNotices,
};

export const defiance: Game<DefianceState, DefianceMove, DefianceOptions, DefianceView> & {
  readonly optionSchema: typeof defianceOptionSchema;
} = twoSideGame({
  id: DEFIANCE_ID,
  nameKey: "CANTINA.Unequal.Games.defiance-and-domain",
  optionSchema: defianceOptionSchema,
  laterNotices: Object.values(DEFIANCE_NOTICES),
  rules: DEFIANCE_RULES,
  initial: defianceInitial,
  view: (s: DefianceState, _viewer: Viewer): DefianceView => ({
    state: s,
    reserve: [reserveOf(s, REBEL), reserveOf(s, IMPERIUM)],
  }),
});
