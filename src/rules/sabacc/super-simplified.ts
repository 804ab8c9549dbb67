/**
 * Super Simplified Sabacc (Electrum Circuit), text 003: play order, ante, one private roll of 1-23
 * with a Luck/Force reroll, one bet each, closest to 23 wins. Interpretations: docs/rules/sabacc.md.
 * Details: docs/architecture.md, "src/rules/sabacc/super-simplified.ts".
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
  fail,
  integer,
  ok,
  schemaOptions,
} from "../core";
import { pendingOrderRollers } from "./play-order";
import {
  E,
  type SabaccTable,
  type SeatViewBasics,
  TARGET,
  checkPurses,
  MAX_AMOUNT,
  purseFields,
  isCount,
  mapSeats,
  matchStatus,
  orderRoll,
  privateRoll,
  purseOf,
  seatViewBasics,
  splitPot,
} from "./common";

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

export interface SuperSimplifiedState extends SabaccTable {
  readonly game: typeof SUPER_SIMPLIFIED_ID;
  readonly ante: number;
  readonly minBet: number;
  readonly phase: Phase;
  readonly hands: Readonly<Record<SeatId, number | null>>;
  readonly rerollUsed: Readonly<Record<SeatId, boolean>>;
  /** Index into playOrder of the seat rolling (hand phase) or betting (betting phase). */
  readonly turn: number;
  /** In the hand phase: whether the seat at `turn` has rolled and is choosing to reroll or keep. */
  readonly deciding: boolean;
  readonly bets: Readonly<Record<SeatId, number | null>>;
  readonly pot: number;
}

export type SuperSimplifiedMove =
  | { readonly type: "roll-order" }
  | { readonly type: "roll-hand" }
  | { readonly type: "reroll" }
  | { readonly type: "keep" }
  | { readonly type: "bet"; readonly amount: number }
  | { readonly type: "fold" };

export interface SeatView extends SeatViewBasics {
  readonly hasHand: boolean;
  /** The hand's value, only for its owner, the GM, or after the show. */
  readonly hand: number | null;
  readonly rerollUsed: boolean | null;
  readonly bet: number | null;
}

export interface SuperSimplifiedView {
  readonly game: typeof SUPER_SIMPLIFIED_ID;
  readonly phase: Phase;
  readonly ante: number;
  readonly minBet: number;
  readonly pot: number;
  readonly playOrder: readonly SeatId[];
  readonly seats: readonly SeatView[];
  readonly toAct: readonly SeatId[];
  /** While one seat is choosing to reroll or keep. */
  readonly deciding: boolean;
  readonly winners: readonly SeatId[];
}

function active(state: SuperSimplifiedState): SeatId[] {
  return state.playOrder.filter((s) => !state.folded[s]);
}

function toAct(state: SuperSimplifiedState): SeatId[] {
  switch (state.phase) {
    case "order":
      return pendingOrderRollers(state.seats, state.orderRolls);
    case "hand":
    case "betting": {
      const seat = state.playOrder[state.turn];
      return seat === undefined ? [] : [seat];
    }
    case "over":
      return [];
  }
}

function finish(
  state: SuperSimplifiedState,
  winners: readonly SeatId[],
  shown: readonly SeatId[],
  events: GameEvent[],
): SuperSimplifiedState {
  const payouts = splitPot(state.pot, winners);
  const credits = { ...state.credits };
  for (const [seat, amount] of Object.entries(payouts)) {
    credits[seat] = (credits[seat] ?? 0) + amount;
    events.push({ kind: "notice", key: "CANTINA.Sabacc.Log.Payout", seat, params: { seat, amount } });
  }
  return { ...state, phase: "over", credits, pot: 0, winners, shown, payouts };
}

function show(state: SuperSimplifiedState, events: GameEvent[]): SuperSimplifiedState {
  const standing = active(state);
  for (const seat of standing) {
    events.push({
      kind: "notice",
      key: "CANTINA.Sabacc.Log.Show",
      seat,
      params: { seat, value: state.hands[seat] ?? 0 },
    });
  }
  // Hands never exceed 23 here, so the closest to 23 is the highest.
  const best = Math.min(...standing.map((s) => Math.abs(TARGET - (state.hands[s] ?? 0))));
  const winners = standing.filter((s) => Math.abs(TARGET - (state.hands[s] ?? 0)) === best);
  return finish(state, winners, standing, events);
}

/** After a bet or fold: the next seat still in, the show, or the last player standing wins. */
function afterBetting(state: SuperSimplifiedState, events: GameEvent[]): SuperSimplifiedState {
  const standing = active(state);
  if (standing.length === 1) return finish(state, standing, [], events);
  let turn = state.turn + 1;
  while (turn < state.playOrder.length && state.folded[state.playOrder[turn] as SeatId]) turn++;
  if (turn >= state.playOrder.length) return show({ ...state, turn }, events);
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
    options.seatLimit > 0 && seats.length > options.seatLimit
      ? { code: "CANTINA.Sabacc.Error.SeatLimit", params: { limit: options.seatLimit } }
      : null,
  ),

  setup(seats, options, _random, purses) {
    const error = this.checkOptions(options, seats) ?? checkPurses(options, purses, seats, options.ante);
    if (error) return { ok: false, error };
    const credits = mapSeats(seats, (s) => purseOf(options, purses, s).credits);
    return ok<SuperSimplifiedState>({
      game: SUPER_SIMPLIFIED_ID,
      seats: [...seats],
      ante: options.ante,
      minBet: options.minBet,
      phase: "order",
      orderRolls: mapSeats(seats, () => []),
      playOrder: [],
      credits,
      startCredits: credits,
      luck: mapSeats(seats, (s) => purseOf(options, purses, s).luck),
      luckSpent: mapSeats(seats, () => 0),
      hands: mapSeats(seats, () => null),
      rerollUsed: mapSeats(seats, () => false),
      turn: 0,
      deciding: false,
      bets: mapSeats(seats, () => null),
      folded: mapSeats(seats, () => false),
      pot: 0,
      shown: [],
      winners: [],
      payouts: {},
    });
  },

  isMove(move: unknown): move is SuperSimplifiedMove {
    if (typeof move !== "object" || move === null) return false;
    const m = move as Record<string, unknown>;
    switch (m.type) {
      case "roll-order":
      case "roll-hand":
      case "reroll":
      case "keep":
      case "fold":
        return Object.keys(m).length === 1;
      case "bet":
        return Object.keys(m).length === 2 && isCount(m.amount);
      default:
        return false;
    }
  },

  legalMoves(state, seat) {
    if (!toAct(state).includes(seat)) return [];
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
          // A spread of amounts, not every integer: enough for bots and property tests.
          const amounts = new Set([
            state.minBet,
            Math.max(state.minBet, Math.floor(have / 4)),
            Math.max(state.minBet, Math.floor(have / 2)),
            have,
          ]);
          for (const amount of amounts) moves.push({ type: "bet", amount });
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
    if (!state.seats.includes(seat)) return fail(E.notSeated);
    if (state.phase === "over") return fail(E.gameOver);
    if (!toAct(state).includes(seat)) return fail(E.notYourTurn);
    const events: GameEvent[] = [];

    switch (move.type) {
      case "roll-order": {
        if (state.phase !== "order") return fail(E.wrongPhase);
        const { orderRolls, playOrder } = orderRoll(state.seats, state.orderRolls, seat, random, events);
        let next: SuperSimplifiedState = { ...state, orderRolls };
        if (playOrder) {
          // "Players ICly pay the ante": every seat could afford it (checked at setup).
          const credits = mapSeats(state.seats, (s) => (state.credits[s] ?? 0) - state.ante);
          const pot = state.pot + state.ante * state.seats.length;
          events.push({ kind: "notice", key: "CANTINA.Sabacc.Log.Ante", params: { ante: state.ante, pot } });
          next = { ...next, playOrder, credits, pot, phase: "hand", turn: 0, deciding: false };
        }
        return ok(next, events);
      }
      case "roll-hand": {
        if (state.phase !== "hand" || state.deciding) return fail(E.wrongPhase);
        const { value, event } = handRoll(seat, random, "CANTINA.Sabacc.Roll.Hand");
        events.push(event);
        // Every hand goes through the keep-or-reroll step, even without a point to spend: skipping
        // it would tell the table that this player has no Luck/Force point left.
        return ok({ ...state, hands: { ...state.hands, [seat]: value }, deciding: true }, events);
      }
      case "reroll": {
        if (state.phase !== "hand" || !state.deciding) return fail(E.wrongPhase);
        if (state.rerollUsed[seat]) return fail(E.rerollUsed);
        if ((state.luck[seat] ?? 0) < 1) return fail(E.noLuck);
        const { value, event } = handRoll(seat, random, "CANTINA.Sabacc.Roll.Reroll");
        events.push({ kind: "notice", key: "CANTINA.Sabacc.Log.LuckSpent", seat, params: { seat }, audience: [seat] });
        events.push({ ...event, quiet: true });
        return ok(
          nextHand({
            ...state,
            hands: { ...state.hands, [seat]: value },
            luck: { ...state.luck, [seat]: (state.luck[seat] ?? 0) - 1 },
            luckSpent: { ...state.luckSpent, [seat]: (state.luckSpent[seat] ?? 0) + 1 },
            rerollUsed: { ...state.rerollUsed, [seat]: true },
          }),
          events,
        );
      }
      case "keep": {
        if (state.phase !== "hand" || !state.deciding) return fail(E.wrongPhase);
        return ok(nextHand(state), events);
      }
      case "bet": {
        if (state.phase !== "betting") return fail(E.wrongPhase);
        const have = state.credits[seat] ?? 0;
        // Below the minimum only by going all in, when that is all one has.
        const allIn = move.amount === have && have > 0 && have < state.minBet;
        if (move.amount < state.minBet && !allIn) return fail(E.betTooSmall, { min: state.minBet });
        if (move.amount > have) return fail(E.betTooLarge, { have });
        events.push({ kind: "notice", key: "CANTINA.Sabacc.Log.Bet", seat, params: { seat, amount: move.amount } });
        return ok(
          afterBetting(
            {
              ...state,
              credits: { ...state.credits, [seat]: have - move.amount },
              bets: { ...state.bets, [seat]: move.amount },
              pot: state.pot + move.amount,
            },
            events,
          ),
          events,
        );
      }
      case "fold": {
        if (state.phase !== "betting") return fail(E.wrongPhase);
        events.push({ kind: "notice", key: "CANTINA.Sabacc.Log.Fold", seat, params: { seat } });
        return ok(afterBetting({ ...state, folded: { ...state.folded, [seat]: true } }, events), events);
      }
    }
  },

  view(state, viewer: Viewer): SuperSimplifiedView {
    const order = state.playOrder.length > 0 ? state.playOrder : state.seats;
    return {
      game: SUPER_SIMPLIFIED_ID,
      phase: state.phase,
      ante: state.ante,
      minBet: state.minBet,
      pot: state.pot,
      playOrder: state.playOrder,
      toAct: toAct(state),
      deciding: state.deciding,
      winners: state.winners,
      seats: order.map((seat): SeatView => {
        const mine = canSee(viewer, seat);
        const basics = seatViewBasics(state, seat, mine);
        return {
          ...basics,
          hasHand: state.hands[seat] !== null,
          hand: mine || basics.shown ? (state.hands[seat] ?? null) : null,
          rerollUsed: mine ? (state.rerollUsed[seat] ?? false) : null,
          bet: state.bets[seat] ?? null,
        };
      }),
    };
  },

  status(state): GameStatus {
    return matchStatus(state, () => toAct(state));
  },
};
