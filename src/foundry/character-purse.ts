/**
 * A tournament character's credits on a Foundry actor: a numeric field the GM picks (a preset per game
 * system, or a path typed), written together with the transfer's mark in one Actor#update.
 */
import { type Result, isRecord, refuse, succeed } from "../rules/core";
import { type CharacterPurse, type CharacterRef, type PurseReading, TournamentErrors } from "../tournament";
import { MODULE_ID } from "./api";

/**
 * Where systems keep a character's money, read from each system's template.json:
 * starwarsffg (StarWarsFoundryVTT/StarWarsFFG: the "stats" template's `credits.value`),
 * dnd5e (foundryvtt/dnd5e: the "common" template's `currency.gp`, gold pieces),
 * sw5e (sw5e-foundry/sw5e: the same "common" template's `currency.gp`).
 */
export const CREDIT_PATH_PRESETS: Readonly<Record<string, string>> = {
  starwarsffg: "system.stats.credits.value",
  dnd5e: "system.currency.gp",
  sw5e: "system.currency.gp",
};

/** The flag (under the module's scope) holding the ids of the transfers written to an actor. */
export const TRANSFER_FLAG = "transfers";

/** What the purse needs of an Actor: its data as `system`, its flags, and `update` as Foundry's. */
export interface PurseActor {
  readonly id: string;
  readonly system: unknown;
  getFlag(scope: string, key: string): unknown;
  /** Foundry's Actor#update: resolves to the actor, or undefined when nothing was updated (refused or no change). */
  update(changes: Record<string, unknown>): Promise<unknown>;
}

const PATH = /^system(\.[A-Za-z_$][\w$-]*)+$/;
/** Keys that would reach an object's prototype rather than the sheet's data. */
const UNSAFE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/** The GM's typed path when it names a field under `system`, else the system's preset; refused when neither. */
export function creditPath(systemId: string, typed?: string): Result<{ path: string }> {
  const path = typed?.trim() || CREDIT_PATH_PRESETS[systemId];
  const safe = path && PATH.test(path) && !path.split(".").some((key) => UNSAFE_KEYS.has(key));
  return safe ? succeed({ path }) : refuse(TournamentErrors.badCreditPath, { path: typed ?? "" });
}

/** The value at a dotted path under an actor's `system`, own keys only. */
function valueAt(system: unknown, path: string): unknown {
  let node: unknown = system;
  for (const key of path.split(".").slice(1)) {
    if (!isRecord(node) || !Object.prototype.hasOwnProperty.call(node, key)) return undefined;
    node = node[key];
  }
  return node;
}

/** The whole credits at `path` of an actor's `system`, or null when there is no whole number there. */
export function creditsAt(system: unknown, path: string): number | null {
  const credits = valueAt(system, path);
  // A sheet field typed into may hold the number as text ("1200"); anything else is not credits.
  const value = typeof credits === "string" && credits.trim() !== "" ? Number(credits) : credits;
  return typeof value === "number" && Number.isSafeInteger(value) ? value : null;
}

export class ActorPurse implements CharacterPurse {
  constructor(
    /** The actor by id (in Foundry, `game.actors.get`). */
    private readonly actorOf: (id: string) => PurseActor | undefined,
    private readonly path: string,
    private readonly scope = MODULE_ID,
  ) {}

  private reading(actor: PurseActor): PurseReading | null {
    const value = creditsAt(actor.system, this.path);
    if (value === null) return null;
    let marks: unknown;
    try {
      marks = actor.getFlag(this.scope, TRANSFER_FLAG);
    } catch {
      return null; // the module's flag scope is not active: nothing can be marked
    }
    const list = Array.isArray(marks) ? marks.filter((m): m is string => typeof m === "string") : [];
    return { credits: value, marks: list };
  }

  async read(character: CharacterRef): Promise<Result<{ reading: PurseReading }>> {
    const actor = this.actorOf(character.id);
    const reading = actor ? this.reading(actor) : null;
    return reading ? succeed({ reading }) : refuse(TournamentErrors.purseUnreadable, { name: character.name });
  }

  async write(character: CharacterRef, credits: number, mark: string): Promise<Result<object>> {
    const actor = this.actorOf(character.id);
    const before = actor ? this.reading(actor) : null;
    if (!actor || !before) return refuse(TournamentErrors.purseUnreadable, { name: character.name });
    if (before.marks.includes(mark)) return succeed({});
    // One update: Foundry applies both fields in one database operation, or neither.
    const changes = { [this.path]: credits, [`flags.${this.scope}.${TRANSFER_FLAG}`]: [...before.marks, mark] };
    let updated: unknown;
    try {
      updated = await actor.update(changes);
    } catch {
      updated = undefined; // the server refused (no permission, the actor deleted meanwhile)
    }
    return updated === undefined ? refuse(TournamentErrors.purseRefused, { name: character.name }) : succeed({});
  }
}
