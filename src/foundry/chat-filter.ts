/**
 * The GM's filter of Foundry's chat by table. Each Cantina chat message carries its table (flag
 * `table`, chat.ts); its element gets `data-cantina-table`, and a select above the chat log's
 * scrolling part (outside `.chat-scroll`, so it neither scrolls away nor takes its right-to-left layout) shows
 * one table's messages only. A style rule does the hiding, so messages rendered later follow it.
 */
import { MODULE_ID } from "./api";

export const TABLE_FLAG = "table";

/** A table as chat names it. */
export interface ChatTable {
  readonly id: string;
  readonly label: string;
}

/** The table a message's flags name, if any. */
export function tableOfFlags(flags: unknown): ChatTable | null {
  const ours = (flags as Record<string, unknown> | null | undefined)?.[MODULE_ID] as
    Record<string, unknown> | undefined;
  const table = ours?.[TABLE_FLAG] as Partial<ChatTable> | undefined;
  return typeof table?.id === "string" && typeof table.label === "string" ? { id: table.id, label: table.label } : null;
}

/** The style that shows one table's messages in the chat log ("" every message). */
export function filterRule(tableId: string): string {
  if (tableId === "") return "";
  const id = tableId.replace(/["\\]/g, "\\$&");
  return `.chat-log .chat-message:not([data-cantina-table="${id}"]) { display: none !important; }`;
}

export class ChatTableFilter {
  private readonly tables = new Map<string, string>();
  private selected = "";

  constructor(private readonly doc: Document) {}

  /** renderChatMessageHTML: marks the message's element with its table and learns the table. */
  mark(flags: unknown, html: HTMLElement): void {
    const table = tableOfFlags(flags);
    if (!table) return;
    html.dataset.cantinaTable = table.id;
    if (!this.tables.has(table.id)) {
      this.tables.set(table.id, table.label);
      this.refreshOptions();
    }
  }

  /** renderChatLog (GM only): puts the select above the log. `label` and `all` are localized. */
  install(html: HTMLElement, label: string, all: string): void {
    if (html.querySelector("[data-cantina-chat-filter]")) return this.refreshOptions();
    const wrap = this.doc.createElement("label");
    // Styled by the module's sheet (foundry.css), which styles only what is under .cantina-games.
    wrap.className = "cantina-games cantina-chat-filter";
    wrap.append(`${label} `);
    const select = this.doc.createElement("select");
    select.dataset.cantinaChatFilter = "";
    select.dataset.all = all;
    select.addEventListener("change", () => this.select(select.value));
    wrap.append(select);
    // Above the scrolling log (v13's log part: `.chat-scroll > ol.chat-log`), never inside it:
    // `.chat-scroll` is laid out right-to-left (its scrollbar on the left) and scrolls away.
    const log = html.querySelector(".chat-scroll") ?? html.querySelector(".chat-log");
    if (log) log.before(wrap);
    else html.prepend(wrap);
    this.refreshOptions();
  }

  /** Shows only `tableId`'s messages ("" all). */
  select(tableId: string): void {
    this.selected = tableId;
    let style = this.doc.getElementById("cantina-chat-filter-style");
    if (!style) {
      style = this.doc.createElement("style");
      style.id = "cantina-chat-filter-style";
      this.doc.head.append(style);
    }
    style.textContent = filterRule(tableId);
  }

  private refreshOptions(): void {
    for (const select of this.doc.querySelectorAll<HTMLSelectElement>("[data-cantina-chat-filter]")) {
      select.replaceChildren();
      const options: [string, string][] = [["", select.dataset.all ?? ""], ...this.tables];
      for (const [id, text] of options) {
        const option = this.doc.createElement("option");
        option.value = id;
        option.textContent = text;
        option.selected = id === this.selected;
        select.append(option);
      }
    }
  }
}
