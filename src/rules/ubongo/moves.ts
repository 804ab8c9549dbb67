/**
 * Ubongo's moves: the shape check, who acts, the legal and shown moves, the host's clock moves,
 * and `apply`, which plays a start, a claim, a set-aside or a timeout.
 */
import { type Applied, type GameEvent, type Random, type SeatId, refuse, ok } from "../core";
import { endRound, timerFor } from "./race";
import { endSolo, nextSoloCard, roundRecord, startSolo } from "./solo";
import { claimProblem, rollDie, solutionFor } from "./task";
import { isPiece } from "./tiling";
import { E, HOST, type UbongoMove, type UbongoState } from "./types";

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

export function isMove(move: unknown): move is UbongoMove {
  if (!isRecord(move)) return false;
  const keys = Object.keys(move);
  switch (move.type) {
    case "start":
      return keys.every((k) => k === "type" || k === "at") && (move.at === undefined || isTime(move.at));
    case "set-aside":
    case "timeout":
      return keys.length === 1;
    case "claim": {
      if (move.at !== undefined && !isTime(move.at)) return false;
      if (!keys.every((k) => k === "type" || k === "pieces" || k === "at")) return false;
      const pieces = move.pieces;
      return Array.isArray(pieces) && pieces.length >= 1 && pieces.length <= 12 && pieces.every(isPiece);
    }
    default:
      return false;
  }
}

/** A host time: milliseconds since the table began. */
function isTime(at: unknown): boolean {
  return typeof at === "number" && Number.isFinite(at) && at >= 0;
}

function applyClaim(
  state: UbongoState,
  seat: SeatId,
  move: Extract<UbongoMove, { type: "claim" }>,
  random: Random,
): Applied<UbongoState> {
  if (state.phase !== "solve") return refuse(E.wrongPhase);
  if (!state.contenders.includes(seat)) return refuse(E.notContender);
  if (state.finished.includes(seat)) return refuse(E.alreadyFinished);
  if (move.at !== undefined && state.lastAt !== null && move.at < state.lastAt) return refuse(E.badTime);
  const problem = claimProblem(state, seat, move.pieces);
  if (problem) return refuse(problem);
  const events: GameEvent[] = [];
  const lastAt = move.at ?? state.lastAt;
  if (state.solo) {
    const solved = state.solved + 1;
    events.push({ kind: "notice", key: "CANTINA.Ubongo.Log.Solved", seat, params: { seat, solved } });
    const next: UbongoState = { ...state, solved, lastAt, lastRound: roundRecord(state, seat, move.pieces) };
    if (state.solo.mode === "count" && solved >= state.solo.puzzles) return ok(endSolo(next, events), events);
    return ok(nextSoloCard(next, random, events), events);
  }
  const place = state.finished.length + 1;
  // "The first … moves … a number of spaces equal to the number of players", each next one less, down to one.
  const points = state.tieRound ? 0 : Math.max(1, state.seats.length - place + 1);
  events.push({ kind: "notice", key: "CANTINA.Ubongo.Log.Ubongo", seat, params: { seat, place, points } });
  const next: UbongoState = {
    ...state,
    lastAt,
    finished: [...state.finished, seat],
    placements: { ...state.placements, [seat]: move.pieces },
    scores: { ...state.scores, [seat]: (state.scores[seat] ?? 0) + points },
  };
  const everyone = next.contenders.every((s) => next.finished.includes(s));
  if (everyone || state.tieRound) return ok(endRound(next, random, events), events);
  return ok(next, events);
}

function applyTimeout(state: UbongoState, random: Random): Applied<UbongoState> {
  if (state.phase !== "solve" || !state.timer) return refuse(E.noTimer);
  const events: GameEvent[] = [];
  if (state.solo) {
    events.push({ kind: "notice", key: "CANTINA.Ubongo.Log.TimeUp", params: {} });
    return ok(endSolo(state, events), events);
  }
  events.push({ kind: "notice", key: "CANTINA.Ubongo.Log.Stop", params: { turning: state.turning } });
  if (state.turning === 1 && state.finished.length === 0) {
    // The second chance round: the hourglass is turned over once more.
    const next: UbongoState = { ...state, turning: 2 };
    events.push({ kind: "notice", key: "CANTINA.Ubongo.Log.SecondChance", params: {} });
    return ok({ ...next, timer: timerFor(next) }, events);
  }
  return ok(endRound(state, random, events), events);
}

export function apply(state: UbongoState, seat: SeatId, move: UbongoMove, random: Random): Applied<UbongoState> {
  if (state.phase === "over") return refuse(E.gameOver);
  if (move.type === "timeout") return seat === HOST ? applyTimeout(state, random) : refuse(E.hostOnly);
  if (!state.seats.includes(seat)) return refuse(E.notSeated);
  switch (move.type) {
    case "start": {
      if (state.phase !== "start") return refuse(E.wrongPhase);
      if (state.seats[state.roller] !== seat) return refuse(E.notRoller);
      if (state.solo) return startSolo(state, move.at ?? null, random);
      const events: GameEvent[] = [];
      // "The youngest player turns the hourglass and rolls the die" (no die in Jedi Masters).
      const die = state.variant === "jedi" ? null : rollDie(seat, random, events);
      const next: UbongoState = { ...state, phase: "solve", die, turning: 1 };
      return ok({ ...next, timer: timerFor(next) }, events);
    }
    case "claim":
      return applyClaim(state, seat, move, random);
    case "set-aside": {
      if (!state.solo) return refuse(E.soloOnly);
      if (state.phase !== "solve") return refuse(E.wrongPhase);
      const events: GameEvent[] = [
        { kind: "notice", key: "CANTINA.Ubongo.Log.SetAside", seat, params: { seat, card: state.cards[seat] ?? 0 } },
      ];
      return ok(nextSoloCard({ ...state, setAside: state.setAside + 1 }, random, events), events);
    }
  }
}

export function toAct(state: UbongoState): SeatId[] {
  if (state.phase === "start") return [state.seats[state.roller] as SeatId];
  if (state.phase === "solve") return state.contenders.filter((s) => !state.finished.includes(s));
  return [];
}

export function legalMoves(state: UbongoState, seat: SeatId): UbongoMove[] {
  if (seat === HOST) return state.phase === "solve" && state.timer ? [{ type: "timeout" }] : [];
  if (!toAct(state).includes(seat)) return [];
  if (state.phase === "start") return [{ type: "start" }];
  // A claim is any complete board: the solver's first one stands for them all.
  const solution = solutionFor(state, seat);
  const moves: UbongoMove[] = solution ? [{ type: "claim", pieces: solution }] : [];
  if (state.solo) moves.push({ type: "set-aside" });
  return moves;
}

/** What a seat's window is told: never the solver's claim, which would hand the player the solution. */
export function shownMoves(state: UbongoState, seat: SeatId): UbongoMove[] {
  return legalMoves(state, seat).filter((m) => m.type !== "claim");
}

/** The host's clock on a claim or a start (ms since the game began), whatever time a client wrote. */
export function stampMove(move: UbongoMove, elapsedMs: number): UbongoMove {
  const at = Math.max(0, Math.round(elapsedMs));
  return move.type === "claim" || move.type === "start" ? { ...move, at } : move;
}

/** When the hourglass runs out the host applies `{type: "timeout"}` for HOST (no player may send it). */
export function timeoutMove(state: UbongoState): { readonly seat: SeatId; readonly move: UbongoMove } | null {
  return state.phase === "solve" && state.timer ? { seat: HOST, move: { type: "timeout" } } : null;
}
