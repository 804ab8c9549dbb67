/**
 * "Moves played" (issue 27): a board game's moves as its viewer received them, one numbered entry per move (a table
 * version past the setup), each line the move's chat line (chat.ts), newest last; collapsed to the last few.
 */
import type { GameEvent } from "../../rules/core";
import { type ParamNamer, chatEntry } from "./chat";
import type { Localizer } from "./i18n";

/** One event as a viewer received it, with the table version of its move (a TableClient's chat line). */
export interface SeenEvent {
  readonly version: number;
  readonly event: GameEvent;
}

/** One move in the list: its number (1 the first move shown), its lines, whether it is the last one. */
export interface PlayedMove {
  readonly number: number;
  readonly version: number;
  /** Its chat lines (a roll's with its total). */
  readonly lines: readonly string[];
  readonly last: boolean;
}

/** How many moves the list shows while collapsed. */
export const HISTORY_COLLAPSED = 3;

/** The events of each move in `seen`, by version in order: the setup's (version 0) are no move. */
function eventsByMove(seen: readonly SeenEvent[]): [number, GameEvent[]][] {
  const byVersion = new Map<number, GameEvent[]>();
  for (const { version, event } of seen) {
    if (version <= 0) continue;
    const events = byVersion.get(version) ?? [];
    events.push(event);
    byVersion.set(version, events);
  }
  return [...byVersion].sort(([a], [b]) => a - b);
}

/**
 * The moves in `seen` (this viewer's events of one table), in version order, numbered from 1: a move
 * whose events this viewer did not receive is not listed. `last`: only the last so many (worded alone).
 */
export function movesPlayed(
  seen: readonly SeenEvent[],
  names: Readonly<Record<string, string>>,
  i18n: Localizer,
  namers: readonly ParamNamer[] = [],
  last = Infinity,
): PlayedMove[] {
  const moves = eventsByMove(seen);
  const from = Math.max(0, moves.length - last);
  return moves.slice(from).map(([version, events], i) => ({
    number: from + i + 1,
    version,
    lines: events.map((event) => {
      const entry = chatEntry(event, names, i18n, namers);
      return entry.total !== undefined ? `${entry.text} = ${entry.total}` : entry.text;
    }),
    last: from + i === moves.length - 1,
  }));
}

/** What a host gives the window model for the list: the viewer's events of the table, its chat's words, and the toggle. */
export interface HistorySource {
  readonly seen: readonly SeenEvent[];
  readonly i18n: Localizer;
  readonly namers: readonly ParamNamer[];
  /** Whether the viewer asked for every move (else the last HISTORY_COLLAPSED). */
  readonly open: boolean;
}

/** The list's context (templates/table/history.hbs): the moves shown, how many there are, the toggle's state. */
export function historyContext(
  tableId: string,
  names: Readonly<Record<string, string>>,
  source: HistorySource,
): {
  history: {
    readonly tableId: string;
    readonly moves: readonly PlayedMove[];
    readonly count: number;
    /** How many moves the collapsed list shows. */
    readonly shown: number;
    readonly open: boolean;
    readonly toggle: boolean;
  };
} {
  const count = eventsByMove(source.seen).length;
  const toggle = count > HISTORY_COLLAPSED;
  const open = toggle && source.open;
  return {
    history: {
      tableId,
      moves: movesPlayed(source.seen, names, source.i18n, source.namers, open ? Infinity : HISTORY_COLLAPSED),
      count,
      shown: HISTORY_COLLAPSED,
      open,
      toggle,
    },
  };
}
