/**
 * Match results into standings, per circuit and for the whole event (credits won, matches played
 * and won, Luck/Force points left), each viewer's copy, and the final summary the hosts post.
 */
import { type Result, refuse, succeed } from "../rules/core";
import { EVENT_LUCK_POINTS } from "../table/ledger";
import { CIRCUIT_NAME_KEYS, circuitOf } from "./circuits";
import { TournamentErrors as E } from "./errors";
import { own } from "./records";
import { seatedAt } from "./rounds";
import {
  type Asker,
  type CircuitId,
  type MatchLine,
  type MatchRecord,
  type StandingRow,
  type Tournament,
  CIRCUIT_IDS,
} from "./types";

export type { StandingRow };

/** Where a match's table sits: its circuit and round, or nothing when no round holds it. */
function findTable(
  tournament: Tournament,
  tableId: string,
): { circuit: CircuitId; round: number; seated: string[] } | null {
  for (const circuit of Object.values(tournament.circuits))
    for (const round of circuit?.rounds ?? []) {
      const table = round.tables.find((t) => t.id === tableId);
      if (circuit && table) return { circuit: circuit.id, round: round.number, seated: seatedAt(table) };
    }
  return null;
}

const whole = (n: number): boolean => Number.isSafeInteger(n);

/**
 * A finished match's result, once per table: a second report of the same table changes nothing.
 * The lines name exactly the participants seated there (bots have none).
 */
export function recordMatch(
  tournament: Tournament,
  tableId: string,
  lines: readonly MatchLine[],
  asker: Asker,
): Result<{ tournament: Tournament }> {
  if (!asker.gm) return refuse(E.gmOnly);
  const table = findTable(tournament, tableId);
  if (!table) return refuse(E.unknownTable);
  if (tournament.matches.some((m) => m.table === tableId)) return succeed({ tournament });
  const named = lines.map((l) => l.participant);
  const exact = named.length === table.seated.length && table.seated.every((p) => named.includes(p));
  const sane = lines.every((l) => whole(l.creditDelta) && whole(l.luckSpent) && l.luckSpent >= 0);
  if (!exact || !sane) return refuse(E.badResult);
  const record: MatchRecord = { circuit: table.circuit, round: table.round, table: tableId, lines: [...lines] };
  return succeed({ tournament: { ...tournament, matches: [...tournament.matches, record] } });
}

/**
 * A table the GM ended before its match did: recorded with no lines, so the round can close and
 * the next open (nobody played it, nothing changed hands). Once per table, like a result.
 */
export function recordVoided(
  tournament: Tournament,
  tableId: string,
  asker: Asker,
): Result<{ tournament: Tournament }> {
  if (!asker.gm) return refuse(E.gmOnly);
  const table = findTable(tournament, tableId);
  if (!table) return refuse(E.unknownTable);
  if (tournament.matches.some((m) => m.table === tableId)) return succeed({ tournament });
  const record: MatchRecord = { circuit: table.circuit, round: table.round, table: tableId, lines: [], voided: true };
  return succeed({ tournament: { ...tournament, matches: [...tournament.matches, record] } });
}

/** Points spent over the whole event, every circuit counted. */
function luckSpent(tournament: Tournament): Map<string, number> {
  const spent = new Map<string, number>();
  for (const m of tournament.matches)
    for (const l of m.lines) spent.set(l.participant, (spent.get(l.participant) ?? 0) + l.luckSpent);
  return spent;
}

function rows(tournament: Tournament, ids: Iterable<string>, matches: readonly MatchRecord[]): StandingRow[] {
  const spent = luckSpent(tournament);
  const out = new Map<string, { creditsWon: number; played: number; won: number }>();
  for (const id of ids) out.set(id, { creditsWon: 0, played: 0, won: 0 });
  for (const m of matches)
    for (const l of m.lines) {
      const row = out.get(l.participant) ?? { creditsWon: 0, played: 0, won: 0 };
      out.set(l.participant, {
        creditsWon: row.creditsWon + l.creditDelta,
        played: row.played + 1,
        won: row.won + (l.won ? 1 : 0),
      });
    }
  const named = [...out].map(([participant, row]) => ({
    participant,
    name: own(tournament.participants, participant)?.name ?? participant,
    ...row,
    luckLeft: Math.max(0, EVENT_LUCK_POINTS - (spent.get(participant) ?? 0)),
  }));
  return named.sort(
    (a, b) =>
      b.creditsWon - a.creditsWon ||
      b.won - a.won ||
      a.name.localeCompare(b.name) ||
      (a.participant < b.participant ? -1 : a.participant > b.participant ? 1 : 0),
  );
}

/** A circuit's standings: everyone signed up or waiting there, and everyone who played in it. */
export function circuitStandings(tournament: Tournament, circuitId: string): Result<{ rows: StandingRow[] }> {
  const found = circuitOf(tournament, circuitId);
  if (!found.ok) return found;
  const { circuit } = found;
  const matches = tournament.matches.filter((m) => m.circuit === circuit.id);
  return succeed({ rows: rows(tournament, [...circuit.signedUp, ...circuit.waiting], matches) });
}

/** The event's standings: every participant, every circuit's matches added up. */
export function eventStandings(tournament: Tournament): StandingRow[] {
  return rows(tournament, Object.keys(tournament.participants), tournament.matches);
}

/**
 * What one viewer may see: everyone's credits and matches, but Luck/Force points left only in
 * their own rows (the GM sees all), as at the tables, where others' points are hidden.
 */
export function standingsFor(tournament: Tournament, standing: readonly StandingRow[], viewer: Asker): StandingRow[] {
  if (viewer.gm) return [...standing];
  return standing.map((row) => {
    if (own(tournament.participants, row.participant)?.user === viewer.user) return row;
    const { luckLeft: _hidden, ...shown } = row;
    return shown;
  });
}

export interface CircuitSummary {
  readonly circuit: CircuitId;
  readonly nameKey: string;
  readonly rounds: number;
  readonly matches: number;
  readonly rows: readonly StandingRow[];
  /** Best credits won among those who played (ties share it); empty when nobody played. */
  readonly leaders: readonly string[];
}

export interface FinalSummary {
  readonly name: string;
  readonly circuits: readonly CircuitSummary[];
  readonly event: readonly StandingRow[];
  readonly champions: readonly string[];
}

function leadersOf(standing: readonly StandingRow[]): string[] {
  const played = standing.filter((r) => r.played > 0);
  const best = played[0]?.creditsWon;
  return best === undefined ? [] : played.filter((r) => r.creditsWon === best).map((r) => r.participant);
}

/**
 * The event's closing summary as data, for the hosts to post (chat or journal, handout, panel): the
 * event is over, so everyone's points left are in it.
 */
export function finalSummary(tournament: Tournament): FinalSummary {
  const circuits = CIRCUIT_IDS.flatMap((id) => {
    const circuit = tournament.circuits[id];
    if (!circuit) return [];
    const standing = circuitStandings(tournament, circuit.id);
    const matchRows = standing.ok ? standing.rows : [];
    return [
      {
        circuit: circuit.id,
        nameKey: CIRCUIT_NAME_KEYS[circuit.id],
        rounds: circuit.rounds.length,
        matches: tournament.matches.filter((m) => m.circuit === circuit.id && !m.voided).length,
        rows: matchRows,
        leaders: leadersOf(matchRows),
      },
    ];
  });
  const event = eventStandings(tournament);
  return { name: tournament.name, circuits, event, champions: leadersOf(event) };
}
