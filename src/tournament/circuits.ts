/**
 * The event and its circuits: the text's three tiers with their antes and limits as presets the GM
 * may change, and the participants (each a character with a ledger account) who sign up for them.
 */
import { type Result, refuse, succeed } from "../rules/core";
import { TournamentErrors as E } from "./errors";
import { emptyMap, own, withEntry } from "./records";
import type { Asker, CharacterRef, Circuit, CircuitId, Participant, Tournament } from "./types";
import { CIRCUIT_IDS } from "./types";

/** What the GM sets when opening a circuit. */
export interface CircuitSettings {
  readonly ante: number;
  readonly sabaccAnte?: number;
  readonly seatLimit: number;
  readonly signUpLimit: number | null;
}

/** Each circuit's variant, its widest table, and the text's antes and limits. */
export const CIRCUIT_PRESETS: Readonly<
  Record<CircuitId, CircuitSettings & { readonly gameId: string; readonly maxSeats: number }>
> = {
  // "ante of 100 credits" … "There will be no player signup limit for this tier of play."
  electrum: { gameId: "sabacc-super-simplified", maxSeats: 0, ante: 100, seatLimit: 0, signUpLimit: null },
  // "ante of 250 credits" … "a player/signup limit … (to be determined by testing), first come first served"
  aurodium: { gameId: "sabacc-simplified", maxSeats: 12, ante: 250, seatLimit: 6, signUpLimit: 12 },
  // "an ante of 500 credits into the Main Pot, and an ante of 1,000 credits into the Sabacc Pot";
  // "extremely limited (most likely two to three players …)"
  nova: { gameId: "sabacc-true", maxSeats: 6, ante: 500, sabaccAnte: 1000, seatLimit: 3, signUpLimit: 3 },
};

/** The names a host shows (CANTINA.Tournament.Circuit.*). */
export const CIRCUIT_NAME_KEYS: Readonly<Record<CircuitId, string>> = {
  electrum: "CANTINA.Tournament.Circuit.Electrum",
  aurodium: "CANTINA.Tournament.Circuit.Aurodium",
  nova: "CANTINA.Tournament.Circuit.Nova",
};

export function isCircuitId(value: string): value is CircuitId {
  return (CIRCUIT_IDS as readonly string[]).includes(value);
}

export function newTournament(id: string, name: string, eventId: string, at: number): Tournament {
  return {
    id,
    name,
    eventId,
    createdAt: at,
    participants: emptyMap<Participant>(),
    circuits: {},
    audit: [],
    matches: [],
    transfers: emptyMap(),
  };
}

const wholeAtLeast = (value: number, min: number): boolean => Number.isSafeInteger(value) && value >= min;

/** The GM opens a circuit with the presets changed by `settings`; refused when open already or out of range. */
export function openCircuit(
  tournament: Tournament,
  id: CircuitId,
  asker: Asker,
  settings: Partial<CircuitSettings> = {},
): Result<{ tournament: Tournament }> {
  if (!asker.gm) return refuse(E.gmOnly);
  if (tournament.circuits[id]) return refuse(E.circuitOpen);
  const preset = CIRCUIT_PRESETS[id];
  const ante = settings.ante ?? preset.ante;
  const sabaccAnte = id === "nova" ? (settings.sabaccAnte ?? preset.sabaccAnte ?? 0) : undefined;
  const seatLimit = settings.seatLimit ?? preset.seatLimit;
  const signUpLimit = settings.signUpLimit === undefined ? preset.signUpLimit : settings.signUpLimit;
  const seatsOk =
    (seatLimit === 0 && preset.maxSeats === 0) ||
    (wholeAtLeast(seatLimit, 2) && (preset.maxSeats === 0 || seatLimit <= preset.maxSeats));
  if (
    !wholeAtLeast(ante, 0) ||
    (sabaccAnte !== undefined && !wholeAtLeast(sabaccAnte, 0)) ||
    !seatsOk ||
    (signUpLimit !== null && !wholeAtLeast(signUpLimit, 1))
  )
    return refuse(E.badCircuit, { max: preset.maxSeats });
  const circuit: Circuit = {
    id,
    gameId: preset.gameId,
    ante,
    ...(sabaccAnte !== undefined ? { sabaccAnte } : {}),
    seatLimit,
    signUpLimit,
    signUpsOpen: true,
    signedUp: [],
    waiting: [],
    rounds: [],
  };
  return succeed({ tournament: { ...tournament, circuits: { ...tournament.circuits, [id]: circuit } } });
}

/** The circuit, or a refusal naming it unknown. */
export function circuitOf(tournament: Tournament, id: string): Result<{ circuit: Circuit }> {
  const circuit = isCircuitId(id) ? tournament.circuits[id] : undefined;
  return circuit ? succeed({ circuit }) : refuse(E.unknownCircuit);
}

export function withCircuit(tournament: Tournament, circuit: Circuit): Tournament {
  return { ...tournament, circuits: { ...tournament.circuits, [circuit.id]: circuit } };
}

/**
 * A character enters the event (its `id` is its ledger account). The host vouches that `user`
 * may play it; a player enters only for themselves, the GM for anyone.
 */
export function addParticipant(
  tournament: Tournament,
  participant: Participant,
  asker: Asker,
): Result<{ tournament: Tournament }> {
  if (!asker.gm && participant.user !== asker.user) return refuse(E.notYours);
  if (participant.id === "" || own(tournament.participants, participant.id)) return refuse(E.participantKnown);
  const participants = withEntry(tournament.participants, participant.id, participant);
  return succeed({ tournament: { ...tournament, participants } });
}

/** The sheet a participant's credits come from: its player, or the GM, binds it (the host checks the sheet is theirs). */
export function bindCharacter(
  tournament: Tournament,
  participantId: string,
  character: CharacterRef,
  asker: Asker,
): Result<{ tournament: Tournament }> {
  const participant = own(tournament.participants, participantId);
  if (!participant) return refuse(E.unknownParticipant);
  if (!asker.gm && participant.user !== asker.user) return refuse(E.notYours);
  const participants = withEntry(tournament.participants, participantId, { ...participant, character });
  return succeed({ tournament: { ...tournament, participants } });
}
