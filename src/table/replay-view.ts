/**
 * A finished table's replay as one viewer may see it, computed where the whole record is (the host):
 * per step that viewer's view and events, never the record; answered in pages (`replayPage`).
 */
import { type AnyGame, type Result, type Viewer, eventFor, refuse } from "../rules/core";
import { REPLAY_PAGE_MAX_STEPS, type UserId, type ViewedReplay, type ViewedStep } from "./protocol";
import { type ReplayRecord, type ReplayStep, RecordErrors } from "./record-file";

export type { ReplayHeader, ViewedReplay, ViewedStep } from "./protocol";

/** The viewer a user may replay a record as: the GM everything, a player their seat; null: not seated. */
export function replayViewerFor(record: ReplayRecord, user: UserId, isGM: boolean): Viewer | null {
  if (isGM) return { role: "gm" };
  const seat = record.seats.find((s) => s.userId === user || s.awayUserId === user);
  return seat ? { role: "seat", seat: seat.seat } : null;
}

function viewStep(game: AnyGame, step: ReplayStep, viewer: Viewer): ViewedStep {
  const status = game.status(step.state);
  return {
    seat: step.seat,
    ...(step.timeout ? { timeout: true as const } : {}),
    ...(step.undo ? { undo: true as const } : {}),
    view: game.view(step.state, viewer),
    over: status.over,
    toAct: status.toAct,
    events: step.events.flatMap((e) => {
      const shown = eventFor(e, viewer);
      return shown ? [shown] : [];
    }),
  };
}

/** Every step of a replay as `viewer` saw it (where the whole record is: the hosting GM, a file). */
export function viewReplay(
  record: ReplayRecord,
  game: AnyGame,
  steps: readonly ReplayStep[],
  viewer: Viewer,
): ViewedReplay {
  return viewReplayPage(record, game, steps, viewer, 0, steps.length);
}

function viewReplayPage(
  record: ReplayRecord,
  game: AnyGame,
  steps: readonly ReplayStep[],
  viewer: Viewer,
  from: number,
  count: number,
): ViewedReplay {
  return {
    id: record.id,
    gameId: record.gameId,
    eventId: record.eventId,
    createdAt: record.createdAt,
    seats: record.seats,
    viewer,
    total: steps.length,
    from,
    steps: steps.slice(from, from + count).map((step) => viewStep(game, step, viewer)),
  };
}

/**
 * One page of a replay as `viewer` saw it: `count` steps (at most `REPLAY_PAGE_MAX_STEPS`, fewer at
 * the end) from step `from`; a page starting past the last step is refused.
 */
export function replayPage(
  record: ReplayRecord,
  game: AnyGame,
  steps: readonly ReplayStep[],
  viewer: Viewer,
  from = 0,
  count = REPLAY_PAGE_MAX_STEPS,
): Result<{ replay: ViewedReplay }> {
  if (!Number.isSafeInteger(from) || from < 0 || from >= steps.length || !Number.isSafeInteger(count) || count < 1)
    return refuse(RecordErrors.noSuchStep, { step: from, total: steps.length });
  return {
    ok: true,
    replay: viewReplayPage(record, game, steps, viewer, from, Math.min(count, REPLAY_PAGE_MAX_STEPS)),
  };
}
