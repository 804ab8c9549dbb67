/**
 * Defiance and Domain's board: the shapes (state, moves, options), counters on the 10×10 squares,
 * Commands on the 11×11 points, the domains, flanking (captures and dead zones) and the Rebel's goal.
 */
import { type DirectionName, DIRECTION_NAMES, STEPS, opposite } from "../grid";
import { type DrawOptions, type Side, type TwoSideState, other } from "./common";

export const DEFIANCE_ID = "defiance-and-domain";
export const REBEL: Side = 0;
export const IMPERIUM: Side = 1;
export const SIZE = 10;
export const POINTS = 11;
/** The starting points: the Rebel Command in the centre, the Imperial Commands mid-way along the top and bottom edges. */
export const REBEL_START = 5 * POINTS + 5;
export const IMPERIAL_START: readonly [number, number] = [5, 10 * POINTS + 5];

/** A square's counter: "" (vacant) or the owner ("r"/"i") and its direction index (DIRECTION_NAMES). */
export type Cell = string;

export type DefianceMove =
  | { readonly type: "place"; readonly square: number; readonly dir: number }
  | { readonly type: "turn"; readonly square: number; readonly dir: number }
  | { readonly type: "command"; readonly from: number; readonly to: number }
  | { readonly type: "stay" };

export interface DefianceOptions extends DrawOptions {
  /** The playtesters' variant: a Command move is compulsory each turn (when one is possible). */
  readonly compulsoryCommand: boolean;
  /** Force Counters per side (at least 40). */
  readonly counters: number;
  /** The balancing option: a Rebel Command unable to move loses instead of skipping (the text's correction: skip). */
  readonly rebelLosesImmobilized: boolean;
}

export interface DefianceState extends TwoSideState {
  readonly phase: "counter" | "command";
  /** Squares by y * 10 + x. */
  readonly cells: readonly Cell[];
  readonly rebel: number;
  readonly imperial: readonly [number, number];
  readonly options: Omit<DefianceOptions, "maxMoves" | "repetitionDraw">;
  /**
   * The last counter placed or turned (its square) and the last Command's step (points), for the
   * window to mark; absent before any.
   */
  readonly last?: { readonly square?: number; readonly from?: number; readonly to?: number };
}

const OWNER = ["r", "i"] as const;
export const ownerOf = (c: Cell): Side | null => (c === "" ? null : c[0] === "r" ? REBEL : IMPERIUM);
export const dirOf = (c: Cell): DirectionName => DIRECTION_NAMES[Number(c.slice(1))]!;
export const cell = (side: Side, dir: number): Cell => `${OWNER[side]}${dir}`;

export const sq = (x: number, y: number): number => y * SIZE + x;
export const pt = (px: number, py: number): number => py * POINTS + px;
export const inSquares = (x: number, y: number) => x >= 0 && y >= 0 && x < SIZE && y < SIZE;
export const inPoints = (px: number, py: number) => px >= 0 && py >= 0 && px < POINTS && py < POINTS;

/** Domain of a square: 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right. */
export const domainOfSquare = (s: number): number => (s % SIZE < 5 ? 0 : 1) + (Math.floor(s / SIZE) < 5 ? 0 : 2);
/** A border point between domains (on the middle lines), including the board's edge ends of them. */
export const isBorderPoint = (p: number): boolean => p % POINTS === 5 || Math.floor(p / POINTS) === 5;
/** A key point: one of the central 4×4 points of a domain. */
export function isKeyPoint(p: number): boolean {
  const k = (v: number) => (v >= 1 && v <= 4) || (v >= 6 && v <= 9);
  return k(p % POINTS) && k(Math.floor(p / POINTS));
}
/** The domain of a point that is not a border point. */
export const domainOfPoint = (p: number): number => (p % POINTS < 5 ? 0 : 1) + (Math.floor(p / POINTS) < 5 ? 0 : 2);
/** The four squares around an inner point. */
export function squaresAround(p: number): number[] {
  const px = p % POINTS;
  const py = Math.floor(p / POINTS);
  const out: number[] = [];
  for (const [x, y] of [
    [px - 1, py - 1],
    [px, py - 1],
    [px - 1, py],
    [px, py],
  ] as const)
    if (inSquares(x, y)) out.push(sq(x, y));
  return out;
}

export function commandsOf(s: Pick<DefianceState, "rebel" | "imperial">, side: Side): readonly number[] {
  return side === REBEL ? [s.rebel] : s.imperial;
}

/** Whether `side`'s diagonal captures and dead zones are active in `domain` (the correction: any non-border point). */
export function diagonalActive(s: Pick<DefianceState, "rebel" | "imperial">, side: Side, domain: number): boolean {
  return commandsOf(s, side).some((p) => !isBorderPoint(p) && domainOfPoint(p) === domain);
}

const AXES: readonly DirectionName[] = ["e", "s", "se", "ne"];

/**
 * Whether square `target` is flanked by two counters of `attacker` pointing at it (on a line, or
 * on a diagonal within one domain while the attacker's Command stands inside it): a capture if the
 * square holds an enemy counter, a dead zone for the other side if it is vacant.
 */
export function flanked(
  s: Pick<DefianceState, "cells" | "rebel" | "imperial">,
  target: number,
  attacker: Side,
): boolean {
  const x = target % SIZE;
  const y = Math.floor(target / SIZE);
  for (const axis of AXES) {
    const { dx, dy } = STEPS[axis];
    const ax = x - dx;
    const ay = y - dy;
    const bx = x + dx;
    const by = y + dy;
    if (!inSquares(ax, ay) || !inSquares(bx, by)) continue;
    const a = s.cells[sq(ax, ay)]!;
    const b = s.cells[sq(bx, by)]!;
    if (ownerOf(a) !== attacker || ownerOf(b) !== attacker) continue;
    if (dirOf(a) !== axis || dirOf(b) !== opposite(axis)) continue;
    if (dx !== 0 && dy !== 0) {
      const d = domainOfSquare(target);
      if (domainOfSquare(sq(ax, ay)) !== d || domainOfSquare(sq(bx, by)) !== d) continue;
      if (!diagonalActive(s, attacker, d)) continue;
    }
    return true;
  }
  return false;
}

/** Removes counters of `victim` flanked by the other side (captured counters go back to their owner). */
function captures(s: DefianceState, victim: Side): DefianceState {
  const gone: number[] = [];
  s.cells.forEach((c, i) => {
    if (ownerOf(c) === victim && flanked(s, i, other(victim))) gone.push(i);
  });
  if (gone.length === 0) return s;
  const cells = s.cells.slice();
  for (const i of gone) cells[i] = "";
  return { ...s, cells };
}

/** Captures after any action: the acting side's first, then whatever still stands against it. */
export function resolve(s: DefianceState, actor: Side): DefianceState {
  return captures(captures(s, other(actor)), actor);
}

export const reserveOf = (s: DefianceState, side: Side): number =>
  s.options.counters - s.cells.filter((c) => ownerOf(c) === side).length;

/** Whether the Rebel controls point `p`: a key point with Rebel counters on its four squares. */
export function controlled(s: DefianceState, p: number): boolean {
  return isKeyPoint(p) && squaresAround(p).every((q) => ownerOf(s.cells[q]!) === REBEL);
}

/** The Rebel's goal: a controlled key point in every domain. */
export function rebelGoal(s: DefianceState): boolean {
  const done = [false, false, false, false];
  for (let p = 0; p < POINTS * POINTS; p++) if (controlled(s, p)) done[domainOfPoint(p)] = true;
  return done.every(Boolean);
}
