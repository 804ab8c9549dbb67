/**
 * A finished table's replay as one viewer may see it, computed where the whole record is (the host):
 * per step only that viewer's view of the state and the events they could see, never the record.
 */
import { type AnyGame, type GameEvent, type SeatId, type Viewer, eventFor } from "../rules/core";
import type { SeatAssignment, UserId } from "./protocol";
import type { ReplayRecord, ReplayStep } from "./record-file";

/** One step as a viewer saw it: who moved, the viewer's view after it, and the events they saw. */
export interface ViewedStep {
  readonly seat: SeatId | null;
  readonly timeout?: true;
  readonly view: unknown;
  readonly over: boolean;
  readonly toAct: readonly SeatId[];
  readonly events: readonly GameEvent[];
}

/** A replay as sent to one viewer: the table's public summary and the steps as they saw them. */
export interface ViewedReplay {
  readonly id: string;
  readonly gameId: string;
  readonly eventId: string;
  readonly createdAt: number;
  readonly seats: readonly SeatAssignment[];
  readonly viewer: Viewer;
  readonly steps: readonly ViewedStep[];
}

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
