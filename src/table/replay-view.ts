/**
 * A finished table's replay as one viewer may see it, computed where the whole record is (the host):
 * per step only that viewer's view of the state and the events they could see, never the record.
 */
import { type AnyGame, type Viewer, eventFor } from "../rules/core";
import type { UserId, ViewedReplay } from "./protocol";
import type { ReplayRecord, ReplayStep } from "./record-file";

export type { ViewedReplay, ViewedStep } from "./protocol";

/** The viewer a user may replay a record as: the GM everything, a player their seat; null: not seated. */
export function replayViewerFor(record: ReplayRecord, user: UserId, isGM: boolean): Viewer | null {
  if (isGM) return { role: "gm" };
  const seat = record.seats.find((s) => s.userId === user || s.awayUserId === user);
  return seat ? { role: "seat", seat: seat.seat } : null;
}

export function viewReplay(
  record: ReplayRecord,
  game: AnyGame,
  steps: readonly ReplayStep[],
  viewer: Viewer,
): ViewedReplay {
  return {
    id: record.id,
    gameId: record.gameId,
    eventId: record.eventId,
    createdAt: record.createdAt,
    seats: record.seats,
    viewer,
    steps: steps.map((step) => {
      const status = game.status(step.state);
      return {
        seat: step.seat,
        ...(step.timeout ? { timeout: true as const } : {}),
        view: game.view(step.state, viewer),
        over: status.over,
        toAct: status.toAct,
        events: step.events.flatMap((e) => {
          const shown = eventFor(e, viewer);
          return shown ? [shown] : [];
        }),
      };
    }),
  };
}
