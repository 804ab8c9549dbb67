/**
 * What one viewer sees of a True Sabacc table: their own cards, shown hands after the show, and
 * nothing that would betray another seat's secrets (rerolls, cheats, the deck's count).
 */
import { type Viewer, canSee } from "../../core";
import { seatViewBasics } from "../common";
import { type CardId, baseId, handKind, isDuplicate, totalOf } from "../deck";
import { betCap, cardsOf, toAct } from "./seats";
import { TRUE_ID, type TrueSeatView, type TrueState, type TrueView } from "./types";

export function viewTrue(s: TrueState, viewer: Viewer): TrueView {
  const order = s.playOrder.length > 0 ? s.playOrder : s.seats;
  const deciderSeat = s.playOrder[s.turn];
  return {
    game: TRUE_ID,
    phase: s.phase,
    round: s.round,
    dealCard: s.dealCard,
    mainPot: s.mainPot,
    sabaccPot: s.sabaccPot,
    house: s.house,
    deckCount: viewer.role === "gm" ? s.deck.length : null,
    discards: s.discards.map(baseId),
    setAsideCount: viewer.role === "gm" ? s.setAside.length : null,
    playOrder: s.playOrder,
    toAct: toAct(s),
    deciding: s.deciding,
    pending: s.deciding && deciderSeat !== undefined && canSee(viewer, deciderSeat) ? s.pending : null,
    betting: {
      high: s.betting.high,
      final: s.betting.final,
      caller: s.betting.caller,
      cap: s.phase === "betting" ? betCap(s) : 0,
    },
    shiftRolls: s.shiftRolls,
    demise: s.demise,
    // The players notice a card seen twice or not; the GM's view points it out.
    duplicates: viewer.role === "gm" ? s.duplicates : [],
    winners: s.winners,
    outcome: s.outcome,
    mainAnte: s.mainAnte,
    sabaccAnte: s.sabaccAnte,
    roundLimit: s.roundLimit,
    seats: order.map((seat): TrueSeatView => {
      const mine = canSee(viewer, seat);
      const shown = s.shown.includes(seat);
      const known = mine || shown;
      const hand = s.hands[seat] ?? [];
      // A duplicate shows as the card it copies, except to the cheater and the GM.
      const handOut = known ? (mine ? [...hand] : hand.map(baseId)) : null;
      const all = cardsOf(s, seat);
      return {
        ...seatViewBasics(s, seat, mine),
        // A cheated card stays secret until the show, its count included.
        handCount: hand.length - (!known && s.cheats[seat] ? 1 : 0),
        hand: handOut,
        field: [...(s.fields[seat] ?? [])],
        total: known ? totalOf(all) : null,
        kind: known && all.length > 0 ? handKind(all) : null,
        setAside: mine ? s.setAside.filter((x) => x.seat === seat).map((x) => x.card) : null,
        cheated: mine ? (s.cheats[seat] ?? null) : shown ? shownCheat(s.cheats[seat] ?? null) : null,
        contributed: s.betting.contributed[seat] ?? 0,
      };
    }),
  };
}

/**
 * The cheat the show makes public (issue 33): a duplicate, which every player sees twice and the show's line explains,
 * named as the card it copies; a card taken from the deck stays the cheater's secret.
 */
function shownCheat(card: CardId | null): CardId | null {
  return card !== null && isDuplicate(card) ? baseId(card) : null;
}
