/**
 * Takat (William Wragg; text 004 with its correction): seven hexes, 6 white and 15 black discs
 * entered and stacked. White wins with a six-high stack or by immobilizing Black; Black wins by
 * immobilizing White. Rules and the Game; the board is drawn from the hex toolkit.
 */
import { E, type UnequalErrorCode } from "./errors";
import type { Game, NoticeEvent, SeatId, Viewer } from "../core";
import { type Hex, HEX_STEPS, hexAdd, hexKey, hexRing } from "../grid";
import {
  type DrawOptions,
  type Side,
  type TwoSideState,
  afterMove,
  drawOptionFields,
  isRecord,
  other,
  won,
  type SideRules,
  twoSideGame,
} from "./common";

export const TAKAT_ID = "takat";
export type Colour = "w" | "b";
export const WHITE: Side = 0;
export const BLACK: Side = 1;
export const PIECES: Readonly<Record<Colour, number>> = { w: 6, b: 15 };
export const WIN_HEIGHT = 6;

/** Hex 0 is the centre, 1..6 the ring clockwise from east; ring hexes 1, 3, 5 are red. */
export const TAKAT_HEXES: readonly Hex[] = [{ q: 0, r: 0 }, ...hexRing({ q: 0, r: 0 }, 1)];
export const CENTRE = 0;
export const RED: readonly number[] = [1, 3, 5];
/** Neighbours of each hex, by index. */
export const ADJACENT: readonly (readonly number[])[] = TAKAT_HEXES.map((h) => {
  const keys = TAKAT_HEXES.map(hexKey);
  return HEX_STEPS.map((s) => keys.indexOf(hexKey(hexAdd(h, s)))).filter((i) => i >= 0);
});

export type TakatMove =
  | { readonly type: "enter"; readonly to: number }
  | { readonly type: "move"; readonly from: number; readonly to: number };

export interface TakatState extends TwoSideState {
  /** Each hex's stack, bottom first. */
  readonly stacks: readonly (readonly Colour[])[];
  /** The hex the opponent's last moved or entered piece went to (the correction); null at the start. */
  readonly lastTo: number | null;
}

export type TakatOptions = DrawOptions;

export const colourOf = (side: Side): Colour => (side === WHITE ? "w" : "b");
export function onBoard(s: TakatState, c: Colour): number {
  let n = 0;
  for (const st of s.stacks) for (const p of st) if (p === c) n++;
  return n;
}

/** Whether the top piece of the stack is temporarily safe (the one below is the same colour). */
export function temporarilySafe(stack: readonly Colour[]): boolean {
  const n = stack.length;
  return n >= 2 && stack[n - 1] === stack[n - 2];
}

/** Whether the top piece of the stack on hex `i` is permanently safe (three alike on a red hex). */
export function permanentlySafe(stack: readonly Colour[], i: number): boolean {
  const n = stack.length;
  return RED.includes(i) && n >= 3 && stack[n - 1] === stack[n - 2] && stack[n - 2] === stack[n - 3];
}

/** Why `side` may not move the top piece of hex `from` (null: it may). */
function cannotLift(s: TakatState, side: Side, from: number): UnequalErrorCode | null {
  const stack = s.stacks[from]!;
  if (stack.length === 0) return E.takat.empty;
  if (from === s.lastTo) return E.takat.justMoved;
  if (permanentlySafe(stack, from)) return E.takat.permanentlySafe;
  if (temporarilySafe(stack) && stack[stack.length - 1] !== colourOf(side)) return E.takat.temporarilySafe;
  return null;
}

/** Whether two adjacent stacks four or more high are topped by safe pieces of the same colour. */
export function adjacentSafeStacks(stacks: readonly (readonly Colour[])[]): boolean {
  const safeTop = (i: number): Colour | null => {
    const st = stacks[i]!;
    return st.length >= 4 && (temporarilySafe(st) || permanentlySafe(st, i)) ? st[st.length - 1]! : null;
  };
  for (let i = 0; i < stacks.length; i++) {
    const c = safeTop(i);
    if (c === null) continue;
    for (const j of ADJACENT[i]!) if (j > i && safeTop(j) === c) return true;
  }
  return false;
}

/** Black must enter while it has fewer pieces on the board than White, if it can. */
function mustEnter(s: TakatState, side: Side): boolean {
  return side === BLACK && onBoard(s, "b") < onBoard(s, "w") && canEnter(s, side);
}

function canEnter(s: TakatState, side: Side): boolean {
  const c = colourOf(side);
  return onBoard(s, c) < PIECES[c] && s.stacks.some((st, i) => i !== CENTRE && st.length === 0);
}

/** Why the move is illegal for `side` (null: legal). The stacks after it come from `play`. */
export function takatRefusal(s: TakatState, side: Side, m: TakatMove): UnequalErrorCode | null {
  if (m.to < 0 || m.to >= 7) return E.takat.noHex;
  if (m.type === "enter") {
    const c = colourOf(side);
    if (onBoard(s, c) >= PIECES[c]) return E.takat.noPieceLeft;
    if (m.to === CENTRE) return E.takat.enterCentre;
    if (s.stacks[m.to]!.length > 0) return E.takat.enterOccupied;
    return null;
  }
  if (m.from < 0 || m.from >= 7) return E.takat.noHex;
  if (mustEnter(s, side)) return E.takat.mustEnter;
  const lift = cannotLift(s, side, m.from);
  if (lift) return lift;
  if (!ADJACENT[m.from]!.includes(m.to)) return E.takat.notAdjacent;
  if (s.stacks[m.to]!.length > s.stacks[m.from]!.length + 1) return E.takat.tooHigh;
  // As in takatMoves: a new pair of safe stacks needs a changed stack four high, unless a pair stood already.
  const tall = s.stacks[m.from]!.length - 1 >= 4 || s.stacks[m.to]!.length + 1 >= 4;
  if ((tall || adjacentSafeStacks(s.stacks)) && adjacentSafeStacks(play(s.stacks, side, m)))
    return E.takat.adjacentSafe;
  return null;
}

function play(stacks: readonly (readonly Colour[])[], side: Side, m: TakatMove): (readonly Colour[])[] {
  const next = stacks.slice();
  if (m.type === "enter") next[m.to] = [colourOf(side)];
  else {
    const from = stacks[m.from]!;
    next[m.from] = from.slice(0, -1);
    next[m.to] = [...stacks[m.to]!, from[from.length - 1]!];
  }
  return next;
}

/**
 * The moves `takatRefusal` allows, in its order (entries to hexes 1-6, then moves by hex and
 * neighbour), with each check made once: the rules' hot path (every apply asks it for immobility).
 */
export function takatLegalMoves(s: TakatState, side: Side): TakatMove[] {
  return takatMoves(s, side, false);
}

/** Whether `side` has a legal move (what immobility asks after every move), without listing them all. */
export function takatHasMove(s: TakatState, side: Side): boolean {
  return takatMoves(s, side, true).length > 0;
}

/** The legal moves in takatRefusal's order; `firstOnly`: at most the first. */
function takatMoves(s: TakatState, side: Side, firstOnly: boolean): TakatMove[] {
  const out: TakatMove[] = [];
  const white = onBoard(s, "w");
  const black = onBoard(s, "b");
  if (side === WHITE ? white < PIECES.w : black < PIECES.b)
    for (let to = 1; to < 7; to++)
      if (s.stacks[to]!.length === 0) {
        out.push({ type: "enter", to });
        if (firstOnly) return out;
      }
  // mustEnter, with the counts made once: an entry listed is an entry Black can make.
  if (side === BLACK && black < white && out.length > 0) return out;
  // A move changes two stacks: a new pair of safe stacks needs one of them four high, unless a pair stood already.
  const pairBefore = adjacentSafeStacks(s.stacks);
  for (let from = 0; from < 7; from++) {
    if (cannotLift(s, side, from)) continue;
    const height = s.stacks[from]!.length;
    for (const to of ADJACENT[from]!) {
      const target = s.stacks[to]!.length;
      if (target > height + 1) continue;
      const m: TakatMove = { type: "move", from, to };
      if ((pairBefore || height - 1 >= 4 || target + 1 >= 4) && adjacentSafeStacks(play(s.stacks, side, m))) continue;
      out.push(m);
      if (firstOnly) return out;
    }
  }
  return out;
}

const positionKey = (s: TakatState): string => `${s.turn}|${s.lastTo}|${s.stacks.map((st) => st.join("")).join("/")}`;

/** Applies a legal move: the six-high stack wins for White at once; then the next side's immobility. */
export function takatPlay(s: TakatState, side: Side, m: TakatMove): TakatState {
  const stacks = play(s.stacks, side, m);
  let next: TakatState = { ...s, stacks, lastTo: m.to, turn: other(side) };
  if (stacks.some((st) => st.length >= WIN_HEIGHT)) next = won(next, WHITE, "goal");
  else if (!takatHasMove(next, next.turn)) next = won(next, other(next.turn), "immobilized");
  return afterMove(next, positionKey(next));
}

export function takatInitial(seats: readonly [SeatId, SeatId], draw: DrawOptions): TakatState {
  return {
    seats,
    turn: WHITE,
    moves: 0,
    seen: [],
    over: false,
    winner: null,
    reason: null,
    draw,
    stacks: TAKAT_HEXES.map(() => []),
    lastTo: null,
  };
}

export const takatOptionSchema = { ...drawOptionFields(200) } as const;

const isHexIndex = (x: unknown): x is number => typeof x === "number" && Number.isInteger(x) && x >= 0 && x < 7;

export function isTakatMove(m: unknown): m is TakatMove {
  if (!isRecord(m)) return false;
  if (m.type === "enter") return Object.keys(m).length === 2 && isHexIndex(m.to);
  if (m.type === "move") return Object.keys(m).length === 3 && isHexIndex(m.from) && isHexIndex(m.to);
  return false;
}

export interface TakatView {
  readonly state: TakatState;
  /** Pieces still off the board, by colour. */
  readonly reserve: Readonly<Record<Colour, number>>;
}

/** The chat lines of Takat's moves (added after records without them were made: `laterNotices`). */
export const TAKAT_NOTICES = {
  enter: "CANTINA.Unequal.Takat.Chat.Enter",
  move: "CANTINA.Unequal.Takat.Chat.Move",
} as const;

/** Every move's chat line: who entered or moved a disc, from where to where, and the stack's new height. */
export function takatNotices(before: TakatState, side: Side, m: TakatMove, after: TakatState): NoticeEvent[] {
  const seat = before.seats[side];
  const height = after.stacks[m.to]?.length ?? 0;
  return [
    m.type === "enter"
      ? { kind: "notice", key: TAKAT_NOTICES.enter, params: { seat, to: m.to }, seat }
      : { kind: "notice", key: TAKAT_NOTICES.move, params: { seat, from: m.from, to: m.to, height }, seat },
  ];
}

/** Takat's move rules for the shared turn checks (common.ts). */
const TAKAT_RULES: SideRules<TakatState, TakatMove> = {
  isMove: isTakatMove,
  legal: takatLegalMoves,
  refusal: takatRefusal,
  play: takatPlay,
  notices: takatNotices,
};

export const takat: Game<TakatState, TakatMove, TakatOptions, TakatView> & {
  readonly optionSchema: typeof takatOptionSchema;
} = twoSideGame({
  id: TAKAT_ID,
  nameKey: "CANTINA.Unequal.Games.takat",
  optionSchema: takatOptionSchema,
  laterNotices: Object.values(TAKAT_NOTICES),
  rules: TAKAT_RULES,
  initial: takatInitial,
  view: (s: TakatState, _viewer: Viewer): TakatView => ({
    state: s,
    reserve: { w: PIECES.w - onBoard(s, "w"), b: PIECES.b - onBoard(s, "b") },
  }),
});
