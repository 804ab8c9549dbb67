/**
 * True Sabacc's `apply`: checks a move against the rules text and plays it, one case per move.
 */
import { type Applied, type GameEvent, type Random, type SeatId, refuse, ok } from "../../core";
import { E, mapSeats, orderRoll, spendLuck, turnRefusal } from "../common";
import { type CardId, baseId, duplicateId, isCardId } from "../deck";
import { dealOne, dealtNotice, dealWithChoice, publicDeal } from "./dealing";
import { afterBet, afterLock, enter, proceed } from "./flow";
import { resolveDemise } from "./showdown";
import { betCap, canCheat, firstIn } from "./seats";
import { CALL_ROUND, ERR, type TrueMove, type TrueState } from "./types";

export function applyTrue(s: TrueState, seat: SeatId, move: TrueMove, random: Random): Applied<TrueState> {
  const refused = turnRefusal(s, seat);
  if (refused) return refuse(refused);
  const events: GameEvent[] = [];
  const hand = s.hands[seat] ?? [];

  switch (move.type) {
    case "roll-order": {
      if (s.phase !== "order") return refuse(E.wrongPhase);
      const { orderRolls, playOrder } = orderRoll(s.seats, s.orderRolls, seat, random, events);
      if (!playOrder) return ok({ ...s, orderRolls }, events);
      // Rule 3: the two antes, which every seat could pay (checked at setup).
      const both = s.mainAnte + s.sabaccAnte;
      const credits = mapSeats(s.seats, (x) => (s.credits[x] ?? 0) - both);
      const mainPot = s.mainAnte * s.seats.length;
      const sabaccPot = s.sabaccAnte * s.seats.length;
      events.push({
        kind: "notice",
        key: "CANTINA.Sabacc.Log.Antes",
        params: { main: s.mainAnte, sabacc: s.sabaccAnte, mainPot, sabaccPot },
      });
      return ok(
        enter({ ...s, orderRolls, playOrder, credits, mainPot, sabaccPot }, "deal", events, { dealCard: 1 }),
        events,
      );
    }
    case "deal": {
      if (s.phase !== "deal" || s.deciding) return refuse(E.wrongPhase);
      return ok(
        dealWithChoice(
          s,
          seat,
          s.dealCard === 1 ? "CANTINA.Sabacc.Roll.FirstCard" : "CANTINA.Sabacc.Roll.SecondCard",
          random,
          events,
        ),
        events,
      );
    }
    case "draw": {
      if (s.phase !== "dts" || s.deciding) return refuse(E.wrongPhase);
      if (s.deck.length === 0) return refuse(ERR.deckEmpty);
      events.push({ kind: "notice", key: "CANTINA.Sabacc.Log.Draw", seat, params: { seat } });
      return ok(dealWithChoice(s, seat, "CANTINA.Sabacc.Roll.Draw", random, events), events);
    }
    case "trade": {
      if (s.phase !== "dts" || s.deciding) return refuse(E.wrongPhase);
      if (!hand.includes(move.card)) return refuse(ERR.notInHand);
      if (s.deck.length === 0) return refuse(ERR.deckEmpty);
      // "publicly discard a card ... revealing the value of the discarded card to everyone".
      events.push({
        kind: "notice",
        key: "CANTINA.Sabacc.Log.Trade",
        seat,
        params: { seat, card: baseId(move.card) },
      });
      const traded: TrueState = {
        ...s,
        hands: { ...s.hands, [seat]: hand.filter((c) => c !== move.card) },
        discards: [...s.discards, move.card],
      };
      return ok(dealWithChoice(traded, seat, "CANTINA.Sabacc.Roll.Trade", random, events), events);
    }
    case "stand": {
      if (s.phase !== "dts" || s.deciding) return refuse(E.wrongPhase);
      events.push({ kind: "notice", key: "CANTINA.Sabacc.Log.Stand", seat, params: { seat } });
      return ok(proceed(s, events), events);
    }
    case "keep": {
      if ((s.phase !== "deal" && s.phase !== "dts") || !s.deciding) return refuse(E.wrongPhase);
      return ok(proceed(s, events), events);
    }
    case "reroll": {
      if ((s.phase !== "deal" && s.phase !== "dts") || !s.deciding || s.pending === null) return refuse(E.wrongPhase);
      if ((s.luck[seat] ?? 0) < 1) return refuse(E.noLuck);
      if (s.deck.length === 0) return refuse(ERR.deckEmpty);
      const away = s.pending;
      events.push({ kind: "notice", key: "CANTINA.Sabacc.Log.LuckSpent", seat, params: { seat }, audience: [seat] });
      const d = dealOne(s.deck, seat, "CANTINA.Sabacc.Roll.Reroll", random);
      events.push(d.event, dealtNotice(seat, d.card));
      // The card rerolled away is set aside face down: no card is ever dealt twice.
      return ok(
        proceed(
          {
            ...s,
            deck: d.deck,
            hands: { ...s.hands, [seat]: [...hand.filter((c) => c !== away), d.card] },
            setAside: [...s.setAside, { card: away, seat }],
            ...spendLuck(s, seat, 1),
          },
          events,
        ),
        events,
      );
    }
    case "bet":
    case "call": {
      if (s.phase !== "betting") return refuse(E.wrongPhase);
      const b = s.betting;
      const mine = b.contributed[seat] ?? 0;
      const have = s.credits[seat] ?? 0;
      const amount = move.type === "call" ? b.high - mine : move.amount;
      const total = mine + amount;
      if (move.type === "call" && (s.round < CALL_ROUND || b.final || b.caller !== null)) return refuse(ERR.noCall);
      if (amount > have) return refuse(E.betTooLarge, { have });
      if (total < b.high) return refuse(ERR.mustMatch, { bet: b.high - mine });
      if (total > b.high) {
        if (b.final) return refuse(ERR.noRaise);
        const cap = betCap(s);
        if (total > cap) return refuse(ERR.raiseCap, { cap: cap - mine });
      }
      const credits = { ...s.credits, [seat]: have - amount };
      const contributed = { ...b.contributed, [seat]: total };
      const mainPot = s.mainPot + amount;
      if (move.type === "call") {
        events.push({ kind: "notice", key: "CANTINA.Sabacc.Log.Call", seat, params: { seat, amount } });
        // "proceeding on from the calling player, a new and final round of betting occurs, wherein
        // players must again meet the previous bet ... When the round of betting has once again
        // returned to the player who called, they too must meet the bet": everyone, the caller
        // last, puts in the bet once more on top of matching it, so the round's bet doubles.
        const next: TrueState = {
          ...s,
          credits,
          mainPot,
          betting: { ...b, contributed, high: b.high * 2, acted: {}, final: true, caller: seat },
        };
        return ok(afterBet(next, random, events), events);
      }
      events.push({
        kind: "notice",
        key: total > b.high ? "CANTINA.Sabacc.Log.Raise" : "CANTINA.Sabacc.Log.Bet",
        seat,
        params: { seat, amount, total },
      });
      const next: TrueState = {
        ...s,
        credits,
        mainPot,
        betting: { ...b, contributed, high: Math.max(b.high, total), acted: { ...b.acted, [seat]: true } },
      };
      return ok(afterBet(next, random, events), events);
    }
    case "fold": {
      if (s.phase !== "betting") return refuse(E.wrongPhase);
      events.push({ kind: "notice", key: "CANTINA.Sabacc.Log.Fold", seat, params: { seat } });
      return ok(
        afterBet(
          {
            ...s,
            folded: { ...s.folded, [seat]: true },
            betting: { ...s.betting, acted: { ...s.betting.acted, [seat]: true } },
          },
          random,
          events,
        ),
        events,
      );
    }
    case "lock": {
      if (s.phase !== "lock") return refuse(E.wrongPhase);
      const cards = [...new Set(move.cards)];
      if (cards.length !== move.cards.length || cards.some((c) => !hand.includes(c))) return refuse(ERR.notInHand);
      if (cards.length > 0)
        events.push({
          kind: "notice",
          key: "CANTINA.Sabacc.Log.LockCards",
          seat,
          params: { seat, cards: cards.map(baseId).join(" ") },
        });
      const next: TrueState = {
        ...s,
        hands: { ...s.hands, [seat]: hand.filter((c) => !cards.includes(c)) },
        fields: { ...s.fields, [seat]: [...(s.fields[seat] ?? []), ...cards] },
      };
      return ok(afterLock(next, random, events), events);
    }
    case "redraw": {
      if (s.phase !== "shift") return refuse(E.wrongPhase);
      // "erasing the previous card values of all cards in the player's hand ... rolling as many times as they have cards".
      let deck = s.deck;
      const fresh: CardId[] = [];
      for (let i = 0; i < hand.length && deck.length > 0; i++) {
        const d = dealOne(deck, seat, "CANTINA.Sabacc.Roll.ShiftCard", random);
        deck = d.deck;
        fresh.push(d.card);
        events.push(d.event, dealtNotice(seat, d.card), publicDeal(seat));
      }
      const next: TrueState = {
        ...s,
        deck,
        hands: { ...s.hands, [seat]: fresh },
        setAside: [...s.setAside, ...hand.map((card) => ({ card, seat }))],
      };
      return ok(proceed(next, events), events);
    }
    case "cheat":
    case "no-cheat": {
      if (s.phase !== "cheat") return refuse(E.wrongPhase);
      if (move.type === "no-cheat") return ok(proceed(s, events), events);
      if (!canCheat(s, seat)) return refuse(ERR.cannotCheat);
      if (!isCardId(move.card)) return refuse(ERR.unknownCard);
      // A card still in the deck is taken from it; any other is a duplicate of a card already out.
      const inDeck = s.deck.includes(move.card);
      const card = inDeck ? move.card : duplicateId(move.card, seat);
      events.push({
        kind: "notice",
        key: "CANTINA.Sabacc.Log.Cheat",
        seat,
        params: { seat, card: move.card },
        audience: [seat],
      });
      return ok(
        proceed(
          {
            ...s,
            deck: inDeck ? s.deck.filter((c) => c !== move.card) : s.deck,
            hands: { ...s.hands, [seat]: [...hand, card] },
            cheats: { ...s.cheats, [seat]: card },
            ...spendLuck(s, seat, 3),
          },
          events,
        ),
        events,
      );
    }
    case "demise-draw": {
      if (s.phase !== "demise") return refuse(E.wrongPhase);
      // After the show the card is public; the roll stays private (its range counts the cards gone).
      const d = dealOne(s.deck, seat, "CANTINA.Sabacc.Roll.Demise", random);
      events.push(d.event, dealtNotice(seat, d.card, true));
      const next: TrueState = { ...s, deck: d.deck, hands: { ...s.hands, [seat]: [...hand, d.card] } };
      const turn = firstIn(next, "demise", s.turn);
      return ok(turn >= 0 ? { ...next, turn } : resolveDemise(next, events), events);
    }
  }
}
