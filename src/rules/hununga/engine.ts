/**
 * Hununga's rules (text 002): playing a move and ending turns (shapes in types.ts, legal moves in
 * legal.ts). Pure; interpretations in docs/rules/hununga.md.
 * Details: docs/rules-layer.md, "src/rules/hununga/engine.ts".
 */
import type { GameEvent, Random, SeatId } from "../core";
import type { BoardData } from "../grid";
import { DEFENCE, cellIndex, compileBoard } from "./board";
import { canRespawnWith, dieHasMove, inCentre, occupancy, pieceFreeFor } from "./legal";
import {
  type DieUse,
  E,
  type HunungaErrorCode,
  type HunungaMove,
  type HunungaPiece,
  type HunungaState,
  REROLL_PURPOSE,
  ROLL_PURPOSE,
  type Side,
} from "./types";

export * from "./types";
export { inCentre, legalMovesOf, pieceMoves } from "./legal";

const other = (s: Side): Side => (s === 0 ? 1 : 0);

function award(
  s: { scores: [number, number]; tokens: [number, number] },
  side: Side,
  events: GameEvent[],
  seats: readonly [SeatId, SeatId],
  key: string,
): void {
  s.scores[side]++;
  s.tokens[other(side)]++;
  events.push({
    kind: "notice",
    key,
    params: { seat: seats[side], score: s.scores[side], other: seats[other(side)] },
    seat: seats[side],
  });
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type Draft = Mutable<Omit<HunungaState, "scores" | "tokens" | "used" | "pieces">> & {
  scores: [number, number];
  tokens: [number, number];
  used: [DieUse, DieUse];
  pieces: HunungaPiece[];
};

function draft(state: HunungaState): Draft {
  return {
    ...state,
    scores: [state.scores[0], state.scores[1]],
    tokens: [state.tokens[0], state.tokens[1]],
    used: [state.used[0], state.used[1]],
    pieces: state.pieces.slice(),
  };
}

function boardValue(state: HunungaState, side: Side): number {
  let v = 0;
  for (const p of state.pieces) if (p.side === side && p.at !== null) v += DEFENCE[p.kind];
  return v;
}

function finish(s: Draft, winner: Side | null, reason: "points" | "limit", events: GameEvent[]): void {
  s.phase = "over";
  s.winner = winner;
  s.endReason = reason;
  s.dice = null;
  events.push(
    winner === null
      ? { kind: "notice", key: "CANTINA.Hununga.Log.Draw", params: { turns: s.maxTurns } }
      : {
          kind: "notice",
          key: reason === "points" ? "CANTINA.Hununga.Log.Win" : "CANTINA.Hununga.Log.WinOnLimit",
          params: { seat: s.seats[winner], turns: s.maxTurns },
          seat: s.seats[winner],
        },
  );
}

/** After the active side acted: a broken centre claim of the other side ends here. */
function checkClaim(s: Draft, events: GameEvent[]): void {
  const holder = s.claim;
  if (holder === null || holder === s.turn) return;
  if (inCentre(s, s.turn) > 0 || inCentre(s, holder) === 0) {
    s.claim = null;
    events.push({
      kind: "notice",
      key: "CANTINA.Hununga.Log.ClaimBroken",
      params: { seat: s.seats[s.turn] },
      seat: s.seats[s.turn],
    });
  }
}

/**
 * The turn passes: a claim that survived the turn scores now, "at the beginning of the next
 * turn" of its holder; the side that just played claims the centre if it holds it alone.
 */
function endTurn(s: Draft, events: GameEvent[]): void {
  const active = s.turn;
  const next = other(active);
  if (s.claim === next) {
    award(s, next, events, s.seats, "CANTINA.Hununga.Log.CentrePoint");
    s.claim = null;
    if (s.scores[next] >= s.target) return finish(s, next, "points", events);
  }
  if (inCentre(s, active) > 0 && inCentre(s, next) === 0) {
    s.claim = active;
    events.push({
      kind: "notice",
      key: "CANTINA.Hununga.Log.Claim",
      params: { seat: s.seats[active] },
      seat: s.seats[active],
    });
  } else s.claim = null;
  s.turn = next;
  s.phase = "roll";
  s.dice = null;
  s.used = [null, null];
  s.turns++;
  if (s.turns > s.maxTurns) {
    const a = s.scores[0] - s.scores[1] || boardValue(s, 0) - boardValue(s, 1);
    return finish(s, a > 0 ? 0 : a < 0 ? 1 : null, "limit", events);
  }
  events.push({
    kind: "notice",
    key: "CANTINA.Hununga.Log.Turn",
    params: { seat: s.seats[next] },
    seat: s.seats[next],
  });
}

/**
 * After an action: the turn ends when both dice are spent, or when what is left can do nothing
 * (no piece can use a die in full, no respawn, no reroll token): those dice are forfeited.
 */
function settle(s: Draft, events: GameEvent[]): void {
  if (s.phase === "over") return;
  const open = ([0, 1] as const).filter((d) => s.used[d] === null);
  if (open.length > 0 && s.tokens[s.turn] === 0) {
    const occ = occupancy(compileBoard(s.board), s.pieces);
    if (open.every((d) => !dieHasMove(s, d, occ) && !canRespawnWith(s, d, occ))) {
      for (const d of open) {
        s.used[d] = "forfeit";
        events.push({
          kind: "notice",
          key: "CANTINA.Hununga.Log.Forfeit",
          params: { seat: s.seats[s.turn], die: s.dice![d] },
          seat: s.seats[s.turn],
        });
      }
    }
  }
  if (s.used[0] !== null && s.used[1] !== null) endTurn(s, events);
}

/** Applies a move of the side to act (seat checks done by the caller). Returns an error key on refusal. */
export function applyMove(
  state: HunungaState,
  move: HunungaMove,
  random: Random,
  events: GameEvent[],
): HunungaState | HunungaErrorCode {
  if (state.phase === "over") return E.gameOver;
  const seat = state.seats[state.turn];
  if (move.type === "roll") {
    if (state.phase !== "roll") return E.wrongPhase;
    const dice: [number, number] = [random.die(6), random.die(6)];
    const s = draft(state);
    s.phase = "act";
    s.dice = dice;
    s.used = [null, null];
    events.push({ kind: "roll", seat, purpose: ROLL_PURPOSE, notation: "2d6", dice, total: dice[0] + dice[1] });
    settle(s, events);
    return s;
  }
  if (state.phase !== "act") return E.wrongPhase;
  const b = compileBoard(state.board);
  const dice = state.dice!;
  if (move.type === "pass") {
    const occ = occupancy(b, state.pieces);
    const open = ([0, 1] as const).filter((d) => state.used[d] === null);
    if (open.some((d) => dieHasMove(state, d, occ))) return E.mustMove;
    const s = draft(state);
    for (const d of open) {
      s.used[d] = "forfeit";
      events.push({ kind: "notice", key: "CANTINA.Hununga.Log.Forfeit", params: { seat, die: dice[d] }, seat });
    }
    endTurn(s, events);
    return s;
  }
  if (state.used[move.die] !== null) return E.dieUsed;
  if (move.type === "reroll") {
    if (state.tokens[state.turn] <= 0) return E.noToken;
    const s = draft(state);
    const value = random.die(6);
    const nd: [number, number] = [dice[0], dice[1]];
    nd[move.die] = value;
    s.dice = nd;
    s.tokens[s.turn]--;
    s.tokensSpent++;
    events.push({ kind: "roll", seat, purpose: REROLL_PURPOSE, notation: "1d6", dice: [value], total: value });
    settle(s, events);
    return s;
  }
  const pi = state.pieces.findIndex((p) => p.id === move.piece);
  const piece = state.pieces[pi];
  if (!piece || piece.side !== state.turn) return E.notYourPiece;
  const occ = occupancy(b, state.pieces);
  if (move.type === "respawn") {
    if (piece.at !== null) return E.notCaptured;
    if (dice[move.die] < dice[move.die === 0 ? 1 : 0]) return E.notHighest;
    const spot = b.respawn[state.turn];
    if (occ[spot] !== -1) return E.respawnBlocked;
    const s = draft(state);
    s.pieces[pi] = { ...piece, at: b.keys[spot]! };
    s.used[move.die] = "respawn";
    events.push({
      kind: "notice",
      key: "CANTINA.Hununga.Log.Respawn",
      params: { seat, piece: `CANTINA.Hununga.Piece.${piece.kind}`, square: b.keys[spot]!, die: dice[move.die] },
      seat,
    });
    checkClaim(s, events);
    settle(s, events);
    return s;
  }
  // A move, or a move and an attack.
  if (piece.at === null) return E.notOnBoard;
  if (!pieceFreeFor(state, move.die, piece.id)) return E.samePiece;
  if (move.from !== piece.at) return E.wrongStart;
  const n = dice[move.die];
  let at = cellIndex(b, piece.at);
  const visited = new Set<number>([at]);
  for (const key of move.path) {
    const q = cellIndex(b, key);
    if (q < 0 || !b.adjacent[at]!.includes(q)) return E.notOrthogonal;
    if (occ[q] !== -1) return E.blocked;
    if (visited.has(q)) return E.revisit;
    visited.add(q);
    at = q;
  }
  const left = n - move.path.length;
  let target = -1;
  if (move.attack === undefined) {
    if (left !== 0) return E.wholeDie;
  } else {
    const q = cellIndex(b, move.attack);
    if (q < 0 || !b.adjacent[at]!.includes(q)) return E.notOrthogonal;
    target = occ[q]!;
    if (target < 0 || state.pieces[target]!.side === state.turn) return E.noTarget;
    if (DEFENCE[state.pieces[target]!.kind] !== left) return left < 0 ? E.wholeDie : E.attackCost;
  }
  if (left < 0) return E.wholeDie;
  const s = draft(state);
  const to = b.keys[at]!;
  s.pieces[pi] = { ...piece, at: to };
  s.used[move.die] = { piece: piece.id };
  if (move.path.length > 0)
    events.push({
      kind: "notice",
      key: "CANTINA.Hununga.Log.Move",
      params: { seat, piece: `CANTINA.Hununga.Piece.${piece.kind}`, from: move.from, to, die: n },
      seat,
    });
  if (target >= 0) {
    const victim = state.pieces[target]!;
    s.pieces[target] = { ...victim, at: null };
    events.push({
      kind: "notice",
      key: "CANTINA.Hununga.Log.Capture",
      params: { seat, piece: `CANTINA.Hununga.Piece.${victim.kind}`, square: move.attack!, cost: DEFENCE[victim.kind] },
      seat,
    });
    if (victim.kind === "king") {
      award(s, state.turn, events, s.seats, "CANTINA.Hununga.Log.KingPoint");
      if (s.scores[state.turn] >= s.target) {
        finish(s, state.turn, "points", events);
        return s;
      }
    }
  }
  checkClaim(s, events);
  settle(s, events);
  return s;
}

/** The starting position of a board. */
export function initialState(
  board: BoardData,
  seats: readonly [SeatId, SeatId],
  target: number,
  maxTurns: number,
): HunungaState {
  const b = compileBoard(board);
  const count: Record<string, number> = {};
  const pieces = b.start.map((p): HunungaPiece => {
    const key = `${p.side}-${p.kind}`;
    count[key] = (count[key] ?? 0) + 1;
    return { id: `${key}-${count[key]}`, side: p.side, kind: p.kind, at: p.at };
  });
  return {
    game: "hununga",
    board,
    seats,
    pieces,
    turn: 0,
    phase: "roll",
    dice: null,
    used: [null, null],
    scores: [0, 0],
    tokens: [0, 0],
    tokensSpent: 0,
    claim: null,
    turns: 1,
    maxTurns,
    target,
    winner: null,
    endReason: null,
  };
}
