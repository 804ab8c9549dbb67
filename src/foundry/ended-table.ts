/**
 * A table the GM ended before its end (issue 27), on Foundry: every user's client tells them in a
 * notification, and the host writes one public chat message for it, tagged with its table like its
 * rolls (chat-filter.ts), so the players' windows do not just vanish.
 * Foundry globals touched: `ui.notifications`, `game.i18n` (through env.ts), `ChatMessage` (chat.ts).
 */
import { tableLabel } from "../apps/core/chat";
import type { TableClient } from "../table/client";
import type { TableUpdate } from "../table/protocol";
import { MODULE_ID } from "./api";
import { type ChatPlan, postChat } from "./chat";
import * as env from "./env";

/** What the chat message needs beyond the table: who posts it, and the strings. */
export interface EndedChatContext {
  readonly hostUser: string;
  readonly localize: (key: string) => string;
  readonly format: (key: string, params: Readonly<Record<string, string | number>>) => string;
}

/** The table as chat and notifications name it: its game and its players. */
function labelOf(table: TableUpdate["table"], localize: (key: string) => string): string {
  return tableLabel(
    localize(`CANTINA.Games.${table.gameId}`),
    table.seats.map((s) => s.name),
  );
}

/** The public chat message saying the GM ended this table (chat.ts escapes its text: seat names are typed by people). */
export function endedPlan(table: TableUpdate["table"], ctx: EndedChatContext): ChatPlan {
  const label = labelOf(table, ctx.localize);
  return {
    roll: null,
    flavor: ctx.format("CANTINA.Chat.TableEndedNamed", { table: label }),
    alias: ctx.localize("CANTINA.Chat.GM"),
    actor: null,
    author: ctx.hostUser,
    whisper: null,
    placeholder: null,
    table: { id: table.id, label },
  };
}

/**
 * Tells this user of every table the GM ends; when `isHost()`, also queues its chat message
 * through `enqueue` (the host's chat queue, so it follows the table's last rolls).
 */
export function watchEndedTables(
  client: TableClient,
  isHost: () => boolean,
  enqueue: (post: () => Promise<void>) => void,
  hostUser: () => string,
): void {
  client.onEnded((last) => {
    env.notify("info", "CANTINA.Chat.TableEndedNamed", { table: labelOf(last.table, env.localize) });
    if (!isHost()) return;
    const plan = endedPlan(last.table, { hostUser: hostUser(), localize: env.localize, format: env.format });
    enqueue(() =>
      postChat([plan], null).catch((error: unknown) =>
        console.error(`${MODULE_ID} | could not post the ended table to chat`, error),
      ),
    );
  });
}
