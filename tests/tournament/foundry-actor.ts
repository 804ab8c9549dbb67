/**
 * A stand-in for a Foundry v13 Actor as the character purse uses it, modelled on the client source
 * (build 13.351): Document#update (common/abstract/document.mjs) sends one update through
 * ClientDatabaseBackend#preUpdateDocumentArray (client/data/client-backend.mjs), which expands dotted
 * keys, lets a preUpdate hook veto, validates by a dry-run updateSource (a failure is a notification,
 * not a throw) and drops a change that differs in nothing; each of those makes `update` resolve to
 * undefined. The server's refusal (no permission) rejects. Document#getFlag throws for a scope that
 * is not core, world, the system or an active module.
 */
import type { PurseActor } from "../../src/foundry/character-purse";
import type { Faults } from "./fixtures";

type Data = Record<string, unknown>;

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
  constructor(
    readonly id: string,
    system: Data,
    private readonly faults: () => Faults,
    private readonly scopes: readonly string[] = ["core", "world", "starwarsffg", "cantina-games"],
  ) {
    this.source = { system: structuredClone(system), flags: {} };
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
    if (this.serverRefuses) throw new Error("You do not have permission to update this Actor");
    // A faulted write is refused like a failed validation: skipped, resolving undefined.
    return this.faults().write(() => (this.source = merged)).ok ? this : undefined;
  }
}
