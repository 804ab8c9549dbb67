/**
 * The tournament as stored: plain JSON, changed only by the pure functions of this folder.
 * Rules and interpretations: docs/rules/sabacc.md, "Tournament".
 */

export type UserId = string;

/** The three circuits of the text, one per Sabacc variant, in the text's order. */
export const CIRCUIT_IDS = ["electrum", "aurodium", "nova"] as const;
export type CircuitId = (typeof CIRCUIT_IDS)[number];

/** Who asks: the user as the transport names them, and whether they are a GM. */
export interface Asker {
  readonly user: UserId;
  readonly gm: boolean;
}

/** Where a character's credits live outside the event: an actor, a Roll20 character, a stand-in. */
export interface CharacterRef {
  readonly id: string;
  readonly name: string;
}

/** One character in the event; `id` is also its account in the event ledger. */
export interface Participant {
  readonly id: string;
  readonly user: UserId;
  readonly name: string;
  /** The sheet its buy-in comes from and its cash-out goes to (absent: none bound yet). */
  readonly character?: CharacterRef;
}

export interface Circuit {
  readonly id: CircuitId;
  /** The Sabacc variant its tables play. */
  readonly gameId: string;
  readonly ante: number;
  /** Nova only: the second ante, into the Sabacc Pot. */
  readonly sabaccAnte?: number;
  /** Seats per table; 0: no limit (one table for everyone). */
  readonly seatLimit: number;
  /** Sign-ups past this go to the waiting list; null: no limit. */
  readonly signUpLimit: number | null;
  readonly signUpsOpen: boolean;
  /** Participant ids in the order they signed up (or the GM added them). */
  readonly signedUp: readonly string[];
  /** First come first served: the first here is promoted when a place frees. */
  readonly waiting: readonly string[];
  readonly rounds: readonly Round[];
}

/** A seat of a round's table: a participant, or a bot the GM asked for. */
export type RoundSeat = { readonly participant: string } | { readonly bot: string };

export interface RoundTable {
  /** Unique in the tournament: the table a match result names. */
  readonly id: string;
  /** In play order (highest 1–100 roll first). */
  readonly seats: readonly RoundSeat[];
}

/** Why a signed-up participant is not seated this round. */
export type SitOutReason = "busy" | "short" | "odd";

export interface Round {
  readonly number: number;
  /** Each roller's 1–100 rolls: the first, then any roll-offs. */
  readonly rolls: Readonly<Record<string, readonly number[]>>;
  /** Everyone seated, highest roll first. */
  readonly order: readonly string[];
  readonly tables: readonly RoundTable[];
  readonly sittingOut: readonly { readonly participant: string; readonly why: SitOutReason }[];
}

/** What a finished match gave each participant seated at it (bots are not in the standings). */
export interface MatchLine {
  readonly participant: string;
  readonly creditDelta: number;
  readonly luckSpent: number;
  readonly won: boolean;
}

export interface MatchRecord {
  readonly circuit: CircuitId;
  readonly round: number;
  readonly table: string;
  readonly lines: readonly MatchLine[];
  /** The GM ended the table before its match did (purses back as they came): it closes the round, counts for nobody. */
  readonly voided?: true;
}

/** One line of the standings (src/tournament/standings.ts builds them). */
export interface StandingRow {
  readonly participant: string;
  readonly name: string;
  readonly creditsWon: number;
  readonly played: number;
  readonly won: number;
  /** "3 Luck/Force points (for the entire event …)" less what every match spent; absent in others' copies. */
  readonly luckLeft?: number;
}

export type AuditKind = "signed-up" | "waiting" | "promoted" | "withdrew" | "added" | "removed" | "closed" | "reopened";

/** The sign-up history, with the GM's reason for every add and remove. */
export interface AuditEntry {
  readonly at: number;
  readonly circuit: CircuitId;
  readonly kind: AuditKind;
  /** Absent for closing and reopening sign-ups. */
  readonly participant?: string;
  readonly by: UserId;
  readonly reason?: string;
}

export type TransferKind = "buy-in" | "cash-out";

/**
 * Credits moved between a character's sheet and the event ledger. Pending until both sides are
 * written; the same id on the sheet (its mark) and in the ledger (its entry) ties them.
 */
export interface Transfer {
  readonly id: string;
  readonly kind: TransferKind;
  readonly participant: string;
  readonly character: CharacterRef;
  readonly credits: number;
  readonly by: UserId;
  readonly at: number;
  /** Cancelled: the source could not pay when it was written (nothing moved). */
  readonly status: "pending" | "applied" | "cancelled";
}

export interface Tournament {
  readonly id: string;
  readonly name: string;
  /** The event ledger's event whose accounts the participants play from. */
  readonly eventId: string;
  readonly createdAt: number;
  readonly participants: Readonly<Record<string, Participant>>;
  readonly circuits: Partial<Readonly<Record<CircuitId, Circuit>>>;
  readonly audit: readonly AuditEntry[];
  readonly matches: readonly MatchRecord[];
  readonly transfers: Readonly<Record<string, Transfer>>;
}
