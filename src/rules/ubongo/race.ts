/**
 * The Ubongo race's rounds: dealing, the hourglass, the end of a round, the tie round and the end.
 */
import type { GameEvent, Random, SeatId } from "../core";
import { draw } from "./task";
import { ROUNDS, type RoundRecord, type Timer, type UbongoState } from "./types";

export const timerFor = (state: Pick<UbongoState, "round" | "turning" | "hourglass" | "tieRound">): Timer | null =>
  state.tieRound ? null : { id: `round-${state.round}-turning-${state.turning}`, seconds: state.hourglass };

/** Deals every contender a new card; the round waits for its roller. */
export function beginRound(state: UbongoState, random: Random, events: GameEvent[]): UbongoState {
  const dealt = draw(state.deck, state.discard, state.contenders.length, random);
  const cards: Record<SeatId, number> = {};
  state.contenders.forEach((s, i) => (cards[s] = dealt.cards[i] as number));
  events.push({
    kind: "notice",
    key: state.tieRound ? "CANTINA.Ubongo.Log.TieRound" : "CANTINA.Ubongo.Log.Round",
    params: { round: state.round, rounds: ROUNDS },
  });
  return {
    ...state,
    deck: dealt.deck,
    discard: dealt.discard,
    cards,
    phase: "start",
    die: null,
    turning: 1,
    finished: [],
    placements: {},
    timer: null,
  };
}

/** The round is over: boards are shown, cards discarded; the next round, the tie round, or the end. */
export function endRound(state: UbongoState, random: Random, events: GameEvent[]): UbongoState {
  const lastRound: RoundRecord = {
    round: state.round,
    die: state.die,
    cards: state.cards,
    finished: state.finished,
    placements: state.placements,
  };
  events.push({
    kind: "notice",
    key: "CANTINA.Ubongo.Log.RoundOver",
    params: { round: state.round, finished: state.finished.length },
  });
  const base: UbongoState = {
    ...state,
    lastRound,
    discard: [...state.discard, ...Object.values(state.cards)],
    cards: {},
    timer: null,
  };
  if (state.tieRound) {
    // "The first person to complete their task card is the winner."
    return finish(base, state.finished.slice(0, 1), events);
  }
  const roller = (state.roller + 1) % state.seats.length;
  if (state.round < ROUNDS) return beginRound({ ...base, round: state.round + 1, roller }, random, events);
  const best = Math.max(...state.seats.map((s) => state.scores[s] ?? 0));
  const leaders = state.seats.filter((s) => (state.scores[s] ?? 0) === best);
  if (leaders.length === 1) return finish(base, leaders, events);
  return beginRound({ ...base, round: state.round + 1, roller, tieRound: true, contenders: leaders }, random, events);
}

/** The game is over (the race's or solo's end): the winners are told. */
export function finish(state: UbongoState, winners: readonly SeatId[], events: GameEvent[]): UbongoState {
  for (const seat of winners) events.push({ kind: "notice", key: "CANTINA.Ubongo.Log.Winner", seat, params: { seat } });
  return { ...state, phase: "over", winners, timer: null, cards: state.solo ? {} : state.cards };
}
