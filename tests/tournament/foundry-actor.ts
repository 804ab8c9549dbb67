/**
 * A stand-in for a Foundry v13 Actor as the character purse uses it, modelled on the client source
 * (build 13.351): Document#update (common/abstract/document.mjs) sends one update through
 * ClientDatabaseBackend#preUpdateDocumentArray (client/data/client-backend.mjs), which expands dotted
 * keys, lets a preUpdate hook veto, validates by a dry-run updateSource (a failure is a notification,
 * not a throw) and drops a change that differs in nothing; each of those makes `update` resolve to
 * undefined. The server's refusal (no permission) rejects: `serverRefuses`, or a writer who is
 * neither a GM nor an owner (BaseActor's update permission: OWNER). Document#getFlag throws for a
 * scope that is not core, world, the system or an active module. Document#testUserPermission: a GM
 * is OWNER; otherwise the user's level in `ownership`, else its `default`, else NONE (13.351's
 * common/abstract/document.mjs `getUserLevel`).
 */
import type { PurseActor } from "../../src/foundry/character-purse";
import type { Faults } from "./fixtures";

type Data = Record<string, unknown>;

/** CONST.DOCUMENT_OWNERSHIP_LEVELS. */
export const OWNERSHIP = { NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 } as const;

/** The part of a User the permission test reads. */
export interface PermissionUser {
  readonly id: string | null;
  readonly isGM: boolean;
}

const isObject = (v: unknown): v is Data => typeof v === "object" && v !== null && !Array.isArray(v);

/** foundry.utils.expandObject for the flat keys an update carries. */
function expand(changes: Data): Data {
  const out: Data = {};
  for (const [key, value] of Object.entries(changes)) {
    const parts = key.split(".");
    let node = out;
    for (const part of parts.slice(0, -1)) node = (isObject(node[part]) ? node[part] : (node[part] = {})) as Data;
    node[parts.at(-1) as string] = value;
  }
  return out;
}

/** The source with the changes merged in (arrays and scalars replaced), and whether anything differed. */
function merge(source: Data, changes: Data): { merged: Data; changed: boolean } {
  const merged: Data = { ...source };
  let changed = false;
  for (const [key, value] of Object.entries(changes)) {
    if (isObject(value) && isObject(source[key])) {
      const inner = merge(source[key] as Data, value);
      merged[key] = inner.merged;
      changed ||= inner.changed;
    } else {
      changed ||= JSON.stringify(source[key]) !== JSON.stringify(value);
      merged[key] = structuredClone(value);
    }
  }
  return { merged, changed };
}

export class StandInActor implements PurseActor {
  private source: Data;
  /** A preUpdateActor hook or a failed validation: the update is skipped (resolves undefined). */
  veto: ((changes: Data) => boolean) | null = null;
  /** The server answers with an error (the user may not modify this actor). */
  serverRefuses = false;
  name: string;
  /** The actor's sub-type ("character", "npc", "minion"…). */
  type = "character";
  /** Levels by user id, and `default` for everyone else (Actor#ownership). */
  ownership: Record<string, number> = { default: OWNERSHIP.NONE };
  /** Who sends an update (the current user of the client calling it); null: a GM's client. */
  writer: (() => PermissionUser) | null = null;
  /** Each update that reached the database, as Foundry's `updateActor` hook would see it. */
  readonly updates: Data[] = [];
  constructor(
    readonly id: string,
    system: Data,
    private readonly faults: () => Faults,
    private readonly scopes: readonly string[] = ["core", "world", "starwarsffg", "cantina-games"],
  ) {
    this.source = { system: structuredClone(system), flags: {} };
    this.name = id;
  }

  testUserPermission(user: PermissionUser, permission: keyof typeof OWNERSHIP): boolean {
    const level = user.isGM ? OWNERSHIP.OWNER : (this.ownership[user.id ?? ""] ?? this.ownership.default ?? 0);
    return level >= OWNERSHIP[permission];
  }

  get system(): unknown {
    return structuredClone(this.source.system);
  }

  getFlag(scope: string, key: string): unknown {
    if (!this.scopes.includes(scope)) throw new Error(`Flag scope "${scope}" is not valid or not currently active`);
    const flags = (this.source.flags as Data)[scope];
    return isObject(flags) ? structuredClone(flags[key]) : undefined;
  }

  async update(changes: Record<string, unknown>): Promise<unknown> {
    const expanded = expand(changes);
    if (this.veto && !this.veto(expanded)) return undefined;
    const { merged, changed } = merge(this.source, expanded);
    if (!changed) return undefined;
    const writer = this.writer?.();
    if (this.serverRefuses || (writer && !this.testUserPermission(writer, "OWNER")))
      throw new Error("You do not have permission to update this Actor");
    // A faulted write is refused like a failed validation: skipped, resolving undefined.
    if (!this.faults().write(() => (this.source = merged)).ok) return undefined;
    this.updates.push(expanded);
    return this;
  }
}
