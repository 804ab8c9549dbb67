/**
 * The Sabacc tournament as it travels to a client (issue 37; src/tournament holds the rules,
 * concerns/tournament the requests): each user's `TournamentView`, in the ledger message.
 */
import type { AuditEntry, CharacterRef, Circuit, CircuitId, StandingRow, Transfer, UserId } from "../tournament/types";

export type { AuditEntry, CharacterRef, Circuit, CircuitId, StandingRow, Transfer } from "../tournament/types";

/** A round's table as its record and summary name it (TableRecord.tournament): which tournament, circuit, round. */
export interface TournamentLink {
  readonly id: string;
  readonly circuit: CircuitId;
  readonly round: number;
  /** The round's table id (src/tournament RoundTable.id), also the host table's id. */
  readonly table: string;
}

/** A participant as everyone sees it: the character (its id is its ledger account), its player, its sheet's name. */
export interface TournamentParticipantView {
  readonly id: string;
  readonly name: string;
  readonly user: UserId;
  /** The bound sheet's name (absent: none bound). */
  readonly characterName?: string;
}

/** One user's picture of one tournament: what everyone in the event sees, and what is theirs. */
export interface TournamentView {
  readonly id: string;
  readonly name: string;
  readonly eventId: string;
  readonly createdAt: number;
  readonly participants: readonly TournamentParticipantView[];
  /** The open circuits as stored (settings, sign-ups, waiting list, rounds), in the text's order. */
  readonly circuits: readonly Circuit[];
  /** Standings as this viewer may see them (`standingsFor`: points left only in their own rows; the GM: all). */
  readonly standings: {
    readonly circuits: Partial<Readonly<Record<CircuitId, readonly StandingRow[]>>>;
    readonly event: readonly StandingRow[];
  };
  /** The transfers of this viewer's own participants (the GM: all), oldest first, each with its status. */
  readonly transfers: readonly Transfer[];
  /** GM only: the ids of the transfers still pending (a host finishes them on load; those left need the GM). */
  readonly pending?: readonly string[];
  /** GM only: the sign-up history with the reasons kept. */
  readonly audit?: readonly AuditEntry[];
  /** The characters this viewer may enter (the host's characters service), those entered already included. */
  readonly mayPlay: readonly CharacterRef[];
  /** GM only: the characters each other user may play, for entering a character on their behalf. */
  readonly playable?: readonly { readonly user: UserId; readonly characters: readonly CharacterRef[] }[];
}

/** The tournament's requests: their types are the concern's own, inferred from its wire schemas. */
export type { TournamentRequest } from "./concerns/tournament/request";
