/**
 * Simplified Sabacc (Aurodium Circuit), text 003: rounds of private rolls, locks, a Sabacc Shift and
 * betting; closest to 23 wins. The steps are listed in docs/architecture.md, "src/rules/sabacc/simplified.ts".
 */
import {
  type Applied,
  type Game,
  type GameEvent,
  type GameStatus,
  type SeatId,
  type OptionsOf,
  type Viewer,
  canSee,
  fail,
  integer,
  ok,
  schemaOptions,
} from "../core";
import {
  E,
  type SabaccTable,
  type SeatViewBasics,
  TARGET,
  MAX_AMOUNT,
  checkPurses,
  purseFields,
  isCount,
  mapSeats,
  matchStatus,
  nextIndex,
  orderRoll,
  privateRoll,
  purseOf,
  seatViewBasics,
  splitPot,
} from "./common";
import { pendingOrderRollers } from "./play-order";

export const SIMPLIFIED_ID = "sabacc-simplified";
export const SIMPLIFIED_MAX_SEATS = 12;

export const simplifiedSchema = {
  ante: integer(250, 1, MAX_AMOUNT, { ante: true }),
  /** "to stay in the game a player must bet a minimum of the 250 credit ante". */
  minBet: integer(250, 0, MAX_AMOUNT, { ante: true }),
  /** "There will be a player/signup limit for this tier of play": the GM sets it. */
  seatLimit: integer(6, 1, SIMPLIFIED_MAX_SEATS),
  ...purseFields(5000),
};
export type SimplifiedOptions = OptionsOf<typeof simplifiedSchema>;

/** The steps after the play order and the ante, in the order of the text (rule 3 to rule 15). */
export type StepKind = "initial" | "bet" | "lock" | "adjust" | "shift";
export const STEPS: readonly StepKind[] = [
  "initial",
  "bet",
  "lock",
  "adjust",
  "bet",
  "lock",
  "shift",
  "bet",
  "adjust",
  "lock",
  "bet",
  "adjust",
  "bet",
];
/** The rule number of the text for each step of STEPS. */
export const STEP_RULES: readonly number[] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];

export type SimplifiedPhase = "order" | StepKind | "over";

export interface SimplifiedState extends SabaccTable {
  readonly game: typeof SIMPLIFIED_ID;
  readonly ante: number;
  readonly minBet: number;
  readonly seatLimit: number;
  readonly phase: "order" | "play" | "over";
  /** Index into STEPS while playing. */
  readonly step: number;
  /** Index into playOrder of the seat to act. */
  readonly turn: number;
  /** The seat at `turn` has rolled and chooses to keep or reroll. */
  readonly deciding: boolean;
  /** The hand before the roll being decided (to undo it on a reroll). */
  readonly before: number | null;
  readonly hands: Readonly<Record<SeatId, number | null>>;
  readonly locked: Readonly<Record<SeatId, boolean>>;
  /** Bets of the current (or last) betting round. */
  readonly bets: Readonly<Record<SeatId, number | null>>;
  /** Everything each seat has put in, ante included. */
  readonly staked: Readonly<Record<SeatId, number>>;
  readonly pot: number;
}

export type SimplifiedMove =
  | { readonly type: "roll-order" }
  | { readonly type: "roll-hand" }
  | { readonly type: "reroll" }
  | { readonly type: "keep" }
  | { readonly type: "bet"; readonly amount: number }
  | { readonly type: "fold" }
  | { readonly type: "lock" }
  | { readonly type: "play-on" };

export interface SimplifiedSeatView extends SeatViewBasics {
  readonly hasHand: boolean;
  /** Only for its owner, the GM, or after the show. */
  readonly hand: number | null;
  /** Whether the hand is locked is public; its value is not. */
  readonly locked: boolean;
  /** While this seat decides on a ±5 roll: the change it made (owner and GM only). */
  readonly change: number | null;
  readonly bet: number | null;
  readonly staked: number;
}

export interface SimplifiedView {
  readonly game: typeof SIMPLIFIED_ID;
  readonly phase: SimplifiedPhase;
  /** The rule number of the text being played (1 while rolling for order, 16 at the show). */
  readonly rule: number;
  readonly ante: number;
  readonly minBet: number;
  readonly pot: number;
  readonly playOrder: readonly SeatId[];
  readonly seats: readonly SimplifiedSeatView[];
  readonly toAct: readonly SeatId[];
  readonly deciding: boolean;
  readonly winners: readonly SeatId[];
}

export function stepKind(state: SimplifiedState): SimplifiedPhase {
  if (state.phase !== "play") return state.phase;
  return STEPS[state.step] ?? "over";
}

function activeSeats(state: SimplifiedState): SeatId[] {
  return state.playOrder.filter((s) => !state.folded[s]);
}

function eligible(state: SimplifiedState, kind: StepKind, seat: SeatId): boolean {
  if (state.folded[seat]) return false;
  return kind === "bet" || kind === "initial" || !state.locked[seat];
}

function toAct(state: SimplifiedState): SeatId[] {
  if (state.phase === "order") return pendingOrderRollers(state.seats, state.orderRolls);
  if (state.phase === "over") return [];
  const seat = state.playOrder[state.turn];
  return seat === undefined ? [] : [seat];
}

function finish(
  state: SimplifiedState,
  winners: readonly SeatId[],
  shown: readonly SeatId[],
  events: GameEvent[],
): SimplifiedState {
  const payouts = splitPot(state.pot, winners);
  const credits = { ...state.credits };
  for (const [seat, amount] of Object.entries(payouts)) {
    credits[seat] = (credits[seat] ?? 0) + amount;
    events.push({ kind: "notice", key: "CANTINA.Sabacc.Log.Payout", seat, params: { seat, amount } });
  }
  return { ...state, phase: "over", credits, pot: 0, winners, shown, payouts, deciding: false, before: null };
}

/** Rules 16–17: every hand still in is shown; the closest to 23 wins, ties split the pot. */
function show(state: SimplifiedState, events: GameEvent[]): SimplifiedState {
  const standing = activeSeats(state);
  for (const seat of standing) {
    events.push({
      kind: "notice",
      key: "CANTINA.Sabacc.Log.Show",
      seat,
      params: { seat, value: state.hands[seat] ?? 0 },
    });
  }
  const distance = (s: SeatId): number => Math.abs(TARGET - (state.hands[s] ?? 0));
  const best = Math.min(...standing.map(distance));
  return finish(
    state,
    standing.filter((s) => distance(s) === best),
    standing,
    events,
  );
}

/** Moves on to the next seat of this step, or to the first seat of the next step that has one. */
function advance(state: SimplifiedState, events: GameEvent[]): SimplifiedState {
  const standing = activeSeats(state);
  if (standing.length === 1) return finish(state, standing, [], events);
  let step = state.step;
  let from = state.turn;
  for (;;) {
    const kind = STEPS[step];
    if (kind === undefined) return show({ ...state, step, turn: 0, deciding: false, before: null }, events);
    const turn = nextIndex(state.playOrder, from, (s) => eligible(state, kind, s));
    if (turn >= 0) {
      const bets = kind === "bet" && step !== state.step ? mapSeats(state.seats, () => null) : state.bets;
      return { ...state, step, turn, bets, deciding: false, before: null };
    }
    step++;
    from = -1;
  }
}

function legal(state: SimplifiedState, seat: SeatId): SimplifiedMove[] {
  if (!toAct(state).includes(seat)) return [];
  if (state.phase === "order") return [{ type: "roll-order" }];
  const kind = stepKind(state);
  switch (kind) {
    case "initial":
    case "adjust":
    case "shift":
      if (!state.deciding) return [{ type: "roll-hand" }];
      return (state.luck[seat] ?? 0) > 0 ? [{ type: "reroll" }, { type: "keep" }] : [{ type: "keep" }];
    case "lock":
      return [{ type: "lock" }, { type: "play-on" }];
    case "bet": {
      const have = state.credits[seat] ?? 0;
      if (have < state.minBet) return [{ type: "fold" }, { type: "bet", amount: have }];
      const amounts = new Set([
        state.minBet,
        Math.max(state.minBet, Math.floor(have / 4)),
        Math.max(state.minBet, Math.floor(have / 2)),
        have,
      ]);
      return [{ type: "fold" }, ...[...amounts].map((amount): SimplifiedMove => ({ type: "bet", amount }))];
    }
    default:
      return [];
  }
}

/** The private roll of the step: 1d23 (round 1, the shift) or 1d2 for ±5 (rounds 2–4). */
function handRoll(
  state: SimplifiedState,
  seat: SeatId,
  kind: StepKind,
  base: number,
  reroll: boolean,
  random: Parameters<typeof privateRoll>[3],
) {
  const purpose = reroll
    ? "CANTINA.Sabacc.Roll.Reroll"
    : kind === "shift"
      ? "CANTINA.Sabacc.Roll.Shift"
      : kind === "adjust"
        ? "CANTINA.Sabacc.Roll.Adjust"
        : "CANTINA.Sabacc.Roll.Hand";
  if (kind === "adjust") {
    const event = privateRoll(seat, "1d2", purpose, random);
    return { value: base + (event.total === 1 ? -5 : 5), event };
  }
  const event = privateRoll(seat, "1d23", purpose, random);
  return { value: event.total, event };
}

export const simplifiedSabacc: Game<SimplifiedState, SimplifiedMove, SimplifiedOptions, SimplifiedView> = {
  id: SIMPLIFIED_ID,
  nameKey: "CANTINA.Games.sabacc-simplified",
  minSeats: 2,
  maxSeats: SIMPLIFIED_MAX_SEATS,
  usesLedger: true,

  ...schemaOptions(simplifiedSchema, { min: 2, max: SIMPLIFIED_MAX_SEATS }, (options, seats) =>
    seats.length > options.seatLimit
      ? { code: "CANTINA.Sabacc.Error.SeatLimit", params: { limit: options.seatLimit } }
      : null,
  ),

  setup(seats, options, _random, purses) {
    const error = this.checkOptions(options, seats) ?? checkPurses(options, purses, seats, options.ante);
    if (error) return { ok: false, error };
    const credits = mapSeats(seats, (s) => purseOf(options, purses, s).credits);
    return ok<SimplifiedState>({
      game: SIMPLIFIED_ID,
      seats: [...seats],
      ante: options.ante,
      minBet: options.minBet,
      seatLimit: options.seatLimit,
      phase: "order",
      step: 0,
      turn: 0,
      deciding: false,
      before: null,
      orderRolls: mapSeats(seats, () => []),
      playOrder: [],
      credits,
      startCredits: credits,
      luck: mapSeats(seats, (s) => purseOf(options, purses, s).luck),
      luckSpent: mapSeats(seats, () => 0),
      hands: mapSeats(seats, () => null),
      locked: mapSeats(seats, () => false),
      folded: mapSeats(seats, () => false),
      bets: mapSeats(seats, () => null),
      staked: mapSeats(seats, () => 0),
      pot: 0,
      shown: [],
      winners: [],
      payouts: {},
    });
  },

  isMove(move: unknown): move is SimplifiedMove {
    if (typeof move !== "object" || move === null) return false;
    const m = move as Record<string, unknown>;
    switch (m.type) {
      case "roll-order":
      case "roll-hand":
      case "reroll":
      case "keep":
      case "fold":
      case "lock":
      case "play-on":
        return Object.keys(m).length === 1;
      case "bet":
        return Object.keys(m).length === 2 && isCount(m.amount);
      default:
        return false;
    }
  },

  legalMoves: legal,

  apply(state, seat, move, random): Applied<SimplifiedState> {
    if (!state.seats.includes(seat)) return fail(E.notSeated);
    if (state.phase === "over") return fail(E.gameOver);
    if (!toAct(state).includes(seat)) return fail(E.notYourTurn);
    const events: GameEvent[] = [];
    const kind = stepKind(state);

    switch (move.type) {
      case "roll-order": {
        if (state.phase !== "order") return fail(E.wrongPhase);
        const { orderRolls, playOrder } = orderRoll(state.seats, state.orderRolls, seat, random, events);
        if (!playOrder) return ok({ ...state, orderRolls }, events);
        // Rule 2: "Players ICly pay the ante of 250 credits" (every seat could afford it: checked at setup).
        const credits = mapSeats(state.seats, (s) => (state.credits[s] ?? 0) - state.ante);
        const staked = mapSeats(state.seats, () => state.ante);
        const pot = state.pot + state.ante * state.seats.length;
        events.push({ kind: "notice", key: "CANTINA.Sabacc.Log.Ante", params: { ante: state.ante, pot } });
        return ok(
          { ...state, orderRolls, playOrder, credits, staked, pot, phase: "play", step: 0, turn: 0, deciding: false },
          events,
        );
      }
      case "roll-hand": {
        if ((kind !== "initial" && kind !== "adjust" && kind !== "shift") || state.deciding) return fail(E.wrongPhase);
        const base = state.hands[seat] ?? 0;
        const { value, event } = handRoll(state, seat, kind, base, false, random);
        events.push(event);
        // Every roll is followed by the keep-or-reroll step, so nobody learns who has points left.
        return ok({ ...state, hands: { ...state.hands, [seat]: value }, deciding: true, before: base }, events);
      }
      case "reroll": {
        if ((kind !== "initial" && kind !== "adjust" && kind !== "shift") || !state.deciding) return fail(E.wrongPhase);
        if ((state.luck[seat] ?? 0) < 1) return fail(E.noLuck);
        const { value, event } = handRoll(state, seat, kind, state.before ?? 0, true, random);
        events.push({ kind: "notice", key: "CANTINA.Sabacc.Log.LuckSpent", seat, params: { seat }, audience: [seat] });
        events.push({ ...event, quiet: true });
        return ok(
          advance(
            {
              ...state,
              hands: { ...state.hands, [seat]: value },
              luck: { ...state.luck, [seat]: (state.luck[seat] ?? 0) - 1 },
              luckSpent: { ...state.luckSpent, [seat]: (state.luckSpent[seat] ?? 0) + 1 },
            },
            events,
          ),
          events,
        );
      }
      case "keep": {
        if ((kind !== "initial" && kind !== "adjust" && kind !== "shift") || !state.deciding) return fail(E.wrongPhase);
        return ok(advance(state, events), events);
      }
      case "lock":
      case "play-on": {
        if (kind !== "lock") return fail(E.wrongPhase);
        if (move.type === "lock") {
          events.push({ kind: "notice", key: "CANTINA.Sabacc.Log.LockHand", seat, params: { seat } });
          return ok(advance({ ...state, locked: { ...state.locked, [seat]: true } }, events), events);
        }
        return ok(advance(state, events), events);
      }
      case "bet": {
        if (kind !== "bet") return fail(E.wrongPhase);
        const have = state.credits[seat] ?? 0;
        if (move.amount > have) return fail(E.betTooLarge, { have });
        // "A player cannot bet what they do not have": below the minimum only by going all in.
        if (move.amount < state.minBet && move.amount !== have) return fail(E.betTooSmall, { min: state.minBet });
        events.push({ kind: "notice", key: "CANTINA.Sabacc.Log.Bet", seat, params: { seat, amount: move.amount } });
        return ok(
          advance(
            {
              ...state,
              credits: { ...state.credits, [seat]: have - move.amount },
              bets: { ...state.bets, [seat]: move.amount },
              staked: { ...state.staked, [seat]: (state.staked[seat] ?? 0) + move.amount },
              pot: state.pot + move.amount,
            },
            events,
          ),
          events,
        );
      }
      case "fold": {
        if (kind !== "bet") return fail(E.wrongPhase);
        events.push({ kind: "notice", key: "CANTINA.Sabacc.Log.Fold", seat, params: { seat } });
        return ok(advance({ ...state, folded: { ...state.folded, [seat]: true } }, events), events);
      }
    }
  },

  view(state, viewer: Viewer): SimplifiedView {
    const order = state.playOrder.length > 0 ? state.playOrder : state.seats;
    const phase = stepKind(state);
    return {
      game: SIMPLIFIED_ID,
      phase,
      rule: state.phase === "order" ? 1 : state.phase === "over" ? 16 : (STEP_RULES[state.step] ?? 16),
      ante: state.ante,
      minBet: state.minBet,
      pot: state.pot,
      playOrder: state.playOrder,
      toAct: toAct(state),
      deciding: state.deciding,
      winners: state.winners,
      seats: order.map((seat): SimplifiedSeatView => {
        const mine = canSee(viewer, seat);
        const basics = seatViewBasics(state, seat, mine);
        return {
          ...basics,
          hasHand: state.hands[seat] !== null,
          hand: mine || basics.shown ? (state.hands[seat] ?? null) : null,
          locked: state.locked[seat] ?? false,
          change:
            mine &&
            state.deciding &&
            state.playOrder[state.turn] === seat &&
            phase === "adjust" &&
            state.before !== null
              ? (state.hands[seat] ?? 0) - state.before
              : null,
          bet: state.bets[seat] ?? null,
          staked: state.staked[seat] ?? 0,
        };
      }),
    };
  },

  status(state): GameStatus {
    return matchStatus(state, () => toAct(state));
  },
};
