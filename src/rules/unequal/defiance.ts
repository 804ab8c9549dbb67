/**
 * Defiance and Domain (Arin Sandhop; text 004 with its corrections): Force Counters facing one of
 * eight directions in the 10×10 squares, Commands on the 11×11 points. The Rebel (side 0, first)
 * wants a key point in every domain; the Imperium (side 1) wants the Rebel Command. Rules and the Game.
 */
import type { Game, SeatId, Viewer } from "../core";
import { ok } from "../core";
import { type DirectionName, DIRECTION_NAMES, STEPS, opposite } from "../grid";
import {
  type DrawOptions,
  type Side,
  type TwoSideState,
  afterMove,
  checkOptionObject,
  checkSeats,
  drawOptionFields,
  isBool,
  isInt,
  isRecord,
  other,
  twoSideStatus,
  won,
  type SideRules,
  applyTurn,
  turnLegalMoves,
} from "./common";

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
}

const OWNER = ["r", "i"] as const;
export const ownerOf = (c: Cell): Side | null => (c === "" ? null : c[0] === "r" ? REBEL : IMPERIUM);
export const dirOf = (c: Cell): DirectionName => DIRECTION_NAMES[Number(c.slice(1))]!;
export const cell = (side: Side, dir: number): Cell => `${OWNER[side]}${dir}`;

export const sq = (x: number, y: number): number => y * SIZE + x;
export const pt = (px: number, py: number): number => py * POINTS + px;
const inSquares = (x: number, y: number) => x >= 0 && y >= 0 && x < SIZE && y < SIZE;
const inPoints = (px: number, py: number) => px >= 0 && py >= 0 && px < POINTS && py < POINTS;

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
function resolve(s: DefianceState, actor: Side): DefianceState {
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

/** Why the Rebel Command may not step from `from` to `to` (null: it may). */
function rebelStepRefusal(s: DefianceState, from: number, to: number): string | null {
  const fx = from % POINTS;
  const fy = Math.floor(from / POINTS);
  const tx = to % POINTS;
  const ty = Math.floor(to / POINTS);
  const dx = tx - fx;
  const dy = ty - fy;
  if (!inPoints(tx, ty) || Math.max(Math.abs(dx), Math.abs(dy)) !== 1) return "CANTINA.Unequal.Defiance.Error.NotAStep";
  if (s.imperial.includes(to)) return "CANTINA.Unequal.Defiance.Error.OntoImperial";
  const imperialAt = (x: number, y: number): boolean | null =>
    inSquares(x, y) ? ownerOf(s.cells[sq(x, y)]!) === IMPERIUM : null;
  if (dx !== 0 && dy !== 0) {
    if (imperialAt(Math.min(fx, tx), Math.min(fy, ty))) return "CANTINA.Unequal.Defiance.Error.OverImperial";
    return null;
  }
  // The two squares either side of the line crossed (null: the board's edge).
  const [a, b] =
    dy === 0
      ? [imperialAt(Math.min(fx, tx), fy - 1), imperialAt(Math.min(fx, tx), fy)]
      : [imperialAt(fx - 1, Math.min(fy, ty)), imperialAt(fx, Math.min(fy, ty))];
  if ((a === true || a === null) && (b === true || b === null) && (a === true || b === true))
    return "CANTINA.Unequal.Defiance.Error.BetweenImperial";
  return null;
}

/** Why an Imperial Command may not step from `from` to `to` (null: it may). */
function imperialStepRefusal(s: DefianceState, from: number, to: number): string | null {
  const fx = from % POINTS;
  const fy = Math.floor(from / POINTS);
  const tx = to % POINTS;
  const ty = Math.floor(to / POINTS);
  if (!inPoints(tx, ty) || Math.abs(tx - fx) + Math.abs(ty - fy) !== 1)
    return "CANTINA.Unequal.Defiance.Error.NotAStep";
  if (s.imperial.includes(to)) return "CANTINA.Unequal.Defiance.Error.OntoImperial";
  if (to !== s.rebel && controlled(s, to)) return "CANTINA.Unequal.Defiance.Error.Controlled";
  return null;
}

function commandMoves(s: DefianceState, side: Side): DefianceMove[] {
  const out: DefianceMove[] = [];
  for (const from of commandsOf(s, side)) {
    const fx = from % POINTS;
    const fy = Math.floor(from / POINTS);
    for (const name of DIRECTION_NAMES) {
      const { dx, dy } = STEPS[name];
      if (!inPoints(fx + dx, fy + dy)) continue;
      const to = pt(fx + dx, fy + dy);
      const why = side === REBEL ? rebelStepRefusal(s, from, to) : imperialStepRefusal(s, from, to);
      if (why === null) out.push({ type: "command", from, to });
    }
  }
  return out;
}

export function defianceRefusal(s: DefianceState, side: Side, m: DefianceMove): string | null {
  if (s.phase === "counter") {
    if (m.type === "command" || m.type === "stay") return "CANTINA.Unequal.Defiance.Error.CounterFirst";
    if (m.square < 0 || m.square >= SIZE * SIZE || m.dir < 0 || m.dir > 7) return "CANTINA.Unequal.Error.BadMove";
    const c = s.cells[m.square]!;
    if (m.type === "place") {
      if (c !== "") return "CANTINA.Unequal.Defiance.Error.Occupied";
      if (reserveOf(s, side) <= 0) return "CANTINA.Unequal.Defiance.Error.NoCounterLeft";
      if (flanked(s, m.square, other(side))) return "CANTINA.Unequal.Defiance.Error.DeadZone";
      return null;
    }
    if (ownerOf(c) !== side) return "CANTINA.Unequal.Defiance.Error.NotYourCounter";
    if (dirOf(c) === DIRECTION_NAMES[m.dir]) return "CANTINA.Unequal.Defiance.Error.SameDirection";
    return null;
  }
  if (m.type === "place" || m.type === "turn") return "CANTINA.Unequal.Defiance.Error.CommandPhase";
  if (m.type === "stay")
    return s.options.compulsoryCommand && commandMoves(s, side).length > 0
      ? "CANTINA.Unequal.Defiance.Error.MustMoveCommand"
      : null;
  if (!commandsOf(s, side).includes(m.from)) return "CANTINA.Unequal.Defiance.Error.NoCommandThere";
  return side === REBEL ? rebelStepRefusal(s, m.from, m.to) : imperialStepRefusal(s, m.from, m.to);
}

export function defianceLegalMoves(s: DefianceState, side: Side): DefianceMove[] {
  if (s.phase === "command") {
    const moves = commandMoves(s, side);
    return s.options.compulsoryCommand && moves.length > 0 ? moves : [...moves, { type: "stay" }];
  }
  const out: DefianceMove[] = [];
  const canPlace = reserveOf(s, side) > 0;
  s.cells.forEach((c, square) => {
    if (c === "") {
      if (canPlace && !flanked(s, square, other(side)))
        for (let dir = 0; dir < 8; dir++) out.push({ type: "place", square, dir });
    } else if (ownerOf(c) === side) {
      const now = Number(c.slice(1));
      for (let dir = 0; dir < 8; dir++) if (dir !== now) out.push({ type: "turn", square, dir });
    }
  });
  return out;
}

const positionKey = (s: DefianceState): string =>
  `${s.turn}${s.phase[1]}|${s.rebel},${s.imperial.join(",")}|${s.cells.join(".")}`;

/** The turn passes to the other side, which starts with its counter. */
function endTurn(s: DefianceState, side: Side): DefianceState {
  return { ...s, phase: "counter", turn: other(side) };
}

export function defiancePlay(s: DefianceState, side: Side, m: DefianceMove): DefianceState {
  let next: DefianceState = s;
  if (m.type === "place" || m.type === "turn") {
    const cells = s.cells.slice();
    cells[m.square] = cell(side, m.dir);
    next = resolve({ ...s, cells }, side);
    if (rebelGoal(next)) next = won(next, REBEL, "goal");
    else {
      const commands = commandMoves(next, side);
      if (commands.length > 0) next = { ...next, phase: "command" };
      else if (side === REBEL && s.options.rebelLosesImmobilized) next = won(next, IMPERIUM, "immobilized");
      // A side whose Commands cannot move skips that part of the turn (the correction).
      else next = endTurn(next, side);
    }
  } else if (m.type === "stay") next = endTurn(s, side);
  else if (side === IMPERIUM && m.to === s.rebel) {
    const imperial: [number, number] = [s.imperial[0], s.imperial[1]];
    imperial[s.imperial.indexOf(m.from)] = m.to;
    next = won({ ...s, imperial }, IMPERIUM, "goal");
  } else {
    if (side === REBEL) next = { ...s, rebel: m.to };
    else {
      const imperial: [number, number] = [s.imperial[0], s.imperial[1]];
      imperial[s.imperial.indexOf(m.from)] = m.to;
      next = { ...s, imperial };
    }
    // Diagonal captures happen at once when a Command arrives in a domain.
    next = resolve(next, side);
    next = rebelGoal(next) ? won(next, REBEL, "goal") : endTurn(next, side);
  }
  return afterMove(next, positionKey(next));
}

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

const isIndex = (max: number) => (x: unknown) => typeof x === "number" && Number.isInteger(x) && x >= 0 && x < max;

export function isDefianceMove(m: unknown): m is DefianceMove {
  if (!isRecord(m)) return false;
  const n = Object.keys(m).length;
  switch (m.type) {
    case "stay":
      return n === 1;
    case "place":
    case "turn":
      return n === 3 && isIndex(SIZE * SIZE)(m.square) && isIndex(8)(m.dir);
    case "command":
      return n === 3 && isIndex(POINTS * POINTS)(m.from) && isIndex(POINTS * POINTS)(m.to);
    default:
      return false;
  }
}

export interface DefianceView {
  readonly state: DefianceState;
  /** Counters off the board, by side. */
  readonly reserve: readonly [number, number];
}

/** Defiance's move rules for the shared turn checks (common.ts). */
const DEFIANCE_RULES: SideRules<DefianceState, DefianceMove> = {
  isMove: isDefianceMove,
  legal: defianceLegalMoves,
  refusal: defianceRefusal,
  play: defiancePlay,
};

export const defiance: Game<DefianceState, DefianceMove, DefianceOptions, DefianceView> & {
  optionSchema: typeof defianceOptionSchema;
} = {
  optionSchema: defianceOptionSchema,
  id: DEFIANCE_ID,
  nameKey: "CANTINA.Unequal.Games.defiance-and-domain",
  minSeats: 2,
  maxSeats: 2,
  usesLedger: false,
  defaultOptions: () => ({
    maxMoves: 400,
    repetitionDraw: true,
    compulsoryCommand: false,
    counters: 40,
    rebelLosesImmobilized: false,
  }),
  checkOptions(options: unknown, seats: readonly SeatId[]) {
    return (
      checkSeats(seats) ??
      checkOptionObject(options, {
        maxMoves: isInt(10, 5000),
        repetitionDraw: isBool,
        compulsoryCommand: isBool,
        counters: isInt(40, 100),
        rebelLosesImmobilized: isBool,
      })
    );
  },
  setup(seats, options) {
    const bad = this.checkOptions(options, seats);
    if (bad) return { ok: false, error: bad };
    return ok(defianceInitial([seats[0]!, seats[1]!], options));
  },
  isMove: isDefianceMove,
  legalMoves: (s, seat) => turnLegalMoves(DEFIANCE_RULES, s, seat),
  apply: (s, seat, move) => applyTurn(DEFIANCE_RULES, s, seat, move),
  view(s: DefianceState, _viewer: Viewer): DefianceView {
    return { state: s, reserve: [reserveOf(s, REBEL), reserveOf(s, IMPERIUM)] };
  },
  status: twoSideStatus,
};
