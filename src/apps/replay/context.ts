/**
 * What the replay window draws for one step and viewer: the game's own parts from the step's update
 * (drawn read-only by the host page), the step's chat lines, and the stepping controls' state.
 */
import type { SeatId, Viewer } from "../../rules/core";
import type { ParamNamer } from "../core/chat";
import type { Localizer } from "../core/i18n";
import type { SeatAssignment } from "../../table/protocol";
import type { LoadedReplay } from "./pages";
import { replayViewers, viewedChat, viewerKey } from "./model";

/** Milliseconds between steps at each speed the window offers (slowest first). */
export const REPLAY_SPEEDS: readonly number[] = [2000, 1000, 500, 250];

export interface ReplayWindowState {
  readonly index: number;
  readonly viewer: Viewer;
  readonly playing: boolean;
  readonly speedMs: number;
  /** The user may choose whose eyes the replay is seen through (the GM). */
  readonly chooseViewer: boolean;
  readonly canExport: boolean;
}

function viewerName(seats: readonly SeatAssignment[], viewer: Viewer, i18n: Localizer): string {
  if (viewer.role === "gm") return i18n.localize("CANTINA.Replay.ViewerGM");
  if (viewer.role === "spectator") return i18n.localize("CANTINA.Replay.ViewerSpectator");
  const seat = seats.find((s) => s.seat === viewer.seat);
  return i18n.format("CANTINA.Replay.ViewerSeat", { name: seat?.name ?? viewer.seat });
}

/** The step's caption: the setup, or who moved (or whose time ran out). */
function captionOf(
  seats: readonly SeatAssignment[],
  step: { readonly seat: SeatId | null; readonly timeout?: true; readonly undo?: true } | undefined,
  i18n: Localizer,
): string {
  if (!step || step.seat === null) return i18n.localize("CANTINA.Replay.Setup");
  const name = seats.find((s) => s.seat === step.seat)?.name ?? step.seat;
  if (step.undo) return i18n.format("CANTINA.Undo.ReplayStep", { name });
  return i18n.format(step.timeout ? "CANTINA.Replay.Timeout" : "CANTINA.Replay.Move", { name });
}

/**
 * What both replay windows show: the table's title, the stepping controls, whose eyes it is seen
 * through, and the step's chat lines (`chat`, with the caption as their table).
 */
function windowContext(
  replay: { readonly id: string; readonly gameId: string; readonly seats: readonly SeatAssignment[] },
  steps: number,
  caption: string,
  viewer: Viewer,
  state: Omit<ReplayWindowState, "viewer">,
  i18n: Localizer,
  gameName: string,
  chat: readonly object[],
  body: string,
): Record<string, unknown> {
  const last = steps - 1;
  const nameOf = (v: Viewer): string => viewerName(replay.seats, v, i18n);
  return {
    id: replay.id,
    gameId: replay.gameId,
    title: i18n.format("CANTINA.Replay.Window", {
      game: gameName,
      players: replay.seats.map((s) => s.name).join(", "),
    }),
    index: state.index,
    last,
    atStart: state.index <= 0,
    atEnd: state.index >= last,
    playing: state.playing,
    stepLabel: i18n.format("CANTINA.Replay.Step", { step: state.index, total: last }),
    caption,
    viewerName: nameOf(viewer),
    chooseViewer: state.chooseViewer,
    viewers: replayViewers(replay).map((v) => ({
      key: viewerKey(v),
      name: nameOf(v),
      selected: viewerKey(v) === viewerKey(viewer),
    })),
    speeds: REPLAY_SPEEDS.map((ms, i) => ({ ms, label: `×${2 ** i / 2}`, selected: ms === state.speedMs })),
    canExport: state.canExport,
    lines: chat.map((l) => ({ ...l, table: caption })),
    body,
  };
}

/** The replay window's context for a replay as the host sent it to one viewer (the Foundry window). */
export function viewedWindowContext(
  replay: LoadedReplay,
  state: Omit<ReplayWindowState, "viewer">,
  i18n: Localizer,
  namers: readonly ParamNamer[],
  gameName: string,
  body: string,
): Record<string, unknown> {
  const chat = viewedChat(replay, state.index, i18n, namers);
  const caption = captionOf(replay.seats, replay.steps[state.index], i18n);
  return windowContext(replay, replay.steps.length, caption, replay.viewer, state, i18n, gameName, chat, body);
}
