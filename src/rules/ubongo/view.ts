/**
 * What one viewer sees of an Ubongo table (no other seat's board before the round ends), and the
 * status with the hourglass as the host clock's deadline.
 */
import { type GameResult, type SeatId, type Viewer, canSee } from "../core";
import { dieFace } from "./cards";
import { toAct } from "./moves";
import { BOT_SPEEDS } from "./options";
import { soloTarget } from "./solo";
import { sideOf, taskOf } from "./task";
import { ROUNDS, type UbongoSeatView, type UbongoState, type UbongoStatus, type UbongoView } from "./types";

export function view(state: UbongoState, viewer: Viewer): UbongoView {
  const face = state.die === null ? null : dieFace(state.die);
  const seats = state.seats.map((seat): UbongoSeatView => {
    const task = taskOf(state, seat);
    const place = state.finished.indexOf(seat);
    const placement = state.placements[seat];
    return {
      seat,
      score: state.scores[seat] ?? 0,
      card: state.cards[seat] ?? null,
      board: task?.board ?? null,
      tiles: task?.tiles ?? null,
      place: place < 0 ? null : place + 1,
      // No peeking at a faster player's board before the round ends.
      placement: placement && canSee(viewer, seat) ? placement : null,
      contender: state.contenders.includes(seat),
    };
  });
  return {
    game: state.game,
    me: viewer.role === "seat" ? viewer.seat : null,
    phase: state.phase,
    level: state.level,
    variant: state.variant,
    round: state.round,
    rounds: ROUNDS,
    tieRound: state.tieRound,
    turning: state.turning,
    roller: state.seats[state.roller] as SeatId,
    die: face,
    side: sideOf(state),
    timer: state.timer,
    seats,
    lastRound: state.lastRound,
    toAct: toAct(state),
    winners: state.winners,
    solo: state.solo
      ? { mode: state.solo.mode, target: soloTarget(state.solo), solved: state.solved, setAside: state.setAside }
      : null,
    record: state.record,
    // A state saved before the bots' options existed thinks at the defaults.
    bots: state.bots ?? BOT_SPEEDS,
  };
}

export function status(state: UbongoState): UbongoStatus {
  if (state.phase !== "over") {
    // The solo count mode's stopwatch runs until the last puzzle (the host's `at` on the claims).
    // It starts with the first card shown (the start move's time), not with the table.
    const counting = state.solo?.mode === "count" && state.phase === "solve";
    const from = state.startedAt ?? 0;
    const watch = counting ? { stopwatch: true, ...(from > 0 ? { stopwatchFromMs: from } : {}) } : {};
    const base = { toAct: toAct(state), over: false, ...watch };
    return state.timer ? { ...base, deadline: { ms: state.timer.seconds * 1000, key: state.timer.id } } : base;
  }
  const zero: Record<SeatId, number> = {};
  for (const s of state.seats) zero[s] = 0;
  const result: GameResult = { winners: state.winners, creditDelta: zero, luckSpent: {} };
  return { toAct: [], over: true, result };
}
