/** The Super Simplified Sabacc window's context, built from one viewer's view only. */
import type { SeatView, SuperSimplifiedMove, SuperSimplifiedView } from "../../rules/sabacc/super-simplified";
import type { TableUpdate } from "../../table/protocol";
import { sabaccBasics } from "./basics";
import { diceMe, diceSeat } from "./dice";

export function superSimplifiedContext(
  update: TableUpdate<SuperSimplifiedView, SuperSimplifiedMove>,
): Record<string, unknown> {
  const view = update.view;
  const { nameOf, me, legal, can, actorNames, winnerNames, tied, seatBasics, tableBasics } = sabaccBasics<
    SeatView,
    SuperSimplifiedMove
  >(update, view);

  let status: { key: string; params: Record<string, string> };
  switch (view.phase) {
    case "order":
      status = { key: tied ? "CANTINA.Sabacc.Status.OrderTie" : "CANTINA.Sabacc.Status.Order", params: {} };
      break;
    case "hand":
      status = {
        key: view.deciding ? "CANTINA.Sabacc.Status.Deciding" : "CANTINA.Sabacc.Status.Hand",
        params: { name: actorNames },
      };
      break;
    case "betting":
      status = { key: "CANTINA.Sabacc.Status.Betting", params: { name: actorNames } };
      break;
    case "over":
      status = {
        key: view.seats.some((s) => s.shown) ? "CANTINA.Sabacc.Status.Over" : "CANTINA.Sabacc.Status.OverUncontested",
        params: { names: winnerNames },
      };
      break;
  }

  return {
    ...tableBasics,
    phaseKey: `CANTINA.Sabacc.Phase.${view.phase}`,
    status,
    pot: view.pot,
    ante: view.ante,
    seats: view.seats.map((s) => diceSeat(s, seatBasics)),
    me: me && diceMe(me, nameOf),
    controls: {
      rollOrder: can("roll-order"),
      rollHand: can("roll-hand"),
      reroll: can("reroll"),
      keep: can("keep"),
      bet: can("bet"),
      fold: can("fold"),
      minBet: view.minBet,
      maxBet: me?.credits ?? 0,
      any: legal.length > 0,
    },
  };
}
