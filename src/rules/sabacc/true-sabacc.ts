/**
 * True Sabacc (Nova Circuit), text 003, every step:
 *  1. draw order by 1d100, highest first        3. antes: 500 to the Main Pot, 1,000 to the Sabacc Pot
 *  4. the deal: two cards each, one at a time in draw order, a Luck/Force reroll after each
 *  5. draw, trade (the discard is shown to all) or stand; a reroll after a draw or a trade
 *  6. betting: match the bet before you, or raise; fold; no call yet
 *  7. lock any cards face up in the Static Field      8. the GM's 1d100: 33–66 is a Sabacc Shift
 *  9–16. rounds 2 and 3 the same (the shift after round 3 is the last)
 * 17–18. round 4: draw/trade/stand, then lock before betting
 * 19. betting in which a player may call: the caller matches, one last round follows in which all
 *     must match and none may raise; then everyone may cheat (all three Luck/Force points for a card)
 * 20–23. rounds 5 on as round 4, until someone calls
 * 24. the show: Idiot's Array, then Pure Sabacc, then closest to 23 or −23
 * 25. ties: Sudden Demise, one more card each      26. the winner takes the Main Pot, and the
 *     Sabacc Pot with an Idiot's Array or a Pure Sabacc only; otherwise it goes to the house.
 * Dealing is a roll of 1d(N), N the cards left, read against the remaining deck in its fixed order.
 * See docs/rules/sabacc.md for every interpretation.
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
  roll,
  schemaOptions,
} from "../core";
import {
  E,
  type SabaccTable,
  type SeatViewBasics,
  MAX_AMOUNT,
  checkPurses,
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
import {
  type CardId,
  type HandKind,
  DECK_IDS,
  baseId,
  duplicateId,
  handKind,
  handScore,
  isCardId,
  totalOf,
} from "./deck";
import { pendingOrderRollers } from "./play-order";

export const TRUE_ID = "sabacc-true";
export const TRUE_MAX_SEATS = 6;
/** The last round after which the GM rolls for a Sabacc Shift (rule 16). */
export const LAST_SHIFT_ROUND = 3;
/** From this round on, locking comes before betting and a player may call (rules 18–19). */
export const CALL_ROUND = 4;

export const trueSchema = {
  mainAnte: integer(500, 0, MAX_AMOUNT, { ante: true }),
  sabaccAnte: integer(1000, 0, MAX_AMOUNT, { ante: true }),
  /** "extremely limited (most likely two to three players)": the GM sets the limit. */
  seatLimit: integer(3, 1, TRUE_MAX_SEATS),
  /** The house calls the game in this round's betting if no player has (so every match ends). */
  roundLimit: integer(10, CALL_ROUND, MAX_AMOUNT),
  ...purseFields(5000),
};
export type TrueOptions = OptionsOf<typeof trueSchema>;

export type TruePhase = "order" | "deal" | "dts" | "betting" | "lock" | "shift" | "cheat" | "demise" | "over";

export interface Betting {
  /** The bet to meet this round: the highest total any seat has put in this round. */
  readonly high: number;
  readonly contributed: Readonly<Record<SeatId, number>>;
  readonly acted: Readonly<Record<SeatId, boolean>>;
  /** The last round after a call (or the house's call): match only, no raise. */
  readonly final: boolean;
  readonly caller: SeatId | null;
}

/** A card out of play face down: rerolled away with a Luck/Force point, or erased by a shift. */
export interface SetAside {
  readonly card: CardId;
  readonly seat: SeatId;
}

export type Outcome = "show" | "uncontested" | "split" | "bomb-out";

export interface TrueState extends SabaccTable {
  readonly game: typeof TRUE_ID;
  readonly mainAnte: number;
  readonly sabaccAnte: number;
  readonly seatLimit: number;
  readonly roundLimit: number;
  readonly phase: TruePhase;
  readonly round: number;
  /** In the deal: the first or the second card. */
  readonly dealCard: number;
  readonly turn: number;
  /** The seat at `turn` was just dealt `pending` and chooses to keep it or reroll. */
  readonly deciding: boolean;
  readonly pending: CardId | null;
  /** The cards left, in the deal table's fixed order. */
  readonly deck: readonly CardId[];
  /** Cards in hand: secret to their owner (and the GM) until the show. */
  readonly hands: Readonly<Record<SeatId, readonly CardId[]>>;
  /** The Static Field: locked cards, face up. */
  readonly fields: Readonly<Record<SeatId, readonly CardId[]>>;
  /** Traded away, face up. */
  readonly discards: readonly CardId[];
  readonly setAside: readonly SetAside[];
  readonly mainPot: number;
  readonly sabaccPot: number;
  /** What the house took (the Sabacc Pot when nobody wins it). */
  readonly house: number;
  readonly betting: Betting;
  /** The GM's shift rolls, by round. */
  readonly shiftRolls: readonly { readonly round: number; readonly roll: number }[];
  /** The card each seat cheated in, if any (secret). */
  readonly cheats: Readonly<Record<SeatId, CardId | null>>;
  /** Seats in Sudden Demise. */
  readonly demise: readonly SeatId[];
  /** The kind of hand the tie was at the show (decides the Sabacc Pot after a Sudden Demise). */
  readonly demiseKind: HandKind | null;
  /** At the show: base ids of cards seen more than once. */
  readonly duplicates: readonly CardId[];
  readonly outcome: Outcome | null;
}

export type TrueMove =
  | { readonly type: "roll-order" }
  | { readonly type: "deal" }
  | { readonly type: "reroll" }
  | { readonly type: "keep" }
  | { readonly type: "draw" }
  | { readonly type: "trade"; readonly card: CardId }
  | { readonly type: "stand" }
  | { readonly type: "bet"; readonly amount: number }
  | { readonly type: "call" }
  | { readonly type: "fold" }
  | { readonly type: "lock"; readonly cards: readonly CardId[] }
  | { readonly type: "redraw" }
  | { readonly type: "cheat"; readonly card: CardId }
  | { readonly type: "no-cheat" }
  | { readonly type: "demise-draw" };

export interface TrueSeatView extends SeatViewBasics {
  readonly handCount: number;
  /** The cards in hand: for the owner, the GM, and after the show. */
  readonly hand: readonly CardId[] | null;
  readonly field: readonly CardId[];
  /** Total and kind of hand + Static Field, when the hand is known to the viewer. */
  readonly total: number | null;
  readonly kind: HandKind | null;
  /** Cards this seat set aside face down: owner and GM only. */
  readonly setAside: readonly CardId[] | null;
  readonly cheated: CardId | null;
  readonly contributed: number;
}

export interface TrueView {
  readonly game: typeof TRUE_ID;
  readonly phase: TruePhase;
  readonly round: number;
  readonly dealCard: number;
  readonly mainPot: number;
  readonly sabaccPot: number;
  readonly house: number;
  /** Cards left in the deck: the GM's bookkeeping only (it would reveal rerolls). */
  readonly deckCount: number | null;
  readonly discards: readonly CardId[];
  readonly setAsideCount: number | null;
  readonly playOrder: readonly SeatId[];
  readonly seats: readonly TrueSeatView[];
  readonly toAct: readonly SeatId[];
  readonly deciding: boolean;
  /** The card just dealt to the deciding seat: for that seat and the GM. */
  readonly pending: CardId | null;
  readonly betting: {
    readonly high: number;
    readonly final: boolean;
    readonly caller: SeatId | null;
    readonly cap: number;
  };
  readonly shiftRolls: readonly { readonly round: number; readonly roll: number }[];
  readonly demise: readonly SeatId[];
  readonly duplicates: readonly CardId[];
  readonly winners: readonly SeatId[];
  readonly outcome: Outcome | null;
  readonly mainAnte: number;
  readonly sabaccAnte: number;
  readonly roundLimit: number;
}

const noBetting: Betting = { high: 0, contributed: {}, acted: {}, final: false, caller: null };

const ERR = {
  deckEmpty: "CANTINA.Sabacc.Error.DeckEmpty",
  notInHand: "CANTINA.Sabacc.Error.NotInHand",
  mustMatch: "CANTINA.Sabacc.Error.MustMatch",
  noRaise: "CANTINA.Sabacc.Error.NoRaise",
  raiseCap: "CANTINA.Sabacc.Error.RaiseCap",
  noCall: "CANTINA.Sabacc.Error.NoCall",
  cannotCheat: "CANTINA.Sabacc.Error.CannotCheat",
  unknownCard: "CANTINA.Sabacc.Error.UnknownCard",
} as const;

const active = (s: TrueState): SeatId[] => s.playOrder.filter((x) => !s.folded[x]);
export const cardsOf = (s: TrueState, seat: SeatId): CardId[] => [...(s.fields[seat] ?? []), ...(s.hands[seat] ?? [])];

function eligibleIn(s: TrueState, phase: TruePhase, seat: SeatId): boolean {
  if (phase === "demise") return s.demise.includes(seat);
  if (s.folded[seat]) return false;
  if (phase === "shift") return (s.hands[seat] ?? []).length > 0;
  return true;
}

function toAct(s: TrueState): SeatId[] {
  if (s.phase === "order") return pendingOrderRollers(s.seats, s.orderRolls);
  if (s.phase === "over") return [];
  const seat = s.playOrder[s.turn];
  return seat === undefined ? [] : [seat];
}

/** The most anyone may bring the round's bet to: what the poorest seat still in could meet. */
export function betCap(s: TrueState): number {
  const standing = active(s);
  if (standing.length === 0) return 0;
  return Math.min(...standing.map((x) => (s.credits[x] ?? 0) + (s.betting.contributed[x] ?? 0)));
}

/**
 * "Roll against the deck table": 1d(N), N the cards left, the result-th card of the remaining deck.
 * The bookkeeper's roll: only the GM sees it (audience: no seat), and it is *quiet*. Its range (1dN)
 * would tell anyone else, the player too, how many cards are gone, hence whether someone spent a
 * Luck/Force point on a reroll, and its result which cards are out. The player is told their card
 * (`dealtNotice`); everyone learns that a card was dealt (`publicDeal`).
 */
function dealOne(
  deck: readonly CardId[],
  seat: SeatId,
  purpose: string,
  random: Random,
): { card: CardId; deck: CardId[]; event: RollEvent } {
  const r = privateRoll(seat, `1d${deck.length}`, purpose, random);
  const index = r.total - 1;
  const card = deck[index] as CardId;
  const rest = [...deck.slice(0, index), ...deck.slice(index + 1)];
  return { card, deck: rest, event: { ...r, audience: [], quiet: true } };
}

/** The card dealt, told to its player only; or to all after the show (Sudden Demise). */
function dealtNotice(seat: SeatId, card: CardId, visible = false): GameEvent {
  return visible
    ? { kind: "notice", key: "CANTINA.Sabacc.Log.Dealt", seat, params: { seat, card } }
    : { kind: "notice", key: "CANTINA.Sabacc.Log.Dealt", seat, params: { seat, card }, audience: [seat] };
}

/** What everyone learns of a deal: that this player got a card. */
function publicDeal(seat: SeatId): GameEvent {
  return { kind: "notice", key: "CANTINA.Sabacc.Log.DealtHidden", seat, params: { seat } };
}

/**
 * "cash in all three of their Luck/Force points at once (meaning if you spent any of your points
 * previously, you cannot cheat)": three points in hand and none spent in this match.
 */
function canCheat(s: TrueState, seat: SeatId): boolean {
  return (s.luck[seat] ?? 0) >= 3 && (s.luckSpent[seat] ?? 0) === 0;
}

/** Gives `seat` a private card and opens the keep-or-reroll step. */
function dealWithChoice(s: TrueState, seat: SeatId, purpose: string, random: Random, events: GameEvent[]): TrueState {
  const d = dealOne(s.deck, seat, purpose, random);
  events.push(d.event, dealtNotice(seat, d.card), publicDeal(seat));
  return {
    ...s,
    deck: d.deck,
    hands: { ...s.hands, [seat]: [...(s.hands[seat] ?? []), d.card] },
    deciding: true,
    pending: d.card,
  };
}

function firstIn(s: TrueState, phase: TruePhase, from = -1): number {
  for (let i = from + 1; i < s.playOrder.length; i++) if (eligibleIn(s, phase, s.playOrder[i] as SeatId)) return i;
  return -1;
}

function enter(s: TrueState, phase: TruePhase, events: GameEvent[], extra: Partial<TrueState> = {}): TrueState {
  const next: TrueState = { ...s, ...extra, phase, deciding: false, pending: null };
  const turn = firstIn(next, phase);
  if (turn < 0) return endPhase(next, events);
  return { ...next, turn };
}

function startRound(s: TrueState, round: number, events: GameEvent[]): TrueState {
  events.push({ kind: "notice", key: "CANTINA.Sabacc.Log.Round", params: { round } });
  return enter(s, "dts", events, { round });
}

function startBetting(s: TrueState, events: GameEvent[]): TrueState {
  // The house calls the game at the round limit: one last round, match only.
  const houseCall = s.round >= s.roundLimit;
  if (houseCall) events.push({ kind: "notice", key: "CANTINA.Sabacc.Log.HouseCall", params: { round: s.round } });
  const turn = firstIn(s, "betting");
  return { ...s, phase: "betting", deciding: false, pending: null, turn, betting: { ...noBetting, final: houseCall } };
}

/** Rule 8: the GM's public 1d100; 33–66 shifts every card not in the Static Field. */
function shiftCheck(s: TrueState, random: Random, events: GameEvent[]): TrueState {
  const r = roll("1d100", random);
  events.push({
    kind: "roll",
    seat: null,
    purpose: "CANTINA.Sabacc.Roll.Shift",
    notation: r.notation,
    dice: r.dice,
    total: r.total,
  });
  const next = { ...s, shiftRolls: [...s.shiftRolls, { round: s.round, roll: r.total }] };
  if (r.total >= 33 && r.total <= 66) {
    events.push({ kind: "notice", key: "CANTINA.Sabacc.Log.Shift", params: { roll: r.total } });
    return enter(next, "shift", events);
  }
  events.push({ kind: "notice", key: "CANTINA.Sabacc.Log.NoShift", params: { roll: r.total } });
  return startRound(next, s.round + 1, events);
}

/** The current phase is done for every seat: what comes next. Shift checks need dice: see `endLock`. */
function endPhase(s: TrueState, events: GameEvent[]): TrueState {
  switch (s.phase) {
    case "deal":
      if (s.dealCard === 1) return enter(s, "deal", events, { dealCard: 2 });
      return startRound(s, 1, events);
    case "dts":
      return s.round < CALL_ROUND ? startBetting(s, events) : enter(s, "lock", events);
    case "shift":
      return startRound(s, s.round + 1, events);
    case "cheat":
      return reveal(s, events);
    default:
      return s;
  }
}

function settle(
  s: TrueState,
  winners: readonly SeatId[],
  sharers: readonly SeatId[],
  sabaccTo: readonly SeatId[],
  outcome: Outcome,
  events: GameEvent[],
): TrueState {
  const main = splitPot(s.mainPot, sharers);
  const sabacc = sabaccTo.length > 0 ? splitPot(s.sabaccPot, sabaccTo) : {};
  const credits = { ...s.credits };
  const payouts: Record<SeatId, number> = {};
  for (const seat of s.playOrder) {
    const amount = (main[seat] ?? 0) + (sabacc[seat] ?? 0);
    if (amount === 0 && !(seat in main)) continue;
    payouts[seat] = amount;
    credits[seat] = (credits[seat] ?? 0) + amount;
    if (main[seat] !== undefined)
      events.push({
        kind: "notice",
        key: "CANTINA.Sabacc.Log.MainPot",
        seat,
        params: { seat, amount: main[seat] ?? 0 },
      });
    if (sabacc[seat] !== undefined)
      events.push({
        kind: "notice",
        key: "CANTINA.Sabacc.Log.SabaccPot",
        seat,
        params: { seat, amount: sabacc[seat] ?? 0 },
      });
  }
  const house = sabaccTo.length > 0 ? 0 : s.sabaccPot;
  if (house > 0) events.push({ kind: "notice", key: "CANTINA.Sabacc.Log.House", params: { amount: house } });
  return {
    ...s,
    phase: "over",
    credits,
    payouts,
    winners,
    outcome,
    mainPot: 0,
    sabaccPot: 0,
    house: s.house + house,
    deciding: false,
    pending: null,
    turn: -1,
    demise: [],
  };
}

const qualifies = (kind: HandKind | null): boolean => kind === "idiots-array" || kind === "pure-sabacc";

/** Among `seats`, the best score and who has it (bombed-out hands never win). */
function best(s: TrueState, seats: readonly SeatId[]): { top: SeatId[]; score: number } {
  const scores = seats.map((x) => handScore(cardsOf(s, x)));
  const score = Math.max(...scores);
  return { top: seats.filter((_, i) => scores[i] === score), score };
}

/** Rule 24: every hand still in is shown; duplicates among the cards seen are pointed out. */
function reveal(s: TrueState, events: GameEvent[]): TrueState {
  const standing = active(s);
  for (const seat of standing) {
    const cards = cardsOf(s, seat);
    events.push({
      kind: "notice",
      key: "CANTINA.Sabacc.Log.ShowCards",
      seat,
      params: { seat, cards: cards.map(baseId).join(" "), total: totalOf(cards), kind: handKind(cards) },
    });
  }
  const seen = new Map<CardId, number>();
  const count = (c: CardId): void => void seen.set(baseId(c), (seen.get(baseId(c)) ?? 0) + 1);
  for (const seat of standing) for (const c of s.hands[seat] ?? []) count(c);
  for (const seat of s.playOrder) for (const c of s.fields[seat] ?? []) count(c);
  for (const c of s.discards) count(c);
  const duplicates = [...seen.entries()].filter(([, n]) => n > 1).map(([c]) => c);
  for (const card of duplicates) events.push({ kind: "notice", key: "CANTINA.Sabacc.Log.Duplicate", params: { card } });
  const shownState: TrueState = { ...s, shown: standing, duplicates };
  const { top, score } = best(shownState, standing);
  if (score < 0) {
    events.push({ kind: "notice", key: "CANTINA.Sabacc.Log.AllBombOut", params: {} });
    return settle(shownState, [], standing, [], "bomb-out", events);
  }
  const topKind = handKind(cardsOf(shownState, top[0] as SeatId));
  if (top.length === 1) return settle(shownState, top, top, qualifies(topKind) ? top : [], "show", events);
  return startDemise({ ...shownState, demiseKind: topKind }, top, events);
}

/** Rule 25: the tied seats each get one more card; without enough cards the tie stands. */
function startDemise(s: TrueState, tied: readonly SeatId[], events: GameEvent[]): TrueState {
  if (s.deck.length < tied.length) {
    events.push({ kind: "notice", key: "CANTINA.Sabacc.Log.TieStands", params: { seats: tied.join(", ") } });
    return settle(s, tied, tied, qualifies(s.demiseKind) ? tied : [], "split", events);
  }
  events.push({ kind: "notice", key: "CANTINA.Sabacc.Log.SuddenDemise", params: { seats: tied.join(", ") } });
  const next: TrueState = { ...s, phase: "demise", demise: [...tied], deciding: false, pending: null };
  return { ...next, turn: firstIn(next, "demise") };
}

function resolveDemise(s: TrueState, events: GameEvent[]): TrueState {
  const tied = s.demise;
  const { top, score } = best(s, tied);
  if (score < 0) {
    // Every tied seat bombed out in the Sudden Demise: the tie stands.
    events.push({ kind: "notice", key: "CANTINA.Sabacc.Log.TieStands", params: { seats: tied.join(", ") } });
    return settle(s, tied, tied, qualifies(s.demiseKind) ? tied : [], "split", events);
  }
  if (top.length === 1) return settle(s, top, top, qualifies(s.demiseKind) ? top : [], "show", events);
  return startDemise(s, top, events);
}

/** Everyone else folded: the last player in takes the Main Pot, unshown; the Sabacc Pot goes to the house. */
function lastStanding(s: TrueState, events: GameEvent[]): TrueState {
  const standing = active(s);
  return settle(s, standing, standing, [], "uncontested", events);
}

/** After a seat's betting action: the next seat to act, or the end of the round. */
function afterBet(s: TrueState, random: Random, events: GameEvent[]): TrueState {
  const standing = active(s);
  if (standing.length === 1) return lastStanding(s, events);
  const b = s.betting;
  const needs = (x: SeatId): boolean => (b.final ? !b.acted[x] : !(b.acted[x] && (b.contributed[x] ?? 0) === b.high));
  const n = s.playOrder.length;
  for (let k = 1; k <= n; k++) {
    const i = (s.turn + k) % n;
    const x = s.playOrder[i] as SeatId;
    if (!s.folded[x] && needs(x)) return { ...s, turn: i };
  }
  // The round is over: what each put in is in the Main Pot; the next round starts from nothing.
  const done: TrueState = { ...s, betting: { ...noBetting, final: b.final, caller: b.caller } };
  if (b.final) return enter(done, "cheat", events);
  if (s.round < CALL_ROUND) return enter(done, "lock", events);
  return startRound(done, s.round + 1, events);
}

function afterLock(s: TrueState, random: Random, events: GameEvent[]): TrueState {
  const turn = firstIn(s, "lock", s.turn);
  if (turn >= 0) return { ...s, turn };
  if (s.round <= LAST_SHIFT_ROUND) return shiftCheck(s, random, events);
  return startBetting(s, events);
}

/** After a seat's turn in a one-action-each phase. */
function proceed(s: TrueState, events: GameEvent[]): TrueState {
  const cleared = { ...s, deciding: false, pending: null };
  const turn = firstIn(cleared, s.phase, s.turn);
  if (turn >= 0) return { ...cleared, turn };
  return endPhase(cleared, events);
}

function legal(s: TrueState, seat: SeatId): TrueMove[] {
  if (!toAct(s).includes(seat)) return [];
  const hand = s.hands[seat] ?? [];
  switch (s.phase) {
    case "order":
      return [{ type: "roll-order" }];
    case "deal":
    case "dts":
      if (s.deciding)
        return (s.luck[seat] ?? 0) > 0 && s.deck.length > 0
          ? [{ type: "reroll" }, { type: "keep" }]
          : [{ type: "keep" }];
      if (s.phase === "deal") return [{ type: "deal" }];
      if (s.deck.length === 0) return [{ type: "stand" }];
      return [{ type: "draw" }, ...hand.map((card): TrueMove => ({ type: "trade", card })), { type: "stand" }];
    case "betting": {
      const b = s.betting;
      const mine = b.contributed[seat] ?? 0;
      const match = b.high - mine;
      // In the last round a player who cannot meet the bet again can only fold.
      const moves: TrueMove[] =
        (s.credits[seat] ?? 0) >= match ? [{ type: "fold" }, { type: "bet", amount: match }] : [{ type: "fold" }];
      if (!b.final) {
        const cap = betCap(s);
        const raises = new Set([b.high + 100, b.high + 500, Math.max(b.high + 1, Math.floor((b.high + cap) / 2)), cap]);
        for (const total of [...raises].sort((x, y) => x - y))
          if (total > b.high && total <= cap) moves.push({ type: "bet", amount: total - mine });
        if (s.round >= CALL_ROUND && b.caller === null) moves.push({ type: "call" });
      }
      return moves;
    }
    case "lock": {
      const moves: TrueMove[] = [{ type: "lock", cards: [] }];
      for (const card of hand) moves.push({ type: "lock", cards: [card] });
      if (hand.length > 1) moves.push({ type: "lock", cards: [...hand] });
      return moves;
    }
    case "shift":
      return [{ type: "redraw" }];
    case "cheat":
      return canCheat(s, seat)
        ? [{ type: "no-cheat" }, ...DECK_IDS.map((card): TrueMove => ({ type: "cheat", card }))]
        : [{ type: "no-cheat" }];
    case "demise":
      return [{ type: "demise-draw" }];
    case "over":
      return [];
  }
}

function isCardList(x: unknown): x is CardId[] {
  return Array.isArray(x) && x.every((c) => typeof c === "string" && c.length < 40) && x.length <= 80;
}

export const trueSabacc: Game<TrueState, TrueMove, TrueOptions, TrueView> = {
  id: TRUE_ID,
  nameKey: "CANTINA.Games.sabacc-true",
  minSeats: 2,
  maxSeats: TRUE_MAX_SEATS,
  usesLedger: true,

  ...schemaOptions(trueSchema, { min: 2, max: TRUE_MAX_SEATS }, (o, seats) =>
    seats.length > o.seatLimit ? { code: "CANTINA.Sabacc.Error.SeatLimit", params: { limit: o.seatLimit } } : null,
  ),

  setup(seats, options, _random, purses) {
    const error =
      this.checkOptions(options, seats) ?? checkPurses(options, purses, seats, options.mainAnte + options.sabaccAnte);
    if (error) return { ok: false, error };
    const credits = mapSeats(seats, (x) => purseOf(options, purses, x).credits);
    return ok<TrueState>({
      game: TRUE_ID,
      seats: [...seats],
      mainAnte: options.mainAnte,
      sabaccAnte: options.sabaccAnte,
      seatLimit: options.seatLimit,
      roundLimit: options.roundLimit,
      phase: "order",
      round: 0,
      dealCard: 1,
      turn: 0,
      deciding: false,
      pending: null,
      orderRolls: mapSeats(seats, () => []),
      playOrder: [],
      credits,
      startCredits: credits,
      luck: mapSeats(seats, (x) => purseOf(options, purses, x).luck),
      luckSpent: mapSeats(seats, () => 0),
      deck: [...DECK_IDS],
      hands: mapSeats(seats, () => []),
      fields: mapSeats(seats, () => []),
      discards: [],
      setAside: [],
      folded: mapSeats(seats, () => false),
      mainPot: 0,
      sabaccPot: 0,
      house: 0,
      betting: noBetting,
      shiftRolls: [],
      cheats: mapSeats(seats, () => null),
      demise: [],
      demiseKind: null,
      shown: [],
      duplicates: [],
      winners: [],
      payouts: {},
      outcome: null,
    });
  },

  isMove(move: unknown): move is TrueMove {
    if (typeof move !== "object" || move === null) return false;
    const m = move as Record<string, unknown>;
    const size = Object.keys(m).length;
    switch (m.type) {
      case "roll-order":
      case "deal":
      case "reroll":
      case "keep":
      case "draw":
      case "stand":
      case "call":
      case "fold":
      case "redraw":
      case "no-cheat":
      case "demise-draw":
        return size === 1;
      case "trade":
      case "cheat":
        return size === 2 && typeof m.card === "string" && m.card.length < 40;
      case "bet":
        return size === 2 && isCount(m.amount);
      case "lock":
        return size === 2 && isCardList(m.cards);
      default:
        return false;
    }
  },

  legalMoves: legal,

  apply(s, seat, move, random): Applied<TrueState> {
    if (!s.seats.includes(seat)) return fail(E.notSeated);
    if (s.phase === "over") return fail(E.gameOver);
    if (!toAct(s).includes(seat)) return fail(E.notYourTurn);
    const events: GameEvent[] = [];
    const hand = s.hands[seat] ?? [];

    switch (move.type) {
      case "roll-order": {
        if (s.phase !== "order") return fail(E.wrongPhase);
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
        if (s.phase !== "deal" || s.deciding) return fail(E.wrongPhase);
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
        if (s.phase !== "dts" || s.deciding) return fail(E.wrongPhase);
        if (s.deck.length === 0) return fail(ERR.deckEmpty);
        events.push({ kind: "notice", key: "CANTINA.Sabacc.Log.Draw", seat, params: { seat } });
        return ok(dealWithChoice(s, seat, "CANTINA.Sabacc.Roll.Draw", random, events), events);
      }
      case "trade": {
        if (s.phase !== "dts" || s.deciding) return fail(E.wrongPhase);
        if (!hand.includes(move.card)) return fail(ERR.notInHand);
        if (s.deck.length === 0) return fail(ERR.deckEmpty);
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
        if (s.phase !== "dts" || s.deciding) return fail(E.wrongPhase);
        events.push({ kind: "notice", key: "CANTINA.Sabacc.Log.Stand", seat, params: { seat } });
        return ok(proceed(s, events), events);
      }
      case "keep": {
        if ((s.phase !== "deal" && s.phase !== "dts") || !s.deciding) return fail(E.wrongPhase);
        return ok(proceed(s, events), events);
      }
      case "reroll": {
        if ((s.phase !== "deal" && s.phase !== "dts") || !s.deciding || s.pending === null) return fail(E.wrongPhase);
        if ((s.luck[seat] ?? 0) < 1) return fail(E.noLuck);
        if (s.deck.length === 0) return fail(ERR.deckEmpty);
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
              luck: { ...s.luck, [seat]: (s.luck[seat] ?? 0) - 1 },
              luckSpent: { ...s.luckSpent, [seat]: (s.luckSpent[seat] ?? 0) + 1 },
            },
            events,
          ),
          events,
        );
      }
      case "bet":
      case "call": {
        if (s.phase !== "betting") return fail(E.wrongPhase);
        const b = s.betting;
        const mine = b.contributed[seat] ?? 0;
        const have = s.credits[seat] ?? 0;
        const amount = move.type === "call" ? b.high - mine : move.amount;
        const total = mine + amount;
        if (move.type === "call" && (s.round < CALL_ROUND || b.final || b.caller !== null)) return fail(ERR.noCall);
        if (amount > have) return fail(E.betTooLarge, { have });
        if (total < b.high) return fail(ERR.mustMatch, { bet: b.high - mine });
        if (total > b.high) {
          if (b.final) return fail(ERR.noRaise);
          const cap = betCap(s);
          if (total > cap) return fail(ERR.raiseCap, { cap: cap - mine });
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
        if (s.phase !== "betting") return fail(E.wrongPhase);
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
        if (s.phase !== "lock") return fail(E.wrongPhase);
        const cards = [...new Set(move.cards)];
        if (cards.length !== move.cards.length || cards.some((c) => !hand.includes(c))) return fail(ERR.notInHand);
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
        if (s.phase !== "shift") return fail(E.wrongPhase);
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
        if (s.phase !== "cheat") return fail(E.wrongPhase);
        if (move.type === "no-cheat") return ok(proceed(s, events), events);
        if (!canCheat(s, seat)) return fail(ERR.cannotCheat);
        if (!isCardId(move.card)) return fail(ERR.unknownCard);
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
              luck: { ...s.luck, [seat]: (s.luck[seat] ?? 0) - 3 },
              luckSpent: { ...s.luckSpent, [seat]: (s.luckSpent[seat] ?? 0) + 3 },
            },
            events,
          ),
          events,
        );
      }
      case "demise-draw": {
        if (s.phase !== "demise") return fail(E.wrongPhase);
        // After the show the card is public; the roll stays private (its range counts the cards gone).
        const d = dealOne(s.deck, seat, "CANTINA.Sabacc.Roll.Demise", random);
        events.push(d.event, dealtNotice(seat, d.card, true));
        const next: TrueState = { ...s, deck: d.deck, hands: { ...s.hands, [seat]: [...hand, d.card] } };
        const turn = firstIn(next, "demise", s.turn);
        return ok(turn >= 0 ? { ...next, turn } : resolveDemise(next, events), events);
      }
    }
  },

  view(s, viewer: Viewer): TrueView {
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
      duplicates: s.duplicates,
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
          cheated: mine ? (s.cheats[seat] ?? null) : null,
          contributed: s.betting.contributed[seat] ?? 0,
        };
      }),
    };
  },

  status(s): GameStatus {
    return matchStatus(s, () => toAct(s));
  },
};
