/**
 * What a host is started with: its store and transport, its users and GMs, its dice, the games it
 * runs with their bots and markets, and its clock and timers (injectable for tests).
 */
import type { AnyBot, AnyGame, BotBudget, Random } from "../rules/core";
import type { MarketSet } from "./concerns/betting/book";
import type { UserId } from "./protocol";
import type { ArchivedTable, TableStore } from "./store";
import type { HostTransport } from "./transport";
import type { CharacterPurse } from "../tournament/purse";
import type { CharacterRef } from "../tournament/types";

/** The time a bot's decision may take on a browser tab that hosts (Foundry's GM, the page's host tab). */
export const TAB_BOT_MS = 200;

export interface HostOptions {
  readonly store: TableStore;
  readonly transport: HostTransport;
  /** The user this host runs for (a GM). */
  readonly hostUser: UserId;
  readonly isGM: (user: UserId) => boolean;
  /** Every user who should get pushes now: GMs, players, would-be spectators. */
  readonly users: () => readonly UserId[];
  /** Whether a user is connected now (Foundry's active users): a watcher who is not is not listed. Absent: all are. */
  readonly connected?: (user: UserId) => boolean;
  /** The source of every die: the host's, recorded in the log with each move. */
  readonly random: Random;
  /** The games this host can run, by id (from the registry, src/games). */
  readonly games: Readonly<Record<string, AnyGame>>;
  /** Bots by game id and level; the first level listed is the default. */
  readonly bots?: Readonly<Record<string, Readonly<Record<string, AnyBot>>>>;
  readonly botDelayMs?: number;
  /**
   * The time a bot's decision may take, on a monotonic clock of the host's (a search stops there and
   * plays its best move so far): what keeps Roll20's sandbox and a GM's tab responsive. Absent: none.
   */
  readonly botTime?: BotBudget;
  readonly allowSpectators?: () => boolean;
  readonly now?: () => number;
  readonly newId?: () => string;
  /** Spectator betting markets by game id (a table bets when its spec asks for `betting`). */
  readonly markets?: Readonly<Record<string, MarketSet>>;
  /** Dice for the pools' random timings, apart from the game's dice (default: seeded by the clock). */
  readonly bettingRandom?: Random;
  /** First wait before a bot's move that could not be stored is tried again (doubled each time). */
  readonly botRetryMs?: number;
  /**
   * How long a finished (and settled) table stays before it is archived: taken out of the live
   * tables and stored compacted (its result and log). Absent or null: never.
   */
  readonly archiveAfterMs?: () => number | null;
  /**
   * The most steps a replay page from step `from` of a table of `gameId` with `seats` seats may hold
   * (Foundry: what keeps the page's sealed message under the socket's limit); a request asking more
   * gets this many. Absent: REPLAY_PAGE_MAX_STEPS.
   */
  readonly replayPageSteps?: (gameId: string, seats: number, from: number) => number;
  /** An archived table read back from the store (for replays); absent: only live tables replay. */
  readonly readArchive?: (id: string) => Promise<ArchivedTable | null>;
  /**
   * Send each user what changed in their view of a table (a `table-delta` against the update they
   * hold) instead of the whole update; every TableClient applies both (default: whole updates).
   */
  readonly deltas?: boolean;
  /** Where a failed push is reported (default: console.warn); Roll20's sandbox passes its `log`. */
  readonly log?: (message: string) => void;
  /** Timers for bot delays and deadlines (default: setTimeout/clearTimeout); tests inject fake ones. */
  readonly setTimer?: (run: () => void, ms: number) => unknown;
  readonly clearTimer?: (handle: unknown) => void;
  /**
   * The characters each user may play, from what the host holds (sync): what `tournament-enter`
   * offers and checks. Absent: entering a tournament is refused with a clear error.
   */
  readonly characters?: (user: UserId) => readonly CharacterRef[];
  /**
   * Where the characters' credits live outside the event (an actor's field, a Roll20 attribute, the
   * page's stand-ins): buy-ins and cash-outs run against it. Absent: they are refused with a clear error.
   */
  readonly purse?: CharacterPurse;
}
