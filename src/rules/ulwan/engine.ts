/**
 * Ulwan and Seven Ulwan (text 000), and the Royal Game of Ur with Irving Finkel's rules, on one
 * engine. A turn: roll 4d2>2 (0-4 successes), then move one piece that many squares along its own
 * path, or enter a new one; tiles may then offer more (an extra roll, a free piece, an Esk move).
 * See docs/rules/ulwan.md for the rules as enforced and every interpretation.
 *
 * Pieces are locations: a square index into board.squares, HAND (not yet entered) or OFF (borne
 * off). No two pieces ever share a square. States are plain JSON; nothing here mutates its input.
 */
import { type GameEvent, type Random, type SeatId, roll } from "../core";
import { type BoardData, type BoardIndex, boardIndex } from "./board";

export const HAND = -1;
export const OFF = -2;
export const DICE = "4d2>2";
/** Chances of 0..4 successes on four two-sided dice. */
export const ROLL_ODDS: readonly number[] = [1 / 16, 4 / 16, 6 / 16, 4 / 16, 1 / 16];

export type Ruleset = "ulwan" | "finkel" | "seven";
/** open: credits into a pot the winner takes; closed/tokens: an entry fee buys a token stack. */
export type Payment = "open" | "closed" | "tokens";
export type Phase = "roll" | "move" | "offer" | "over";
export type OfferKind = "cresh" | "dorn" | "esk";

export interface Economy {
  readonly payment: Payment;
  /** The ante in credits (open and closed wallet); 1 token in the token modes. */
  readonly ante: number;
  /** What one ante costs in the currency spent in play: credits (open) or tokens. */
  readonly unit: number;
  /** Credits each seat holds outside the pot and fees. */
  readonly credits: readonly [number, number];
  readonly startCredits: readonly [number, number];
  /** Tokens each seat holds (closed and token modes; 0 in open wallet). */
  readonly tokens: readonly [number, number];
  /** Credits paid in play (open wallet), the winner's at the end. */
  readonly pot: number;
  /** Tokens spent in play (they go back to the house; they are worth nothing). */
  readonly tokensSpent: number;
  /** Entry fees held (closed and token modes), the winner's at the end. */
  readonly fees: number;
  readonly stack: number;
  readonly entryFee: number;
}

export interface Stats {
  /** Landings on Aurek and Besh squares by seat index (spectator bets). */
  readonly aurek: readonly [number, number];
  readonly besh: readonly [number, number];
  /** Tile effects used (extra rolls, Dorn pieces, Esk moves, Forn captures). */
  readonly activations: readonly [number, number];
  readonly captures: readonly [number, number];
}

export interface UlwanState {
  readonly game: string;
  readonly ruleset: Ruleset;
  readonly board: BoardData;
  readonly seats: readonly [SeatId, SeatId];
  readonly pieces: number;
  /** [seat index][piece] -> square index, HAND or OFF. */
  readonly pos: readonly [readonly number[], readonly number[]];
  readonly turn: 0 | 1;
  readonly phase: Phase;
  /** The roll being played (move phase), null otherwise. */
  readonly roll: number | null;
  /**
   * A tile's offer, declinable. Cresh: in Seven Ulwan `buy-roll` for `cost`; in Ulwan (cost 0) the
   * extra roll is taken with `roll`. Dorn: `dorn-place`. Esk: one of the Esk moves.
   */
  readonly offer: { readonly kind: OfferKind; readonly cost: number } | null;
  /**
   * Seven Ulwan's Dorn purchase: for each piece of the player to act, the Dorn square it stood on
   * at the start of this turn, or -1 ("If your piece remains in this position"); emptied once the
   * purchase is made ("once per turn"), and outside Seven Ulwan.
   */
  readonly dornStay: readonly number[];
  readonly economy: Economy | null;
  readonly stats: Stats;
  readonly winner: 0 | 1 | null;
  /** Turns begun, for the log and for spectator pools. */
  readonly turns: number;
}

export type UlwanMove =
  | { readonly type: "roll" }
  | { readonly type: "move"; readonly from: string }
  | { readonly type: "enter" }
  | { readonly type: "place" }
  | { readonly type: "buy-roll" }
  | { readonly type: "dorn-place" }
  | { readonly type: "dorn-buy" }
  | { readonly type: "esk"; readonly from: string; readonly to: string }
  | { readonly type: "decline" };

export const E = {
  notYourTurn: "CANTINA.Error.NotYourTurn",
  notSeated: "CANTINA.Error.NotSeated",
  gameOver: "CANTINA.Error.GameOver",
  wrongPhase: "CANTINA.Ulwan.Error.WrongPhase",
  noPiece: "CANTINA.Ulwan.Error.NoPiece",
  illegal: "CANTINA.Ulwan.Error.Illegal",
  ownPiece: "CANTINA.Ulwan.Error.OwnPiece",
  overshoot: "CANTINA.Ulwan.Error.Overshoot",
  rosette: "CANTINA.Ulwan.Error.OccupiedRosette",
  noneInHand: "CANTINA.Ulwan.Error.NoneInHand",
  cannotAfford: "CANTINA.Ulwan.Error.CannotAfford",
  notFour: "CANTINA.Ulwan.Error.NotFour",
  notSeven: "CANTINA.Ulwan.Error.SevenOnly",
  firstAurekTaken: "CANTINA.Ulwan.Error.FirstAurekTaken",
  noDorn: "CANTINA.Ulwan.Error.NoDorn",
  notAdjacent: "CANTINA.Ulwan.Error.NotAdjacent",
} as const;

const other = (s: 0 | 1): 0 | 1 => (s === 0 ? 1 : 0);

export function idx(state: UlwanState): BoardIndex {
  return boardIndex(state.board);
}

/** Which seat index stands on a square, or -1. */
export function occupant(state: UlwanState, sq: number): 0 | 1 | -1 {
  if (state.pos[0].includes(sq)) return 0;
  if (state.pos[1].includes(sq)) return 1;
  return -1;
}

/** Where a piece of `s` at `loc` goes in `n` steps, before looking at who is there. */
export function target(state: UlwanState, s: 0 | 1, loc: number, n: number): number | null {
  const b = idx(state);
  const own = b.paths[s];
  const L = b.length;
  if (loc === HAND) return n >= 1 && n <= L ? (own[n - 1] as number) : null;
  const i = b.pathIndex[s][loc] as number;
  if (i >= 0) {
    const t = i + n;
    return t === L ? OFF : t > L ? null : (own[t] as number);
  }
  // In the opponent's territory (moved there by Esk): forward along the opponent's squares while
  // still on their side, back onto one's own path once the paths meet.
  const o = other(s);
  const theirs = b.paths[o];
  const j = b.pathIndex[o][loc] as number;
  if (j < 0) return null;
  const t = j + n;
  if (t === L) return OFF;
  if (t > L) return null;
  for (let k = j; k <= t; k++) if (b.owners[theirs[k] as number] !== o) return own[t] as number;
  return theirs[t] as number;
}

export interface Landing {
  /** Square index or OFF. */
  readonly dest: number;
  /** Square of the opponent's piece sent off the board, or -1. */
  readonly captured: number;
  readonly bounces: number;
  readonly fornCapture: boolean;
}

/** Whether seat `s` holds its Forn with a piece other than the one at `moving`. */
export function holdsForn(state: UlwanState, s: 0 | 1, moving: number): boolean {
  const b = idx(state);
  return state.pos[s].some((sq) => sq >= 0 && sq !== moving && b.kinds[sq] === "forn" && b.owners[sq] === s);
}

/**
 * The full landing of a piece of `s` from `loc` moving `n`: bounces on occupied Cresh, captures,
 * or an error code when the move is illegal.
 */
export function landing(state: UlwanState, s: 0 | 1, loc: number, n: number): Landing | { readonly error: string } {
  if (n < 1) return { error: E.illegal };
  const b = idx(state);
  let sq = target(state, s, loc, n);
  let bounces = 0;
  for (;;) {
    if (sq === null) return { error: E.overshoot };
    if (sq === OFF) return { dest: OFF, captured: -1, bounces, fornCapture: false };
    const who = occupant(state, sq);
    const cresh = b.kinds[sq] === "cresh";
    if (who === -1) return { dest: sq, captured: -1, bounces, fornCapture: false };
    if (cresh && state.ruleset === "finkel") return { error: E.rosette };
    if (who === s) {
      if (!cresh) return { error: E.ownPiece };
    } else if (!cresh) {
      return { dest: sq, captured: sq, bounces, fornCapture: false };
    } else if (state.ruleset === "seven" && holdsForn(state, s, loc)) {
      return { dest: sq, captured: sq, bounces, fornCapture: true };
    }
    // An occupied Cresh: bounce one square further along the path.
    sq = target(state, s, sq, 1);
    bounces++;
  }
}

export function invaded(state: UlwanState, s: 0 | 1): boolean {
  const b = idx(state);
  return state.pos[other(s)].some(
    (sq) => sq >= 0 && b.owners[sq] === s && (b.kinds[sq] === "aurek" || b.kinds[sq] === "besh"),
  );
}

export interface Costs {
  readonly enter: number;
  readonly cresh: number;
  readonly dorn: number;
  readonly esk: number;
  readonly invaded: boolean;
}

/** What each action costs seat `s` now, in the currency spent in play (0 outside Seven Ulwan). */
export function costs(state: UlwanState, s: 0 | 1): Costs {
  const e = state.economy;
  if (!e) return { enter: 0, cresh: 0, dorn: 0, esk: 0, invaded: false };
  const inv = invaded(state, s);
  const tile = inv ? 2 : 1;
  return { enter: e.unit, cresh: 5 * e.unit * tile, dorn: 2 * e.unit * tile, esk: 5 * e.unit * tile, invaded: inv };
}

export function balance(state: UlwanState, s: 0 | 1): number {
  const e = state.economy;
  if (!e) return Infinity;
  return e.payment === "open" ? e.credits[s] : e.tokens[s];
}

function pay(state: UlwanState, s: 0 | 1, amount: number): UlwanState {
  const e = state.economy;
  if (!e || amount === 0) return state;
  if (e.payment === "open") {
    const credits: [number, number] = [e.credits[0], e.credits[1]];
    credits[s] -= amount;
    return { ...state, economy: { ...e, credits, pot: e.pot + amount } };
  }
  const tokens: [number, number] = [e.tokens[0], e.tokens[1]];
  tokens[s] -= amount;
  return { ...state, economy: { ...e, tokens, tokensSpent: e.tokensSpent + amount } };
}

function inHand(state: UlwanState, s: 0 | 1): number {
  return state.pos[s].indexOf(HAND);
}

/** Seven Ulwan: the first Aurek square can take a new piece of `s` (none of its own there). */
function firstAurekFree(state: UlwanState, s: 0 | 1): boolean {
  const first = idx(state).paths[s][0] as number;
  return occupant(state, first) !== s;
}

/** For each piece of `s`, the Dorn square it stands on, or -1 (kept at the start of a turn). */
function dornSquares(state: UlwanState, s: 0 | 1): number[] {
  const b = idx(state);
  return state.pos[s].map((sq) => (sq >= 0 && b.kinds[sq] === "dorn" ? sq : -1));
}

/** A piece of `s` that stood on a Dorn at the start of the turn still stands there. */
function stayedOnDorn(state: UlwanState, s: 0 | 1): boolean {
  // A table stored before `dornStay` existed has none: no purchase until its next turn begins.
  const stay = state.dornStay as readonly number[] | undefined;
  return (stay ?? []).some((sq, p) => sq >= 0 && state.pos[s][p] === sq);
}

/** Piece moves (move, enter, place) for the roll `n`. */
export function pieceMoves(state: UlwanState, s: 0 | 1, n: number): UlwanMove[] {
  const out: UlwanMove[] = [];
  if (n < 1) return out;
  const b = idx(state);
  const seen = new Set<number>();
  for (const loc of state.pos[s]) {
    if (loc === OFF || seen.has(loc)) continue;
    seen.add(loc);
    const l = landing(state, s, loc, n);
    if ("error" in l) continue;
    if (loc === HAND) {
      if (balance(state, s) >= costs(state, s).enter) out.push({ type: "enter" });
    } else {
      out.push({ type: "move", from: b.board.squares[loc]?.id ?? "" });
    }
  }
  if (state.ruleset === "seven" && n === 4 && inHand(state, s) >= 0 && firstAurekFree(state, s))
    out.push({ type: "place" });
  return out;
}

/** Esk moves for `s`: a piece on a red/blue square to an adjacent red/blue square, not onto its own. */
export function eskMoves(state: UlwanState, s: 0 | 1): UlwanMove[] {
  const b = idx(state);
  const out: UlwanMove[] = [];
  for (const from of state.pos[s]) {
    if (from < 0 || !b.eskable[from]) continue;
    for (const to of b.adjacency[from] ?? []) {
      if (occupant(state, to) === s) continue;
      out.push({ type: "esk", from: b.board.squares[from]?.id ?? "", to: b.board.squares[to]?.id ?? "" });
    }
  }
  return out;
}

export function legalMovesOf(state: UlwanState, s: 0 | 1): UlwanMove[] {
  if (state.phase === "over" || state.turn !== s) return [];
  const c = costs(state, s);
  switch (state.phase) {
    case "roll": {
      const moves: UlwanMove[] = [{ type: "roll" }];
      if (canDornBuy(state, s, c)) moves.push({ type: "dorn-buy" });
      return moves;
    }
    case "move":
      return pieceMoves(state, s, state.roll ?? 0);
    case "offer": {
      const offer = state.offer;
      if (!offer) return [];
      const decline: UlwanMove = { type: "decline" };
      switch (offer.kind) {
        case "cresh":
          return state.ruleset === "seven" ? [{ type: "buy-roll" }, decline] : [{ type: "roll" }, decline];
        case "dorn":
          return [{ type: "dorn-place" }, decline];
        case "esk":
          return [...eskMoves(state, s), decline];
      }
    }
  }
  return [];
}

function canDornBuy(state: UlwanState, s: 0 | 1, c: Costs): boolean {
  return (
    state.ruleset === "seven" &&
    stayedOnDorn(state, s) &&
    inHand(state, s) >= 0 &&
    firstAurekFree(state, s) &&
    balance(state, s) >= c.dorn
  );
}

// ---- applying ----

function setPiece(state: UlwanState, s: 0 | 1, piece: number, loc: number): UlwanState {
  const mine = [...state.pos[s]];
  mine[piece] = loc;
  const pos: [readonly number[], readonly number[]] = s === 0 ? [mine, state.pos[1]] : [state.pos[0], mine];
  return { ...state, pos };
}

function bump(pair: readonly [number, number], s: 0 | 1): [number, number] {
  return s === 0 ? [pair[0] + 1, pair[1]] : [pair[0], pair[1] + 1];
}

function countStat(state: UlwanState, key: keyof Stats, s: 0 | 1): UlwanState {
  return { ...state, stats: { ...state.stats, [key]: bump(state.stats[key], s) } };
}

function notice(key: string, params: Record<string, string | number>, seat?: SeatId): GameEvent {
  return seat === undefined ? { kind: "notice", key, params } : { kind: "notice", key, params, seat };
}

function sqId(state: UlwanState, sq: number): string {
  return state.board.squares[sq]?.id ?? "";
}

/** Puts a piece of `s` on `sq`, sending off any opponent there, and counts the landing. */
function arrive(state: UlwanState, s: 0 | 1, piece: number, sq: number, events: GameEvent[]): UlwanState {
  let next = state;
  const o = other(s);
  if (sq >= 0) {
    const victim = state.pos[o].indexOf(sq);
    if (victim >= 0) {
      next = setPiece(next, o, victim, HAND);
      next = countStat(next, "captures", s);
      events.push(
        notice(
          "CANTINA.Ulwan.Log.Capture",
          { seat: state.seats[s], other: state.seats[o], square: sqId(state, sq) },
          state.seats[s],
        ),
      );
    }
    const kind = idx(state).kinds[sq];
    if (kind === "aurek") next = countStat(next, "aurek", s);
    if (kind === "besh") next = countStat(next, "besh", s);
  }
  return setPiece(next, s, piece, sq);
}

function endTurn(state: UlwanState, events: GameEvent[]): UlwanState {
  const turn = other(state.turn);
  const next: UlwanState = {
    ...state,
    turn,
    phase: "roll",
    roll: null,
    offer: null,
    turns: state.turns + 1,
    dornStay: [],
  };
  events.push(notice("CANTINA.Ulwan.Log.Turn", { seat: state.seats[turn] }));
  return state.ruleset === "seven" ? { ...next, dornStay: dornSquares(next, turn) } : next;
}

function finish(state: UlwanState, s: 0 | 1, events: GameEvent[]): UlwanState {
  events.push(notice("CANTINA.Ulwan.Log.Win", { seat: state.seats[s] }, state.seats[s]));
  const e = state.economy;
  if (!e) return { ...state, phase: "over", winner: s, roll: null, offer: null };
  const credits: [number, number] = [e.credits[0], e.credits[1]];
  const amount = e.payment === "open" ? e.pot : e.fees;
  credits[s] += amount;
  events.push(notice("CANTINA.Ulwan.Log.Payout", { seat: state.seats[s], amount }, state.seats[s]));
  return { ...state, phase: "over", winner: s, roll: null, offer: null, economy: { ...e, credits, pot: 0, fees: 0 } };
}

/** After a piece lands: a win, a tile's offer, or the end of the turn. */
function afterLanding(state: UlwanState, s: 0 | 1, dest: number, events: GameEvent[]): UlwanState {
  if (state.pos[s].every((p) => p === OFF)) return finish(state, s, events);
  if (dest === OFF) return endTurn(state, events);
  const b = idx(state);
  const kind = b.kinds[dest];
  const c = costs(state, s);
  if (kind === "cresh") {
    // Finkel's rules: "another throw", given. Ulwan: the player "can roll again", a free offer.
    if (state.ruleset === "finkel") return takeExtraRoll({ ...state, roll: null }, s, events);
    if (state.ruleset === "ulwan") return { ...state, phase: "offer", roll: null, offer: { kind: "cresh", cost: 0 } };
    if (balance(state, s) >= c.cresh)
      return { ...state, phase: "offer", roll: null, offer: { kind: "cresh", cost: c.cresh } };
  }
  if (state.ruleset === "seven" && kind === "dorn" && inHand(state, s) >= 0 && firstAurekFree(state, s)) {
    return { ...state, phase: "offer", roll: null, offer: { kind: "dorn", cost: 0 } };
  }
  if (state.ruleset === "seven" && kind === "esk" && balance(state, s) >= c.esk && eskMoves(state, s).length > 0) {
    return { ...state, phase: "offer", roll: null, offer: { kind: "esk", cost: c.esk } };
  }
  return endTurn(state, events);
}

/** The Cresh's extra roll taken (free): the same player is to roll again. */
export function takeExtraRoll(state: UlwanState, s: 0 | 1, events: GameEvent[]): UlwanState {
  events.push(notice("CANTINA.Ulwan.Log.ExtraRoll", { seat: state.seats[s] }, state.seats[s]));
  return countStat({ ...state, phase: "roll", offer: null }, "activations", s);
}

/** Ulwan's free Cresh offer: `roll` takes the extra roll, `decline` ends the turn. */
export function isFreeRollOffer(state: UlwanState): boolean {
  return state.phase === "offer" && state.offer?.kind === "cresh" && state.ruleset !== "seven";
}

/** Rolls the dice and either enters the move phase or passes a roll with no legal move. */
export function applyRoll(state: UlwanState, random: Random, events: GameEvent[]): UlwanState {
  const s = state.turn;
  const r = roll(DICE, random);
  events.push({
    kind: "roll",
    seat: state.seats[s],
    purpose: "CANTINA.Ulwan.Roll.Move",
    notation: r.notation,
    dice: r.dice,
    total: r.total,
  });
  return withRoll(state, r.total, events);
}

/** The state once `n` is rolled (also used by the bots' look-ahead). */
export function withRoll(state: UlwanState, n: number, events: GameEvent[] | null): UlwanState {
  const next: UlwanState = { ...state, phase: "move", roll: n };
  if (pieceMoves(next, state.turn, n).length > 0) return next;
  events?.push(notice("CANTINA.Ulwan.Log.NoMove", { seat: state.seats[state.turn], roll: n }, state.seats[state.turn]));
  return endTurn({ ...next, roll: null }, events ?? []);
}

/** Applies a move the caller has checked is legal for the seat to act (see games.ts for checks). */
export function applyMove(
  state: UlwanState,
  move: UlwanMove,
  random: Random | null,
  events: GameEvent[],
): UlwanState | string {
  const s = state.turn;
  const b = idx(state);
  const seat = state.seats[s];
  const c = costs(state, s);
  switch (move.type) {
    case "roll": {
      if (!random) return E.wrongPhase;
      if (isFreeRollOffer(state)) return applyRoll(takeExtraRoll(state, s, events), random, events);
      if (state.phase !== "roll") return E.wrongPhase;
      return applyRoll(state, random, events);
    }
    case "move":
    case "enter": {
      if (state.phase !== "move" || state.roll === null) return E.wrongPhase;
      const n = state.roll;
      let loc: number;
      let piece: number;
      let next = state;
      if (move.type === "enter") {
        piece = inHand(state, s);
        if (piece < 0) return E.noneInHand;
        if (balance(state, s) < c.enter) return E.cannotAfford;
        loc = HAND;
      } else {
        loc = b.byId.get(move.from) ?? -3;
        piece = loc >= 0 ? state.pos[s].indexOf(loc) : -1;
        if (piece < 0) return E.noPiece;
      }
      const l = landing(state, s, loc, n);
      if ("error" in l) return l.error;
      if (move.type === "enter") {
        next = pay(next, s, c.enter);
        events.push(
          notice(
            "CANTINA.Ulwan.Log.Enter",
            { seat, square: l.dest === OFF ? "" : sqId(state, l.dest), cost: c.enter },
            seat,
          ),
        );
      } else if (l.dest !== OFF) {
        events.push(
          notice("CANTINA.Ulwan.Log.Move", { seat, from: move.from, to: sqId(state, l.dest), roll: n }, seat),
        );
      }
      if (l.bounces > 0) events.push(notice("CANTINA.Ulwan.Log.Bounce", { seat, count: l.bounces }, seat));
      if (l.fornCapture) {
        next = countStat(next, "activations", s);
        events.push(notice("CANTINA.Ulwan.Log.Forn", { seat }, seat));
      }
      if (l.dest === OFF) {
        events.push(
          notice("CANTINA.Ulwan.Log.BearOff", { seat, from: move.type === "move" ? move.from : "", roll: n }, seat),
        );
        next = setPiece(next, s, piece, OFF);
      } else {
        next = arrive(next, s, piece, l.dest, events);
      }
      return afterLanding({ ...next, roll: null }, s, l.dest, events);
    }
    case "place": {
      if (state.ruleset !== "seven") return E.notSeven;
      if (state.phase !== "move") return E.wrongPhase;
      if (state.roll !== 4) return E.notFour;
      const piece = inHand(state, s);
      if (piece < 0) return E.noneInHand;
      if (!firstAurekFree(state, s)) return E.firstAurekTaken;
      const first = b.paths[s][0] as number;
      events.push(notice("CANTINA.Ulwan.Log.Place", { seat, square: sqId(state, first) }, seat));
      return endTurn(arrive({ ...state, roll: null }, s, piece, first, events), events);
    }
    case "buy-roll": {
      if (state.ruleset !== "seven") return E.notSeven; // Ulwan's extra roll is free: `roll`
      if (state.phase !== "offer" || state.offer?.kind !== "cresh") return E.wrongPhase;
      if (balance(state, s) < state.offer.cost) return E.cannotAfford;
      events.push(notice("CANTINA.Ulwan.Log.BuyRoll", { seat, cost: state.offer.cost }, seat));
      return countStat(pay({ ...state, phase: "roll", offer: null }, s, state.offer.cost), "activations", s);
    }
    case "dorn-place": {
      if (state.phase !== "offer" || state.offer?.kind !== "dorn") return E.wrongPhase;
      const piece = inHand(state, s);
      if (piece < 0) return E.noneInHand;
      if (!firstAurekFree(state, s)) return E.firstAurekTaken;
      const first = b.paths[s][0] as number;
      events.push(notice("CANTINA.Ulwan.Log.DornPlace", { seat, square: sqId(state, first) }, seat));
      const next = countStat(arrive({ ...state, offer: null }, s, piece, first, events), "activations", s);
      return endTurn(next, events);
    }
    case "dorn-buy": {
      if (state.ruleset !== "seven") return E.notSeven;
      if (state.phase !== "roll") return E.wrongPhase;
      if (!stayedOnDorn(state, s)) return E.noDorn;
      const piece = inHand(state, s);
      if (piece < 0) return E.noneInHand;
      if (!firstAurekFree(state, s)) return E.firstAurekTaken;
      if (balance(state, s) < c.dorn) return E.cannotAfford;
      const first = b.paths[s][0] as number;
      events.push(notice("CANTINA.Ulwan.Log.DornBuy", { seat, square: sqId(state, first), cost: c.dorn }, seat));
      const next = arrive(pay({ ...state, dornStay: [] }, s, c.dorn), s, piece, first, events);
      return countStat(next, "activations", s);
    }
    case "esk": {
      if (state.phase !== "offer" || state.offer?.kind !== "esk") return E.wrongPhase;
      const from = b.byId.get(move.from) ?? -3;
      const to = b.byId.get(move.to) ?? -3;
      const piece = from >= 0 ? state.pos[s].indexOf(from) : -1;
      if (piece < 0) return E.noPiece;
      if (to < 0 || !b.eskable[from] || !(b.adjacency[from] ?? []).includes(to)) return E.notAdjacent;
      if (occupant(state, to) === s) return E.ownPiece;
      if (balance(state, s) < state.offer.cost) return E.cannotAfford;
      events.push(
        notice("CANTINA.Ulwan.Log.Esk", { seat, from: move.from, to: move.to, cost: state.offer.cost }, seat),
      );
      const next = countStat(
        arrive(pay({ ...state, offer: null }, s, state.offer.cost), s, piece, to, events),
        "activations",
        s,
      );
      return endTurn(next, events);
    }
    case "decline": {
      if (state.phase !== "offer") return E.wrongPhase;
      return endTurn({ ...state, offer: null }, events);
    }
  }
}
