/**
 * The one window model of every host (issue 24): a window's parts for an update, in order, each with its template, context
 * and fingerprint (what its template reads: TEMPLATE_READS), and the plan of which parts to render, drop or move.
 */
import type { TableUpdate } from "../../table/protocol";
import { bettingContext } from "./betting";
import { type KnownUser, tableControls } from "./tables";
import { seatLobbyContext, watchersContext } from "./seat-lobby";
import { clockContext } from "../core/countdown";
import { type HistorySource, historyContext } from "../core/history";
import { TEMPLATE_READS } from "../template-reads";
import { type GameApp, seatNames } from "../core/types";
import { type BoardContext, isBoardContext } from "../board/context";

/** One part of a window: its id, its template (a path under templates/) and the context it is drawn with. */
export interface WindowPart {
  readonly id: string;
  readonly template: string;
  readonly context: Readonly<Record<string, unknown>>;
  /** What else the host draws into the part (the standalone page's error line): part of its fingerprint. */
  readonly note?: string;
  /** One of the game's own parts (their context is the window's whole context). */
  readonly game?: true;
}

/** A part with its fingerprint: equal fingerprints draw the same HTML. */
export interface PlannedPart extends WindowPart {
  readonly fingerprint: string;
  /** Whether the host renders it now (new, or its fingerprint moved). */
  readonly redraw: boolean;
}

export interface WindowPlan {
  /** Every part, in the order the window shows them. */
  readonly parts: readonly PlannedPart[];
  /** Parts drawn before and no longer part of the window (the help closed, a countdown over). */
  readonly removed: readonly string[];
  /** Whether the parts kept are in another order than drawn (the host then places them again). */
  readonly reordered: boolean;
}

/** The shared parts' templates and ids (the game's own parts are `game-<name>`). */
export const COUNTDOWN_PART = { id: "countdown", template: "table/countdown.hbs" } as const;
export const CONTROLS_PART = { id: "table-controls", template: "table/controls.hbs" } as const;
export const HELP_PART_ID = "game-help";
export const BETTING_PART = { id: "game-betting", template: "table/betting.hbs" } as const;
export const SEAT_LOBBY_PART = { id: "seat-lobby", template: "table/seat-lobby.hbs" } as const;
export const WATCHERS_PART = { id: "watchers", template: "table/watchers.hbs" } as const;
export const HISTORY_PART = { id: "history", template: "table/history.hbs" } as const;
/** Every shared part's template (the hosts compile them ahead of the first window). */
export const SHARED_TEMPLATES: readonly string[] = [
  COUNTDOWN_PART,
  CONTROLS_PART,
  BETTING_PART,
  SEAT_LOBBY_PART,
  WATCHERS_PART,
  HISTORY_PART,
].map((p) => p.template);
const GAME_PREFIX = "game-";

/** A value's fingerprint: its JSON (contexts are plain data, built the same way every time). */
export function fingerprint(value: unknown): string {
  return JSON.stringify(value) ?? "";
}

/**
 * A part's fingerprint: the names its template reads of the context (TEMPLATE_READS, generated from
 * the templates), or the whole context for a template that reads it whole or is not listed.
 */
export function partFingerprint(part: WindowPart): string {
  const reads = TEMPLATE_READS[part.template];
  const read = reads ? reads.map((k) => part.context[k] ?? null) : part.context;
  return fingerprint(part.note === undefined ? read : [read, part.note]);
}

/** What a host tells the model about a window beyond the update. */
export interface WindowOptions {
  /** What the window's actions kept for this table (see ActionResult). */
  readonly kept?: Readonly<Record<string, string>>;
  readonly isGM: boolean;
  readonly helpOpen: boolean;
  readonly hasBots: boolean;
  /** Whether the table controls offer "End the table" (the Foundry window has it in its header). */
  readonly showEnd?: boolean;
  /** The users a host knows, for the GM's "give this seat to" choice (absent: none offered). */
  readonly users?: readonly KnownUser[];
  /** The host's own fields every game part and the header read too (Foundry's header). */
  readonly shared?: Readonly<Record<string, unknown>>;
  /** The host's header part, first of all (Foundry's); its context is `shared`. */
  readonly header?: string;
  /** What the host draws into the game's parts besides their context (see WindowPart.note). */
  readonly note?: string;
  /** This client's clock (ms), for the countdown. */
  readonly now: number;
  /**
   * The viewer's events of the table, for "Moves played" (drawn for a game whose app asks for it:
   * `history`); every game's context reads them too (the last roll's dice).
   */
  readonly history?: HistorySource;
}

/** The window's parts for `update`, in order; the game parts' context is the game's (with `shared`). */
export function windowParts(app: GameApp, update: TableUpdate, o: WindowOptions): WindowPart[] {
  const watchers: WindowPart = { ...WATCHERS_PART, context: watchersContext(update, o.users) };
  // A table waiting for its players has no game to draw yet: its lobby and who is watching.
  const lobby = seatLobbyContext(update, {
    isGM: o.isGM,
    ...(o.showEnd !== undefined ? { showEnd: o.showEnd } : {}),
    ...(o.users ? { users: o.users } : {}),
  });
  if (lobby) {
    const head: WindowPart[] = o.header ? [{ id: "header", template: o.header, context: o.shared ?? {} }] : [];
    return [...head, { ...SEAT_LOBBY_PART, context: lobby }, watchers];
  }
  const helpOpen = o.helpOpen && app.help !== undefined;
  const controls = tableControls(update, {
    isGM: o.isGM,
    hasHelp: app.help !== undefined,
    helpOpen,
    hasBots: o.hasBots,
    ...(o.showEnd !== undefined ? { showEnd: o.showEnd } : {}),
    ...(o.users ? { users: o.users } : {}),
  });
  const shared = o.shared ?? {};
  const game = { ...app.context(update, o.kept, o.history?.seen), ...controls, ...shared };
  const clock = clockContext(update, o.now);
  const betting = bettingContext(update);
  const parts: WindowPart[] = [];
  if (o.header) parts.push({ id: "header", template: o.header, context: shared });
  if (clock) parts.push({ ...COUNTDOWN_PART, context: { ...clock } });
  parts.push({ ...CONTROLS_PART, context: controls });
  if (helpOpen && app.help)
    parts.push({ id: HELP_PART_ID, template: app.help, context: app.helpContext?.(update) ?? {} });
  for (const [name, template] of Object.entries(app.parts))
    parts.push({
      id: `${GAME_PREFIX}${name}`,
      template,
      context: game,
      game: true,
      ...(o.note ? { note: o.note } : {}),
    });
  if (app.history && o.history)
    parts.push({ ...HISTORY_PART, context: historyContext(update.table.id, seatNames(update), o.history) });
  if (betting) parts.push({ ...BETTING_PART, context: betting });
  parts.push(watchers);
  return parts;
}

/**
 * The redraw plan: `drawn` is each part's fingerprint as the window shows it, in the order shown
 * (empty: nothing drawn yet, every part is drawn); `force` names parts drawn again whatever their fingerprint.
 */
export function planWindow(
  drawn: ReadonlyMap<string, string>,
  parts: readonly WindowPart[],
  force: readonly string[] = [],
): WindowPlan {
  const planned = parts.map((part) => {
    const print = partFingerprint(part);
    return { ...part, fingerprint: print, redraw: force.includes(part.id) || drawn.get(part.id) !== print };
  });
  const ids = new Set(parts.map((p) => p.id));
  const removed = [...drawn.keys()].filter((id) => !ids.has(id));
  const kept = [...drawn.keys()].filter((id) => ids.has(id));
  const order = parts.map((p) => p.id).filter((id) => drawn.has(id));
  return { parts: planned, removed, reordered: kept.some((id, i) => order[i] !== id) };
}

/**
 * The board model a window's parts draw (the game parts' `board`, built by the game's board function),
 * for the host to keep with the drawing and hand to the board controller; null: the window draws none.
 */
export function windowBoard(parts: readonly WindowPart[]): BoardContext | null {
  const board = parts.find((p) => p.game)?.context.board;
  return isBoardContext(board) ? board : null;
}

/** The fingerprints a window shows once it has drawn `plan` (in the plan's order). */
export function drawnAfter(plan: WindowPlan): Map<string, string> {
  return new Map(plan.parts.map((p) => [p.id, p.fingerprint]));
}
