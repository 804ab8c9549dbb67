/** The Super Simplified Sabacc window's context, built from one viewer's view only. */
import type { SeatView, SuperSimplifiedMove, SuperSimplifiedView } from "../../rules/sabacc/super-simplified";
import type { TableUpdate } from "../../table/protocol";
import { sabaccBasics } from "./basics";

export function superSimplifiedContext(update: TableUpdate): Record<string, unknown> {
  const view = update.view as SuperSimplifiedView;
  const { nameOf, me, legal, can, actorNames, tied, seatBasics } = sabaccBasics<SeatView, SuperSimplifiedMove>(
    update,
    view,
  );

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
        params: { names: view.winners.map(nameOf).join(", ") },
      };
      break;
  }

  return {
    tableId: update.table.id,
    gameKey: `CANTINA.Games.${update.table.gameId}`,
    phaseKey: `CANTINA.Sabacc.Phase.${view.phase}`,
    status,
    pot: view.pot,
    ante: view.ante,
    over: view.phase === "over",
    playOrder: view.playOrder.map(nameOf).join(" → "),
    seats: view.seats.map((s) => ({
      ...seatBasics(s),
      handKnown: s.hand !== null,
      hand: s.hand,
      hasHand: s.hasHand,
      bet: s.bet,
      betPlaced: s.bet !== null,
    })),
    me: me && {
      name: nameOf(me.seat),
      hand: me.hand,
      luck: me.luck,
      credits: me.credits,
    },
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
    waitingFor: legal.length === 0 && view.phase !== "over" ? actorNames : "",
  };
}
