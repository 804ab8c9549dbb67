/**
 * Ulwan and Seven Ulwan (text 000) and Finkel's Royal Game of Ur on one engine: applying a move.
 * The state and rule-set table are in state.ts, paths in paths.ts, costs in economy.ts, legal
 * moves in paths.ts; docs/rules/ulwan.md has the rules as enforced and every interpretation.
 */
import { type GameEvent, type Random, type SeatId, rollSpec } from "../core";
import { balance, costs, pay } from "./economy";
import {
  dornSquares,
  eskMoves,
  firstAurekFree,
  hasPieceMove,
  idx,
  inHand,
  landing,
  occupant,
  stayedOnDorn,
} from "./paths";
import {
  DICE,
  DICE_SPEC,
  type Draft,
  E,
  HAND,
  OFF,
  type OfferKind,
  type Stats,
  type UlwanMove,
  type UlwanErrorCode,
  type UlwanState,
  other,
  rulesOf,
} from "./state";

export {
  HAND,
  OFF,
  DICE,
  ROLL_ODDS,
  E,
  UlwanBoardErrors,
  RULESETS,
  rulesOf,
  type CreshRule,
  type RulesetRules,
  type Ruleset,
  type Payment,
  type Phase,
  type OfferKind,
  type Economy,
  type Stats,
  type UlwanState,
  type UlwanMove,
} from "./state";
export { idx, occupant, target, holdsForn, landing, pieceMoves, eskMoves, legalMovesOf, type Landing } from "./paths";
export { invaded, costs, balance, type Costs } from "./economy";

// ---- applying ----
// A move copies the state once (`draft`) and then changes that copy in place: the input is never
// mutated, and a move costs one object instead of one per step (random playouts need the speed).

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
    ...(st.analysis !== undefined ? { analysis: st.analysis } : {}),
    ...(st.record !== undefined ? { record: st.record } : {}),
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
  if (rulesOf(d).dorn) d.dornStay = dornSquares(d, turn);
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
  if (kind === "cresh") {
    // Finkel's rules: "another throw", given. Ulwan: the player "can roll again", a free offer.
    const rule = rulesOf(d).cresh;
    if (rule === "given") {
      d.roll = null;
      return extraRoll(d, s, events);
    }
    if (rule === "free-offer") return offer(d, "cresh", 0);
    const price = costs(d, s).cresh;
    if (balance(d, s) >= price) return offer(d, "cresh", price);
  }
  if (rulesOf(d).dorn && kind === "dorn" && inHand(d, s) >= 0 && firstAurekFree(d, s)) return offer(d, "dorn", 0);
  if (rulesOf(d).esk && kind === "esk") {
    const price = costs(d, s).esk;
    if (balance(d, s) >= price && eskMoves(d, s).length > 0) return offer(d, "esk", price);
  }
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
  return state.phase === "offer" && state.offer?.kind === "cresh" && rulesOf(state).cresh === "free-offer";
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
): UlwanState | UlwanErrorCode {
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
      const enter = state.economy ? costs(state, s).enter : 0;
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
            // A paid entry (Seven Ulwan's ante) says what it cost, as every other payment does.
            enter > 0 ? "CANTINA.Ulwan.Log.EnterPaid" : "CANTINA.Ulwan.Log.Enter",
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
      if (!rulesOf(state).placeOnFour) return E.notSeven;
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
      if (rulesOf(state).cresh !== "paid-offer") return E.notSeven; // Ulwan's extra roll is free: `roll`
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
      if (!rulesOf(state).dorn) return E.notSeven;
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
