/**
 * Ubongo solo: the next card, the end of a solo game and the personal record it sets.
 */
import { type Applied, type GameEvent, type Random, type SeatId, ok } from "../core";
import type { Level } from "./cards";
import type { UbongoSoloOptions, Variant } from "./options";
import { finish } from "./race";
import { draw, rollDie } from "./task";
import type { Piece } from "./tiling";
import { type RoundRecord, type SoloRecord, UBONGO_SOLO_ID, type UbongoState } from "./types";

export function soloTarget(solo: UbongoSoloOptions): number {
  return solo.mode === "clock" ? solo.minutes : solo.puzzles;
}

/** The personal-record key of a solo game: only games of one mode, target, level and variant compare. */
export function soloRecordKey(mode: "clock" | "count", target: number, level: Level, variant: Variant): string {
  return `${UBONGO_SOLO_ID}:${mode}:${target}:${level}:${variant}`;
}

function soloRecordOf(state: UbongoState, seat: SeatId): SoloRecord | null {
  const solo = state.solo;
  if (!solo) return null;
  const key = soloRecordKey(solo.mode, soloTarget(solo), state.level, state.variant);
  if (solo.mode === "clock") return { seat, key, value: state.solved, better: "higher" };
  // The time runs from the start (the first card shown), not from the table's creation.
  const taken = state.lastAt === null ? null : state.lastAt - (state.startedAt ?? 0);
  return { seat, key, value: state.solved >= solo.puzzles ? taken : null, better: "lower" };
}

export function endSolo(state: UbongoState, events: GameEvent[]): UbongoState {
  const seat = state.seats[0] as SeatId;
  const record = soloRecordOf(state, seat);
  if (record)
    events.push({
      kind: "notice",
      key: `CANTINA.Ubongo.Log.Record.${state.solo?.mode ?? "clock"}`,
      seat,
      params: { seat, solved: state.solved, ms: record.value ?? -1 },
    });
  return finish({ ...state, record, discard: [...state.discard, ...Object.values(state.cards)] }, [seat], events);
}

/**
 * Solo's start, when the player asks for the first card (`at`: the host's time then): the card is
 * shown and the clock (the timer, or the stopwatch from `at`) starts only now, not when the table opened.
 */
export function startSolo(state: UbongoState, at: number | null, random: Random): Applied<UbongoState> {
  const events: GameEvent[] = [];
  const minutes = state.solo?.mode === "clock" ? state.solo.minutes : null;
  const started: UbongoState = {
    ...state,
    phase: "solve",
    startedAt: at,
    lastAt: at,
    timer: minutes === null ? null : { id: "solo", seconds: minutes * 60 },
  };
  return ok(nextSoloCard(started, random, events), events);
}

/** Solo: the next card, and the die rolled for it. */
export function nextSoloCard(state: UbongoState, random: Random, events: GameEvent[]): UbongoState {
  const seat = state.seats[0] as SeatId;
  const dealt = draw(state.deck, [...state.discard, ...Object.values(state.cards)], 1, random);
  const die = state.variant === "jedi" ? null : rollDie(seat, random, events);
  return { ...state, deck: dealt.deck, discard: dealt.discard, cards: { [seat]: dealt.cards[0] as number }, die };
}

export function roundRecord(state: UbongoState, seat: SeatId, pieces: readonly Piece[]): RoundRecord {
  return {
    round: state.solved + 1,
    die: state.die,
    cards: state.cards,
    finished: [seat],
    placements: { [seat]: pieces },
  };
}

/** The personal record a finished solo game sets (or tries to), for the table layer to keep per user. */
export function personalRecord(state: UbongoState): SoloRecord | null {
  return state.phase === "over" ? state.record : null;
}
