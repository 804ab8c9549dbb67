/**
 * The True Sabacc window: card faces (SVG from the deck data), the Static Fields and the discards
 * for all to see, the viewer's own hand to pick cards from (checkboxes carrying data-card, so the
 * keyboard works), and the clicks that make moves.
 */
import { refuse, succeed } from "../../rules/core";
import { DECK_IDS } from "../../rules/sabacc/deck";
import {
  CALL_ROUND,
  ERR,
  TRUE_ID,
  type TrueMove,
  type TrueSeatView,
  type TrueView,
} from "../../rules/sabacc/true-sabacc";
import { sabaccBasics } from "./basics";
import { sabaccHelpContext } from "./help";
import type { TableUpdate } from "../../table/protocol";
import type { ActionInput, ActionResult, GameApp } from "../core/types";
import { backSvg, cardFace, cornerText } from "./cards";
import { readAmount } from "../core/amount";
import { sabaccOwnHand } from "./chat";

const BACK = backSvg();

/**
 * The i18n key of a hand's kind worth naming beside its total (Idiot's Array, Pure Sabacc, bombed
 * out), or "": an ordinary hand is just its total ("17", not "17 · hand").
 */
function kindKeyOf(kind: TrueSeatView["kind"]): string {
  return kind && kind !== "hand" ? `CANTINA.Sabacc.True.Kind.${kind}` : "";
}

export function trueContext(update: TableUpdate<TrueView, TrueMove>): Record<string, unknown> {
  const view = update.view;
  const { nameOf, me, legal, can, actorNames, winnerNames, tied, seatBasics, tableBasics } = sabaccBasics<
    TrueSeatView,
    TrueMove
  >(update, view);
  const match = legal.find((m): m is Extract<TrueMove, { type: "bet" }> => m.type === "bet");
  const raises = legal.filter((m): m is Extract<TrueMove, { type: "bet" }> => m.type === "bet" && m !== match);
  const lastShift = view.shiftRolls[view.shiftRolls.length - 1];

  let statusKey: string;
  if (view.phase === "order") statusKey = tied ? "CANTINA.Sabacc.Status.OrderTie" : "CANTINA.Sabacc.Status.Order";
  else if (view.phase === "over") statusKey = `CANTINA.Sabacc.True.Outcome.${view.outcome ?? "show"}`;
  else if (view.deciding) statusKey = "CANTINA.Sabacc.True.Status.Deciding";
  // The betting status names only what the round offers: no raise in the final round, no call before CALL_ROUND.
  else if (view.phase === "betting" && view.betting.final) statusKey = "CANTINA.Sabacc.True.Status.bettingFinal";
  else if (view.phase === "betting" && (view.round < CALL_ROUND || view.betting.caller !== null))
    statusKey = "CANTINA.Sabacc.True.Status.bettingNoCall";
  else statusKey = `CANTINA.Sabacc.True.Status.${view.phase}`;
  const selectable = can("trade") || can("lock");

  return {
    ...tableBasics,
    phaseKey: `CANTINA.Sabacc.True.Phase.${view.phase}`,
    round: view.round,
    status: { key: statusKey, params: { name: actorNames, names: winnerNames } },
    mainPot: view.mainPot,
    sabaccPot: view.sabaccPot,
    house: view.house,
    deckCount: view.deckCount,
    deckKnown: view.deckCount !== null,
    setAsideCount: view.setAsideCount,
    discards: view.discards.map(cardFace),
    hasDiscards: view.discards.length > 0,
    lastShift: lastShift
      ? { round: lastShift.round, roll: lastShift.roll, shift: lastShift.roll >= 33 && lastShift.roll <= 66 }
      : null,
    high: view.betting.high,
    finalRound: view.phase === "betting" && view.betting.final,
    caller: view.betting.caller ? nameOf(view.betting.caller) : "",
    demise: view.demise.map(nameOf).join(", "),
    duplicates: view.duplicates.map(cardFace),
    hasDuplicates: view.duplicates.length > 0,
    back: BACK,
    seats: view.seats.map((s) => ({
      ...seatBasics(s),
      handKnown: s.hand !== null,
      hand: (s.hand ?? []).map((id) => ({
        ...cardFace(id),
        duplicateSeen: view.duplicates.includes(id.split("!")[0] ?? id),
        // The cheater and the GM know the cheated card; after the show everyone knows a duplicate (issue 33).
        cheated: s.cheated !== null && id === s.cheated,
      })),
      backs: s.hand === null ? Array.from({ length: s.handCount }, (_, i) => ({ i })) : [],
      handCount: s.handCount,
      field: s.field.map((id) => ({ ...cardFace(id), duplicateSeen: view.duplicates.includes(id) })),
      hasField: s.field.length > 0,
      totalKnown: s.total !== null,
      total: s.total,
      /** The total as a player reads it, with a true minus sign ("−22"). */
      totalShown: s.total === null ? "" : cornerText(s.total),
      kindKey: kindKeyOf(s.kind),
      contributed: s.contributed,
    })),
    me: me && {
      name: nameOf(me.seat),
      luck: me.luck,
      hand: (me.hand ?? []).map(cardFace),
      setAside: (me.setAside ?? []).map(cardFace),
      hasSetAside: (me.setAside ?? []).length > 0,
      cheated: me.cheated ? cardFace(me.cheated) : null,
      totalKnown: me.total !== null,
      total: me.total,
      totalShown: me.total === null ? "" : cornerText(me.total),
      kindKey: kindKeyOf(me.kind),
    },
    pending: view.pending ? cardFace(view.pending) : null,
    selectable,
    controls: {
      rollOrder: can("roll-order"),
      deal: can("deal"),
      keep: can("keep"),
      reroll: can("reroll"),
      draw: can("draw"),
      trade: can("trade"),
      stand: can("stand"),
      lock: can("lock"),
      bet: match !== undefined,
      match: match?.amount ?? 0,
      raise: raises.length > 0,
      minRaise: 1,
      maxRaise: raises.length > 0 ? Math.max(...raises.map((m) => m.amount)) - (match?.amount ?? 0) : 0,
      call: can("call"),
      fold: can("fold"),
      redraw: can("redraw"),
      cheat: can("cheat"),
      noCheat: can("no-cheat"),
      demiseDraw: can("demise-draw"),
      any: legal.length > 0,
    },
    cheatCards: can("cheat") ? DECK_IDS.map(cardFace) : [],
  };
}

const move = (m: TrueMove): ActionResult => succeed({ move: m });

/** The cards the player ticked in their hand (checkboxes named `card.<id>`), or the clicked card. */
function selected(input: ActionInput): string[] {
  if (input.data.card) return [input.data.card];
  return Object.entries(input.fields)
    .filter(([k, v]) => k.startsWith("card.") && v !== "")
    .map(([k]) => k.slice(5));
}

export const trueActions = {
  "roll-order": () => move({ type: "roll-order" }),
  deal: () => move({ type: "deal" }),
  keep: () => move({ type: "keep" }),
  reroll: () => move({ type: "reroll" }),
  draw: () => move({ type: "draw" }),
  stand: () => move({ type: "stand" }),
  call: () => move({ type: "call" }),
  fold: () => move({ type: "fold" }),
  redraw: () => move({ type: "redraw" }),
  "no-cheat": () => move({ type: "no-cheat" }),
  "demise-draw": () => move({ type: "demise-draw" }),
  trade: (input: ActionInput): ActionResult => {
    const cards = selected(input);
    const card = cards[0];
    return cards.length === 1 && card ? move({ type: "trade", card }) : refuse(ERR.pickOneCard);
  },
  lock: (input: ActionInput): ActionResult => move({ type: "lock", cards: input.data.none ? [] : selected(input) }),
  bet: (input: ActionInput): ActionResult => {
    const read = readAmount(input.data.amount, 0);
    return read.ok ? move({ type: "bet", amount: read.amount }) : read;
  },
  raise: (input: ActionInput, update: TableUpdate<TrueView, TrueMove>): ActionResult => {
    const by = readAmount(input.fields.raise, 1);
    const match = update.legalMoves.find((m): m is Extract<TrueMove, { type: "bet" }> => m.type === "bet");
    if (!by.ok) return by;
    if (!match) return refuse(ERR.badAmount);
    return move({ type: "bet", amount: match.amount + by.amount });
  },
  cheat: (input: ActionInput): ActionResult => {
    const card = input.data.card ?? input.fields.cheatCard ?? "";
    return card ? move({ type: "cheat", card }) : refuse(ERR.unknownCard);
  },
} satisfies Record<string, (input: ActionInput, update: TableUpdate<TrueView, TrueMove>) => ActionResult>;

const CARD_KEYS = new Set(["CANTINA.Sabacc.Log.Dealt", "CANTINA.Sabacc.Log.DealtHidden", "CANTINA.Sabacc.Log.Draw"]);

export const trueSabaccApp: GameApp<TrueView, TrueMove> = {
  gameId: TRUE_ID,
  parts: { table: "sabacc/true-table.hbs", controls: "sabacc/true-controls.hbs" },
  context: trueContext,
  actions: trueActions,
  help: "sabacc/help.hbs",
  helpContext: sabaccHelpContext("true"),
  ownHand: sabaccOwnHand,
  // A card dealt (seen or not) or drawn sounds as a card.
  cardEvent: (event) => event.kind === "notice" && CARD_KEYS.has(event.key),
};
