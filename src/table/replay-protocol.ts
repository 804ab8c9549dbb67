/** A finished table's replay as it travels to one viewer, in pages (src/table/replay-view.ts). */
import type { GameEvent, SeatId, Viewer } from "../rules/core";
import type { SeatAssignment } from "./seat-protocol";

/** One step as a viewer saw it: who moved, the viewer's view after it, and the events they saw. */
export interface ViewedStep {
  readonly seat: SeatId | null;
  readonly timeout?: true;
  readonly undo?: true;
  readonly view: unknown;
  readonly over: boolean;
  readonly toAct: readonly SeatId[];
  readonly events: readonly GameEvent[];
}

/** The most steps one page of a replay holds (a request asking for more gets this many). */
export const REPLAY_PAGE_MAX_STEPS = 1000;

/** What a replay's pages share: the table's public summary, the viewer, and how many steps it has. */
export interface ReplayHeader {
  readonly id: string;
  readonly gameId: string;
  readonly eventId: string;
  readonly createdAt: number;
  readonly seats: readonly SeatAssignment[];
  readonly viewer: Viewer;
  /** Every step of the replay (the setup and each move): the table's version + 1, public. */
  readonly total: number;
}

/**
 * A page of a replay as sent to one viewer: `steps` are the steps from `from` on, as they saw them
 * (a replay computed where the whole record is holds them all: `from` 0, `total` its step count).
 * A long replay travels in pages so that no message passes the size every client accepts.
 */
export interface ViewedReplay extends ReplayHeader {
  readonly from: number;
  readonly steps: readonly ViewedStep[];
}
