/** The Simplified Sabacc window: context from one viewer's update, and the clicks that make moves. */
import {
  SIMPLIFIED_ID,
  type SimplifiedMove,
  type SimplifiedSeatView,
  type SimplifiedView,
} from "../../rules/sabacc/simplified";
import { sabaccBasics } from "./basics";
import { diceActions, diceMe, diceSeat } from "./dice";
import { sabaccHelpContext } from "./help";
import { succeed } from "../../rules/core";
import type { TableUpdate } from "../../table/protocol";
import type { ActionInput, ActionResult, GameApp } from "../core/types";
import { sabaccOwnHand } from "./chat";

export function simplifiedContext(update: TableUpdate<SimplifiedView, SimplifiedMove>): Record<string, unknown> {
  const view = update.view;
  const { nameOf, me, legal, can, actorNames, winnerNames, tied, seatBasics, tableBasics } = sabaccBasics<
    SimplifiedSeatView,
    SimplifiedMove
  >(update, view);
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
    ...tableBasics,
    phaseKey: `CANTINA.Sabacc.Simplified.Phase.${view.phase}`,
    rule: view.rule,
    status: { key: statusKey, params: { name: actorNames, names: winnerNames } },
    pot: view.pot,
    ante: view.ante,
    seats: view.seats.map((s) => ({ ...diceSeat(s, seatBasics), locked: s.locked, staked: s.staked })),
    me: me && {
      ...diceMe(me, nameOf),
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
  };
}

const move = (m: SimplifiedMove): ActionResult => succeed({ move: m });

/** The dice windows' clicks, and the lock step's two. */
export const simplifiedActions = {
  ...diceActions,
  lock: () => move({ type: "lock" }),
  "play-on": () => move({ type: "play-on" }),
} satisfies Record<string, (input: ActionInput, update: TableUpdate<SimplifiedView, SimplifiedMove>) => ActionResult>;

export const simplifiedApp: GameApp<SimplifiedView, SimplifiedMove> = {
  gameId: SIMPLIFIED_ID,
  parts: { table: "sabacc/simplified-table.hbs", controls: "sabacc/simplified-controls.hbs" },
  context: simplifiedContext,
  actions: simplifiedActions,
  help: "sabacc/help.hbs",
  helpContext: sabaccHelpContext("simplified"),
  ownHand: sabaccOwnHand,
};
