/**
 * A round's table settling into the ledger records its match into the tournament, in the same
 * change (credits won from the settlement's result, points spent, the winners); a round's table the
 * GM ends before its match did is recorded as voided, so the round can close.
 */
import type { GameResult } from "../../../rules/core";
import { type MatchLine, recordMatch, recordVoided, seatedAt } from "../../../tournament";
import { type Ledger, own, withTournament } from "../../ledger";
import type { TableRecord } from "../../store";
import type { OpContext } from "../../context";
import type { MoveExtension } from "../contract";

/** Each participant seated at the round's table, by their seat's account (a seat handed to a bot keeps it). */
function linesOf(record: TableRecord, seated: readonly string[], result: GameResult): MatchLine[] {
  return seated.map((participant) => {
    const seat = record.seats.find((s) => s.account === participant)?.seat;
    return {
      participant,
      creditDelta: seat !== undefined ? (own(result.creditDelta, seat) ?? 0) : 0,
      luckSpent: seat !== undefined ? (own(result.luckSpent, seat) ?? 0) : 0,
      won: seat !== undefined && result.winners.includes(seat),
    };
  });
}

/** The round's table of this record as its tournament holds it, or null. */
function roundTableOf(ledger: Ledger, record: TableRecord) {
  const link = record.tournament;
  const tournament = link && ledger.tournaments ? own(ledger.tournaments, link.id) : undefined;
  const round = link ? tournament?.circuits[link.circuit]?.rounds.find((r) => r.number === link.round) : undefined;
  const table = round?.tables.find((t) => t.id === link?.table);
  return tournament && table ? { tournament, table } : null;
}

export const recordRoundMatch: MoveExtension = (step, ctx) => {
  if (!step.settles || !step.status.over || !step.status.result) return step;
  const found = roundTableOf(step.ledger, step.record);
  if (!found) return step;
  const lines = linesOf(step.record, seatedAt(found.table), step.status.result);
  const recorded = recordMatch(found.tournament, found.table.id, lines, { user: ctx.hostUser, gm: true });
  // A result the domain refuses (it never should: the lines are the table's own) leaves the round open for the GM.
  if (!recorded.ok || recorded.tournament === found.tournament) return step;
  return { ...step, ledger: withTournament(step.ledger, recorded.tournament) };
};

/** The ledger once a round's table is called off before its match settled (ops/end.ts `calledOff`). */
export function voidRoundTable(ledger: Ledger, ctx: Pick<OpContext, "hostUser">, ending: TableRecord): Ledger {
  if (ending.settled || ending.lobby) return ledger;
  const found = roundTableOf(ledger, ending);
  if (!found) return ledger;
  const voided = recordVoided(found.tournament, found.table.id, { user: ctx.hostUser, gm: true });
  return voided.ok && voided.tournament !== found.tournament ? withTournament(ledger, voided.tournament) : ledger;
}
