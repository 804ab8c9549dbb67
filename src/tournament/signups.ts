/**
 * Sign-ups for a circuit: first come first served up to its limit, then a waiting list whose first
 * is promoted when a place frees; the GM closes and reopens them, adds and removes with a reason kept.
 */
import { type Result, refuse, succeed } from "../rules/core";
import { circuitOf, withCircuit } from "./circuits";
import { TournamentErrors as E } from "./errors";
import { own } from "./records";
import type { Asker, AuditEntry, AuditKind, Circuit, Tournament } from "./types";

type Changed = Result<{ tournament: Tournament }>;

function entry(
  circuit: Circuit,
  kind: AuditKind,
  by: string,
  at: number,
  participant?: string,
  reason?: string,
): AuditEntry {
  return {
    at,
    circuit: circuit.id,
    kind,
    by,
    ...(participant !== undefined ? { participant } : {}),
    ...(reason !== undefined ? { reason } : {}),
  };
}

const hasRoom = (circuit: Circuit): boolean =>
  circuit.signUpLimit === null || circuit.signedUp.length < circuit.signUpLimit;

/** Moves the first waiting into each free place, oldest first; the promotions join the audit. */
function promote(circuit: Circuit, at: number, by: string): { circuit: Circuit; audit: AuditEntry[] } {
  const signedUp = [...circuit.signedUp];
  const waiting = [...circuit.waiting];
  const audit: AuditEntry[] = [];
  while (waiting.length > 0 && (circuit.signUpLimit === null || signedUp.length < circuit.signUpLimit)) {
    const next = waiting.shift() as string;
    signedUp.push(next);
    audit.push(entry(circuit, "promoted", by, at, next));
  }
  return { circuit: { ...circuit, signedUp, waiting }, audit };
}

function changed(tournament: Tournament, circuit: Circuit, audit: readonly AuditEntry[]): Changed {
  return succeed({ tournament: { ...withCircuit(tournament, circuit), audit: [...tournament.audit, ...audit] } });
}

/** The circuit and participant a request names, when both are known and the asker may act for them. */
function resolve(
  tournament: Tournament,
  circuitId: string,
  participantId: string,
  asker: Asker,
): Result<{ circuit: Circuit }> {
  const found = circuitOf(tournament, circuitId);
  if (!found.ok) return found;
  const participant = own(tournament.participants, participantId);
  if (!participant) return refuse(E.unknownParticipant);
  if (!asker.gm && participant.user !== asker.user) return refuse(E.notYours);
  return found;
}

const listed = (circuit: Circuit, id: string): boolean => circuit.signedUp.includes(id) || circuit.waiting.includes(id);

/** A player signs their character up: a place while there is room, else the end of the waiting list. */
export function signUp(
  tournament: Tournament,
  circuitId: string,
  participantId: string,
  asker: Asker,
  at: number,
): Changed {
  const found = resolve(tournament, circuitId, participantId, asker);
  if (!found.ok) return found;
  const { circuit } = found;
  if (!circuit.signUpsOpen) return refuse(E.signUpsClosed);
  if (listed(circuit, participantId)) return refuse(E.alreadySignedUp);
  if (hasRoom(circuit) && circuit.waiting.length === 0)
    return changed(tournament, { ...circuit, signedUp: [...circuit.signedUp, participantId] }, [
      entry(circuit, "signed-up", asker.user, at, participantId),
    ]);
  return changed(tournament, { ...circuit, waiting: [...circuit.waiting, participantId] }, [
    entry(circuit, "waiting", asker.user, at, participantId),
  ]);
}

/** Leaving a place or the waiting list; a freed place goes to the first waiting. */
function leave(
  tournament: Tournament,
  circuit: Circuit,
  participantId: string,
  kind: AuditKind,
  by: string,
  at: number,
  reason?: string,
): Changed {
  const left: Circuit = {
    ...circuit,
    signedUp: circuit.signedUp.filter((p) => p !== participantId),
    waiting: circuit.waiting.filter((p) => p !== participantId),
  };
  const promoted = promote(left, at, by);
  return changed(tournament, promoted.circuit, [
    entry(circuit, kind, by, at, participantId, reason),
    ...promoted.audit,
  ]);
}

/** A player withdraws their character (from a place or the waiting list), even once sign-ups are closed. */
export function withdraw(
  tournament: Tournament,
  circuitId: string,
  participantId: string,
  asker: Asker,
  at: number,
): Changed {
  const found = resolve(tournament, circuitId, participantId, asker);
  if (!found.ok) return found;
  if (!listed(found.circuit, participantId)) return refuse(E.notSignedUp);
  return leave(tournament, found.circuit, participantId, "withdrew", asker.user, at);
}

function gmCheck(asker: Asker, reason: string): Result<object> {
  if (!asker.gm) return refuse(E.gmOnly);
  return reason.trim() === "" ? refuse(E.reasonRequired) : succeed({});
}

/**
 * The GM gives someone a place, past the limit and closed sign-ups alike (the waiting list keeps its
 * order without them); the reason is kept.
 */
export function gmAdd(
  tournament: Tournament,
  circuitId: string,
  participantId: string,
  asker: Asker,
  reason: string,
  at: number,
): Changed {
  const allowed = gmCheck(asker, reason);
  if (!allowed.ok) return allowed;
  const found = resolve(tournament, circuitId, participantId, asker);
  if (!found.ok) return found;
  const { circuit } = found;
  if (circuit.signedUp.includes(participantId)) return refuse(E.alreadySignedUp);
  const next: Circuit = {
    ...circuit,
    signedUp: [...circuit.signedUp, participantId],
    waiting: circuit.waiting.filter((p) => p !== participantId),
  };
  return changed(tournament, next, [entry(circuit, "added", asker.user, at, participantId, reason.trim())]);
}

/** The GM takes someone off the circuit (place or waiting list); the reason is kept. */
export function gmRemove(
  tournament: Tournament,
  circuitId: string,
  participantId: string,
  asker: Asker,
  reason: string,
  at: number,
): Changed {
  const allowed = gmCheck(asker, reason);
  if (!allowed.ok) return allowed;
  const found = resolve(tournament, circuitId, participantId, asker);
  if (!found.ok) return found;
  if (!listed(found.circuit, participantId)) return refuse(E.notSignedUp);
  return leave(tournament, found.circuit, participantId, "removed", asker.user, at, reason.trim());
}

/** The GM closes (or reopens) a circuit's sign-ups; withdrawals and the GM's changes still go through. */
export function setSignUpsOpen(
  tournament: Tournament,
  circuitId: string,
  open: boolean,
  asker: Asker,
  at: number,
): Changed {
  if (!asker.gm) return refuse(E.gmOnly);
  const found = circuitOf(tournament, circuitId);
  if (!found.ok) return found;
  const { circuit } = found;
  if (circuit.signUpsOpen === open) return succeed({ tournament });
  return changed(tournament, { ...circuit, signUpsOpen: open }, [
    entry(circuit, open ? "reopened" : "closed", asker.user, at),
  ]);
}
