/**
 * Ulwan and Seven Ulwan (text 000), and the Royal Game of Ur with Irving Finkel's rules, on one
 * engine. A turn: roll 4d2>2 (0-4 successes), then move one piece that many squares along its own
 * path, or enter a new one; tiles may then offer more (an extra roll, a free piece, an Esk move).
 * See docs/rules/ulwan.md for the rules as enforced and every interpretation.
 *
 * Pieces are locations: a square index into board.squares, HAND (not yet entered) or OFF (borne
 * off). No two pieces ever share a square. States are plain JSON; nothing here mutates its input.
 */
import { type GameEvent, type Random, type SeatId, parseDice, rollSpec } from "../core";
import { type BoardData, type BoardIndex, boardIndex } from "./board";

export const HAND = -1;
export const OFF = -2;
export const DICE = "4d2>2";
const DICE_SPEC = parseDice(DICE);
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
  return targetIn(state, idx(state), s, loc, n);
}

function targetIn(state: UlwanState, b: BoardIndex, s: 0 | 1, loc: number, n: number): number | null {
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

const ILLEGAL = -9;

/** Where `landing` ends (a square or OFF), or ILLEGAL, without building its record (legal-move checks). */
function destination(state: UlwanState, b: BoardIndex, s: 0 | 1, loc: number, n: number): number {
  if (n < 1) return ILLEGAL;
  let sq = targetIn(state, b, s, loc, n);
  for (;;) {
    if (sq === null) return ILLEGAL;
    if (sq === OFF) return OFF;
    const who = occupant(state, sq);
    if (who === -1) return sq;
    const cresh = b.kinds[sq] === "cresh";
    if (cresh && state.ruleset === "finkel") return ILLEGAL;
    if (who === s) {
      if (!cresh) return ILLEGAL;
    } else if (!cresh || (state.ruleset === "seven" && holdsForn(state, s, loc))) return sq;
    sq = targetIn(state, b, s, sq, 1);
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
const FREE: Costs = { enter: 0, cresh: 0, dorn: 0, esk: 0, invaded: false };

export function costs(state: UlwanState, s: 0 | 1): Costs {
  const e = state.economy;
  if (!e) return FREE;
  const inv = invaded(state, s);
  const tile = inv ? 2 : 1;
  return { enter: e.unit, cresh: 5 * e.unit * tile, dorn: 2 * e.unit * tile, esk: 5 * e.unit * tile, invaded: inv };
}

export function balance(state: UlwanState, s: 0 | 1): number {
  const e = state.economy;
  if (!e) return Infinity;
  return e.payment === "open" ? e.credits[s] : e.tokens[s];
}

function pay(d: Draft, s: 0 | 1, amount: number): void {
  const e = d.economy;
  if (!e || amount === 0) return;
  if (e.payment === "open") {
    const credits: [number, number] = [e.credits[0], e.credits[1]];
    credits[s] -= amount;
    d.economy = { ...e, credits, pot: e.pot + amount };
    return;
  }
  const tokens: [number, number] = [e.tokens[0], e.tokens[1]];
  tokens[s] -= amount;
  d.economy = { ...e, tokens, tokensSpent: e.tokensSpent + amount };
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
  const mine = state.pos[s];
  for (let k = 0; k < mine.length; k++) {
    const loc = mine[k] as number;
    if (loc === OFF || mine.indexOf(loc) < k) continue; // pieces in hand: one entry
    if (destination(state, b, s, loc, n) === ILLEGAL) continue;
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

/** Whether `s` has any piece move for the roll `n` (pieceMoves without building the list). */
function hasPieceMove(state: UlwanState, s: 0 | 1, n: number): boolean {
  if (n < 1) return false;
  const b = idx(state);
  const mine = state.pos[s];
  for (let k = 0; k < mine.length; k++) {
    const loc = mine[k] as number;
    if (loc === OFF || mine.indexOf(loc) < k) continue;
    if (destination(state, b, s, loc, n) === ILLEGAL) continue;
    if (loc !== HAND || balance(state, s) >= costs(state, s).enter) return true;
  }
  return state.ruleset === "seven" && n === 4 && inHand(state, s) >= 0 && firstAurekFree(state, s);
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
// A move copies the state once (`draft`) and then changes that copy in place: the input is never
// mutated, and a move costs one object instead of one per step (random playouts need the speed).

type Draft = { -readonly [K in keyof UlwanState]: UlwanState[K] };

/** A shallow copy with every field in one fixed order (one object shape for every state). */
function draft(st: UlwanState): Draft {
  return {
    game: st.game,
    ruleset: st.ruleset,
    board: st.board,
    seats: st.seats,
    pieces: st.pieces,
    pos: st.pos,
    turn: st.turn,
    phase: st.phase,
    roll: st.roll,
    offer: st.offer,
    dornStay: st.dornStay,
    economy: st.economy,
    stats: st.stats,
    winner: st.winner,
    turns: st.turns,
  };
}

function setPiece(d: Draft, s: 0 | 1, piece: number, loc: number): void {
  const mine = d.pos[s].slice();
  mine[piece] = loc;
  d.pos = s === 0 ? [mine, d.pos[1]] : [d.pos[0], mine];
}

function bump(pair: readonly [number, number], s: 0 | 1): [number, number] {
  return s === 0 ? [pair[0] + 1, pair[1]] : [pair[0], pair[1] + 1];
}

function countStat(d: Draft, key: keyof Stats, s: 0 | 1): void {
  const t = d.stats;
  d.stats = {
    aurek: key === "aurek" ? bump(t.aurek, s) : t.aurek,
    besh: key === "besh" ? bump(t.besh, s) : t.besh,
    activations: key === "activations" ? bump(t.activations, s) : t.activations,
    captures: key === "captures" ? bump(t.captures, s) : t.captures,
  };
}

function notice(key: string, params: Record<string, string | number>, seat?: SeatId): GameEvent {
  return seat === undefined ? { kind: "notice", key, params } : { kind: "notice", key, params, seat };
}

function sqId(state: UlwanState, sq: number): string {
  return state.board.squares[sq]?.id ?? "";
}

/** Puts a piece of `s` on `sq`, sending off any opponent there, and counts the landing. */
function arrive(d: Draft, s: 0 | 1, piece: number, sq: number, events: GameEvent[]): void {
  const o = other(s);
  if (sq >= 0) {
    const victim = d.pos[o].indexOf(sq);
    if (victim >= 0) {
      setPiece(d, o, victim, HAND);
      countStat(d, "captures", s);
      events.push(
        notice("CANTINA.Ulwan.Log.Capture", { seat: d.seats[s], other: d.seats[o], square: sqId(d, sq) }, d.seats[s]),
      );
    }
    const kind = idx(d).kinds[sq];
    if (kind === "aurek") countStat(d, "aurek", s);
    if (kind === "besh") countStat(d, "besh", s);
  }
  setPiece(d, s, piece, sq);
}

function endTurn(d: Draft, events: GameEvent[]): void {
  const turn = other(d.turn);
  d.turn = turn;
  d.phase = "roll";
  d.roll = null;
  d.offer = null;
  d.turns = d.turns + 1;
  d.dornStay = [];
  events.push(notice("CANTINA.Ulwan.Log.Turn", { seat: d.seats[turn] }));
  if (d.ruleset === "seven") d.dornStay = dornSquares(d, turn);
}

function finish(d: Draft, s: 0 | 1, events: GameEvent[]): void {
  events.push(notice("CANTINA.Ulwan.Log.Win", { seat: d.seats[s] }, d.seats[s]));
  d.phase = "over";
  d.winner = s;
  d.roll = null;
  d.offer = null;
  const e = d.economy;
  if (!e) return;
  const credits: [number, number] = [e.credits[0], e.credits[1]];
  const amount = e.payment === "open" ? e.pot : e.fees;
  credits[s] += amount;
  events.push(notice("CANTINA.Ulwan.Log.Payout", { seat: d.seats[s], amount }, d.seats[s]));
  d.economy = { ...e, credits, pot: 0, fees: 0 };
}

/** After a piece lands: a win, a tile's offer, or the end of the turn. */
function afterLanding(d: Draft, s: 0 | 1, dest: number, events: GameEvent[]): void {
  if (d.pos[s].every((p) => p === OFF)) return finish(d, s, events);
  if (dest === OFF) return endTurn(d, events);
  const b = idx(d);
  const kind = b.kinds[dest];
  const c = costs(d, s);
  if (kind === "cresh") {
    // Finkel's rules: "another throw", given. Ulwan: the player "can roll again", a free offer.
    if (d.ruleset === "finkel") {
      d.roll = null;
      return extraRoll(d, s, events);
    }
    if (d.ruleset === "ulwan") return offer(d, "cresh", 0);
    if (balance(d, s) >= c.cresh) return offer(d, "cresh", c.cresh);
  }
  if (d.ruleset === "seven" && kind === "dorn" && inHand(d, s) >= 0 && firstAurekFree(d, s)) return offer(d, "dorn", 0);
  if (d.ruleset === "seven" && kind === "esk" && balance(d, s) >= c.esk && eskMoves(d, s).length > 0)
    return offer(d, "esk", c.esk);
  endTurn(d, events);
}

function offer(d: Draft, kind: OfferKind, cost: number): void {
  d.phase = "offer";
  d.roll = null;
  d.offer = { kind, cost };
}

function extraRoll(d: Draft, s: 0 | 1, events: GameEvent[]): void {
  events.push(notice("CANTINA.Ulwan.Log.ExtraRoll", { seat: d.seats[s] }, d.seats[s]));
  d.phase = "roll";
  d.offer = null;
  countStat(d, "activations", s);
}

/** The Cresh's extra roll taken (free): the same player is to roll again. */
export function takeExtraRoll(state: UlwanState, s: 0 | 1, events: GameEvent[]): UlwanState {
  const d = draft(state);
  extraRoll(d, s, events);
  return d;
}

/** Ulwan's free Cresh offer: `roll` takes the extra roll, `decline` ends the turn. */
export function isFreeRollOffer(state: UlwanState): boolean {
  return state.phase === "offer" && state.offer?.kind === "cresh" && state.ruleset !== "seven";
}

/** Rolls the dice and either enters the move phase or passes a roll with no legal move. */
function rollInto(d: Draft, random: Random, events: GameEvent[]): void {
  const s = d.turn;
  const r = rollSpec(DICE_SPEC, random, DICE);
  events.push({
    kind: "roll",
    seat: d.seats[s],
    purpose: "CANTINA.Ulwan.Roll.Move",
    notation: r.notation,
    dice: r.dice,
    total: r.total,
  });
  rolled(d, r.total, events);
}

function rolled(d: Draft, n: number, events: GameEvent[] | null): void {
  d.phase = "move";
  d.roll = n;
  if (hasPieceMove(d, d.turn, n)) return;
  events?.push(notice("CANTINA.Ulwan.Log.NoMove", { seat: d.seats[d.turn], roll: n }, d.seats[d.turn]));
  d.roll = null;
  endTurn(d, events ?? []);
}

/** The state once `n` is rolled (also used by look-ahead). */
export function withRoll(state: UlwanState, n: number, events: GameEvent[] | null): UlwanState {
  const d = draft(state);
  rolled(d, n, events);
  return d;
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
  switch (move.type) {
    case "roll": {
      if (!random) return E.wrongPhase;
      const free = isFreeRollOffer(state);
      if (!free && state.phase !== "roll") return E.wrongPhase;
      const d = draft(state);
      if (free) extraRoll(d, s, events);
      rollInto(d, random, events);
      return d;
    }
    case "move":
    case "enter": {
      if (state.phase !== "move" || state.roll === null) return E.wrongPhase;
      const n = state.roll;
      let loc: number;
      let piece: number;
      const enter = costs(state, s).enter;
      if (move.type === "enter") {
        piece = inHand(state, s);
        if (piece < 0) return E.noneInHand;
        if (balance(state, s) < enter) return E.cannotAfford;
        loc = HAND;
      } else {
        loc = b.byId.get(move.from) ?? -3;
        piece = loc >= 0 ? state.pos[s].indexOf(loc) : -1;
        if (piece < 0) return E.noPiece;
      }
      const l = landing(state, s, loc, n);
      if ("error" in l) return l.error;
      const d = draft(state);
      if (move.type === "enter") {
        pay(d, s, enter);
        events.push(
          notice(
            "CANTINA.Ulwan.Log.Enter",
            { seat, square: l.dest === OFF ? "" : sqId(state, l.dest), cost: enter },
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
        countStat(d, "activations", s);
        events.push(notice("CANTINA.Ulwan.Log.Forn", { seat }, seat));
      }
      if (l.dest === OFF) {
        events.push(
          notice("CANTINA.Ulwan.Log.BearOff", { seat, from: move.type === "move" ? move.from : "", roll: n }, seat),
        );
        setPiece(d, s, piece, OFF);
      } else {
        arrive(d, s, piece, l.dest, events);
      }
      d.roll = null;
      afterLanding(d, s, l.dest, events);
      return d;
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
      const d = draft(state);
      d.roll = null;
      arrive(d, s, piece, first, events);
      endTurn(d, events);
      return d;
    }
    case "buy-roll": {
      if (state.ruleset !== "seven") return E.notSeven; // Ulwan's extra roll is free: `roll`
      if (state.phase !== "offer" || state.offer?.kind !== "cresh") return E.wrongPhase;
      if (balance(state, s) < state.offer.cost) return E.cannotAfford;
      events.push(notice("CANTINA.Ulwan.Log.BuyRoll", { seat, cost: state.offer.cost }, seat));
      const d = draft(state);
      d.phase = "roll";
      d.offer = null;
      pay(d, s, state.offer.cost);
      countStat(d, "activations", s);
      return d;
    }
    case "dorn-place": {
      if (state.phase !== "offer" || state.offer?.kind !== "dorn") return E.wrongPhase;
      const piece = inHand(state, s);
      if (piece < 0) return E.noneInHand;
      if (!firstAurekFree(state, s)) return E.firstAurekTaken;
      const first = b.paths[s][0] as number;
      events.push(notice("CANTINA.Ulwan.Log.DornPlace", { seat, square: sqId(state, first) }, seat));
      const d = draft(state);
      d.offer = null;
      arrive(d, s, piece, first, events);
      countStat(d, "activations", s);
      endTurn(d, events);
      return d;
    }
    case "dorn-buy": {
      if (state.ruleset !== "seven") return E.notSeven;
      if (state.phase !== "roll") return E.wrongPhase;
      if (!stayedOnDorn(state, s)) return E.noDorn;
      const piece = inHand(state, s);
      if (piece < 0) return E.noneInHand;
      if (!firstAurekFree(state, s)) return E.firstAurekTaken;
      const cost = costs(state, s).dorn;
      if (balance(state, s) < cost) return E.cannotAfford;
      const first = b.paths[s][0] as number;
      events.push(notice("CANTINA.Ulwan.Log.DornBuy", { seat, square: sqId(state, first), cost }, seat));
      const d = draft(state);
      d.dornStay = [];
      pay(d, s, cost);
      arrive(d, s, piece, first, events);
      countStat(d, "activations", s);
      return d;
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
      const d = draft(state);
      d.offer = null;
      pay(d, s, state.offer.cost);
      arrive(d, s, piece, to, events);
      countStat(d, "activations", s);
      endTurn(d, events);
      return d;
    }
    case "decline": {
      if (state.phase !== "offer") return E.wrongPhase;
      const d = draft(state);
      d.offer = null;
      endTurn(d, events);
      return d;
    }
  }
}
