/**
 * Maps keyed by ids from outside (participants, transfers): read only own keys, and copy into
 * objects without a prototype, so `__proto__` or `toString` are plain ids.
 */
import { hasOwn } from "../rules/core";
import { type Circuit, type CircuitId, type Participant, type Tournament, type Transfer, CIRCUIT_IDS } from "./types";

export function own<T>(map: Readonly<Record<string, T>>, key: string): T | undefined {
  return hasOwn(map, key) ? map[key] : undefined;
}

export function withEntry<T>(map: Readonly<Record<string, T>>, key: string, value: T): Record<string, T> {
  return Object.assign(Object.create(null) as Record<string, T>, map, { [key]: value });
}

export function emptyMap<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** A tournament read back from JSON, its maps by outside id made prototype-free again. */
export function reviveTournament(tournament: Tournament): Tournament {
  const circuits: Partial<Record<CircuitId, Circuit>> = {};
  for (const id of CIRCUIT_IDS) {
    const circuit = tournament.circuits[id];
    if (circuit)
      circuits[id] = {
        ...circuit,
        rounds: circuit.rounds.map((r) => ({ ...r, rolls: Object.assign(emptyMap<readonly number[]>(), r.rolls) })),
      };
  }
  return {
    ...tournament,
    participants: Object.assign(emptyMap<Participant>(), tournament.participants),
    circuits,
    transfers: Object.assign(emptyMap<Transfer>(), tournament.transfers),
  };
}
