/**
 * The chat panel: every table's chat lines, each named after its table as it was when the line
 * arrived; lines are never dropped (a removed table's lines stay, marked as ended); a filter shows one table's.
 */
import { type ChatEntry, chatEntry, tableLabel } from "../../apps/core/chat";
import type { Localizer } from "../../apps/core/i18n";
import { rollDiceIn } from "../../apps/core/dice-roll";
import { seatNames } from "../../apps/core/types";
import { chatNamers, games } from "../../games";
import type { ChatLine, TableClient } from "../../table/client";
import type { TableUpdate } from "../../table/protocol";
import type { Render } from "../render";
import type { Panel, PanelAction } from "./panel";

/** A chat line as the page shows it: its table and its text. */
interface ChatShown {
  readonly tableId: string;
  readonly entry: ChatEntry;
}

/** A table's name in chat and in the page's notices: its game and its players. */
export function pageTableLabel(update: TableUpdate, i18n: Localizer): string {
  const game = games[update.table.gameId];
  return tableLabel(
    i18n.localize(game?.nameKey ?? update.table.gameId),
    update.table.seats.map((s) => s.name),
  );
}

export class ChatPanel implements Panel {
  /** Every chat line shown so far, in order, with its table (kept after the table is removed). */
  private readonly chatLog: ChatShown[] = [];
  /** Which of the client's chat lines are in `chatLog` already: table, version and place in that version. */
  private readonly chatSeen = new Set<string>();
  /**
   * How far the client's chat was read: its length and last line then, and how many lines each
   * table version had, so that an update reads only its own lines (not the whole chat, issue 17).
   */
  private chatRead: { count: number; last: ChatLine | undefined; perVersion: Map<string, number> } = {
    count: 0,
    last: undefined,
    perVersion: new Map(),
  };
  /** Each table's name in chat, from when it was first seen (a removed table keeps it). */
  private readonly tableLabels = new Map<string, string>();
  private chatTablesKey = "";
  /** The table whose lines the chat shows ("" every table's). */
  private chatFilter = "";

  readonly actions: Readonly<Record<string, PanelAction>> = {
    "chat-filter": (control) => {
      if (control instanceof HTMLSelectElement) this.filter(control.value);
    },
  };

  constructor(
    private readonly region: () => HTMLElement | null,
    private readonly client: TableClient,
    private readonly renderTemplate: Render,
    private readonly i18n: Localizer,
  ) {}

  /**
   * Appends the chat lines that arrived since the last call. The list is drawn whole only when the
   * set of tables changes (the filter lists them).
   */
  render(): void {
    const region = this.region();
    if (!region) return;
    const fresh: ChatShown[] = [];
    // Only the lines after those read last time, unless a resync took lines out: then all of them.
    const chat = this.client.chat;
    const read = this.chatRead;
    const from = read.count > 0 && read.count <= chat.length && chat[read.count - 1] === read.last ? read.count : 0;
    if (from === 0) read.perVersion = new Map();
    const perVersion = read.perVersion;
    read.count = chat.length;
    read.last = chat[chat.length - 1];
    for (const line of chat.slice(from)) {
      const at = `${line.tableId}|${line.version}`;
      const n = perVersion.get(at) ?? 0;
      perVersion.set(at, n + 1);
      const key = `${at}|${n}`;
      if (this.chatSeen.has(key)) continue;
      this.chatSeen.add(key);
      const shown = { tableId: line.tableId, entry: this.chatLine(line) };
      this.chatLog.push(shown);
      fresh.push(shown);
    }
    for (const update of this.client.tables.values()) {
      if (!this.tableLabels.has(update.table.id))
        this.tableLabels.set(update.table.id, pageTableLabel(update, this.i18n));
    }
    const tablesKey = JSON.stringify([...this.tableLabels.keys()].map((id) => [id, this.client.tables.has(id)]));
    const list = region.querySelector<HTMLElement>("ol.cantina-chat-lines");
    if (list && tablesKey === this.chatTablesKey) {
      if (fresh.length === 0) return;
      const before = list.children.length;
      list.insertAdjacentHTML("beforeend", this.linesHtml(fresh));
      // New rolls tumble onto their faces (not with prefers-reduced-motion; dice-roll.ts).
      for (const line of [...list.children].slice(before)) rollDiceIn(line);
      const empty = region.querySelector<HTMLElement>("[data-chat-empty]");
      if (empty && !empty.hidden) empty.hidden = true;
      return;
    }
    this.chatTablesKey = tablesKey;
    if (this.chatFilter !== "" && !this.tableLabels.has(this.chatFilter)) this.chatFilter = "";
    region.innerHTML = this.renderTemplate("standalone/chat.hbs", {
      lines: this.chatLog.length > 0,
      linesHtml: this.linesHtml(this.chatLog),
      tables: [...this.tableLabels].map(([id, label]) => ({
        id,
        label: this.client.tables.has(id) ? label : `${label} (${this.i18n.localize("CANTINA.Chat.Ended")})`,
        selected: id === this.chatFilter,
      })),
    });
  }

  private linesHtml(lines: readonly ChatShown[]): string {
    return this.renderTemplate("standalone/chat-lines.hbs", {
      lines: lines.map(({ tableId, entry }) => ({
        ...entry,
        tableId,
        table: this.tableLabels.get(tableId) ?? tableId,
        ended: !this.client.tables.has(tableId),
        hidden: this.chatFilter !== "" && this.chatFilter !== tableId,
      })),
    });
  }

  /** Shows only one table's chat lines ("" all): the lines stay, hidden or not. */
  private filter(tableId: string): void {
    this.chatFilter = tableId;
    for (const li of this.region()?.querySelectorAll<HTMLElement>("[data-chat-line]") ?? [])
      li.hidden = tableId !== "" && li.dataset.chatTable !== tableId;
  }

  private chatLine(line: ChatLine): ChatEntry {
    const update = this.client.tables.get(line.tableId);
    return chatEntry(line.event, update ? seatNames(update) : {}, this.i18n, chatNamers);
  }
}
