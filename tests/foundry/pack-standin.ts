/**
 * World compendium packs as Foundry 13.351's client sees them (client/documents/collections/
 * compendium-collection.mjs, client/data/client-backend.mjs), for the vault's shelf of finished tables:
 * - `CompendiumCollection.createCompendium(metadata)`: GMs only (others get an error notification);
 *   a world pack is unlocked; its ownership is the world's compendium configuration, else its metadata's.
 * - `index`: every document's `_id` and `name`; the server sends each pack's index with the world data
 *   to every client at load (`metadata.index`), the documents themselves only when asked (`getDocument`).
 * - `documentClass.createDocuments` / `deleteDocuments` with `{ pack }`: one socket message each, refused
 *   over socket.io's limit like any other (standins.ts); the server's answer reaches every connected
 *   client (whether it filters a pack's broadcast by ownership is in its closed source: not assumed).
 * - A fetched JournalEntry (`getDocument`) comes whole with its embedded pages (a page is not fetched
 *   alone: `DatabaseBackend#_getParent` fetches its parent). Its `createEmbeddedDocuments` /
 *   `deleteEmbeddedDocuments("JournalEntryPage", ...)` and `update` (a diff of flattened paths, `-=key`
 *   deleting a key, as `foundry.utils.mergeObject` applies it) are each one message up and one answer
 *   to every client, like the pack's own; a page is never in the pack's index.
 * What crosses the wire is counted in `broadcast`; `refuse` makes a write fail as a server error would.
 */
import { type FakeWorld, closeIfOverSocketLimit } from "./standins";

interface PageDocument {
  readonly _id: string;
  readonly name: string;
  readonly flags: Record<string, Record<string, unknown>>;
}

interface PackDocument extends PageDocument {
  readonly pages: PageDocument[];
}

/** `foundry.utils.mergeObject` of one flattened update path: `-=key` deletes that key. */
function applyPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split(".");
  let at = target;
  for (const key of keys.slice(0, -1)) {
    if (typeof at[key] !== "object" || at[key] === null) at[key] = {};
    at = at[key] as Record<string, unknown>;
  }
  const last = keys.at(-1)!;
  if (last.startsWith("-=")) delete at[last.slice(2)];
  else at[last] = JSON.parse(JSON.stringify(value)) as unknown;
}

/** Foundry's `Collection` as a pack's index: a Map whose iteration yields its values (foundry.utils.Collection). */
class IndexCollection<V> {
  private readonly map = new Map<string, V>();
  get(id: string): V | undefined {
    return this.map.get(id);
  }
  set(id: string, value: V): void {
    this.map.set(id, value);
  }
  delete(id: string): void {
    this.map.delete(id);
  }
  get size(): number {
    return this.map.size;
  }
  values(): IterableIterator<V> {
    return this.map.values();
  }
  [Symbol.iterator](): IterableIterator<V> {
    return this.map.values();
  }
}

export class FakeWorldPack {
  readonly collection: string;
  readonly index = new IndexCollection<{ readonly _id: string; readonly name: string }>();
  private readonly docs = new Map<string, PackDocument>();
  /** Every create or delete as the server sent it: its bytes and how many clients received it. */
  readonly broadcast: { readonly action: string; readonly bytes: number; readonly recipients: number }[] = [];
  /** A reason makes the server refuse the next writes (a full disk, a lost connection). */
  refuse: (action: "create" | "delete" | "update") => string | null = () => null;
  ownership: Readonly<Record<string, string>>;
  private ids = 0;

  constructor(
    private readonly world: FakeWorld,
    readonly metadata: { readonly name: string; readonly label: string; readonly type: string },
    ownership: Readonly<Record<string, string>> | undefined,
  ) {
    this.collection = `world.${metadata.name}`;
    // A world pack's default ownership (Module's packs.ownership initial): players observe it.
    this.ownership = ownership ?? { PLAYER: "OBSERVER", ASSISTANT: "OWNER" };
  }

  readonly documentClass = {
    createDocuments: async (
      data: readonly { name?: string; flags?: PackDocument["flags"] }[],
      op: { pack: string },
    ) => {
      this.assertGM(op.pack, "create");
      const created: PackDocument[] = [];
      for (const d of data) {
        const doc: PackDocument = {
          _id: `Entry${String(++this.ids).padStart(11, "0")}`,
          name: d.name ?? "",
          flags: JSON.parse(JSON.stringify(d.flags ?? {})) as PackDocument["flags"],
          pages: [],
        };
        created.push(doc);
      }
      this.send("create", { action: "create", type: "JournalEntry", pack: op.pack, result: created });
      for (const doc of created) {
        this.docs.set(doc._id, doc);
        this.index.set(doc._id, { _id: doc._id, name: doc.name });
      }
      return created;
    },
    deleteDocuments: async (ids: readonly string[], op: { pack: string }) => {
      this.assertGM(op.pack, "delete");
      this.send("delete", { action: "delete", type: "JournalEntry", pack: op.pack, result: ids });
      for (const id of ids) {
        this.docs.delete(id);
        this.index.delete(id);
      }
      return ids;
    },
  };

  /** A document fetched from the server with its pages (a copy: the client builds its own). */
  async getDocument(id: string) {
    const doc = this.docs.get(id);
    return doc ? this.fetched(doc) : null;
  }

  /** Every page of every document (what the pack stores apart from its index). */
  pageCount(): number {
    return [...this.docs.values()].reduce((n, d) => n + d.pages.length, 0);
  }

  /** The client's copy of a document and its embedded operations, each one message to the server. */
  private fetched(doc: PackDocument) {
    // A copy two levels deep: the parts are strings, which no one can change in place.
    const copy = (page: PageDocument): PageDocument => ({
      _id: page._id,
      name: page.name,
      flags: Object.fromEntries(Object.entries(page.flags).map(([k, v]) => [k, { ...v }])),
    });
    const live = (): PackDocument => {
      const now = this.docs.get(doc._id);
      if (!now) throw new Error(`JournalEntry ${doc._id} does not exist in ${this.collection}`);
      return now;
    };
    return {
      _id: doc._id,
      id: doc._id,
      name: doc.name,
      flags: JSON.parse(JSON.stringify(doc.flags)) as PackDocument["flags"],
      pages: doc.pages.map(copy),
      createEmbeddedDocuments: async (name: string, data: readonly { name?: string; flags?: object }[]) => {
        if (name !== "JournalEntryPage") throw new Error(`no embedded ${name}`);
        this.assertGM(this.collection, "create");
        const parent = live();
        const created: PageDocument[] = data.map((d) => ({
          _id: `Page${String(++this.ids).padStart(12, "0")}`,
          name: d.name ?? "",
          flags: JSON.parse(JSON.stringify(d.flags ?? {})) as PageDocument["flags"],
        }));
        this.send("create", {
          action: "create",
          type: name,
          pack: this.collection,
          parentUuid: parent._id,
          result: created,
        });
        parent.pages.push(...created);
        return created.map((p) => ({ ...copy(p), id: p._id }));
      },
      deleteEmbeddedDocuments: async (name: string, ids: readonly string[]) => {
        if (name !== "JournalEntryPage") throw new Error(`no embedded ${name}`);
        this.assertGM(this.collection, "delete");
        const parent = live();
        this.send("delete", {
          action: "delete",
          type: name,
          pack: this.collection,
          parentUuid: parent._id,
          result: ids,
        });
        const gone = new Set(ids);
        parent.pages.splice(0, parent.pages.length, ...parent.pages.filter((p) => !gone.has(p._id)));
        return ids;
      },
      update: async (changes: Readonly<Record<string, unknown>>) => {
        this.assertGM(this.collection, "update");
        const parent = live();
        this.send("update", {
          action: "update",
          type: "JournalEntry",
          pack: this.collection,
          result: [{ _id: parent._id, ...changes }],
        });
        for (const [path, value] of Object.entries(changes))
          applyPath(parent as unknown as Record<string, unknown>, path, value);
        return parent._id;
      },
    };
  }

  /** The world's compendium configuration for this pack (`core.compendiumConfiguration`). */
  async configure(configuration: { ownership?: Readonly<Record<string, string>> }): Promise<void> {
    if (configuration.ownership) this.ownership = { ...configuration.ownership };
  }

  /** What every client downloads of this pack at load: its index. */
  indexBytes(): number {
    return JSON.stringify([...this.index.values()]).length;
  }

  private assertGM(pack: string, action: "create" | "delete" | "update"): void {
    if (pack !== this.collection) throw new Error(`no pack ${pack}`);
    const user = (globalThis as { game?: { user?: { isGM?: boolean } } }).game?.user;
    if (!user?.isGM) throw new Error("You do not have permission to modify this compendium pack");
    const refused = this.refuse(action);
    if (refused) throw new Error(refused);
  }

  /** The request goes up (over socket.io's limit, the connection closes), the answer to every client. */
  private send(action: string, message: unknown): void {
    const bytes = JSON.stringify(message).length;
    const sender = (globalThis as { game?: { user?: { id?: string } } }).game?.user?.id ?? "";
    if (closeIfOverSocketLimit(this.world, sender, bytes)) throw new Error("the connection to the server closed");
    this.broadcast.push({ action, bytes, recipients: this.world.users.filter((u) => u.active).length });
  }
}

/**
 * `foundry.documents.collections.CompendiumCollection.createCompendium` on the world's `game.packs`
 * (kept with `foundry`'s other members). The pack made lives in `world.packs` as `game.packs.get` finds it.
 */
export function installWorldPacks(world: FakeWorld): void {
  const g = globalThis as unknown as { foundry?: Record<string, unknown> };
  const foundry = (g.foundry ??= {});
  const documents = (foundry.documents ??= {}) as Record<string, unknown>;
  const collections = (documents.collections ??= {}) as Record<string, unknown>;
  collections.CompendiumCollection = {
    createCompendium: async (metadata: {
      name: string;
      label: string;
      type: string;
      ownership?: Readonly<Record<string, string>>;
    }) => {
      const user = (globalThis as { game?: { user?: { isGM?: boolean } } }).game?.user;
      if (!user?.isGM) return undefined;
      const pack = new FakeWorldPack(world, metadata, metadata.ownership);
      if (world.packs.has(pack.collection)) throw new Error(`a pack ${pack.collection} exists`);
      world.packs.set(pack.collection, pack);
      return pack;
    },
  };
}
