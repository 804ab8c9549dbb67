/**
 * The world's Setting documents as Foundry 13.351 keeps them, for the stand-ins (standins.ts): each a
 * document `{_id, key, value, user, _stats}` whose `value` is the JSON string (BaseSetting's
 * JSONField), found by a linear search on its key (WorldSettings#getSetting: `this.find(...)`), its
 * value parsed again from the string on every read (Setting#_initialize casts the parsed JSON), and
 * deleted as a document (Document#delete), never kept as `null` unless written so. Read in
 * common/documents/setting.mjs, client/documents/setting.mjs, client/helpers/client-settings.mjs.
 * The Map face (get, set, has, delete, iteration) is what the tests read: values as parsed.
 */

/** One stored Setting, as the server sends it to every client at load (`game.data.settings`). */
export interface SettingDocument {
  readonly _id: string;
  readonly key: string;
  value: string;
  readonly user: null;
  readonly _stats: {
    readonly coreVersion: string;
    readonly systemId: string;
    readonly systemVersion: string;
    readonly createdTime: number;
    modifiedTime: number;
    lastModifiedBy: string;
    readonly compendiumSource: null;
    readonly duplicateSource: null;
    readonly exportSource: null;
  };
}

let ids = 0;
/** A 16-character document id as Foundry's `randomID` makes them. */
const newId = (): string => `Setting${String(++ids).padStart(9, "0")}`;

export class SettingDocuments extends Map<string, unknown> {
  /** The documents in the order created (Foundry's collection keeps its insertion order). */
  private docs: SettingDocument[] = [];
  /** Who writes now (the `_stats.lastModifiedBy` of a write). */
  writer = "";

  /** The documents as stored: what every client downloads at load. */
  documents(): readonly SettingDocument[] {
    return this.docs;
  }

  /** The document of `key`, by a linear search as WorldSettings#getSetting does. */
  document(key: string): SettingDocument | undefined {
    return this.docs.find((d) => d.key === key);
  }

  override get(key: string): unknown {
    const doc = this.document(key);
    return doc ? (JSON.parse(doc.value) as unknown) : undefined;
  }

  override has(key: string): boolean {
    return this.document(key) !== undefined;
  }

  override set(key: string, value: unknown): this {
    const json = JSON.stringify(value ?? null);
    const now = Date.now();
    const doc = this.document(key);
    if (doc) {
      doc.value = json;
      doc._stats.modifiedTime = now;
      doc._stats.lastModifiedBy = this.writer;
      return this;
    }
    this.docs.push({
      _id: newId(),
      key,
      value: json,
      user: null,
      _stats: {
        coreVersion: "13.351",
        systemId: "dnd5e",
        systemVersion: "5.1.10",
        createdTime: now,
        modifiedTime: now,
        lastModifiedBy: this.writer,
        compendiumSource: null,
        duplicateSource: null,
        exportSource: null,
      },
    });
    return this;
  }

  override delete(key: string): boolean {
    const before = this.docs.length;
    this.docs = this.docs.filter((d) => d.key !== key);
    return this.docs.length < before;
  }

  override clear(): void {
    this.docs = [];
  }

  override get size(): number {
    return this.docs.length;
  }

  override *entries(): MapIterator<[string, unknown]> {
    for (const d of [...this.docs]) yield [d.key, JSON.parse(d.value) as unknown];
  }

  override *keys(): MapIterator<string> {
    for (const d of [...this.docs]) yield d.key;
  }

  override *values(): MapIterator<unknown> {
    for (const [, v] of this.entries()) yield v;
  }

  override [Symbol.iterator](): MapIterator<[string, unknown]> {
    return this.entries();
  }

  override forEach(fn: (value: unknown, key: string, map: Map<string, unknown>) => void): void {
    for (const [k, v] of this.entries()) fn(v, k, this);
  }
}
