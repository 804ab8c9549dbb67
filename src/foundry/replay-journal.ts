/**
 * The optional journal entry a finished table writes on the hosting GM's client (world setting
 * "replayJournal"): one text page with the match summary and a link that opens its replay.
 * Foundry globals touched: `JournalEntry.create`, `CONST.DOCUMENT_OWNERSHIP_LEVELS`, `document` (the link's click, through `bindReplayLinks`).
 */
import { escapeHtml } from "../apps/core/html";
import { games } from "../games";
import type { TableRecord } from "../table/store";
import * as env from "./env";

/** The attribute of the journal's replay link: it holds the table's id. */
export const REPLAY_LINK = "data-cantina-replay";

/** The entry's name and page content: the game, the players, who won, the replay link. */
export function replayJournalPage(record: TableRecord): { readonly name: string; readonly content: string } {
  const game = games[record.gameId];
  const gameName = game ? env.localize(game.nameKey) : record.gameId;
  const names = (seats: readonly string[]) =>
    seats.map((seat) => record.seats.find((s) => s.seat === seat)?.name ?? seat).join(", ");
  const players = names(record.seats.map((s) => s.seat));
  const winners = game?.status(record.state).result?.winners ?? [];
  const name = env.format("CANTINA.Replay.Journal.Name", { game: gameName, players });
  const outcome =
    winners.length > 0
      ? env.format("CANTINA.Replay.Journal.Winners", { winners: names(winners) })
      : env.localize("CANTINA.Replay.Journal.NoWinner");
  const content = [
    `<p>${escapeHtml(env.format("CANTINA.Replay.Journal.Players", { players }))}</p>`,
    `<p>${escapeHtml(outcome)}</p>`,
    `<p><a class="cantina-replay-link" ${REPLAY_LINK}="${escapeHtml(record.id)}">${escapeHtml(
      env.localize("CANTINA.Replay.Journal.Open"),
    )}</a></p>`,
  ].join("");
  return { name, content };
}

/** Writes the entry when the setting is on, on a GM's client only (the host calls it as a match ends). */
export async function writeReplayJournal(record: TableRecord): Promise<boolean> {
  if (!env.amGM() || !env.replayJournal() || record.finishedAt === undefined) return false;
  const { name, content } = replayJournalPage(record);
  // Everyone may read it (the summary was public at the table's end); the link shows each their own view.
  await JournalEntry.create({
    name,
    ownership: { default: CONST.DOCUMENT_OWNERSHIP_LEVELS.OBSERVER },
    pages: [{ name, type: "text", text: { content } }],
  });
  return true;
}

/** Clicks on a journal's replay link (wherever the page is drawn) open that table's replay. */
export function bindReplayLinks(root: Document, open: (tableId: string) => void): void {
  root.addEventListener("click", (event) => {
    const target = event.target as HTMLElement | null;
    const link = typeof target?.closest === "function" ? target.closest<HTMLElement>(`[${REPLAY_LINK}]`) : null;
    const id = link?.getAttribute(REPLAY_LINK);
    if (!id) return;
    event.preventDefault();
    open(id);
  });
}
