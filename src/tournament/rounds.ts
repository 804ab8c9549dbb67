/**
 * Opening a round of a circuit in one action: everyone signed up rolls 1–100 (ties roll off), and is
 * dealt in that order to as few balanced tables as the seat limit allows; bots only where the GM asks.
 */
import { type Random, type Result, refuse, succeed } from "../rules/core";
import { pendingOrderRollers, playOrderFrom } from "../rules/sabacc/play-order";
import { circuitOf, withCircuit } from "./circuits";
import { TournamentErrors as E } from "./errors";
import { own } from "./records";
import type { Asker, Circuit, Round, RoundSeat, RoundTable, SitOutReason, Tournament } from "./types";

export interface RoundOptions {
  /** Bots join each table until it has this many seats (at most the seat limit); absent: no bots. */
  readonly fillTo?: number;
  /** Ledger balances by participant, when the host knows them: who cannot pay the ante sits out. */
  readonly balances?: Readonly<Record<string, number>>;
}

/** The tables of the tournament whose match result is not in yet. */
export function unfinishedTables(tournament: Tournament): RoundTable[] {
  const done = new Set(tournament.matches.map((m) => m.table));
  return Object.values(tournament.circuits).flatMap((c) =>
    (c?.rounds ?? []).flatMap((r) => r.tables.filter((t) => !done.has(t.id))),
  );
}

/** Whether the circuit's last round still has a table playing. */
export function roundOpen(tournament: Tournament, circuit: Circuit): boolean {
  const last = circuit.rounds[circuit.rounds.length - 1];
  if (!last) return false;
  const done = new Set(tournament.matches.map((m) => m.table));
  return last.tables.some((t) => !done.has(t.id));
}

export const seatedAt = (table: RoundTable): string[] =>
  table.seats.flatMap((s) => ("participant" in s ? [s.participant] : []));

/** Everyone rolls 1d100 in sign-up order, then the tied roll again until no two sequences are equal. */
function rollOrder(players: readonly string[], random: Random): { rolls: Record<string, number[]>; order: string[] } {
  const rolls: Record<string, number[]> = Object.create(null) as Record<string, number[]>;
  for (const p of players) rolls[p] = [];
  for (
    let pending = pendingOrderRollers(players, rolls);
    pending.length > 0;
    pending = pendingOrderRollers(players, rolls)
  )
    for (const p of pending) (rolls[p] as number[]).push(random.die(100));
  return { rolls, order: playOrderFrom(players, rolls) };
}

/** Dealt like cards in play order, so the tables differ by at most one seat and each keeps the order. */
function deal(order: readonly string[], count: number): string[][] {
  const tables: string[][] = Array.from({ length: count }, () => []);
  order.forEach((p, i) => (tables[i % count] as string[]).push(p));
  return tables;
}

export function openRound(
  tournament: Tournament,
  circuitId: string,
  asker: Asker,
  random: Random,
  options: RoundOptions = {},
): Result<{ tournament: Tournament; round: Round }> {
  if (!asker.gm) return refuse(E.gmOnly);
  const found = circuitOf(tournament, circuitId);
  if (!found.ok) return found;
  const { circuit } = found;
  if (roundOpen(tournament, circuit)) return refuse(E.roundOpen);
  const limit = circuit.seatLimit === 0 ? Number.POSITIVE_INFINITY : circuit.seatLimit;
  const { fillTo } = options;
  if (fillTo !== undefined && (!Number.isSafeInteger(fillTo) || fillTo < 2 || fillTo > limit))
    return refuse(E.badBots, { max: circuit.seatLimit });

  // A character's whole purse is at one table at a time (src/table/ledger.ts, seatPurses).
  const busy = new Set(unfinishedTables(tournament).flatMap(seatedAt));
  const need = circuit.ante + (circuit.sabaccAnte ?? 0);
  const sittingOut: { participant: string; why: SitOutReason }[] = [];
  const players = circuit.signedUp.filter((p) => {
    const balance = options.balances ? own(options.balances, p) : undefined;
    const why: SitOutReason | null = busy.has(p) ? "busy" : balance !== undefined && balance < need ? "short" : null;
    if (why) sittingOut.push({ participant: p, why });
    return why === null;
  });
  const { rolls, order } = rollOrder(players, random);
  // Without bots a lone player has nobody to play: the lowest roll sits this round out.
  const seated = [...order];
  const tableCount = (n: number): number => (limit === Number.POSITIVE_INFINITY ? 1 : Math.ceil(n / limit));
  while (fillTo === undefined && seated.length > 0 && Math.floor(seated.length / tableCount(seated.length)) < 2)
    sittingOut.push({ participant: seated.pop() as string, why: "odd" });
  if (seated.length === 0 || (fillTo === undefined && seated.length < 2))
    return refuse(E.tooFewPlayers, { count: seated.length });

  const number = circuit.rounds.length + 1;
  const tables: RoundTable[] = deal(seated, tableCount(seated.length)).map((ids, i) => {
    const id = `${tournament.id}-${circuit.id}-r${number}-t${i + 1}`;
    const seats: RoundSeat[] = ids.map((participant) => ({ participant }));
    for (let k = 1; seats.length < (fillTo ?? 0); k++) seats.push({ bot: `${id}-bot${k}` });
    return { id, seats };
  });
  const round: Round = { number, rolls, order: seated, tables, sittingOut };
  return succeed({ tournament: withCircuit(tournament, { ...circuit, rounds: [...circuit.rounds, round] }), round });
}
