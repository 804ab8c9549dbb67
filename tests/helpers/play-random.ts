/**
 * Random legal play of any game for property tests: plays seeded matches through the Game contract,
 * checking the contract itself on every step, and calls the game's own invariants.
 */
import fc from "fast-check";
import {
  RecordingRandom,
  SeededRandom,
  type Applied,
  type Game,
  type GameEvent,
  type Random,
  type SeatId,
  type Viewer,
} from "../../src/rules/core";

/** Seat ids s0, s1, ... for a table of `count` seats. */
export const seatIds = (count: number): SeatId[] => Array.from({ length: count }, (_, i) => `s${i}`);

/** Every seat's own viewer and a spectator: each view a leak check must look at. */
export const seatAndSpectatorViewers = (seats: readonly SeatId[]): Viewer[] => [
  ...seats.map((seat): Viewer => ({ role: "seat", seat })),
  { role: "spectator" },
];

/** What a step hands to an invariant besides the states and the move. */
export interface StepContext {
  /** The seat that moved (null after setup). */
  readonly seat: SeatId | null;
  /** The events of setup or of the move. */
  readonly events: readonly GameEvent[];
  /** The dice the move (or setup) drew, in order. */
  readonly dice: readonly number[];
  /** Moves applied so far. */
  readonly moves: number;
}

export interface RandomPlayOptions<S, M, O> {
  readonly seats: readonly SeatId[];
  /** The game's options (default: `game.defaultOptions()`). */
  readonly options?: O;
  /** Seat purses, passed to `setup` after the random (games that take them there). */
  readonly purses?: unknown;
  /** A game not over by then fails the property unless allowUnfinished. */
  readonly maxMoves: number;
  readonly allowUnfinished?: boolean;
  /** Called after setup and after every applied move; throw (expect) to fail. */
  readonly invariant?: (state: S, previous: S | null, move: M | null, context: StepContext) => void;
  /** Choose among legal moves (default uniform with the seeded random). */
  readonly choose?: (state: S, seat: SeatId, moves: readonly M[], random: Random) => M;
  /** Which of the seats to act moves (default uniform with the seeded random). */
  readonly chooseSeat?: (state: S, toAct: readonly SeatId[], random: Random) => SeatId;
  /**
   * Apply every legal move (on a spare random) to check that each is accepted; default true.
   * A number checks at most that many per step, chosen at random (for games with many moves).
   */
  readonly probeLegalMoves?: boolean | number;
  /** Seats outside `status.toAct` have no legal move, and each seat in it has one; default true. */
  readonly exactToAct?: boolean;
}

export interface RandomPlayResult<S> {
  readonly final: S;
  readonly moves: number;
  readonly over: boolean;
}

class PlayFailure extends Error {}

function fail(message: string): never {
  throw new PlayFailure(message);
}

/** Freezes a JSON value all the way down, so a mutation throws (modules are strict). */
export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/**
 * Where `value` stops being plain JSON (what JSON.parse(JSON.stringify(value)) would not give back),
 * or null. Object properties set to undefined are allowed: they read back the same, as absent.
 */
export function jsonProblem(value: unknown, path = "$"): string | null {
  switch (typeof value) {
    case "string":
    case "boolean":
      return null;
    case "number":
      return Number.isFinite(value) ? null : `${path} is ${value}`;
    case "object": {
      if (value === null) return null;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          if (!(i in value) || value[i] === undefined) return `${path}[${i}] is undefined`;
          const inner = jsonProblem(value[i], `${path}[${i}]`);
          if (inner) return inner;
        }
        return null;
      }
      const proto: unknown = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) return `${path} is not a plain object`;
      for (const [key, v] of Object.entries(value)) {
        if (v === undefined) continue;
        const inner = jsonProblem(v, `${path}.${key}`);
        if (inner) return inner;
      }
      return null;
    }
    default:
      return `${path} is ${typeof value}`;
  }
}

/** The fast check behind jsonProblem (no paths built): whether the value is plain JSON. */
function isJson(value: unknown): boolean {
  if (value === null) return true;
  const type = typeof value;
  if (type === "string" || type === "boolean") return true;
  if (type === "number") return Number.isFinite(value);
  if (type !== "object") return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (item === undefined || !isJson(item)) return false;
    }
    return true;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== undefined && !isJson(item)) return false;
  }
  return true;
}

function checkJson(value: unknown, what: string): void {
  if (isJson(value)) return;
  const problem = jsonProblem(value);
  if (problem) fail(`${what} is not JSON: ${problem}`);
}

function describeMove(seat: SeatId, move: unknown): string {
  return `${seat} ${JSON.stringify(move)}`;
}

function callSetup<S, M, O, V>(
  game: Game<S, M, O, V>,
  seats: readonly SeatId[],
  options: O,
  random: Random,
  purses: unknown,
): Applied<S> {
  if (purses === undefined) return game.setup(seats, options, random);
  // Purses go after the random once the contract takes them; a game that does not ignores them.
  const setup = game.setup as (seats: readonly SeatId[], options: O, random: Random, purses: unknown) => Applied<S>;
  return setup.call(game, seats, options, random, purses);
}

/** Plays one seeded match of random legal moves, checking the contract and the invariant at every step. */
export function playRandom<S, M, O, V>(
  game: Game<S, M, O, V>,
  seed: number,
  options: RandomPlayOptions<S, M, O>,
): RandomPlayResult<S> {
  const dice = new SeededRandom(seed);
  const chooser = new SeededRandom((seed ^ 0x9e3779b9) >>> 0);
  const probeDice = new SeededRandom((seed ^ 0x85ebca6b) >>> 0);
  const viewers: Viewer[] = [
    ...options.seats.map((seat): Viewer => ({ role: "seat", seat })),
    { role: "spectator" },
    { role: "gm" },
  ];
  const probe = options.probeLegalMoves ?? true;
  const exactToAct = options.exactToAct ?? true;
  let moves = 0;

  const checkState = (
    state: S,
    previous: S | null,
    move: M | null,
    seat: SeatId | null,
    events: readonly GameEvent[],
    drawn: RecordingRandom,
  ) => {
    checkJson(state, "the state");
    checkJson(events, "the events");
    for (const viewer of viewers) checkJson(game.view(state, viewer), `the view for ${JSON.stringify(viewer)}`);
    options.invariant?.(state, previous, move, { seat, events, dice: drawn.results, moves });
  };

  try {
    const setupDice = new RecordingRandom(dice);
    const setup = callSetup(game, options.seats, options.options ?? game.defaultOptions(), setupDice, options.purses);
    if (!setup.ok) fail(`setup refused: ${setup.error.code}`);
    let state = deepFreeze(setup.state);
    checkState(state, null, null, null, setup.events, setupDice);

    for (;;) {
      const status = game.status(state);
      checkJson(status, "the status");
      if (status.over) return { final: state, moves, over: true };
      if (moves >= options.maxMoves) {
        if (options.allowUnfinished) return { final: state, moves, over: false };
        fail(`the game did not end within ${options.maxMoves} moves`);
      }
      if (status.toAct.length === 0) fail("nobody is to act in a game that is not over");

      for (const seat of exactToAct ? options.seats : []) {
        const has = game.legalMoves(state, seat).length > 0;
        if (has !== status.toAct.includes(seat))
          fail(`${seat} ${has ? "has legal moves but is not" : "has no legal move but is"} to act`);
      }
      const seat = options.chooseSeat
        ? options.chooseSeat(state, status.toAct, chooser)
        : (status.toAct[chooser.die(status.toAct.length) - 1] as SeatId);
      const legal = game.legalMoves(state, seat);
      if (legal.length === 0) fail(`${seat} is to act but has no legal move`);
      checkJson(legal, "the legal moves");
      for (const m of legal) if (!game.isMove(m)) fail(`legal ${describeMove(seat, m)} fails isMove`);

      if (probe !== false) {
        const all = probe === true || legal.length <= probe;
        const count = all ? legal.length : probe;
        for (let i = 0; i < count; i++) {
          const m = all ? legal[i]! : legal[chooser.die(legal.length) - 1]!;
          const tried = game.apply(state, seat, m, probeDice);
          if (!tried.ok) fail(`legal ${describeMove(seat, m)} refused: ${tried.error.code}`);
        }
      }

      const move = options.choose ? options.choose(state, seat, legal, chooser) : legal[chooser.die(legal.length) - 1]!;
      const drawn = new RecordingRandom(dice);
      const applied = game.apply(state, seat, move, drawn);
      if (!applied.ok) fail(`chosen ${describeMove(seat, move)} refused: ${applied.error.code}`);
      const previous = state;
      state = deepFreeze(applied.state);
      moves++;
      checkState(state, previous, move, seat, applied.events, drawn);
    }
  } catch (error) {
    // A mutation of a frozen state surfaces as a TypeError from inside apply.
    const frozen = error instanceof TypeError && /read only|read-only|not extensible|frozen/i.test(error.message);
    const why = frozen ? " (apply mutated its frozen input)" : "";
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${game.id}, seed ${seed}, after ${moves} moves: ${message}${why}`, { cause: error });
  }
}

/** A fast-check property over seeds: every seeded match keeps the contract and the invariant. */
export function checkRandomPlay<S, M, O, V>(
  game: Game<S, M, O, V>,
  options: RandomPlayOptions<S, M, O> & { readonly runs: number },
): void {
  fc.assert(
    fc.property(fc.nat(), (seed) => {
      playRandom(game, seed, options);
    }),
    { numRuns: options.runs },
  );
}
