/**
 * The characters a user may play, as the host's characters service gives them, kept within the
 * bounds the ledger's sizes count on: ids of ids' length, names of names' length.
 */
import type { CharacterRef } from "../../../tournament/types";
import type { UserId } from "../../protocol";
import { isId, plainText } from "../../wire-schema";

/** The longest character id kept (Foundry's actor ids and Roll20's character ids are about 16 and 20). */
export const CHARACTER_ID_MAX = 64;
/** A character's name as a participant keeps it, like a seat's. */
export const CHARACTER_NAME_MAX = 100;

/** One character as the tournament stores and shows it (null: its id is not one the ledger can hold). */
export function boundedCharacter(ref: CharacterRef): CharacterRef | null {
  if (!isId(ref.id) || ref.id.length > CHARACTER_ID_MAX) return null;
  const name = plainText(String(ref.name)).trim().slice(0, CHARACTER_NAME_MAX).trim();
  return { id: ref.id, name: name || ref.id };
}

/** What `user` may play, as the service says, each bounded; a service that throws offers nothing. */
export function playableBy(
  characters: ((user: UserId) => readonly CharacterRef[]) | undefined,
  user: UserId,
): CharacterRef[] {
  let offered: readonly CharacterRef[] = [];
  try {
    offered = characters?.(user) ?? [];
  } catch {
    offered = [];
  }
  return offered.flatMap((ref) => {
    const kept = boundedCharacter(ref);
    return kept ? [kept] : [];
  });
}
