/**
 * Simplified Sabacc (Aurodium Circuit), text 003: rounds of private rolls, locks, a Sabacc Shift and
 * betting; closest to 23 wins. The steps are listed in docs/rules-layer.md, "src/rules/sabacc/simplified.ts".
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
  refuse,
  integer,
  ok,
  schemaOptions,
} from "../core";
import {
  E,
  MAX_AMOUNT,
  purseFields,
  mapSeats,
  matchStatus,
  nextIndex,
  privateRoll,
  checkSeatLimit,
  seatsToAct,
  turnRefusal,
} from "./common";
import * as dice from "./dice-variants";

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

/** Besides what both dice variants have (dice-variants.ts): the step of the text, locks and stakes. */
export interface SimplifiedState extends dice.DiceTable {
  readonly game: typeof SIMPLIFIED_ID;
  readonly seatLimit: number;
  readonly phase: "order" | "play" | "over";
  /** Index into STEPS while playing. */
  readonly step: number;
  /** The hand before the roll being decided (to undo it on a reroll). */
  readonly before: number | null;
  readonly locked: Readonly<Record<SeatId, boolean>>;
  /** Everything each seat has put in, ante included. */
  readonly staked: Readonly<Record<SeatId, number>>;
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
/** The moves that carry nothing but their type (a bet also carries its amount). */
const BARE_MOVES: readonly SimplifiedMove["type"][] = [
  "roll-order",
  "roll-hand",
  "reroll",
  "keep",
  "fold",
  "lock",
  "play-on",
];

export interface SimplifiedSeatView extends dice.DiceSeatView {
  /** Whether the hand is locked is public; its value is not. */
  readonly locked: boolean;
  /** While this seat decides on a ±5 roll: the change it made (owner and GM only). */
  readonly change: number | null;
  readonly staked: number;
}

export interface SimplifiedView extends dice.DiceViewBasics {
  readonly game: typeof SIMPLIFIED_ID;
  readonly phase: SimplifiedPhase;
  /** The rule number of the text being played (1 while rolling for order, 16 at the show). */
  readonly rule: number;
  readonly seats: readonly SimplifiedSeatView[];
}

export function stepKind(state: SimplifiedState): SimplifiedPhase {
  if (state.phase !== "play") return state.phase;
  return STEPS[state.step] ?? "over";
}

function eligible(state: SimplifiedState, kind: StepKind, seat: SeatId): boolean {
  if (state.folded[seat]) return false;
  return kind === "bet" || kind === "initial" || !state.locked[seat];
}

/**
 * Moves on to the next seat of this step, or to the first seat of the next step that has one. The
 * last player standing wins; after the last step comes the show (rules 16–17: closest to 23 wins).
 */
function advance(state: SimplifiedState, events: GameEvent[]): SimplifiedState {
  const standing = dice.stillIn(state);
  if (standing.length === 1)
    return { ...state, ...dice.settle(state, standing, [], events), deciding: false, before: null };
  let step = state.step;
  let from = state.turn;
  for (;;) {
    const kind = STEPS[step];
    if (kind === undefined)
      return { ...state, step, turn: 0, deciding: false, before: null, ...dice.showdown(state, events) };
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
  if (!seatsToAct(state).includes(seat)) return [];
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
      return [
        { type: "fold" },
        ...dice.betSpread(state.minBet, have).map((amount): SimplifiedMove => ({ type: "bet", amount })),
      ];
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
    checkSeatLimit(options.seatLimit, seats),
  ),

  setup(seats, options, _random, purses) {
    const opened = dice.setupTable((o, s) => this.checkOptions(o, s), seats, options, purses);
    if (!opened.ok) return opened;
    return ok<SimplifiedState>({
      ...opened.table,
      game: SIMPLIFIED_ID,
      seatLimit: options.seatLimit,
      step: 0,
      before: null,
      locked: mapSeats(seats, () => false),
      staked: mapSeats(seats, () => 0),
    });
  },

  isMove(move: unknown): move is SimplifiedMove {
    return dice.isBareMoveOrBet(move, BARE_MOVES);
  },

  legalMoves: legal,

  apply(state, seat, move, random): Applied<SimplifiedState> {
    const refused = turnRefusal(state, seat);
    if (refused) return refuse(refused);
    const events: GameEvent[] = [];
    const kind = stepKind(state);

    switch (move.type) {
      case "roll-order": {
        if (state.phase !== "order") return refuse(E.wrongPhase);
        const { orderRolls, started } = dice.rollForOrder(state, seat, random, events);
        if (!started) return ok({ ...state, orderRolls }, events);
        // Rule 2: "Players ICly pay the ante of 250 credits": the ante is each seat's first stake.
        const staked = mapSeats(state.seats, () => state.ante);
        return ok(
          { ...state, orderRolls, ...started, staked, phase: "play", step: 0, turn: 0, deciding: false },
          events,
        );
      }
      case "roll-hand": {
        if ((kind !== "initial" && kind !== "adjust" && kind !== "shift") || state.deciding)
          return refuse(E.wrongPhase);
        const base = state.hands[seat] ?? 0;
        const { value, event } = handRoll(state, seat, kind, base, false, random);
        events.push(event);
        // Every roll is followed by the keep-or-reroll step, so nobody learns who has points left.
        return ok({ ...state, hands: { ...state.hands, [seat]: value }, deciding: true, before: base }, events);
      }
      case "reroll": {
        if ((kind !== "initial" && kind !== "adjust" && kind !== "shift") || !state.deciding)
          return refuse(E.wrongPhase);
        if ((state.luck[seat] ?? 0) < 1) return refuse(E.noLuck);
        const { value, event } = handRoll(state, seat, kind, state.before ?? 0, true, random);
        return ok(advance({ ...state, ...dice.rerolledHand(state, seat, value, event, events) }, events), events);
      }
      case "keep": {
        if ((kind !== "initial" && kind !== "adjust" && kind !== "shift") || !state.deciding)
          return refuse(E.wrongPhase);
        return ok(advance(state, events), events);
      }
      case "lock":
      case "play-on": {
        if (kind !== "lock") return refuse(E.wrongPhase);
        if (move.type === "lock") {
          events.push({ kind: "notice", key: "CANTINA.Sabacc.Log.LockHand", seat, params: { seat } });
          return ok(advance({ ...state, locked: { ...state.locked, [seat]: true } }, events), events);
        }
        return ok(advance(state, events), events);
      }
      case "bet": {
        if (kind !== "bet") return refuse(E.wrongPhase);
        const have = state.credits[seat] ?? 0;
        if (move.amount > have) return refuse(E.betTooLarge, { have });
        // "A player cannot bet what they do not have": below the minimum only by going all in.
        if (move.amount < state.minBet && move.amount !== have) return refuse(E.betTooSmall, { min: state.minBet });
        const staked = { ...state.staked, [seat]: (state.staked[seat] ?? 0) + move.amount };
        return ok(advance({ ...state, ...dice.placeBet(state, seat, move.amount, events), staked }, events), events);
      }
      case "fold": {
        if (kind !== "bet") return refuse(E.wrongPhase);
        return ok(advance({ ...state, ...dice.fold(state, seat, events) }, events), events);
      }
    }
  },

  view(state, viewer: Viewer): SimplifiedView {
    const order = state.playOrder.length > 0 ? state.playOrder : state.seats;
    const phase = stepKind(state);
    return {
      ...dice.viewBasics(state),
      game: SIMPLIFIED_ID,
      phase,
      rule: state.phase === "order" ? 1 : state.phase === "over" ? 16 : (STEP_RULES[state.step] ?? 16),
      seats: order.map((seat): SimplifiedSeatView => {
        const mine = canSee(viewer, seat);
        return {
          ...dice.seatView(state, seat, mine),
          locked: state.locked[seat] ?? false,
          change:
            mine &&
            state.deciding &&
            state.playOrder[state.turn] === seat &&
            phase === "adjust" &&
            state.before !== null
              ? (state.hands[seat] ?? 0) - state.before
              : null,
          staked: state.staked[seat] ?? 0,
        };
      }),
    };
  },

  status(state): GameStatus {
    return matchStatus(state);
  },
};
