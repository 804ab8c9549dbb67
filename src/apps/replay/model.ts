/**
 * A replay as one viewer sees it: per step, the table update their window would have received then
 * (the game's `view` of that step's state for that viewer, so nothing hidden leaks) and its chat lines.
 */
import type { AnyGame, SeatId, Viewer } from "../../rules/core";
import type { TableUpdate } from "../../table/protocol";
import type { ReplayRecord, ReplayStep } from "../../table/record-file";
import { type ChatEntry, type ParamNamer, chatEntry } from "../core/chat";
import type { Localizer } from "../core/i18n";
import type { LoadedReplay } from "./pages";

export interface Replay {
  readonly record: ReplayRecord;
  readonly game: AnyGame;
  readonly steps: readonly ReplayStep[];
}

/** The viewer a user is in a record: the seat they held, the GM, or a spectator. */
export function viewerOf(record: ReplayRecord, userId: string, isGM: boolean): Viewer {
  if (isGM) return { role: "gm" };
  const seat = record.seats.find((s) => s.userId === userId || s.awayUserId === userId);
  return seat ? { role: "seat", seat: seat.seat } : { role: "spectator" };
}

/**
 * Whether a user may replay a finished table: the GM every one; a player the tables they sat at
 * (through their seat's eyes) and, where spectators may watch, every other one as a spectator, as
 * they could have watched it live (src/table/viewers.ts).
 */
export function mayReplay(
  record: Pick<ReplayRecord, "seats">,
  userId: string,
  isGM: boolean,
  spectatorsAllowed: boolean,
): boolean {
  if (isGM || spectatorsAllowed) return true;
  return record.seats.some((s) => s.userId === userId || s.awayUserId === userId);
}

/** The viewers a GM may choose between: everything, each seat's player, a spectator. */
export function replayViewers(record: Pick<ReplayRecord, "seats">): Viewer[] {
  return [{ role: "gm" }, ...record.seats.map((s): Viewer => ({ role: "seat", seat: s.seat })), { role: "spectator" }];
}

export function viewerKey(viewer: Viewer): string {
  return viewer.role === "seat" ? `seat:${viewer.seat}` : viewer.role;
}

function viewerSeat(viewer: Viewer): SeatId | null {
  return viewer.role === "seat" ? viewer.seat : null;
}

/**
 * The update a window shows at `index` of a replay as the host sent it to this viewer; the step must have been fetched (a paged replay: `ReplayPages.ensure`). Its
 * events are those of the steps up to it that are here.
 */
export function viewedUpdate(replay: LoadedReplay, index: number): TableUpdate {
  const at = Math.max(0, Math.min(index, replay.steps.length - 1));
  const step = replay.steps[at];
  if (!step) throw new Error(`Replay step ${at} is not fetched`);
  return {
    type: "table",
    table: {
      id: replay.id,
      gameId: replay.gameId,
      eventId: replay.eventId,
      seats: replay.seats,
      version: at,
      over: step.over,
      toAct: step.toAct,
      createdAt: replay.createdAt,
    },
    seat: viewerSeat(replay.viewer),
    view: step.view,
    legalMoves: [],
    events: replay.steps
      .slice(0, at + 1)
      .flatMap((s, version) => (s?.events ?? []).map((event) => ({ version, event }))),
    full: true,
  };
}

/** The chat lines of one step of a replay as the host sent it (its events are this viewer's already). */
export function viewedChat(
  replay: LoadedReplay,
  index: number,
  i18n: Localizer,
  namers: readonly ParamNamer[] = [],
): ChatEntry[] {
  const names = Object.fromEntries(replay.seats.map((s) => [s.seat, s.name]));
  return (replay.steps[index]?.events ?? []).map((e) => chatEntry(e, names, i18n, namers));
}
