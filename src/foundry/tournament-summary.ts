/**
 * The tournament's final summary posted by the GM: to chat (a message the GM authors) or to one
 * journal entry per tournament, written again when posted again (docs/foundry.md).
 */
import { escapeHtml } from "../apps/core/html";
import { summaryText } from "../apps/tournament";
import type { TournamentView } from "../table/protocol";
import { MODULE_ID } from "./api";
import * as env from "./env";

/** The flag naming the tournament a journal entry or chat message holds the summary of. */
export const SUMMARY_FLAG = "tournament";

declare module "@league-of-foundry-developers/foundry-vtt-types/configuration" {
  interface FlagConfig {
    JournalEntry: {
      "cantina-games": {
        /** The tournament whose final summary the entry holds. */
        tournament?: string;
      };
    };
  }
}

const i18n = { localize: env.localize, format: env.format };

/** The summary as HTML: its title as a heading, each block (a circuit, the event) a paragraph of lines. */
export function summaryHtml(view: TournamentView): string {
  const [title = "", ...blocks] = summaryText(view, i18n).split("\n\n");
  const paragraphs = blocks.map((block) => `<p>${block.split("\n").map(escapeHtml).join("<br>")}</p>`);
  return [`<h2>${escapeHtml(title)}</h2>`, ...paragraphs].join("");
}

/** The journal entry's name. */
export const summaryJournalName = (view: TournamentView): string =>
  env.format("CANTINA.Tournament.Foundry.Summary.JournalName", { name: view.name });

/** Posts the summary to chat, authored by this GM. */
export async function postSummaryToChat(view: TournamentView): Promise<void> {
  await ChatMessage.create({
    author: env.myUserId(),
    content: summaryHtml(view),
    flags: { "cantina-games": { tournament: view.id } },
  });
}

/** The part of a journal entry the summary rewrites: its flag and its text pages. */
interface SummaryEntry {
  getFlag(scope: string, key: string): unknown;
  readonly pages: { readonly contents: readonly { update(changes: object): Promise<unknown> }[] };
  createEmbeddedDocuments(name: "JournalEntryPage", data: object[]): Promise<unknown>;
}

const isSummaryEntry = (e: unknown): e is SummaryEntry =>
  typeof e === "object" &&
  e !== null &&
  "getFlag" in e &&
  typeof e.getFlag === "function" &&
  "pages" in e &&
  typeof e.pages === "object" &&
  e.pages !== null &&
  "contents" in e.pages &&
  Array.isArray(e.pages.contents) &&
  "createEmbeddedDocuments" in e &&
  typeof e.createEmbeddedDocuments === "function";

/** The world's journal entry holding this tournament's summary, if one was written. */
function summaryEntry(tournamentId: string): SummaryEntry | null {
  const journal: unknown = game.journal;
  if (typeof journal !== "object" || journal === null || !(Symbol.iterator in journal)) return null;
  for (const entry of journal as Iterable<unknown>) {
    if (!isSummaryEntry(entry)) continue;
    let flag: unknown;
    try {
      flag = entry.getFlag(MODULE_ID, SUMMARY_FLAG);
    } catch {
      continue;
    }
    if (flag === tournamentId) return entry;
  }
  return null;
}

/** Writes the summary to the tournament's journal entry: its page rewritten, or a new entry everyone may read. */
export async function writeSummaryJournal(view: TournamentView): Promise<"created" | "updated"> {
  const name = summaryJournalName(view);
  const content = summaryHtml(view);
  const text = { content, format: CONST.JOURNAL_ENTRY_PAGE_FORMATS.HTML };
  const entry = summaryEntry(view.id);
  const page = entry?.pages.contents[0];
  if (page) {
    await page.update({ name, text });
    return "updated";
  }
  if (entry) {
    await entry.createEmbeddedDocuments("JournalEntryPage", [{ name, type: "text", text }]);
    return "updated";
  }
  await JournalEntry.create({
    name,
    ownership: { default: CONST.DOCUMENT_OWNERSHIP_LEVELS.OBSERVER },
    flags: { "cantina-games": { tournament: view.id } },
    pages: [{ name, type: "text", text }],
  });
  return "created";
}
