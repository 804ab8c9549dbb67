/**
 * Which actors a user may bring to a tournament: their assigned character first, then the other
 * character actors they own; a GM any (docs/foundry.md, "The Sabacc tournament").
 */
import type { CharacterRef } from "../tournament";

/** The part of a Foundry User the rule reads. */
export interface CharacterUser {
  readonly id: string | null;
  readonly isGM: boolean;
  readonly character?: { readonly id: string | null } | null;
}

/** The part of a Foundry Actor the rule reads (`U`: the User document its permission test takes). */
export interface CharacterActor<U> {
  readonly id: string | null;
  readonly name: string;
  readonly type: string;
  testUserPermission(user: U, permission: "OWNER"): boolean;
}

/** The actor type the systems the presets name give their players' characters (starwarsffg, dnd5e, sw5e). */
export const CHARACTER_TYPE = "character";

const refOf = <U>(actor: CharacterActor<U>): CharacterRef | null =>
  actor.id ? { id: actor.id, name: actor.name || actor.id } : null;

/**
 * The characters `user` may play, their assigned character first. A player: the assigned character
 * if they own it, then their other owned actors of the character type. A GM: every character actor.
 */
export function charactersOf<U extends CharacterUser>(
  user: U | undefined,
  actors: Iterable<CharacterActor<U>>,
): CharacterRef[] {
  if (!user) return [];
  const ownedBy = (actor: CharacterActor<U>): boolean => actor.testUserPermission(user, "OWNER");
  const all = [...actors];
  const assignedId = user.character?.id ?? null;
  const assigned = all.find((a) => a.id !== null && a.id === assignedId && ownedBy(a));
  const others = all
    .filter((a) => a !== assigned && a.type === CHARACTER_TYPE && ownedBy(a))
    .map(refOf)
    .filter((r): r is CharacterRef => r !== null)
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  const first = assigned ? refOf(assigned) : null;
  return first ? [first, ...others] : others;
}
