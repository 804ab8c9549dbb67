/**
 * A finished table's record as replay steps (the setup, then each move, with its state and events),
 * and as a file: exported whole and versioned, imported only when every move replays through the rules.
 */
import {
  type AnyGame,
  type GameEvent,
  type JsonLimits,
  type Purses,
  type Result,
  type SeatId,
  RECORD_LIMITS,
  ScriptedRandom,
  hasOwn,
  isRecord,
  parseBoundedJson,
  refuse,
  succeed,
  withStoredDefaults,
} from "../rules/core";
import * as v from "valibot";
import { isMatchSummaryLine, matchSummary } from "./match-summary";
import type { ArchivedTable, TableRecord } from "./store";
import { undoNotice } from "./replay";

/** One step of a replay: the setup (seat null) or a move, and the state and events it produced. */
export interface ReplayStep {
  readonly seat: SeatId | null;
  readonly move: unknown;
  readonly state: unknown;
  readonly events: readonly GameEvent[];
  readonly timeout?: true;
  /** The seat took back its move just before: the state is the one before it (concerns/undo). */
  readonly undo?: true;
}

/** A record as stored or exported: the state may be left out (archived tables), the log replays it. */
export type ReplayRecord = ArchivedTable & { readonly state?: unknown };

export const RECORD_FORMAT = "cantina-games-record";
export const RECORD_VERSION = 1;

export const RecordErrors = {
  notJson: "CANTINA.Replay.Error.NotJson",
  format: "CANTINA.Replay.Error.Format",
  version: "CANTINA.Replay.Error.Version",
  malformed: "CANTINA.Replay.Error.Malformed",
  unknownGame: "CANTINA.Replay.Error.UnknownGame",
  refused: "CANTINA.Replay.Error.MoveRefused",
  mismatch: "CANTINA.Replay.Error.Mismatch",
  finalState: "CANTINA.Replay.Error.FinalState",
  unfinished: "CANTINA.Replay.Error.Unfinished",
  moneyLines: "CANTINA.Replay.Error.MoneyLines",
  /** A replay page asked from past the replay's last step (replay-view.ts `replayPage`). */
  noSuchStep: "CANTINA.Replay.Error.NoSuchStep",
} as const;

/** JSON with object keys sorted, so two equal values compare equal whatever their key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    isRecord(v) && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]]),
        )
      : v,
  );
}

/** The purses a record's match started from (tables stored before the purses left the options kept them there). */
export function pursesOf(record: ReplayRecord): Purses {
  if (isRecord(record.purses)) return record.purses;
  const legacy = isRecord(record.options) ? record.options.purses : undefined;
  return isRecord(legacy) ? (legacy as Purses) : {};
}

/**
 * Whether the lines after a step's rules events are the host's money summary that this record's own
 * seats, purses, result and pools give (ledger.ts, `matchSummary`): none, or exactly those, and only
 * on the move that ended the match. A forged or edited money line is not one the replay regenerates.
 */
function hostLinesFit(
  record: ReplayRecord,
  game: AnyGame,
  state: unknown,
  last: boolean,
  lines: readonly GameEvent[],
): boolean {
  if (lines.length === 0) return true;
  const result = game.status(state).result;
  if (!last || !result) return false;
  return canonicalJson(lines) === canonicalJson(matchSummary(record.seats, pursesOf(record), result, record.betting));
}

/**
 * The rules' events of a step as the record should hold them: all of them, or, for a record made
 * before the game emitted its `laterNotices` (a move line for chat), those without them when the
 * recorded step has none of them.
 */
function eventsAsRecorded(
  game: AnyGame,
  events: readonly GameEvent[],
  recorded: readonly GameEvent[],
): readonly GameEvent[] {
  const later = game.laterNotices ?? [];
  const isLater = (e: GameEvent): boolean => e.kind === "notice" && later.includes(e.key);
  if (later.length === 0 || recorded.some(isLater)) return events;
  return events.filter((e) => !isLater(e));
}

function gameOf(games: Readonly<Record<string, AnyGame>>, id: string): AnyGame | undefined {
  return hasOwn(games, id) ? games[id] : undefined;
}

/**
 * Replays the record's log: each entry through the rules with its own dice, which it must use up,
 * giving the events it recorded. A step that does not is refused with its number (0: the setup).
 */
export function replaySteps(
  record: ReplayRecord,
  games: Readonly<Record<string, AnyGame>>,
): Result<{ game: AnyGame; steps: ReplayStep[] }> {
  const game = gameOf(games, record.gameId);
  if (!game) return refuse(RecordErrors.unknownGame, { game: record.gameId });
  const steps: ReplayStep[] = [];
  let state: unknown = undefined;
  for (const [index, entry] of record.log.entries()) {
    if (entry.undo) {
      const taken = takenBack(record, steps, index);
      if (!taken) return refuse(RecordErrors.refused, { step: index });
      state = taken.state;
      steps.push(taken);
      continue;
    }
    const random = new ScriptedRandom(entry.dice);
    let applied;
    try {
      if (index === 0) {
        if (entry.seat !== null) return refuse(RecordErrors.malformed);
        // Options stored before the game gained one take its default (docs/rules-layer.md, "Options").
        applied = game.setup(
          record.seats.map((s) => s.seat),
          withStoredDefaults(game.defaultOptions(), record.options),
          random,
          record.purses,
        );
      } else {
        if (entry.seat === null || !game.isMove(entry.move)) return refuse(RecordErrors.refused, { step: index });
        applied = game.apply(state, entry.seat, entry.move, random);
      }
    } catch {
      // Dice that run out or do not fit their die: the log was not made by these rules.
      return refuse(RecordErrors.refused, { step: index });
    }
    if (!applied.ok) return refuse(RecordErrors.refused, { step: index });
    const ruleEvents = eventsAsRecorded(game, applied.events, entry.events);
    // The host may close a match with its money lines (ledger.ts, matchSummary) after the rules' events.
    const hostLines = entry.events.slice(ruleEvents.length);
    if (
      random.used !== entry.dice.length ||
      canonicalJson(ruleEvents) !== canonicalJson(entry.events.slice(0, ruleEvents.length)) ||
      !hostLines.every(isMatchSummaryLine)
    )
      return refuse(RecordErrors.mismatch, { step: index });
    let fit: boolean;
    try {
      fit = hostLinesFit(record, game, applied.state, index === record.log.length - 1, hostLines);
    } catch {
      fit = false; // Seats, purses or pools not of the shape the host stores.
    }
    if (!fit) return refuse(RecordErrors.moneyLines, { step: index });
    state = applied.state;
    steps.push({
      seat: entry.seat,
      move: entry.move,
      state,
      events: [...ruleEvents, ...hostLines],
      ...(entry.timeout ? { timeout: true as const } : {}),
    });
  }
  if (steps.length === 0) return refuse(RecordErrors.malformed);
  return succeed({ game, steps });
}

/** The file of a record: the record as stored (its state left out: the log replays it), versioned. */
export function exportRecord(record: ReplayRecord): string {
  const { state: _state, ...rest } = record;
  return JSON.stringify({ format: RECORD_FORMAT, version: RECORD_VERSION, record: rest });
}

/** A file name for the record's download. */
export function recordFileName(record: ReplayRecord): string {
  return `cantina-${record.gameId}-${record.id}.json`.replace(/[^A-Za-z0-9._-]/g, "_");
}

/**
 * The fields of a record file's record that the replay reads before it replays (wire schema,
 * valibot); the rest is the store's record as it was exported, kept as it is.
 */
const RecordFileSchema = v.looseObject({
  id: v.string(),
  gameId: v.string(),
  eventId: v.string(),
  seats: v.array(v.looseObject({ seat: v.string(), name: v.string(), kind: v.picklist(["person", "bot"]) })),
  log: v.array(
    v.looseObject({
      seat: v.nullable(v.string()),
      dice: v.array(v.pipe(v.number(), v.integer())),
      events: v.array(v.unknown()),
    }),
  ),
});

/**
 * Reads a record file: refused (with why) unless it is within `limits` (checked before it is parsed
 * and walked), this format and version, of a known game, and every move replays through the rules
 * to a finished game (and to its state, if it carries one).
 */
export function importRecord(
  text: string,
  games: Readonly<Record<string, AnyGame>>,
  limits: JsonLimits = RECORD_LIMITS,
): Result<{ record: ReplayRecord; game: AnyGame; steps: ReplayStep[] }> {
  // Its length and nesting first, then each value: nothing below walks a file too big to walk.
  const parsed = parseBoundedJson(text, limits, RecordErrors.notJson);
  if (!parsed.ok) return parsed;
  const file = parsed.value;
  if (!isRecord(file) || file.format !== RECORD_FORMAT) return refuse(RecordErrors.format);
  if (file.version !== RECORD_VERSION)
    return refuse(RecordErrors.version, { version: String(file.version), expected: RECORD_VERSION });
  const r = file.record;
  if (!v.is(RecordFileSchema, r)) return refuse(RecordErrors.malformed);
  const record = r as unknown as ReplayRecord;
  const replayed = replaySteps(record, games);
  if (!replayed.ok) return replayed;
  const last = replayed.steps[replayed.steps.length - 1];
  if (!last || !replayed.game.status(last.state).over) return refuse(RecordErrors.unfinished);
  if (hasOwn(record, "state") && canonicalJson(record.state) !== canonicalJson(last.state))
    return refuse(RecordErrors.finalState);
  return succeed({ record, game: replayed.game, steps: replayed.steps });
}

/** Whether a stored table is a finished one a replay can show. */
export function isFinished(record: TableRecord | ArchivedTable): boolean {
  return record.finishedAt !== undefined;
}

/**
 * The step of an undo entry (concerns/undo): the state before the move just before it, which must be
 * a move of the same seat that drew nothing; the entry's only event the take-back's chat line.
 */
function takenBack(record: ReplayRecord, steps: readonly ReplayStep[], index: number): ReplayStep | null {
  const entry = record.log[index];
  const undone = steps[index - 1];
  const before = steps[index - 2];
  const undoneEntry = record.log[index - 1];
  if (!entry || entry.seat === null || !undone || !before || !undoneEntry || undone.undo) return null;
  if (undone.seat !== entry.seat || undoneEntry.dice.length > 0 || entry.dice.length > 0) return null;
  if (canonicalJson(entry.events) !== canonicalJson([undoNotice(record, entry.seat)])) return null;
  return { seat: entry.seat, move: null, state: before.state, events: entry.events, undo: true };
}
