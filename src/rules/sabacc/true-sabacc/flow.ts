/**
 * True Sabacc's flow from phase to phase and round to round (the betting round included).
 */

/*
 * The steps of text 003:
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
import { type GameEvent, type Random, type SeatId, roll } from "../../core";
import { reveal, lastStanding } from "./showdown";
import { active, firstIn } from "./seats";
import { CALL_ROUND, LAST_SHIFT_ROUND, type TruePhase, type TrueState, noBetting } from "./types";

export function enter(s: TrueState, phase: TruePhase, events: GameEvent[], extra: Partial<TrueState> = {}): TrueState {
  const next: TrueState = { ...s, ...extra, phase, deciding: false, pending: null };
  const turn = firstIn(next, phase);
  if (turn < 0) return endPhase(next, events);
  return { ...next, turn };
}

export function startRound(s: TrueState, round: number, events: GameEvent[]): TrueState {
  events.push({ kind: "notice", key: "CANTINA.Sabacc.Log.Round", params: { round } });
  return enter(s, "dts", events, { round });
}

export function startBetting(s: TrueState, events: GameEvent[]): TrueState {
  // The house calls the game at the round limit: one last round, match only.
  const houseCall = s.round >= s.roundLimit;
  if (houseCall) events.push({ kind: "notice", key: "CANTINA.Sabacc.Log.HouseCall", params: { round: s.round } });
  const turn = firstIn(s, "betting");
  return { ...s, phase: "betting", deciding: false, pending: null, turn, betting: { ...noBetting, final: houseCall } };
}

/** Rule 8: the GM's public 1d100; 33–66 shifts every card not in the Static Field. */
export function shiftCheck(s: TrueState, random: Random, events: GameEvent[]): TrueState {
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
export function endPhase(s: TrueState, events: GameEvent[]): TrueState {
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

/** After a seat's betting action: the next seat to act, or the end of the round. */
export function afterBet(s: TrueState, random: Random, events: GameEvent[]): TrueState {
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

export function afterLock(s: TrueState, random: Random, events: GameEvent[]): TrueState {
  const turn = firstIn(s, "lock", s.turn);
  if (turn >= 0) return { ...s, turn };
  if (s.round <= LAST_SHIFT_ROUND) return shiftCheck(s, random, events);
  return startBetting(s, events);
}

/** After a seat's turn in a one-action-each phase. */
export function proceed(s: TrueState, events: GameEvent[]): TrueState {
  const cleared = { ...s, deciding: false, pending: null };
  const turn = firstIn(cleared, s.phase, s.turn);
  if (turn >= 0) return { ...cleared, turn };
  return endPhase(cleared, events);
}
