/**
 * Ubongo's deck and die, and each seat's task: the board and tiles it is dealt, whether a claimed
 * board solves it, and one solution from the solver.
 */
import { type GameEvent, type Random, type SeatId, roll, shuffled } from "../core";
import { cardById, dieFace } from "./cards";
import { type Board, type Piece, coverProblem, solveBoard, solveJedi, withJediSides } from "./tiling";
import { JEDI_TILES, type Side, type TileId } from "./tiles";
import { E, type UbongoErrorCode, type UbongoState } from "./types";

/** Draws `n` cards; an empty deck is refilled from the shuffled discard pile. */
export function draw(
  deck: readonly number[],
  discard: readonly number[],
  n: number,
  random: Random,
): { cards: number[]; deck: number[]; discard: number[] } {
  let d = [...deck];
  let x = [...discard];
  const cards: number[] = [];
  for (let i = 0; i < n; i++) {
    if (d.length === 0) {
      d = shuffled(x, random);
      x = [];
    }
    cards.push(d.shift() as number);
  }
  return { cards, deck: d, discard: x };
}

export function rollDie(seat: SeatId, random: Random, events: GameEvent[]): number {
  const r = roll("1d6", random);
  const face = dieFace(r.total);
  events.push({
    kind: "roll",
    seat,
    purpose: "CANTINA.Ubongo.Roll.Die",
    notation: "1d6",
    dice: r.dice,
    total: r.total,
  });
  // One line per face, e.g. "the sun: light side, first row of tiles".
  events.push({ kind: "notice", key: `CANTINA.Ubongo.Log.Die.${face.symbol}`, seat, params: { seat } });
  return r.total;
}

/** The board and (outside Jedi Masters) the tiles a seat plays this round. */
export function taskOf(state: UbongoState, seat: SeatId): { board: Board; tiles: readonly TileId[] | null } | null {
  const id = state.cards[seat];
  const card = id === undefined ? undefined : cardById(id);
  if (!card) return null;
  const side = card[state.level];
  if (state.variant === "jedi") return { board: side.board, tiles: null };
  if (state.die === null) return { board: side.board, tiles: null };
  return { board: side.board, tiles: side.rows[dieFace(state.die).row] ?? null };
}

export function sideOf(state: UbongoState): Side | null {
  return state.variant === "jedi" || state.die === null ? null : dieFace(state.die).side;
}

/** Why a claimed board is refused (an error code), or null: the host checks every board, trusting no client. */
export function claimProblem(state: UbongoState, seat: SeatId, pieces: readonly Piece[]): UbongoErrorCode | null {
  const task = taskOf(state, seat);
  if (!task) return E.notContender;
  const tiles = pieces.map((p) => p.tile);
  if (new Set(tiles).size !== tiles.length) return E.wrongTiles;
  if (state.variant === "jedi") {
    if (!tiles.every((t) => JEDI_TILES.includes(t))) return E.jediTiles;
    if (!(pieces.some((p) => p.side === "light") && pieces.some((p) => p.side === "dark"))) return E.jediSides;
  } else {
    const want = task.tiles ?? [];
    if (tiles.length !== want.length || !want.every((t) => tiles.includes(t))) return E.wrongTiles;
    const side = sideOf(state);
    if (pieces.some((p) => p.side !== side)) return E.noFlip;
  }
  return coverProblem(task.board, pieces);
}

/** One valid board for this seat's task, from the solver (what a bot and legalMoves offer). */
export function solutionFor(state: UbongoState, seat: SeatId): Piece[] | null {
  const task = taskOf(state, seat);
  if (!task) return null;
  if (state.variant === "jedi") {
    const found = solveJedi(task.board, { limit: 1 }).solutions[0];
    return found ? withJediSides(found) : null;
  }
  const side = sideOf(state);
  if (!side || !task.tiles) return null;
  return solveBoard(task.board, task.tiles, side, { limit: 1 }).solutions[0] ?? null;
}
