/**
 * The Sabacc tournament (issue 37): its requests on the books (circuits, entries, sign-ups, rounds),
 * a round's match recorded into the standings as its table settles, and a round's table named in
 * its summary. Buy-ins and cash-outs write a character's sheet too: the host runs them (transfer-run.ts).
 */
import type { TableConcern } from "../contract";
import { recordRoundMatch } from "./after-move";
import { openTournamentRound } from "./round-op";
import { addCircuit, createTournament, enterTournament, manageSignUps, openSignUps, signUpFor } from "./tournament-op";

export const tournamentConcern: TableConcern = {
  name: "tournament",
  operations: {
    "tournament-create": { gmOnly: true, run: createTournament },
    "tournament-circuit": { gmOnly: true, run: addCircuit },
    "tournament-enter": { run: enterTournament },
    "tournament-sign-up": { run: signUpFor },
    "tournament-manage": { gmOnly: true, run: manageSignUps },
    "tournament-sign-ups": { gmOnly: true, run: openSignUps },
    "tournament-round": { gmOnly: true, run: openTournamentRound },
  },
  afterMove: recordRoundMatch,
  summary: (_ctx, record) => (record.tournament ? { tournament: record.tournament } : {}),
};
