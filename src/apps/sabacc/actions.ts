/** Clicks in the Super Simplified Sabacc window, turned into moves. The rules check them again. */
import type { SuperSimplifiedMove, SuperSimplifiedView } from "../../rules/sabacc/super-simplified";
import { readAmount } from "../core/amount";
import type { ActionInput, ActionResult } from "../core/types";
import type { TableUpdate } from "../../table/protocol";

const move = (m: SuperSimplifiedMove): ActionResult => ({ move: m });

function bet(input: ActionInput, update: TableUpdate): ActionResult {
  const view = update.view as SuperSimplifiedView;
  const mine = view.seats.find((s) => s.seat === update.seat);
  const raw =
    input.data.amount === "all" ? String(mine?.credits ?? 0) : (input.data.amount ?? input.fields.amount ?? "").trim();
  const read = readAmount(raw, view.minBet);
  return "error" in read ? read : move({ type: "bet", amount: read.amount });
}

export const superSimplifiedActions = {
  "roll-order": () => move({ type: "roll-order" }),
  "roll-hand": () => move({ type: "roll-hand" }),
  reroll: () => move({ type: "reroll" }),
  keep: () => move({ type: "keep" }),
  fold: () => move({ type: "fold" }),
  bet,
} satisfies Record<string, (input: ActionInput, update: TableUpdate) => ActionResult>;
