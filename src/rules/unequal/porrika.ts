/**
 * Por'rika (Terry Alber; text 004): squares cut into four triangles, 4 wide and 7 long with a
 * pointed end. Six Schelati (two Egg Carriers) against four Ser'ra; a move crosses its square, then
 * steps to a corner-touching triangle. The board is data (triangle keys), drawn in docs/rules/porrika.md.
 */
import { E, type UnequalErrorCode } from "./errors";
import type { Game, NoticeEvent, SeatId, Viewer } from "../core";
import {
  type Triangle,
  cornerNeighbours,
  oppositeTriangle,
  parseTriangleKey,
  triangleKey,
  TRIANGLE_SIDES,
} from "../grid";
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

export const PORRIKA_ID = "porrika";
export const SCHELATI: Side = 0;
export const SERRA: Side = 1;
export const WIDTH = 4;
export const LENGTH = 7;

/**
 * The board: every triangle of the 4×7 squares (y = 0 the wide end, y = 6 the pointed end) except
 * those outside the two diagonals from the corners of row 5 to the tip, the point (2, 7) — the
 * outer triangles of the last two rows.
 */
function insideTaper(t: Triangle): boolean {
  const corners: [number, number][] = [
    [t.x, t.y],
    [t.x + 1, t.y],
    [t.x + 1, t.y + 1],
    [t.x, t.y + 1],
  ];
  const centre: [number, number] = [t.x + 0.5, t.y + 0.5];
  const pick: Record<string, [number, number][]> = {
    n: [corners[0]!, corners[1]!, centre],
    e: [corners[1]!, corners[2]!, centre],
    s: [corners[2]!, corners[3]!, centre],
    w: [corners[3]!, corners[0]!, centre],
  };
  return pick[t.side]!.every(([x, y]) => y <= 7 - Math.abs(x - 2) + 1e-9);
}

export const PORRIKA_BOARD: readonly string[] = (() => {
  const out: string[] = [];
  for (let y = 0; y < LENGTH; y++)
    for (let x = 0; x < WIDTH; x++)
      for (const side of TRIANGLE_SIDES) {
        const t: Triangle = { x, y, side };
        if (insideTaper(t)) out.push(triangleKey(t));
      }
  return out;
})();
export const BOARD_SET: ReadonlySet<string> = new Set(PORRIKA_BOARD);
/** For each board triangle: the triangle across its square (null: off the board) and where a move from it may end. */
interface StepsFrom {
  readonly via: string | null;
  readonly tos: readonly string[];
}
const STEPS_FROM: ReadonlyMap<string, StepsFrom> = new Map(
  PORRIKA_BOARD.map((key): [string, StepsFrom] => {
    const via = oppositeTriangle(parseTriangleKey(key)!);
    const viaKey = triangleKey(via);
    if (!BOARD_SET.has(viaKey)) return [key, { via: null, tos: [] }];
    const tos = cornerNeighbours(via, BOARD_SET)
      .map(triangleKey)
      .filter((k) => k !== key);
    return [key, { via: viaKey, tos }];
  }),
);
/** The two triangles at the tip. */
export const SACRED_WATERS: readonly string[] = ["1,6,e", "2,6,w"];
/** The Ser'ra's four marked triangles at the pointed end, where they start. */
export const SERRA_START: readonly string[] = ["0,4,s", "1,5,s", "2,5,s", "3,4,s"];
/** The eight marked triangles at the wide end; the Schelati choose six of them. */
export const SCHELATI_MARKED: readonly string[] = [0, 1, 2, 3].flatMap((x) => [`${x},0,n`, `${x},1,n`]);

export type PieceKind = "egg" | "guardian" | "serra";
export interface PorrikaPiece {
  readonly kind: PieceKind;
  readonly at: string;
}

export type PorrikaMove =
  | { readonly type: "place"; readonly kind: "egg" | "guardian"; readonly at: string }
  | { readonly type: "move"; readonly from: string; readonly via: string; readonly to: string }
  | { readonly type: "pass" };

export interface PorrikaOptions extends DrawOptions {
  /** The text's scoring: a point per free Ser'ra for a Schelati win, five for a Ser'ra win. */
  readonly scoring: boolean;
}

export interface PorrikaState extends TwoSideState {
  readonly phase: "setup" | "play";
  readonly pieces: readonly PorrikaPiece[];
  readonly scoring: boolean;
  /** Points at the end under the scoring option, by side. */
  readonly points: readonly [number, number];
  /** The last piece placed or moved (`from` null for a placement), for the window to mark; absent before any. */
  readonly last?: { readonly from: string | null; readonly to: string };
}

const sideOfKind = (k: PieceKind): Side => (k === "serra" ? SERRA : SCHELATI);
const occupied = (s: PorrikaState, key: string): boolean => s.pieces.some((p) => p.at === key);

/** A piece facing another across its square, or with no triangle across it: it can never move again. */
export function locked(s: PorrikaState, at: string): boolean {
  const across = STEPS_FROM.get(at)?.via ?? null;
  return across === null || occupied(s, across);
}

/** An Egg Carrier is immobilized (captured) when it can never move again outside the Sacred Waters. */
export function eggImmobilized(s: PorrikaState): boolean {
  return s.pieces.some((p) => p.kind === "egg" && !SACRED_WATERS.includes(p.at) && locked(s, p.at));
}

export function eggsHome(s: PorrikaState): boolean {
  return s.pieces.filter((p) => p.kind === "egg").every((p) => SACRED_WATERS.includes(p.at));
}

export function porrikaRefusal(s: PorrikaState, side: Side, m: PorrikaMove): UnequalErrorCode | null {
  if (s.phase === "setup") {
    if (m.type !== "place") return E.porrika.placeFirst;
    if (!SCHELATI_MARKED.includes(m.at)) return E.porrika.notMarked;
    if (occupied(s, m.at)) return E.porrika.occupied;
    const count = s.pieces.filter((p) => p.kind === m.kind).length;
    if (count >= (m.kind === "egg" ? 2 : 4)) return E.porrika.noneLeft;
    return null;
  }
  if (m.type === "place") return E.porrika.setupOver;
  if (m.type === "pass") return porrikaMoves(s, side).length > 0 ? E.porrika.mustMove : null;
  const piece = s.pieces.find((p) => p.at === m.from);
  if (!piece || sideOfKind(piece.kind) !== side) return E.porrika.notYours;
  const across = triangleKey(oppositeTriangle(parseTriangleKey(m.from)!));
  if (m.via !== across) return E.porrika.notAcross;
  if (!BOARD_SET.has(across) || occupied(s, across)) return E.porrika.locked;
  if (!(STEPS_FROM.get(m.from)?.tos ?? []).includes(m.to)) return E.porrika.notCorner;
  if (occupied(s, m.to)) return E.porrika.occupied;
  return null;
}

/** The piece moves of `side` (no pass). */
function porrikaMoves(s: PorrikaState, side: Side): PorrikaMove[] {
  const out: PorrikaMove[] = [];
  for (const p of s.pieces) {
    if (sideOfKind(p.kind) !== side) continue;
    const step = STEPS_FROM.get(p.at);
    if (!step || step.via === null || occupied(s, step.via)) continue;
    for (const to of step.tos) if (!occupied(s, to)) out.push({ type: "move", from: p.at, via: step.via, to });
  }
  return out;
}

export function porrikaLegalMoves(s: PorrikaState, side: Side): PorrikaMove[] {
  if (s.phase === "setup") {
    const out: PorrikaMove[] = [];
    for (const kind of ["egg", "guardian"] as const)
      for (const at of SCHELATI_MARKED) {
        const m: PorrikaMove = { type: "place", kind, at };
        if (porrikaRefusal(s, side, m) === null) out.push(m);
      }
    return out;
  }
  const moves = porrikaMoves(s, side);
  return moves.length > 0 ? moves : [{ type: "pass" }];
}

const positionKey = (s: PorrikaState): string =>
  `${s.turn}|${s.pieces
    .map((p) => `${p.kind[0]}${p.at}`)
    .sort()
    .join(" ")}`;

function withPoints(s: PorrikaState): PorrikaState {
  if (!s.over || !s.scoring || s.winner === null) return s;
  const free = s.pieces.filter((p) => p.kind === "serra" && !locked(s, p.at)).length;
  return { ...s, points: s.winner === SCHELATI ? [free, 0] : [0, 5] };
}

export function porrikaPlay(s: PorrikaState, side: Side, m: PorrikaMove): PorrikaState {
  let next: PorrikaState;
  if (m.type === "place") {
    const pieces = [...s.pieces, { kind: m.kind, at: m.at }];
    const done = pieces.length === 10;
    // The Schelati place all six, then make the first move.
    next = { ...s, pieces, phase: done ? "play" : "setup", last: { from: null, to: m.at } };
  } else if (m.type === "pass") next = { ...s, turn: other(side) };
  else {
    const pieces = s.pieces.map((p) => (p.at === m.from ? { ...p, at: m.to } : p));
    next = { ...s, pieces, turn: other(side), last: { from: m.from, to: m.to } };
    if (eggImmobilized(next)) next = won(next, SERRA, "immobilized");
    else if (eggsHome(next)) next = won(next, SCHELATI, "goal");
  }
  return withPoints(afterMove(next, positionKey(next)));
}

export function porrikaInitial(seats: readonly [SeatId, SeatId], options: PorrikaOptions): PorrikaState {
  return {
    seats,
    turn: SCHELATI,
    moves: 0,
    seen: [],
    over: false,
    winner: null,
    reason: null,
    draw: { maxMoves: options.maxMoves, repetitionDraw: options.repetitionDraw },
    phase: "setup",
    pieces: SERRA_START.map((at) => ({ kind: "serra", at })),
    scoring: options.scoring,
    points: [0, 0],
  };
}

export const porrikaOptionSchema = {
  ...drawOptionFields(300),
  scoring: {
    kind: "boolean",
    default: false,
    labelKey: "CANTINA.Unequal.Porrika.Options.scoring",
    hintKey: "CANTINA.Unequal.Porrika.Options.scoringHint",
  },
} as const;

const isKey = (x: unknown): x is string => typeof x === "string" && x.length <= 12 && parseTriangleKey(x) !== null;

export function isPorrikaMove(m: unknown): m is PorrikaMove {
  if (!isRecord(m)) return false;
  const n = Object.keys(m).length;
  switch (m.type) {
    case "pass":
      return n === 1;
    case "place":
      return n === 3 && (m.kind === "egg" || m.kind === "guardian") && isKey(m.at);
    case "move":
      return n === 4 && isKey(m.from) && isKey(m.via) && isKey(m.to);
    default:
      return false;
  }
}

export interface PorrikaView {
  readonly state: PorrikaState;
  readonly board: readonly string[];
  readonly sacredWaters: readonly string[];
}

/** The chat lines of Por'rika's moves, a key per piece kind (added after records without them were made: `laterNotices`). */
const CHAT = "CANTINA.Unequal.Porrika.Chat.";
export const PORRIKA_NOTICES = [
  `${CHAT}Place.egg`,
  `${CHAT}Place.guardian`,
  `${CHAT}Move.egg`,
  `${CHAT}Move.guardian`,
  `${CHAT}Move.serra`,
  `${CHAT}Pass`,
] as const;

/** Every move's chat line: who placed or moved which piece, from which triangle to which, or passed. */
export function porrikaNotices(before: PorrikaState, side: Side, m: PorrikaMove): NoticeEvent[] {
  const seat = before.seats[side];
  if (m.type === "place") return [{ kind: "notice", key: `${CHAT}Place.${m.kind}`, params: { seat, to: m.at }, seat }];
  if (m.type === "pass") return [{ kind: "notice", key: `${CHAT}Pass`, params: { seat }, seat }];
  const kind = before.pieces.find((p) => p.at === m.from)?.kind ?? "serra";
  return [{ kind: "notice", key: `${CHAT}Move.${kind}`, params: { seat, from: m.from, to: m.to }, seat }];
}

/** Porrika's move rules for the shared turn checks (common.ts). */
const PORRIKA_RULES: SideRules<PorrikaState, PorrikaMove> = {
  isMove: isPorrikaMove,
  legal: porrikaLegalMoves,
  refusal: porrikaRefusal,
  play: porrikaPlay,
  notices: porrikaNotices,
};

export const porrika: Game<PorrikaState, PorrikaMove, PorrikaOptions, PorrikaView> & {
  readonly optionSchema: typeof porrikaOptionSchema;
} = twoSideGame({
  id: PORRIKA_ID,
  nameKey: "CANTINA.Unequal.Games.porrika",
  optionSchema: porrikaOptionSchema,
  laterNotices: PORRIKA_NOTICES,
  rules: PORRIKA_RULES,
  initial: porrikaInitial,
  view: (s: PorrikaState, _viewer: Viewer): PorrikaView => ({
    state: s,
    board: PORRIKA_BOARD,
    sacredWaters: SACRED_WATERS,
  }),
});
