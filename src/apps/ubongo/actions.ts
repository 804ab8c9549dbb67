/**
 * The Ubongo window's actions: roll the die (the round's roller), keep the tiles laid (nothing is
 * sent while a player solves: no peeking), "Ubongo!" (the claim carries the tiles; the host checks
 * it) and, solo, set the card aside. The rules check every move again.
 */
import { refuse, succeed } from "../../rules/core";
import { type UbongoMove, type UbongoView, E } from "../../rules/ubongo";
import type { TableUpdate } from "../../table/protocol";
import { parsePlacements } from "../board/placement";
import type { ActionInput, ActionResult } from "../core/types";
import { claimFor, taskKey } from "./context";

const move = (m: UbongoMove): ActionResult => succeed({ move: m });

function mineOf(update: TableUpdate<UbongoView, UbongoMove>) {
  const view = update.view;
  return { view, mine: view.seats.find((s) => s.seat === update.seat) };
}

/** The tiles on the board after a change, kept with the task they were laid for. */
function keepPlacements(input: ActionInput, update: TableUpdate<UbongoView, UbongoMove>): ActionResult {
  const { view, mine } = mineOf(update);
  const placements = input.data.placements ?? "[]";
  if (parsePlacements(placements) === null) return refuse(E.badBoard);
  return succeed({ keep: { placements, placementsFor: taskKey(view, mine) } });
}

/** "Ubongo!": the tiles kept for this task as a claim. */
function claim(input: ActionInput, update: TableUpdate<UbongoView, UbongoMove>): ActionResult {
  const { view, mine } = mineOf(update);
  const laid = input.fields.placementsFor === taskKey(view, mine) ? parsePlacements(input.fields.placements) : [];
  if (laid === null) return refuse(E.badBoard);
  if (laid.length === 0) return refuse(E.uncovered);
  const m = claimFor(laid, view);
  return m ? move(m) : refuse(view.side ? E.noFlip : E.badBoard);
}

export const ubongoActions = {
  start: () => move({ type: "start" }),
  "board-place": keepPlacements,
  claim,
  "set-aside": () => move({ type: "set-aside" }),
} satisfies Record<string, (input: ActionInput, update: TableUpdate<UbongoView, UbongoMove>) => ActionResult>;
