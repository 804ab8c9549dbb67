/**
 * Super Simplified Sabacc (Electrum Circuit), text 003: play order, ante, one private roll of 1-23
 * with a Luck/Force reroll, one bet each, closest to 23 wins. Interpretations: docs/rules/sabacc.md.
 * Details: docs/rules-layer.md, "src/rules/sabacc/super-simplified.ts".
 */
import {
  type Applied,
  type Game,
  type GameEvent,
  type GameStatus,
  type Random,
  type RollEvent,
  type SeatId,
  type OptionsOf,
  type Viewer,
  canSee,
  refuse,
  integer,
  ok,
  schemaOptions,
} from "../core";
import {
  E,
  TARGET,
  MAX_AMOUNT,
  purseFields,
  mapSeats,
  matchStatus,
  privateRoll,
  checkSeatLimit,
  seatsToAct,
  turnRefusal,
  splitPot,
} from "./common";
import * as dice from "./dice-variants";

export { TARGET, splitPot };

export const SUPER_SIMPLIFIED_ID = "sabacc-super-simplified";

/** The table options. `minBet`: the smallest bet that stays in; 0 lets a player stay in on the ante alone. */
export const superSimplifiedSchema = {
  ante: integer(100, 1, MAX_AMOUNT, { ante: true }),
  minBet: integer(0, 0, MAX_AMOUNT, { ante: true }),
  /** "There will be no player signup limit for this tier of play": none by default (0); a GM may set one. */
  seatLimit: integer(0, 0, MAX_AMOUNT, { labelKey: "CANTINA.Options.seatLimitOptional" }),
  ...purseFields(1000),
};
export type SuperSimplifiedOptions = OptionsOf<typeof superSimplifiedSchema>;

export type Phase = "order" | "hand" | "betting" | "over";

/** Besides what both dice variants have (dice-variants.ts): the phase, and who has used their one reroll. */
export interface SuperSimplifiedState extends dice.DiceTable {
  readonly game: typeof SUPER_SIMPLIFIED_ID;
  /** `turn` is the seat rolling in the hand phase, betting in the betting phase. */
  readonly phase: Phase;
  readonly rerollUsed: Readonly<Record<SeatId, boolean>>;
}

export type SuperSimplifiedMove =
  | { readonly type: "roll-order" }
  | { readonly type: "roll-hand" }
  | { readonly type: "reroll" }
  | { readonly type: "keep" }
  | { readonly type: "bet"; readonly amount: number }
  | { readonly type: "fold" };
/** The moves that carry nothing but their type (a bet also carries its amount). */
const BARE_MOVES: readonly SuperSimplifiedMove["type"][] = ["roll-order", "roll-hand", "reroll", "keep", "fold"];

export interface SeatView extends dice.DiceSeatView {
  /** Only for its owner and the GM. */
  readonly rerollUsed: boolean | null;
}

export interface SuperSimplifiedView extends dice.DiceViewBasics {
  readonly game: typeof SUPER_SIMPLIFIED_ID;
  readonly phase: Phase;
  readonly seats: readonly SeatView[];
}

/**
 * After a bet or fold: the next seat still in, the show (closest to 23 wins; hands never exceed 23
 * here, so that is the highest), or the last player standing wins.
 */
function afterBetting(state: SuperSimplifiedState, events: GameEvent[]): SuperSimplifiedState {
  const standing = dice.stillIn(state);
  if (standing.length === 1) return { ...state, ...dice.settle(state, standing, [], events) };
  let turn = state.turn + 1;
  while (turn < state.playOrder.length && state.folded[state.playOrder[turn] as SeatId]) turn++;
  if (turn >= state.playOrder.length) return { ...state, turn, ...dice.showdown(state, events) };
  return { ...state, turn };
}

function nextHand(state: SuperSimplifiedState): SuperSimplifiedState {
  const turn = state.turn + 1;
  if (turn < state.playOrder.length) return { ...state, turn, deciding: false };
  return { ...state, phase: "betting", turn: 0, deciding: false };
}

function handRoll(seat: SeatId, random: Random, purpose: string): { value: number; event: RollEvent } {
  const event = privateRoll(seat, "1d23", purpose, random);
  return { value: event.total, event };
}

function canReroll(state: SuperSimplifiedState, seat: SeatId): boolean {
  return (state.luck[seat] ?? 0) > 0 && !state.rerollUsed[seat];
}

export const superSimplifiedSabacc: Game<
  SuperSimplifiedState,
  SuperSimplifiedMove,
  SuperSimplifiedOptions,
  SuperSimplifiedView
> = {
  id: SUPER_SIMPLIFIED_ID,
  nameKey: "CANTINA.Games.sabacc-super-simplified",
  minSeats: 2,
  // "There will be no player signup limit for this tier of play": only the GM's `seatLimit` caps a table.
  maxSeats: Number.POSITIVE_INFINITY,
  usesLedger: true,

  ...schemaOptions(superSimplifiedSchema, { min: 2, max: Number.POSITIVE_INFINITY }, (options, seats) =>
    checkSeatLimit(options.seatLimit, seats),
  ),

  setup(seats, options, _random, purses) {
    const opened = dice.setupTable((o, s) => this.checkOptions(o, s), seats, options, purses);
    if (!opened.ok) return opened;
    return ok<SuperSimplifiedState>({
      ...opened.table,
      game: SUPER_SIMPLIFIED_ID,
      rerollUsed: mapSeats(seats, () => false),
    });
  },

  isMove(move: unknown): move is SuperSimplifiedMove {
    return dice.isBareMoveOrBet(move, BARE_MOVES);
  },

  legalMoves(state, seat) {
    if (!seatsToAct(state).includes(seat)) return [];
    switch (state.phase) {
      case "order":
        return [{ type: "roll-order" }];
      case "hand":
        if (!state.deciding) return [{ type: "roll-hand" }];
        return canReroll(state, seat) ? [{ type: "reroll" }, { type: "keep" }] : [{ type: "keep" }];
      case "betting": {
        const moves: SuperSimplifiedMove[] = [{ type: "fold" }];
        const have = state.credits[seat] ?? 0;
        if (have >= state.minBet) {
          for (const amount of dice.betSpread(state.minBet, have)) moves.push({ type: "bet", amount });
        } else if (have > 0) {
          moves.push({ type: "bet", amount: have }); // all in, short of the minimum
        }
        return moves;
      }
      case "over":
        return [];
    }
  },

  apply(state, seat, move, random): Applied<SuperSimplifiedState> {
    const refused = turnRefusal(state, seat);
    if (refused) return refuse(refused);
    const events: GameEvent[] = [];

    switch (move.type) {
      case "roll-order": {
        if (state.phase !== "order") return refuse(E.wrongPhase);
        const { orderRolls, started } = dice.rollForOrder(state, seat, random, events);
        if (!started) return ok({ ...state, orderRolls }, events);
        return ok({ ...state, orderRolls, ...started, phase: "hand", turn: 0, deciding: false }, events);
      }
      case "roll-hand": {
        if (state.phase !== "hand" || state.deciding) return refuse(E.wrongPhase);
        const { value, event } = handRoll(seat, random, "CANTINA.Sabacc.Roll.Hand");
        events.push(event);
        // Every hand goes through the keep-or-reroll step, even without a point to spend: skipping
        // it would tell the table that this player has no Luck/Force point left.
        return ok({ ...state, hands: { ...state.hands, [seat]: value }, deciding: true }, events);
      }
      case "reroll": {
        if (state.phase !== "hand" || !state.deciding) return refuse(E.wrongPhase);
        if (state.rerollUsed[seat]) return refuse(E.rerollUsed);
        if ((state.luck[seat] ?? 0) < 1) return refuse(E.noLuck);
        const { value, event } = handRoll(seat, random, "CANTINA.Sabacc.Roll.Reroll");
        const rerollUsed = { ...state.rerollUsed, [seat]: true };
        return ok(nextHand({ ...state, ...dice.rerolledHand(state, seat, value, event, events), rerollUsed }), events);
      }
      case "keep": {
        if (state.phase !== "hand" || !state.deciding) return refuse(E.wrongPhase);
        return ok(nextHand(state), events);
      }
      case "bet": {
        if (state.phase !== "betting") return refuse(E.wrongPhase);
        const have = state.credits[seat] ?? 0;
        // Below the minimum only by going all in, when that is all one has.
        const allIn = move.amount === have && have > 0 && have < state.minBet;
        if (move.amount < state.minBet && !allIn) return refuse(E.betTooSmall, { min: state.minBet });
        if (move.amount > have) return refuse(E.betTooLarge, { have });
        return ok(afterBetting({ ...state, ...dice.placeBet(state, seat, move.amount, events) }, events), events);
      }
      case "fold": {
        if (state.phase !== "betting") return refuse(E.wrongPhase);
        return ok(afterBetting({ ...state, ...dice.fold(state, seat, events) }, events), events);
      }
    }
  },

  view(state, viewer: Viewer): SuperSimplifiedView {
    const order = state.playOrder.length > 0 ? state.playOrder : state.seats;
    return {
      ...dice.viewBasics(state),
      game: SUPER_SIMPLIFIED_ID,
      phase: state.phase,
      seats: order.map((seat): SeatView => {
        const mine = canSee(viewer, seat);
        return {
          ...dice.seatView(state, seat, mine),
          rerollUsed: mine ? (state.rerollUsed[seat] ?? false) : null,
        };
      }),
    };
  },

  status(state): GameStatus {
    return matchStatus(state);
  },
};
