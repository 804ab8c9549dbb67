/**
 * Ubongo as two games, "ubongo" (the race, Jedi Masters as an option) and "ubongo-solo", assembled
 * from the parts beside this file (types, options, task, race, solo, moves, view).
 * Details: docs/rules-layer.md, "src/rules/ubongo/game.ts"; rules: docs/rules/ubongo.md.
 */
import {
  type GameEvent,
  type Random,
  type Result,
  type SeatId,
  ok,
  refuse,
  schemaOptions,
  shuffled,
  succeed,
} from "../core";
import { CARDS, type Level } from "./cards";
import { isMove, apply, legalMoves, shownMoves, stampMove, timeoutMove } from "./moves";
import {
  BOT_SPEEDS,
  type BotSpeed,
  type ThinkingTime,
  type UbongoOptions,
  type UbongoSoloOptions,
  type Variant,
  botThinking,
  ubongoSchema,
  ubongoSoloSchema,
} from "./options";
import { beginRound } from "./race";
import { personalRecord } from "./solo";
import { E, HOST, UBONGO_ID, UBONGO_SOLO_ID, type UbongoGame, type UbongoState } from "./types";
import { status, view } from "./view";

export * from "./types";
export * from "./options";
export { claimProblem, sideOf, solutionFor, taskOf } from "./task";
export { personalRecord, soloRecordKey } from "./solo";

/** No seat may be the host's clock seat. */
function noHostSeat(_options: unknown, seats: readonly SeatId[]): Result {
  return seats.includes(HOST) ? refuse(E.badOption, { option: "seats" }) : succeed({});
}

const raceOptions = schemaOptions(ubongoSchema, { min: 2, max: 4 }, noHostSeat);
const soloOptions = schemaOptions(ubongoSoloSchema, { min: 1, max: 1 }, noHostSeat);

function initial(
  game: UbongoState["game"],
  seats: readonly SeatId[],
  o: { level: Level; variant: Variant; hourglass: number },
  solo: UbongoSoloOptions | null,
  random: Random,
  bots: Readonly<Record<BotSpeed, ThinkingTime>> = BOT_SPEEDS,
): UbongoState {
  const scores: Record<SeatId, number> = {};
  for (const s of seats) scores[s] = 0;
  return {
    game,
    seats: [...seats],
    level: o.level,
    variant: o.variant,
    hourglass: o.hourglass,
    solo,
    deck: shuffled(
      CARDS.map((c) => c.id),
      random,
    ),
    discard: [],
    round: 1,
    roller: 0,
    phase: "start",
    die: null,
    turning: 1,
    contenders: [...seats],
    tieRound: false,
    cards: {},
    finished: [],
    placements: {},
    lastRound: null,
    scores,
    timer: null,
    solved: 0,
    setAside: 0,
    lastAt: null,
    winners: [],
    record: null,
    bots,
  };
}

/** How both variants are played once set up: the race's moves, views and clock are the same. */
const play = { isMove, legalMoves, shownMoves, stampMove, apply, view, status, timeoutMove } as const;

export const ubongo: UbongoGame<UbongoOptions> = {
  id: UBONGO_ID,
  nameKey: "CANTINA.Ubongo.Name.ubongo",
  minSeats: 2,
  maxSeats: 4,
  usesLedger: false,
  ...raceOptions,
  setup(seats, options, random) {
    const checked = this.checkOptions(options, seats);
    if (!checked.ok) return checked;
    const events: GameEvent[] = [];
    const state = beginRound(initial(UBONGO_ID, seats, options, null, random, botThinking(options)), random, events);
    return ok(state, events);
  },
  ...play,
};

export const ubongoSolo: UbongoGame<UbongoSoloOptions> = {
  id: UBONGO_SOLO_ID,
  nameKey: "CANTINA.Ubongo.Name.ubongo-solo",
  minSeats: 1,
  maxSeats: 1,
  usesLedger: false,
  ...soloOptions,
  setup(seats, options, random) {
    const checked = this.checkOptions(options, seats);
    if (!checked.ok) return checked;
    // The game waits for the player's "start" (startSolo): no card shown and no clock running before.
    const solo = { ...options };
    return ok(initial(UBONGO_SOLO_ID, seats, { ...options, hourglass: options.minutes * 60 }, solo, random), []);
  },
  ...play,
  personalRecord,
};
