/**
 * `tournament-round` (GM): the circuit's next round (src/tournament/rounds.ts) and its tables opened
 * in the tournament's event the way `create` opens one (ops/new-table.ts), all in one change.
 */
import { refuse, succeed } from "../../../rules/core";
import { type Circuit, type RoundTable, type Tournament, circuitOf, openRound } from "../../../tournament";
import { type Ledger, own, withTournament } from "../../ledger";
import { Errors, type TableSpec } from "../../protocol";
import type { TableRecord } from "../../store";
import type { Asked, Books, OpContext, OpResult } from "../../context";
import { newTable } from "../../ops/new-table";
import { askerOf, tournamentIn } from "./tournament-op";

/** The circuit's antes and seat limit as its variant's options name them. */
function optionsOf(circuit: Circuit, seats: number): Record<string, number> {
  // A table never has more seats than the circuit's limit; "no limit" (0) stays none where the variant allows it.
  const seatLimit = circuit.seatLimit === 0 ? 0 : Math.max(circuit.seatLimit, seats);
  if (circuit.id === "nova") return { mainAnte: circuit.ante, sabaccAnte: circuit.sabaccAnte ?? 0, seatLimit };
  return { ante: circuit.ante, seatLimit };
}

/** A round's table as a `create` spec: the participants in play order on their own accounts, then the bots. */
function specOf(tournament: Tournament, circuit: Circuit, table: RoundTable): TableSpec {
  let bots = 0;
  return {
    gameId: circuit.gameId,
    eventId: tournament.eventId,
    seats: table.seats.map((seat) => {
      if ("bot" in seat) return { name: `Bot ${++bots}`, kind: "bot" as const, userId: null };
      const participant = own(tournament.participants, seat.participant);
      return {
        name: participant?.name ?? seat.participant,
        kind: "person" as const,
        userId: participant?.user ?? null,
        account: seat.participant,
      };
    }),
    options: optionsOf(circuit, table.seats.length),
  };
}

export function openTournamentRound(books: Books, request: Asked<"tournament-round">, ctx: OpContext): OpResult {
  const found = tournamentIn(books, request.tournamentId);
  if (!found.ok) return found;
  const { tournament } = found;
  const event = own(books.ledger.events, tournament.eventId);
  if (!event) return refuse(Errors.unknownEvent);
  const circuit = circuitOf(tournament, request.circuit);
  if (!circuit.ok) return circuit;
  // Who cannot pay the circuit's antes from the event sits out ("short"); no account: nothing to pay with.
  const balances: Record<string, number> = Object.create(null) as Record<string, number>;
  for (const id of circuit.circuit.signedUp) balances[id] = own(event.accounts, id)?.credits ?? 0;
  const opened = openRound(tournament, request.circuit, askerOf(ctx, request.from), ctx.random, {
    balances,
    ...(request.fillTo !== undefined ? { fillTo: request.fillTo } : {}),
  });
  if (!opened.ok) return opened;
  const { round } = opened;
  let ledger: Ledger = books.ledger;
  const records: TableRecord[] = [];
  for (const table of round.tables) {
    // A round's table id is the round's own (unique in the tournament): the match result names it.
    if (books.tables.has(table.id)) return refuse(Errors.malformed);
    const built = newTable(ctx, request.from, specOf(tournament, circuit.circuit, table), ledger, table.id);
    if (!built.ok) return built;
    ledger = built.ledger;
    const link = { id: tournament.id, circuit: circuit.circuit.id, round: round.number, table: table.id };
    records.push({ ...built.record, tournament: link });
  }
  const tableIds = records.map((r) => r.id);
  return succeed({
    change: { tables: records, ledger: withTournament(ledger, opened.tournament) },
    reply: { ok: true, tableIds },
    push: records.map((record) => ({ record, since: 0 })),
    ...(tableIds[0] !== undefined ? { bots: { tableId: tableIds[0] } } : {}),
    botTables: tableIds.slice(1),
  });
}
