/** The Simplified Sabacc window: context from one viewer's update, and the clicks that make moves. */
import {
  SIMPLIFIED_ID,
  type SimplifiedMove,
  type SimplifiedSeatView,
  type SimplifiedView,
} from "../../rules/sabacc/simplified";
import { sabaccBasics } from "./basics";
import { sabaccHelpContext } from "./help";
import type { TableUpdate } from "../../table/protocol";
import { readAmount } from "../core/amount";
import type { ActionInput, ActionResult, GameApp } from "../core/types";

export function simplifiedContext(update: TableUpdate): Record<string, unknown> {
  const view = update.view as SimplifiedView;
  const { nameOf, me, legal, can, actorNames, tied, seatBasics } = sabaccBasics<SimplifiedSeatView, SimplifiedMove>(
    update,
    view,
  );
  const bets = legal
    .filter((m): m is Extract<SimplifiedMove, { type: "bet" }> => m.type === "bet")
    .map((m) => m.amount);

  let statusKey: string;
  if (view.phase === "order") statusKey = tied ? "CANTINA.Sabacc.Status.OrderTie" : "CANTINA.Sabacc.Status.Order";
  else if (view.phase === "over")
    statusKey = view.seats.some((s) => s.shown)
      ? "CANTINA.Sabacc.Status.Over"
      : "CANTINA.Sabacc.Status.OverUncontested";
  else if (view.deciding) statusKey = "CANTINA.Sabacc.Status.Deciding";
  else statusKey = `CANTINA.Sabacc.Simplified.Status.${view.phase}`;

  return {
    tableId: update.table.id,
    gameKey: `CANTINA.Games.${update.table.gameId}`,
    phaseKey: `CANTINA.Sabacc.Simplified.Phase.${view.phase}`,
    rule: view.rule,
    status: { key: statusKey, params: { name: actorNames, names: view.winners.map(nameOf).join(", ") } },
    pot: view.pot,
    ante: view.ante,
    over: view.phase === "over",
    playOrder: view.playOrder.map(nameOf).join(" → "),
    seats: view.seats.map((s) => ({
      ...seatBasics(s),
      handKnown: s.hand !== null,
      hand: s.hand,
      hasHand: s.hasHand,
      locked: s.locked,
      bet: s.bet,
      betPlaced: s.bet !== null,
      staked: s.staked,
    })),
    me: me && {
      name: nameOf(me.seat),
      hand: me.hand,
      luck: me.luck,
      credits: me.credits,
      locked: me.locked,
      change: me.change,
      hasChange: me.change !== null,
    },
    controls: {
      rollOrder: can("roll-order"),
      rollHand: can("roll-hand"),
      rollKey:
        view.phase === "adjust"
          ? "CANTINA.Sabacc.Simplified.Action.RollAdjust"
          : view.phase === "shift"
            ? "CANTINA.Sabacc.Simplified.Action.RollShift"
            : "CANTINA.Sabacc.Action.RollHand",
      reroll: can("reroll"),
      keep: can("keep"),
      lock: can("lock"),
      bet: bets.length > 0,
      fold: can("fold"),
      allInOnly: bets.length === 1 && (me?.credits ?? 0) < view.minBet,
      minBet: Math.min(view.minBet, me?.credits ?? 0),
      maxBet: me?.credits ?? 0,
      any: legal.length > 0,
    },
    waitingFor: legal.length === 0 && view.phase !== "over" ? actorNames : "",
  };
}

const move = (m: SimplifiedMove): ActionResult => ({ move: m });

function bet(input: ActionInput, update: TableUpdate): ActionResult {
  const view = update.view as SimplifiedView;
  const mine = view.seats.find((s) => s.seat === update.seat);
  const raw =
    input.data.amount === "all" ? String(mine?.credits ?? 0) : (input.data.amount ?? input.fields.amount ?? "").trim();
  const read = readAmount(raw, view.minBet);
  return "error" in read ? read : move({ type: "bet", amount: read.amount });
}

export const simplifiedActions = {
  "roll-order": () => move({ type: "roll-order" }),
  "roll-hand": () => move({ type: "roll-hand" }),
  reroll: () => move({ type: "reroll" }),
  keep: () => move({ type: "keep" }),
  lock: () => move({ type: "lock" }),
  "play-on": () => move({ type: "play-on" }),
  fold: () => move({ type: "fold" }),
  bet,
} satisfies Record<string, (input: ActionInput, update: TableUpdate) => ActionResult>;

export const simplifiedApp: GameApp = {
  gameId: SIMPLIFIED_ID,
  parts: { table: "sabacc/simplified-table.hbs", controls: "sabacc/simplified-controls.hbs" },
  partKeys: {
    table: ["tableId", "gameKey", "phaseKey", "rule", "status", "pot", "ante", "playOrder", "seats"],
    controls: ["tableId", "controls", "me", "waitingFor"],
  },
  context: simplifiedContext,
  actions: simplifiedActions,
  help: "sabacc/help.hbs",
  helpContext: sabaccHelpContext("simplified"),
};
