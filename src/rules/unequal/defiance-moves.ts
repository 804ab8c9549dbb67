/**
 * Defiance and Domain's moves: where a Command may step, why a move is refused, the legal moves,
 * playing a move (captures, the goal, the turn's two parts) and the shape check for moves from outside.
 */
import { E, type UnequalErrorCode } from "./errors";
import { DIRECTION_NAMES, STEPS } from "../grid";
import { type Side, afterMove, isRecord, other, won } from "./common";
import {
  type DefianceMove,
  type DefianceState,
  IMPERIUM,
  POINTS,
  REBEL,
  SIZE,
  cell,
  commandsOf,
  controlled,
  dirOf,
  flanked,
  inPoints,
  inSquares,
  ownerOf,
  pt,
  rebelGoal,
  reserveOf,
  resolve,
  sq,
} from "./defiance-board";

function rebelStepRefusal(s: DefianceState, from: number, to: number): UnequalErrorCode | null {
  const fx = from % POINTS;
  const fy = Math.floor(from / POINTS);
  const tx = to % POINTS;
  const ty = Math.floor(to / POINTS);
  const dx = tx - fx;
  const dy = ty - fy;
  if (!inPoints(tx, ty) || Math.max(Math.abs(dx), Math.abs(dy)) !== 1) return E.defiance.notAStep;
  if (s.imperial.includes(to)) return E.defiance.ontoImperial;
  const imperialAt = (x: number, y: number): boolean | null =>
    inSquares(x, y) ? ownerOf(s.cells[sq(x, y)]!) === IMPERIUM : null;
  if (dx !== 0 && dy !== 0) {
    if (imperialAt(Math.min(fx, tx), Math.min(fy, ty))) return E.defiance.overImperial;
    return null;
  }
  // The two squares either side of the line crossed (null: the board's edge).
  const [a, b] =
    dy === 0
      ? [imperialAt(Math.min(fx, tx), fy - 1), imperialAt(Math.min(fx, tx), fy)]
      : [imperialAt(fx - 1, Math.min(fy, ty)), imperialAt(fx, Math.min(fy, ty))];
  if ((a === true || a === null) && (b === true || b === null) && (a === true || b === true))
    return E.defiance.betweenImperial;
  return null;
}

/** Why an Imperial Command may not step from `from` to `to` (null: it may). */
function imperialStepRefusal(s: DefianceState, from: number, to: number): UnequalErrorCode | null {
  const fx = from % POINTS;
  const fy = Math.floor(from / POINTS);
  const tx = to % POINTS;
  const ty = Math.floor(to / POINTS);
  if (!inPoints(tx, ty) || Math.abs(tx - fx) + Math.abs(ty - fy) !== 1) return E.defiance.notAStep;
  if (s.imperial.includes(to)) return E.defiance.ontoImperial;
  if (to !== s.rebel && controlled(s, to)) return E.defiance.controlled;
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

export function defianceRefusal(s: DefianceState, side: Side, m: DefianceMove): UnequalErrorCode | null {
  if (s.phase === "counter") {
    if (m.type === "command" || m.type === "stay") return E.defiance.counterFirst;
    if (m.square < 0 || m.square >= SIZE * SIZE || m.dir < 0 || m.dir > 7) return E.badMove;
    const c = s.cells[m.square]!;
    if (m.type === "place") {
      if (c !== "") return E.defiance.occupied;
      if (reserveOf(s, side) <= 0) return E.defiance.noCounterLeft;
      if (flanked(s, m.square, other(side))) return E.defiance.deadZone;
      return null;
    }
    if (ownerOf(c) !== side) return E.defiance.notYourCounter;
    if (dirOf(c) === DIRECTION_NAMES[m.dir]) return E.defiance.sameDirection;
    return null;
  }
  if (m.type === "place" || m.type === "turn") return E.defiance.commandPhase;
  if (m.type === "stay")
    return s.options.compulsoryCommand && commandMoves(s, side).length > 0 ? E.defiance.mustMoveCommand : null;
  if (!commandsOf(s, side).includes(m.from)) return E.defiance.noCommandThere;
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
    next = resolve({ ...s, cells, last: { square: m.square } }, side);
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
    next = won({ ...s, imperial, last: { ...s.last, from: m.from, to: m.to } }, IMPERIUM, "goal");
  } else {
    // The Command's step joins the counter of the same turn in what the window marks.
    const last = { ...s.last, from: m.from, to: m.to };
    if (side === REBEL) next = { ...s, rebel: m.to, last };
    else {
      const imperial: [number, number] = [s.imperial[0], s.imperial[1]];
      imperial[s.imperial.indexOf(m.from)] = m.to;
      next = { ...s, imperial, last };
    }
    // Diagonal captures happen at once when a Command arrives in a domain.
    next = resolve(next, side);
    next = rebelGoal(next) ? won(next, REBEL, "goal") : endTurn(next, side);
  }
  return afterMove(next, positionKey(next));
}

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
