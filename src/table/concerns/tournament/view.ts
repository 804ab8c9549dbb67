/**
 * What one user sees of the tournaments (the ledger message's `tournaments`): everyone sees every
 * tournament, its circuits and standings; points left, transfers, the audit as their role allows.
 */
import {
  type Asker,
  type CharacterRef,
  type StandingRow,
  type Tournament,
  CIRCUIT_IDS,
  circuitStandings,
  eventStandings,
  pendingTransfers,
  standingsFor,
} from "../../../tournament";
import type { TournamentView, UserId } from "../../protocol";
import { playableBy } from "./characters";

/** What a tournament view reads of the host: who is a GM, who the users are, what each may play. */
export interface TournamentViewContext {
  readonly isGM: (user: UserId) => boolean;
  readonly users: () => readonly UserId[];
  readonly characters?: (user: UserId) => readonly CharacterRef[];
}

function standingsOf(tournament: Tournament, viewer: Asker): TournamentView["standings"] {
  const circuits: Partial<Record<(typeof CIRCUIT_IDS)[number], readonly StandingRow[]>> = {};
  for (const id of CIRCUIT_IDS) {
    const rows = tournament.circuits[id] ? circuitStandings(tournament, id) : null;
    if (rows?.ok) circuits[id] = standingsFor(tournament, rows.rows, viewer);
  }
  return { circuits, event: standingsFor(tournament, eventStandings(tournament), viewer) };
}

/** One tournament as `user` may see it. */
export function tournamentView(ctx: TournamentViewContext, tournament: Tournament, user: UserId): TournamentView {
  const gm = ctx.isGM(user);
  const viewer: Asker = { user, gm };
  const participants = Object.values(tournament.participants);
  const mine = new Set(participants.filter((p) => p.user === user).map((p) => p.id));
  const transfers = Object.values(tournament.transfers)
    .filter((t) => gm || mine.has(t.participant))
    .sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1));
  return {
    id: tournament.id,
    name: tournament.name,
    eventId: tournament.eventId,
    createdAt: tournament.createdAt,
    participants: participants.map((p) => ({
      id: p.id,
      name: p.name,
      user: p.user,
      ...(p.character ? { characterName: p.character.name } : {}),
    })),
    circuits: CIRCUIT_IDS.flatMap((id) => tournament.circuits[id] ?? []),
    standings: standingsOf(tournament, viewer),
    transfers,
    ...(gm ? { pending: pendingTransfers(tournament).map((t) => t.id), audit: tournament.audit } : {}),
    mayPlay: playableBy(ctx.characters, user),
    ...(gm
      ? {
          playable: ctx
            .users()
            .filter((u) => u !== user)
            .map((u) => ({ user: u, characters: playableBy(ctx.characters, u) })),
        }
      : {}),
  };
}

/** Every tournament as `user` may see it, newest first. */
export function tournamentViews(
  ctx: TournamentViewContext,
  tournaments: Readonly<Record<string, Tournament>> | undefined,
  user: UserId,
): TournamentView[] {
  return Object.values(tournaments ?? {})
    .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1))
    .map((t) => tournamentView(ctx, t, user));
}

/** The accounts `user` plays in this event besides their own: their participants' (character ids). */
export function participantAccounts(
  tournaments: Readonly<Record<string, Tournament>> | undefined,
  eventId: string,
  user: UserId,
): Set<string> {
  const accounts = new Set<string>();
  for (const t of Object.values(tournaments ?? {}))
    if (t.eventId === eventId) for (const p of Object.values(t.participants)) if (p.user === user) accounts.add(p.id);
  return accounts;
}
