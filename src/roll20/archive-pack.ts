/**
 * A finished table as kept in `state` (issue 35): its log's seats, moves and dice packed as text, the
 * rules' events replayed on reading; kept whole unless it reads back exactly (docs/roll20.md).
 */
import { type AnyGame, type GameEvent, ScriptedRandom, withStoredDefaults } from "../rules/core";
import type { LogEntry } from "../table/protocol";
import { canonicalJson } from "../table/record-file";
import type { ArchivedTable } from "../table/store";
import { packText, unpackText } from "./lz-text";

/** An archive as `state` holds it: its log either as it was, or packed (`log` then empty). */
export type StoredArchive = ArchivedTable & { readonly packedLog?: string };

interface Packed {
  /** Each distinct move once (JSON), referred to by index. */
  readonly m: readonly unknown[];
  /** Per entry index: the host's lines after the rules' events (absent: none). */
  readonly t: Readonly<Record<string, readonly GameEvent[]>>;
}

/** The rules' events of each entry, replayed from its move and dice; null when the rules cannot replay it. */
function ruleEvents(archive: ArchivedTable, game: AnyGame, log: readonly LogEntry[]): (readonly GameEvent[])[] | null {
  const out: (readonly GameEvent[])[] = [];
  let state: unknown = undefined;
  for (const [index, entry] of log.entries()) {
    if (entry.undo || entry.version !== index) return null;
    const random = new ScriptedRandom(entry.dice);
    try {
      const applied =
        index === 0
          ? game.setup(
              archive.seats.map((s) => s.seat),
              withStoredDefaults(game.defaultOptions(), archive.options),
              random,
              archive.purses,
            )
          : entry.seat === null
            ? null
            : game.apply(state, entry.seat, entry.move, random);
      if (!applied?.ok || random.used !== entry.dice.length) return null;
      state = applied.state;
      out.push(applied.events);
    } catch {
      return null;
    }
  }
  return out;
}

/** The archive as kept: packed when it reads back exactly as it was, else as it is. */
export function packArchive(archive: ArchivedTable, game: AnyGame | undefined): StoredArchive {
  if (!game || archive.log.length === 0) return archive;
  const replayed = ruleEvents(archive, game, archive.log);
  if (!replayed) return archive;
  const seats = archive.seats.map((s) => s.seat);
  const moves: unknown[] = [];
  const moveIndex = new Map<string, number>();
  const tails: Record<string, readonly GameEvent[]> = {};
  const lines: string[] = [];
  for (const [index, entry] of archive.log.entries()) {
    const rules = replayed[index] ?? [];
    if (canonicalJson(rules) !== canonicalJson(entry.events.slice(0, rules.length))) return archive;
    if (entry.events.length > rules.length) tails[index] = entry.events.slice(rules.length);
    const key = JSON.stringify(entry.move ?? null);
    let m = moveIndex.get(key);
    if (m === undefined) moveIndex.set(key, (m = moves.push(entry.move ?? null) - 1));
    const seat = entry.seat === null ? "" : String(seats.indexOf(entry.seat));
    if (seat === "-1") return archive;
    lines.push(`${seat}|${m}|${entry.dice.join(",")}|${entry.timeout ? 1 : ""}`);
  }
  const packed: Packed = { m: moves, t: tails };
  const { log: _log, ...rest } = archive;
  const stored: StoredArchive = {
    ...rest,
    log: [],
    packedLog: packText(`${JSON.stringify(packed)}\n${lines.join(";")}`),
  };
  // Kept packed only when it reads back as it was (anything else is kept whole).
  const back = unpackArchive(stored, game);
  return back && canonicalJson(back) === canonicalJson(archive) ? stored : archive;
}

/** The archive as it was archived; null when a packed log cannot be read back (damaged, or rules that changed). */
export function unpackArchive(stored: StoredArchive, game: AnyGame | undefined): ArchivedTable | null {
  const { packedLog, ...archive } = stored;
  if (packedLog === undefined) return archive;
  if (!game) return null;
  const text = unpackText(packedLog);
  const cut = text?.indexOf("\n") ?? -1;
  if (text === null || cut < 0) return null;
  let packed: Packed;
  try {
    packed = JSON.parse(text.slice(0, cut)) as Packed;
  } catch {
    return null;
  }
  const seats = archive.seats.map((s) => s.seat);
  const skeleton: LogEntry[] = [];
  for (const [version, line] of text
    .slice(cut + 1)
    .split(";")
    .entries()) {
    const [seat = "", move = "", dice = "", timeout = ""] = line.split("|");
    const seatId = seat === "" ? null : (seats[Number(seat)] ?? null);
    if (seat !== "" && seatId === null) return null;
    skeleton.push({
      version,
      seat: seatId,
      move: packed.m[Number(move)] ?? null,
      dice: dice === "" ? [] : dice.split(",").map(Number),
      events: [],
      ...(timeout === "1" ? { timeout: true as const } : {}),
    });
  }
  const replayed = ruleEvents(archive, game, skeleton);
  if (!replayed) return null;
  const log = skeleton.map((entry, i) => ({ ...entry, events: [...(replayed[i] ?? []), ...(packed.t[i] ?? [])] }));
  return { ...archive, log };
}
