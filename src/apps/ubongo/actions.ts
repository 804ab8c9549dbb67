/**
 * The Ubongo window's actions: roll the die (the round's roller), keep the tiles laid (nothing is
 * sent while a player solves: no peeking), "Ubongo!" (the claim carries the tiles; the host checks
 * it) and, solo, set the card aside. The rules check every move again.
 */
import type { UbongoMove, UbongoView } from "../../rules/ubongo";
import type { TableUpdate } from "../../table/protocol";
import { parsePlacements } from "../board/placement";
import type { ActionInput, ActionResult } from "../core/types";
import { claimFor, taskKey } from "./context";

const move = (m: UbongoMove): ActionResult => ({ move: m });

function mineOf(update: TableUpdate<UbongoView, UbongoMove>) {
  const view = update.view;
  return { view, mine: view.seats.find((s) => s.seat === update.seat) };
}

/** The tiles on the board after a change, kept with the task they were laid for. */
function keepPlacements(input: ActionInput, update: TableUpdate<UbongoView, UbongoMove>): ActionResult {
  const { view, mine } = mineOf(update);
  const placements = input.data.placements ?? "[]";
  if (parsePlacements(placements) === null) return { error: "CANTINA.Ubongo.Error.BadBoard" };
  return { keep: { placements, placementsFor: taskKey(view, mine) } };
}

/** "Ubongo!": the tiles kept for this task as a claim. */
function claim(input: ActionInput, update: TableUpdate<UbongoView, UbongoMove>): ActionResult {
  const { view, mine } = mineOf(update);
  const laid = input.fields.placementsFor === taskKey(view, mine) ? parsePlacements(input.fields.placements) : [];
  if (laid === null) return { error: "CANTINA.Ubongo.Error.BadBoard" };
  if (laid.length === 0) return { error: "CANTINA.Ubongo.Error.Uncovered" };
  const m = claimFor(laid, view);
  return m ? move(m) : { error: view.side ? "CANTINA.Ubongo.Error.NoFlip" : "CANTINA.Ubongo.Error.BadBoard" };
}

export const ubongoActions = {
  start: () => move({ type: "start" }),
  "board-place": keepPlacements,
  claim,
  "set-aside": () => move({ type: "set-aside" }),
} satisfies Record<string, (input: ActionInput, update: TableUpdate<UbongoView, UbongoMove>) => ActionResult>;
