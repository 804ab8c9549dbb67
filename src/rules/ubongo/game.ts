/**
 * Ubongo as two games, "ubongo" (the race, Jedi Masters as an option) and "ubongo-solo"; the
 * hourglass is the host clock's deadline and `timeoutMove` its end. See docs/rules/ubongo.md.
 * Details: docs/architecture.md, "src/rules/ubongo/game.ts".
 */
import {
  type Applied,
  type Game,
  type GameEvent,
  type GameResult,
  type GameStatus,
  type Random,
  type RuleError,
  type SeatId,
  type OptionsOf,
  type Viewer,
  canSee,
  choice,
  integer,
  schemaOptions,
  fail,
  ok,
  roll,
  shuffled,
} from "../core";
import { CARDS, type DieFace, type Level, cardById, dieFace } from "./cards";
import { type Board, type Piece, coverProblem, isPiece, solveBoard, solveJedi, withJediSides } from "./tiling";
import { JEDI_TILES, type Side, type TileId } from "./tiles";

export const UBONGO_ID = "ubongo";
export const UBONGO_SOLO_ID = "ubongo-solo";
/** The seat id the host applies its clock moves under; no player ever holds it. */
export const HOST: SeatId = "@host";
export const ROUNDS = 7;
export const SOLO_CHOICES = [5, 10, 20] as const;

export type Variant = "standard" | "jedi";

const LEVELS = ["blue", "red"] as const satisfies readonly Level[];
const VARIANTS = ["standard", "jedi"] as const satisfies readonly Variant[];
export const MIN_HOURGLASS = 10;
export const MAX_HOURGLASS = 600;
const label = (key: string) => ({ labelKey: `CANTINA.Ubongo.Options.${key}` });
const commonSchema = {
  level: choice<Level>(LEVELS, "blue", (l) => `CANTINA.Ubongo.Level.${l}`, label("level")),
  variant: choice<Variant>(VARIANTS, "standard", (v) => `CANTINA.Ubongo.Variant.${v}`, label("variant")),
};

/** The distribution of a bot's thinking time on a 3-tile puzzle, in seconds. */
export interface ThinkingTime {
  /** Half of the bot's solves take less than this. */
  readonly medianSeconds: number;
  /** The log-normal's sigma: 0 always takes the median; 0.5 usually within ×0.4 to ×2.7 of it. */
  readonly spread: number;
}

export type BotSpeed = "quick" | "steady";

/** The two bot speeds' default thinking times (the race's GM options start from these). */
export const BOT_SPEEDS = {
  /** About as quick as a practised player: often first against newcomers. */
  quick: { medianSeconds: 20, spread: 0.35 },
  /** A relaxed player: finishes most blue puzzles within a one-minute hourglass. */
  steady: { medianSeconds: 40, spread: 0.45 },
} as const satisfies Record<BotSpeed, ThinkingTime>;

export const MIN_BOT_SECONDS = 2;
export const MAX_BOT_SECONDS = 300;
/** The spread option is in hundredths of the log-normal's sigma (35 = 0.35), up to 1.5. */
export const MAX_BOT_SPREAD = 150;
const median = (speed: BotSpeed) =>
  integer(BOT_SPEEDS[speed].medianSeconds, MIN_BOT_SECONDS, MAX_BOT_SECONDS, {
    labelKey: `CANTINA.Ubongo.Options.${speed}Seconds`,
    hintKey: "CANTINA.Ubongo.Options.botSecondsHint",
  });
const spread = (speed: BotSpeed) =>
  integer(Math.round(BOT_SPEEDS[speed].spread * 100), 0, MAX_BOT_SPREAD, {
    step: 5,
    labelKey: `CANTINA.Ubongo.Options.${speed}Spread`,
    hintKey: "CANTINA.Ubongo.Options.botSpreadHint",
  });

/**
 * The race's options: the task card side, the variant, the hourglass in seconds (the host runs it)
 * and each bot speed's thinking time (median seconds on a blue puzzle, spread in hundredths).
 */
export const ubongoSchema = {
  ...commonSchema,
  hourglass: integer(60, MIN_HOURGLASS, MAX_HOURGLASS, label("hourglass")),
  quickSeconds: median("quick"),
  quickSpread: spread("quick"),
  steadySeconds: median("steady"),
  steadySpread: spread("steady"),
};
export type UbongoOptions = OptionsOf<typeof ubongoSchema>;

/**
 * Solo: "clock", as many puzzles as you can in `minutes`; "count", the time for `puzzles` puzzles.
 * Minutes and puzzles are 5, 10 or 20 (the text's three): integers of those values only, offered
 * as a choice.
 */
export const ubongoSoloSchema = {
  ...commonSchema,
  mode: choice<"clock" | "count">(["clock", "count"], "clock", (m) => `CANTINA.Ubongo.Mode.${m}`, label("mode")),
  minutes: integer(5, 5, 20, { values: SOLO_CHOICES, ...label("minutes") }),
  puzzles: integer(5, 5, 20, { values: SOLO_CHOICES, ...label("puzzles") }),
};
export type UbongoSoloOptions = OptionsOf<typeof ubongoSoloSchema>;

/** A running clock: the host starts counting `seconds` when a timer with a new `id` appears. */
export interface Timer {
  readonly id: string;
  readonly seconds: number;
}

export type UbongoMove =
  | { readonly type: "start" }
  /** "Ubongo!": a complete board; `at` is the host's clock (ms since the game began), stamped by the host. */
  | { readonly type: "claim"; readonly pieces: readonly Piece[]; readonly at?: number }
  | { readonly type: "set-aside" }
  | { readonly type: "timeout" };

export interface RoundRecord {
  readonly round: number;
  readonly die: number | null;
  readonly cards: Readonly<Record<SeatId, number>>;
  readonly finished: readonly SeatId[];
  readonly placements: Readonly<Record<SeatId, readonly Piece[]>>;
}

/** A personal record for the table layer to keep per user (the best value per key). */
export interface SoloRecord {
  readonly seat: SeatId;
  /** e.g. "ubongo-solo:clock:10:blue:standard". */
  readonly key: string;
  /** Puzzles solved (clock mode), or milliseconds taken (count mode; null when the host stamped no time). */
  readonly value: number | null;
  readonly better: "higher" | "lower";
}

export interface UbongoState {
  readonly game: typeof UBONGO_ID | typeof UBONGO_SOLO_ID;
  readonly seats: readonly SeatId[];
  readonly level: Level;
  readonly variant: Variant;
  readonly hourglass: number;
  readonly solo: UbongoSoloOptions | null;
  readonly deck: readonly number[];
  readonly discard: readonly number[];
  readonly round: number;
  /** Index into seats of the player who rolls this round. */
  readonly roller: number;
  readonly phase: "start" | "solve" | "over";
  readonly die: number | null;
  /** 1, or 2 in the second chance round. */
  readonly turning: 1 | 2;
  /** Who plays this round: everyone, or in the tie round the tied players. */
  readonly contenders: readonly SeatId[];
  readonly tieRound: boolean;
  readonly cards: Readonly<Record<SeatId, number>>;
  /** This round's finishing order (the order the host accepted the boards). */
  readonly finished: readonly SeatId[];
  /** This round's accepted boards: secret to their player and the GM until the round ends. */
  readonly placements: Readonly<Record<SeatId, readonly Piece[]>>;
  readonly lastRound: RoundRecord | null;
  readonly scores: Readonly<Record<SeatId, number>>;
  readonly timer: Timer | null;
  /** Solo: puzzles solved, cards set aside, the host's time of the last solve. */
  readonly solved: number;
  readonly setAside: number;
  readonly lastAt: number | null;
  readonly winners: readonly SeatId[];
  readonly record: SoloRecord | null;
  /** How long each bot speed thinks (the GM's options; the defaults in solo games and older saves). */
  readonly bots?: Readonly<Record<BotSpeed, ThinkingTime>>;
}

export interface UbongoSeatView {
  readonly seat: SeatId;
  readonly score: number;
  readonly card: number | null;
  readonly board: Board | null;
  /** The tiles this seat must use (null in Jedi Masters: any of the ten). */
  readonly tiles: readonly TileId[] | null;
  /** 1 for the first to finish this round, and so on; null while still solving. */
  readonly place: number | null;
  /** Its accepted board this round: only for itself and the GM until the round ends. */
  readonly placement: readonly Piece[] | null;
  readonly contender: boolean;
}

export interface UbongoView {
  readonly game: UbongoState["game"];
  /** The seat this view is for (null for the GM and spectators). */
  readonly me: SeatId | null;
  readonly phase: UbongoState["phase"];
  readonly level: Level;
  readonly variant: Variant;
  readonly round: number;
  readonly rounds: number;
  readonly tieRound: boolean;
  readonly turning: 1 | 2;
  readonly roller: SeatId;
  readonly die: DieFace | null;
  /** The side of the tiles to use (null in Jedi Masters: both, at least one of each). */
  readonly side: Side | null;
  readonly timer: Timer | null;
  readonly seats: readonly UbongoSeatView[];
  readonly lastRound: RoundRecord | null;
  readonly toAct: readonly SeatId[];
  readonly winners: readonly SeatId[];
  readonly solo: {
    readonly mode: "clock" | "count";
    readonly target: number;
    readonly solved: number;
    readonly setAside: number;
  } | null;
  readonly record: SoloRecord | null;
  /** How long each bot speed thinks (what a bot at this table reads its delay from). */
  readonly bots: Readonly<Record<BotSpeed, ThinkingTime>>;
}

export const E = {
  notSeated: "CANTINA.Error.NotSeated",
  gameOver: "CANTINA.Error.GameOver",
  badOption: "CANTINA.Error.BadOption",
  seatCount: "CANTINA.Error.SeatCount",
  wrongPhase: "CANTINA.Ubongo.Error.WrongPhase",
  notRoller: "CANTINA.Ubongo.Error.NotRoller",
  notContender: "CANTINA.Ubongo.Error.NotContender",
  alreadyFinished: "CANTINA.Ubongo.Error.AlreadyFinished",
  wrongTiles: "CANTINA.Ubongo.Error.WrongTiles",
  noFlip: "CANTINA.Ubongo.Error.NoFlip",
  jediTiles: "CANTINA.Ubongo.Error.JediTiles",
  jediSides: "CANTINA.Ubongo.Error.JediSides",
  hostOnly: "CANTINA.Ubongo.Error.HostOnly",
  noTimer: "CANTINA.Ubongo.Error.NoTimer",
  soloOnly: "CANTINA.Ubongo.Error.SoloOnly",
  badTime: "CANTINA.Ubongo.Error.BadTime",
} as const;

// ---- options --------------------------------------------------------------------------------------

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

/** No seat may be the host's clock seat. */
function noHostSeat(_options: unknown, seats: readonly SeatId[]): RuleError | null {
  return seats.includes(HOST) ? { code: E.badOption, params: { option: "seats" } } : null;
}

const raceOptions = schemaOptions(ubongoSchema, { min: 2, max: 4 }, noHostSeat);
const soloOptions = schemaOptions(ubongoSoloSchema, { min: 1, max: 1 }, noHostSeat);

// ---- the deck and the die ------------------------------------------------------------------------

/** Draws `n` cards; an empty deck is refilled from the shuffled discard pile. */
function draw(
  deck: readonly number[],
  discard: readonly number[],
  n: number,
  random: Random,
): { cards: number[]; deck: number[]; discard: number[] } {
  let d = [...deck];
  let x = [...discard];
  const cards: number[] = [];
  for (let i = 0; i < n; i++) {
    if (d.length === 0) {
      d = shuffled(x, random);
      x = [];
    }
    cards.push(d.shift() as number);
  }
  return { cards, deck: d, discard: x };
}

function rollDie(seat: SeatId, random: Random, events: GameEvent[]): number {
  const r = roll("1d6", random);
  const face = dieFace(r.total);
  events.push({
    kind: "roll",
    seat,
    purpose: "CANTINA.Ubongo.Roll.Die",
    notation: "1d6",
    dice: r.dice,
    total: r.total,
  });
  // One line per face, e.g. "the sun: light side, first row of tiles".
  events.push({ kind: "notice", key: `CANTINA.Ubongo.Log.Die.${face.symbol}`, seat, params: { seat } });
  return r.total;
}

/** The board and (outside Jedi Masters) the tiles a seat plays this round. */
export function taskOf(state: UbongoState, seat: SeatId): { board: Board; tiles: readonly TileId[] | null } | null {
  const id = state.cards[seat];
  const card = id === undefined ? undefined : cardById(id);
  if (!card) return null;
  const side = card[state.level];
  if (state.variant === "jedi") return { board: side.board, tiles: null };
  if (state.die === null) return { board: side.board, tiles: null };
  return { board: side.board, tiles: side.rows[dieFace(state.die).row] ?? null };
}

export function sideOf(state: UbongoState): Side | null {
  return state.variant === "jedi" || state.die === null ? null : dieFace(state.die).side;
}

// ---- rounds ----------------------------------------------------------------------------------------

const timerFor = (state: Pick<UbongoState, "round" | "turning" | "hourglass" | "tieRound">): Timer | null =>
  state.tieRound ? null : { id: `round-${state.round}-turning-${state.turning}`, seconds: state.hourglass };

/** Deals every contender a new card; the round waits for its roller. */
function beginRound(state: UbongoState, random: Random, events: GameEvent[]): UbongoState {
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
function endRound(state: UbongoState, random: Random, events: GameEvent[]): UbongoState {
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

function finish(state: UbongoState, winners: readonly SeatId[], events: GameEvent[]): UbongoState {
  for (const seat of winners) events.push({ kind: "notice", key: "CANTINA.Ubongo.Log.Winner", seat, params: { seat } });
  return { ...state, phase: "over", winners, timer: null, cards: state.solo ? {} : state.cards };
}

// ---- claims -----------------------------------------------------------------------------------------

/** Why a claimed board is refused (an error code), or null: the host checks every board, trusting no client. */
export function claimProblem(state: UbongoState, seat: SeatId, pieces: readonly Piece[]): string | null {
  const task = taskOf(state, seat);
  if (!task) return E.notContender;
  const tiles = pieces.map((p) => p.tile);
  if (new Set(tiles).size !== tiles.length) return E.wrongTiles;
  if (state.variant === "jedi") {
    if (!tiles.every((t) => JEDI_TILES.includes(t))) return E.jediTiles;
    if (!(pieces.some((p) => p.side === "light") && pieces.some((p) => p.side === "dark"))) return E.jediSides;
  } else {
    const want = task.tiles ?? [];
    if (tiles.length !== want.length || !want.every((t) => tiles.includes(t))) return E.wrongTiles;
    const side = sideOf(state);
    if (pieces.some((p) => p.side !== side)) return E.noFlip;
  }
  return coverProblem(task.board, pieces);
}

/** One valid board for this seat's task, from the solver (what a bot and legalMoves offer). */
export function solutionFor(state: UbongoState, seat: SeatId): Piece[] | null {
  const task = taskOf(state, seat);
  if (!task) return null;
  if (state.variant === "jedi") {
    const found = solveJedi(task.board, { limit: 1 }).solutions[0];
    return found ? withJediSides(found) : null;
  }
  const side = sideOf(state);
  if (!side || !task.tiles) return null;
  return solveBoard(task.board, task.tiles, side, { limit: 1 }).solutions[0] ?? null;
}

// ---- moves ---------------------------------------------------------------------------------------

function isMove(move: unknown): move is UbongoMove {
  if (!isRecord(move)) return false;
  const keys = Object.keys(move);
  switch (move.type) {
    case "start":
    case "set-aside":
    case "timeout":
      return keys.length === 1;
    case "claim": {
      const at = move.at;
      if (at !== undefined && !(typeof at === "number" && Number.isFinite(at) && at >= 0)) return false;
      if (!keys.every((k) => k === "type" || k === "pieces" || k === "at")) return false;
      const pieces = move.pieces;
      return Array.isArray(pieces) && pieces.length >= 1 && pieces.length <= 12 && pieces.every(isPiece);
    }
    default:
      return false;
  }
}

function soloTarget(solo: UbongoSoloOptions): number {
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
  return { seat, key, value: state.solved >= solo.puzzles ? state.lastAt : null, better: "lower" };
}

function endSolo(state: UbongoState, events: GameEvent[]): UbongoState {
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

/** Solo: the next card, and the die rolled for it. */
function nextSoloCard(state: UbongoState, random: Random, events: GameEvent[]): UbongoState {
  const seat = state.seats[0] as SeatId;
  const dealt = draw(state.deck, [...state.discard, ...Object.values(state.cards)], 1, random);
  const die = state.variant === "jedi" ? null : rollDie(seat, random, events);
  return { ...state, deck: dealt.deck, discard: dealt.discard, cards: { [seat]: dealt.cards[0] as number }, die };
}

function applyClaim(
  state: UbongoState,
  seat: SeatId,
  move: Extract<UbongoMove, { type: "claim" }>,
  random: Random,
): Applied<UbongoState> {
  if (state.phase !== "solve") return fail(E.wrongPhase);
  if (!state.contenders.includes(seat)) return fail(E.notContender);
  if (state.finished.includes(seat)) return fail(E.alreadyFinished);
  if (move.at !== undefined && state.lastAt !== null && move.at < state.lastAt) return fail(E.badTime);
  const problem = claimProblem(state, seat, move.pieces);
  if (problem) return fail(problem);
  const events: GameEvent[] = [];
  const lastAt = move.at ?? state.lastAt;
  if (state.solo) {
    const solved = state.solved + 1;
    events.push({ kind: "notice", key: "CANTINA.Ubongo.Log.Solved", seat, params: { seat, solved } });
    const next: UbongoState = { ...state, solved, lastAt, lastRound: roundRecord(state, seat, move.pieces) };
    if (state.solo.mode === "count" && solved >= state.solo.puzzles) return ok(endSolo(next, events), events);
    return ok(nextSoloCard(next, random, events), events);
  }
  const place = state.finished.length + 1;
  // "The first … moves … a number of spaces equal to the number of players", each next one less, down to one.
  const points = state.tieRound ? 0 : Math.max(1, state.seats.length - place + 1);
  events.push({ kind: "notice", key: "CANTINA.Ubongo.Log.Ubongo", seat, params: { seat, place, points } });
  const next: UbongoState = {
    ...state,
    lastAt,
    finished: [...state.finished, seat],
    placements: { ...state.placements, [seat]: move.pieces },
    scores: { ...state.scores, [seat]: (state.scores[seat] ?? 0) + points },
  };
  const everyone = next.contenders.every((s) => next.finished.includes(s));
  if (everyone || state.tieRound) return ok(endRound(next, random, events), events);
  return ok(next, events);
}

function roundRecord(state: UbongoState, seat: SeatId, pieces: readonly Piece[]): RoundRecord {
  return {
    round: state.solved + 1,
    die: state.die,
    cards: state.cards,
    finished: [seat],
    placements: { [seat]: pieces },
  };
}

function applyTimeout(state: UbongoState, random: Random): Applied<UbongoState> {
  if (state.phase !== "solve" || !state.timer) return fail(E.noTimer);
  const events: GameEvent[] = [];
  if (state.solo) {
    events.push({ kind: "notice", key: "CANTINA.Ubongo.Log.TimeUp", params: {} });
    return ok(endSolo(state, events), events);
  }
  events.push({ kind: "notice", key: "CANTINA.Ubongo.Log.Stop", params: { turning: state.turning } });
  if (state.turning === 1 && state.finished.length === 0) {
    // The second chance round: the hourglass is turned over once more.
    const next: UbongoState = { ...state, turning: 2 };
    events.push({ kind: "notice", key: "CANTINA.Ubongo.Log.SecondChance", params: {} });
    return ok({ ...next, timer: timerFor(next) }, events);
  }
  return ok(endRound(state, random, events), events);
}

function apply(state: UbongoState, seat: SeatId, move: UbongoMove, random: Random): Applied<UbongoState> {
  if (state.phase === "over") return fail(E.gameOver);
  if (move.type === "timeout") return seat === HOST ? applyTimeout(state, random) : fail(E.hostOnly);
  if (!state.seats.includes(seat)) return fail(E.notSeated);
  switch (move.type) {
    case "start": {
      if (state.phase !== "start") return fail(E.wrongPhase);
      if (state.seats[state.roller] !== seat) return fail(E.notRoller);
      const events: GameEvent[] = [];
      // "The youngest player turns the hourglass and rolls the die" (no die in Jedi Masters).
      const die = state.variant === "jedi" ? null : rollDie(seat, random, events);
      const next: UbongoState = { ...state, phase: "solve", die, turning: 1 };
      return ok({ ...next, timer: timerFor(next) }, events);
    }
    case "claim":
      return applyClaim(state, seat, move, random);
    case "set-aside": {
      if (!state.solo) return fail(E.soloOnly);
      if (state.phase !== "solve") return fail(E.wrongPhase);
      const events: GameEvent[] = [
        { kind: "notice", key: "CANTINA.Ubongo.Log.SetAside", seat, params: { seat, card: state.cards[seat] ?? 0 } },
      ];
      return ok(nextSoloCard({ ...state, setAside: state.setAside + 1 }, random, events), events);
    }
  }
}

function toAct(state: UbongoState): SeatId[] {
  if (state.phase === "start") return [state.seats[state.roller] as SeatId];
  if (state.phase === "solve") return state.contenders.filter((s) => !state.finished.includes(s));
  return [];
}

function legalMoves(state: UbongoState, seat: SeatId): UbongoMove[] {
  if (seat === HOST) return state.phase === "solve" && state.timer ? [{ type: "timeout" }] : [];
  if (!toAct(state).includes(seat)) return [];
  if (state.phase === "start") return [{ type: "start" }];
  // A claim is any complete board: the solver's first one stands for them all.
  const solution = solutionFor(state, seat);
  const moves: UbongoMove[] = solution ? [{ type: "claim", pieces: solution }] : [];
  if (state.solo) moves.push({ type: "set-aside" });
  return moves;
}

/** What a seat's window is told: never the solver's claim, which would hand the player the solution. */
function shownMoves(state: UbongoState, seat: SeatId): UbongoMove[] {
  return legalMoves(state, seat).filter((m) => m.type !== "claim");
}

function view(state: UbongoState, viewer: Viewer): UbongoView {
  const face = state.die === null ? null : dieFace(state.die);
  const seats = state.seats.map((seat): UbongoSeatView => {
    const task = taskOf(state, seat);
    const place = state.finished.indexOf(seat);
    const placement = state.placements[seat];
    return {
      seat,
      score: state.scores[seat] ?? 0,
      card: state.cards[seat] ?? null,
      board: task?.board ?? null,
      tiles: task?.tiles ?? null,
      place: place < 0 ? null : place + 1,
      // No peeking at a faster player's board before the round ends.
      placement: placement && canSee(viewer, seat) ? placement : null,
      contender: state.contenders.includes(seat),
    };
  });
  return {
    game: state.game,
    me: viewer.role === "seat" ? viewer.seat : null,
    phase: state.phase,
    level: state.level,
    variant: state.variant,
    round: state.round,
    rounds: ROUNDS,
    tieRound: state.tieRound,
    turning: state.turning,
    roller: state.seats[state.roller] as SeatId,
    die: face,
    side: sideOf(state),
    timer: state.timer,
    seats,
    lastRound: state.lastRound,
    toAct: toAct(state),
    winners: state.winners,
    solo: state.solo
      ? { mode: state.solo.mode, target: soloTarget(state.solo), solved: state.solved, setAside: state.setAside }
      : null,
    record: state.record,
    // A state saved before the bots' options existed thinks at the defaults.
    bots: state.bots ?? BOT_SPEEDS,
  };
}

/** The status, with the hourglass as the host clock's deadline (keyed by the timer's id). */
export type UbongoStatus = GameStatus;

function status(state: UbongoState): UbongoStatus {
  if (state.phase !== "over") {
    // The solo count mode's stopwatch runs until the last puzzle (the host's `at` on the claims).
    const base = { toAct: toAct(state), over: false, ...(state.solo?.mode === "count" ? { stopwatch: true } : {}) };
    return state.timer ? { ...base, deadline: { ms: state.timer.seconds * 1000, key: state.timer.id } } : base;
  }
  const zero: Record<SeatId, number> = {};
  for (const s of state.seats) zero[s] = 0;
  const result: GameResult = { winners: state.winners, creditDelta: zero, luckSpent: {} };
  return { toAct: [], over: true, result };
}

/** When the hourglass runs out the host applies `{type: "timeout"}` for HOST (no player may send it). */
/** The host's clock on a claim (ms since the game began), whatever time a client wrote. */
function stampMove(move: UbongoMove, elapsedMs: number): UbongoMove {
  return move.type === "claim" ? { ...move, at: Math.max(0, Math.round(elapsedMs)) } : move;
}

function timeoutMove(state: UbongoState): { readonly seat: SeatId; readonly move: UbongoMove } | null {
  return state.phase === "solve" && state.timer ? { seat: HOST, move: { type: "timeout" } } : null;
}

/** A game of the contract whose timeout move (optional in the contract) is always given. */
export type UbongoGame<O> = Game<UbongoState, UbongoMove, O, UbongoView> &
  Required<Pick<Game<UbongoState, UbongoMove, O, UbongoView>, "timeoutMove">>;

/** The personal record a finished solo game sets (or tries to), for the table layer to keep per user. */
export function personalRecord(state: UbongoState): SoloRecord | null {
  return state.phase === "over" ? state.record : null;
}

/** The bots' thinking times from the race's options (seconds, and the spread in hundredths). */
export function botThinking(o: UbongoOptions): Record<BotSpeed, ThinkingTime> {
  return {
    quick: { medianSeconds: o.quickSeconds, spread: o.quickSpread / 100 },
    steady: { medianSeconds: o.steadySeconds, spread: o.steadySpread / 100 },
  };
}

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

export const ubongo: UbongoGame<UbongoOptions> = {
  id: UBONGO_ID,
  nameKey: "CANTINA.Ubongo.Name.ubongo",
  minSeats: 2,
  maxSeats: 4,
  usesLedger: false,
  ...raceOptions,
  setup(seats, options, random) {
    const error = this.checkOptions(options, seats);
    if (error) return { ok: false, error };
    const events: GameEvent[] = [];
    const state = beginRound(initial(UBONGO_ID, seats, options, null, random, botThinking(options)), random, events);
    return ok(state, events);
  },
  isMove,
  legalMoves,
  shownMoves,
  stampMove,
  apply,
  view,
  status,
  timeoutMove,
};

export const ubongoSolo: UbongoGame<UbongoSoloOptions> = {
  id: UBONGO_SOLO_ID,
  nameKey: "CANTINA.Ubongo.Name.ubongo-solo",
  minSeats: 1,
  maxSeats: 1,
  usesLedger: false,
  ...soloOptions,
  setup(seats, options, random) {
    const error = this.checkOptions(options, seats);
    if (error) return { ok: false, error };
    const events: GameEvent[] = [];
    const solo = { ...options };
    const base = initial(UBONGO_SOLO_ID, seats, { ...options, hourglass: options.minutes * 60 }, solo, random);
    const started: UbongoState = {
      ...base,
      phase: "solve",
      // The clock mode runs a timer of the chosen minutes; the count mode a stopwatch (the host's `at`).
      timer: options.mode === "clock" ? { id: "solo", seconds: options.minutes * 60 } : null,
    };
    return ok(nextSoloCard(started, random, events), events);
  },
  isMove,
  legalMoves,
  shownMoves,
  stampMove,
  apply,
  view,
  status,
  timeoutMove,
  personalRecord,
};
