/**
 * The world's actors as the tournament reads them (`game.system`, `game.actors`, `game.users`):
 * the system's id, the actors through the few members used, and the characters service.
 */
import type { CharacterRef } from "../tournament";
import type { PurseActor } from "./character-purse";
import { type CharacterActor, type CharacterUser, charactersOf } from "./tournament-characters";

/** The members of a Foundry Actor the tournament uses. */
export interface WorldActor extends PurseActor {
  readonly name: string;
  readonly type: string;
  testUserPermission: CharacterActor<CharacterUser>["testUserPermission"];
}

const isWorldActor = (a: unknown): a is WorldActor =>
  typeof a === "object" &&
  a !== null &&
  "id" in a &&
  typeof a.id === "string" &&
  "name" in a &&
  typeof a.name === "string" &&
  "type" in a &&
  typeof a.type === "string" &&
  "system" in a &&
  "update" in a &&
  typeof a.update === "function" &&
  "getFlag" in a &&
  typeof a.getFlag === "function" &&
  "testUserPermission" in a &&
  typeof a.testUserPermission === "function";

/** The world's game system (`game.system.id`), "" before it is known. */
export function systemId(): string {
  const system: unknown = game.system;
  return typeof system === "object" && system !== null && "id" in system && typeof system.id === "string"
    ? system.id
    : "";
}

/** What the tournament uses of `game.actors`: a collection, iterable and keyed by id. */
interface ActorCollection extends Iterable<unknown> {
  get(id: string): unknown;
}

const isActorCollection = (c: unknown): c is ActorCollection =>
  typeof c === "object" && c !== null && "get" in c && typeof c.get === "function" && Symbol.iterator in c;

/** `game.actors`, once Foundry made it at `setup`. */
function actorCollection(): ActorCollection | null {
  const actors: unknown = game.actors;
  return isActorCollection(actors) ? actors : null;
}

/** Every actor of the world, none before `setup`. */
export function worldActors(): WorldActor[] {
  return [...(actorCollection() ?? [])].filter(isWorldActor);
}

/** The actor of that id, as the purse reads and writes it. */
export function actorById(id: string): WorldActor | undefined {
  const actor = actorCollection()?.get(id);
  return isWorldActor(actor) ? actor : undefined;
}

/** The characters `userId` may play (their own first); none for a user this world does not know. */
export function charactersOfUser(userId: string): CharacterRef[] {
  return charactersOf<CharacterUser>(game.users?.get(userId), worldActors());
}
