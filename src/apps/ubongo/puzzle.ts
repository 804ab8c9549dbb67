/**
 * Ubongo's task as a host-neutral tile puzzle (`GameApp.puzzle`): the viewer's own task card while
 * the round is solved, the tray's tiles, and the claim the laid tiles make. Roll20 draws it on a page.
 */
import type { UbongoView } from "../../rules/ubongo";
import type { TableUpdate } from "../../table/protocol";
import type { PuzzleTask } from "../core/types";
import { claimFor, taskKey, trayTiles } from "./context";

export function ubongoPuzzle(update: TableUpdate): PuzzleTask | null {
  const view = update.view as UbongoView | null;
  if (!view || update.seat === null || view.phase !== "solve") return null;
  const mine = view.seats.find((s) => s.seat === update.seat);
  if (!mine?.board || !mine.contender) return null;
  return {
    key: taskKey(view, mine),
    board: mine.board,
    tiles: trayTiles(view, mine),
    allowFlip: view.variant === "jedi",
    open: mine.place === null,
    claim: (laid) => claimFor(laid, view),
  };
}
