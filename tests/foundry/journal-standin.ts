/**
 * `JournalEntry.create` and the journal entries `game.journal` holds, as the tournament's summary
 * uses them, modelled on 13.351: only a GM (or a user with JOURNAL_CREATE, trusted players by
 * default: not modelled, players are refused) creates an entry; `getFlag` throws for a scope that
 * is not core, world or an active module; `pages.contents` lists the embedded pages;
 * `JournalEntryPage#update` and `createEmbeddedDocuments` need the entry's OWNER (a GM).
 * Installs `CONST.JOURNAL_ENTRY_PAGE_FORMATS` and `CONST.DOCUMENT_OWNERSHIP_LEVELS` too.
 */
import type { FakeWorld } from "./standins";

export interface StandInPage {
  name: string;
  type: string;
  text: { content: string; format: number };
  update(changes: Partial<Pick<StandInPage, "name" | "text">>): Promise<StandInPage>;
}

export interface StandInEntry {
  readonly name: string;
  readonly ownership: Record<string, number>;
  readonly flags: Record<string, Record<string, unknown>>;
  readonly pages: { readonly contents: StandInPage[] };
  getFlag(scope: string, key: string): unknown;
  createEmbeddedDocuments(name: string, data: object[]): Promise<StandInPage[]>;
}

const SCOPES = ["core", "world", "cantina-games"];

export function installJournal(world: FakeWorld): StandInEntry[] {
  const entries = world.journal as StandInEntry[];
  const gm = (): boolean => world.actingUser().isGM;
  const page = (data: Omit<StandInPage, "update">): StandInPage => {
    const made: StandInPage = {
      ...structuredClone(data),
      async update(changes) {
        if (!gm()) throw new Error("You do not have permission to update this JournalEntryPage");
        Object.assign(made, structuredClone(changes));
        return made;
      },
    };
    return made;
  };
  const g = globalThis as unknown as Record<string, unknown>;
  g.CONST = {
    JOURNAL_ENTRY_PAGE_FORMATS: { HTML: 1, MARKDOWN: 2 },
    DOCUMENT_OWNERSHIP_LEVELS: { INHERIT: -1, NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 },
  };
  g.JournalEntry = {
    create: async (data: {
      name: string;
      ownership?: Record<string, number>;
      flags?: Record<string, Record<string, unknown>>;
      pages?: Omit<StandInPage, "update">[];
    }) => {
      if (!gm()) throw new Error(`User ${world.actingUser().id} lacks permission to create JournalEntry`);
      const entry: StandInEntry = {
        name: data.name,
        ownership: { default: 0, ...(data.ownership ?? {}) },
        flags: structuredClone(data.flags ?? {}),
        pages: { contents: (data.pages ?? []).map(page) },
        getFlag(scope, key) {
          if (!SCOPES.includes(scope)) throw new Error(`Flag scope "${scope}" is not valid or not currently active`);
          return entry.flags[scope]?.[key];
        },
        async createEmbeddedDocuments(_name, pages) {
          if (!gm()) throw new Error("You do not have permission to create JournalEntryPage");
          const made = (pages as Omit<StandInPage, "update">[]).map(page);
          entry.pages.contents.push(...made);
          return made;
        },
      };
      entries.push(entry);
      return entry;
    },
  };
  return entries;
}
