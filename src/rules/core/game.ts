/**
 * The contract every game implements. States, moves and views are plain JSON so they can travel
 * over sockets and be stored as they are. Nothing here touches the DOM, I/O or globals.
 */
import type { OptionSchema } from "./options";
import type { Random } from "./random";
import type { Result } from "./result";

export type SeatId = string;
export type GameId = string;

/**
 * Who is looking at a game: a seat's player, the GM (sees everything; `seat` when the GM also plays,
 * for advice a player may not get), or a spectator.
 */
export type Viewer =
  | { readonly role: "seat"; readonly seat: SeatId }
  | { readonly role: "gm"; readonly seat?: SeatId }
  | { readonly role: "spectator" };

/** A die roll as the rule texts write it (`1d23`, `4d2>2`), each die, and the total. */
export interface RollEvent {
  readonly kind: "roll";
  readonly seat: SeatId | null;
  /** i18n key naming what the roll is for, e.g. "CANTINA.Sabacc.Roll.Hand". */
  readonly purpose: string;
  readonly notation: string;
  readonly dice: readonly number[];
  readonly total: number;
  /** Only these seats (and the GM) may see the result; absent: everyone. */
  readonly audience?: readonly SeatId[];
  /** With an audience: others do not even learn that this roll happened (a Luck/Force reroll). */
  readonly quiet?: boolean;
}

/** Anything else that happened, as a localizable line: a bet, a fold, a reveal, a payout. */
export interface NoticeEvent {
  readonly kind: "notice";
  readonly key: string;
  readonly params: Readonly<Record<string, string | number>>;
  readonly seat?: SeatId;
  readonly audience?: readonly SeatId[];
}

/** What a viewer outside a private roll's audience learns: that the roll happened. */
export interface HiddenRollEvent {
  readonly kind: "hidden-roll";
  readonly seat: SeatId | null;
  readonly purpose: string;
  readonly notation: string;
}

export type GameEvent = RollEvent | NoticeEvent | HiddenRollEvent;

/** What setup and apply give: the new state and what happened, or a refusal. */
export type Applied<S> = Result<{ readonly state: S; readonly events: readonly GameEvent[] }>;

export interface GameResult {
  /** Seats that won (several on a tie). */
  readonly winners: readonly SeatId[];
  /** Net change per seat over the match (credits), for the ledger. */
  readonly creditDelta: Readonly<Record<SeatId, number>>;
  /** Luck/Force points spent per seat over the match, for the ledger. */
  readonly luckSpent: Readonly<Record<SeatId, number>>;
}

/**
 * A time limit the host enforces. The rules give only a duration (they never read a clock); the host
 * records when the countdown started and, when it runs out, applies the game's `timeoutMove`.
 */
export interface Deadline {
  /** Milliseconds from the start of the countdown until it runs out. */
  readonly ms: number;
  /** Whose time runs (absent: the whole table's, as with an hourglass). */
  readonly seat?: SeatId;
  /**
   * The countdown's identity. While successive states give the same key the countdown keeps running
   * from when it started (an hourglass over several moves); without a key every new state restarts it.
   */
  readonly key?: string;
}

export interface GameStatus {
  readonly toAct: readonly SeatId[];
  readonly over: boolean;
  readonly result?: GameResult;
  /** A time limit on this state (absent: none). */
  readonly deadline?: Deadline;
  /**
   * The state's time counts up from the table's start, less its pauses (a solo stopwatch: the host
   * stamps moves with that time, `stampMove`), so windows show it ticking.
   */
  readonly stopwatch?: boolean;
  /** Where the stopwatch's zero lies on the table's played time (ms; absent: 0), e.g. a solo game's start. */
  readonly stopwatchFromMs?: number;
}

/** Per-seat resources a match starts from; the table fills them from the event ledger. */
export interface SeatPurse {
  readonly credits: number;
  readonly luck: number;
}

/** Purses by seat, as the table takes them from the ledger. */
export type Purses = Readonly<Record<SeatId, SeatPurse>>;

/**
 * A personal record a finished game sets for one seat (solo games): the table layer keeps, per user
 * and key, the best value. `better` says whether a higher or a lower value wins.
 */
export interface PersonalRecord {
  readonly seat: SeatId;
  /** What the record is for (game, mode, target...): only values of one key are compared. */
  readonly key: string;
  /** Null: no value this time (e.g. the target was not reached). */
  readonly value: number | null;
  readonly better: "higher" | "lower";
}

export interface Game<S, M, O, V> {
  readonly id: GameId;
  /** i18n key of the game's name. */
  readonly nameKey: string;
  readonly minSeats: number;
  readonly maxSeats: number;
  /** Seats bring credits and Luck/Force points from the event ledger (`setup`'s `purses`). */
  readonly usesLedger: boolean;
  /** The table options: defaults, checks and form fields all come from it (core/options.ts). */
  readonly optionSchema: OptionSchema;
  defaultOptions(): O;
  /** Validates options (including unknown JSON from a form or a socket) for these seats: ok, or why not. */
  checkOptions(options: unknown, seats: readonly SeatId[]): Result;
  /**
   * The first state. `purses`: what each seat brought from the event ledger (games with
   * `usesLedger`); a seat without one starts from the game's defaults.
   */
  setup(seats: readonly SeatId[], options: O, random: Random, purses?: Purses): Applied<S>;
  /** Runtime shape check for moves arriving from outside. */
  isMove(move: unknown): move is M;
  legalMoves(state: S, seat: SeatId): M[];
  /**
   * The legal moves as a seat's window is sent them, when they would give away more than the view
   * (Ubongo's legal claim is the puzzle's solution). Absent: `legalMoves`.
   */
  shownMoves?(state: S, seat: SeatId): M[];
  /**
   * The move as the host applies it, stamped with the host's clock: `elapsedMs` is the time since the
   * table began by the host's `now()` (less the time it stood paused), and it overwrites whatever a client sent (a solo stopwatch).
   * The stamped move is what is applied and logged, so it replays. Absent: moves are applied as sent.
   */
  stampMove?(move: M, elapsedMs: number): M;
  apply(state: S, seat: SeatId, move: M, random: Random): Applied<S>;
  view(state: S, viewer: Viewer): V;
  status(state: S): GameStatus;
  /**
   * What happens when the status's deadline runs out: a move and the seat it is applied for. It goes
   * through `apply` and the log like any move, so it replays. It must be a move no player may choose
   * (e.g. `{ type: "timeout" }`): the host refuses it from players. Null: nothing happens.
   */
  timeoutMove?(state: S): { readonly seat: SeatId; readonly move: M } | null;
  /** The personal record a finished game sets (null: none). The table keeps the best per user and key. */
  personalRecord?(state: S): PersonalRecord | null;
  /**
   * Keys of notices `apply` emits that it did not emit when older records were made (a move line for
   * chat): a recorded step that lacks exactly these still replays (src/table/record-file.ts).
   */
  readonly laterNotices?: readonly string[];
}

/**
 * The time a bot may take to decide, on a clock the host supplies (the rules never read a clock):
 * a searching bot returns its best move so far once `now()` passes its start plus `maxMs`.
 * Absent: the bot searches as far as its node limits allow (simulations, replays, tests).
 */
export interface BotBudget {
  readonly now: () => number;
  readonly maxMs: number;
}

/** A seat's automatic player. It decides only from its own seat's view and the legal moves. */
export interface Bot<V, M> {
  choose(view: V, legalMoves: readonly M[], random: Random, budget?: BotBudget): M;
  /**
   * Optional: the move and how long (ms) the host waits before applying it, the bot "thinking" (so a
   * player can race it). The host decides at once and applies after the delay, on its own timers.
   */
  think?(
    view: V,
    legalMoves: readonly M[],
    random: Random,
    budget?: BotBudget,
  ): { readonly move: M; readonly delayMs: number };
}

/** A game with its type parameters erased, for registries and the table layer. */
export type AnyGame = Game<unknown, unknown, unknown, unknown>;
export type AnyBot = Bot<unknown, unknown>;

/**
 * A move or setup applied: `succeed({ state, events })` written out, as the searching bots call it
 * in their inner loops (a refusal is `refuse`).
 */
export function ok<S>(state: S, events: readonly GameEvent[] = []): Applied<S> {
  return { ok: true, state, events };
}

/** Whether the viewer may see what is secret to `seat` (its own hand, its private rolls). */
export function canSee(viewer: Viewer, seat: SeatId): boolean {
  return viewer.role === "gm" || (viewer.role === "seat" && viewer.seat === seat);
}

/** The event as this viewer may receive it: private rolls become hidden rolls for others. */
export function eventFor(event: GameEvent, viewer: Viewer): GameEvent | null {
  if (event.kind === "hidden-roll" || !event.audience || viewer.role === "gm") return event;
  if (viewer.role === "seat" && event.audience.includes(viewer.seat)) return event;
  if (event.kind === "roll" && !event.quiet) {
    return { kind: "hidden-roll", seat: event.seat, purpose: event.purpose, notation: event.notation };
  }
  return null;
}
