/**
 * The standalone table page: a lobby for the GM, the table list, one window per open table, the
 * chat and the ledger. Every view comes from the TableClient, i.e. only what this user may see.
 */
import { bindBoard, moveActionData, placeActionData } from "../apps/board/interaction";
import { betOf } from "../apps/table/betting";
import { TableController, dataOf, errorMessage, submitButton, windowFields } from "../apps/table/controller";
import { optionErrorMessage } from "../apps/table/option-errors";
import {
  type LobbyCatalogue,
  type LobbyState,
  lobbyCatalogue,
  lobbyContext,
  lobbySpec,
  newLobby,
  readLobby,
} from "../apps/table/lobby";
import { CONFIRM_KEYS, type TableOp, chosenUser, isTableOp, sendTableOp, tableRows } from "../apps/table/tables";
import { showSending } from "../apps/table/sending";
import { USERS } from "./users";
export { USERS } from "./users";
import { tickCountdowns } from "../apps/core/countdown";
import { escapeHtml } from "../apps/core/html";
import { type ChatEntry, chatEntry, tableLabel } from "../apps/core/chat";
import type { Localizer } from "../apps/core/i18n";
import { TurnWatch } from "../apps/core/turn";
import { CueWatch, SoundBoard, toneSoundPlayer } from "../apps/core/cues";
import { rollDiceIn } from "../apps/core/dice-roll";
import { seatNames } from "../apps/core/types";
import { apps, bots, chatNamers, games, markets } from "../games";
import { WindowsPanel } from "./panels/windows";
import type { ChatLine, TableClient } from "../table/client";
import type { EventView, HostReply, TableUpdate } from "../table/protocol";
import {
  LEDGER_FORMS,
  type LedgerFormAction,
  eventName,
  exportFileName,
  ledgerContext,
  ledgerCsv,
  selectedEvent,
  sendLedgerForm,
} from "../apps/core/ledger";
import { LabPanel } from "./lab-panel";
import type { Render } from "./render";
import { BoardViews } from "./board-view";

/** Whether the tables' news (a turn, a roll, a card, the end) plays a sound on this browser ("on"; off by default). */
const SOUND_KEY = "cantina-games:turn-sound";

/** A chat line as the page shows it: its table and its text. */
interface ChatShown {
  readonly tableId: string;
  readonly entry: ChatEntry;
}

export class StandalonePage {
  private readonly catalogue: LobbyCatalogue = lobbyCatalogue(games, bots, markets, apps);
  private readonly lobby: LobbyState;
  private readonly controller: TableController;
  /** The windows of the open tables (panels/windows.ts). */
  private readonly windows: WindowsPanel;
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
  private readonly regionHtml = new WeakMap<HTMLElement, string>();
  /** Each table's last error and the table's version it was about: a newer version clears it. */
  private readonly errors = new Map<string, { readonly text: string; readonly version: number }>();
  /** The tables where it is this user's turn (a new one is a turn that started), and how many. */
  private readonly turnWatch = new TurnWatch();
  /** The tables' news as sounds (src/apps/core/cues.ts) and rolls shown rolling in their window. */
  private readonly cueWatch = new CueWatch((gameId) => apps[gameId]?.cardEvent);
  private readonly sounds = new SoundBoard(toneSoundPlayer, () => this.soundOn());
  private turnCount = 0;
  private readonly baseTitle = document.title;
  private wantedTitle = document.title;
  private flashTimer: ReturnType<typeof setInterval> | null = null;
  /** The tables whose window shows its game's help. */
  private readonly helpOpen = new Set<string>();
  private hostMissing = false;
  /** The event the GM is looking at, and in which new tables open. */
  private selectedEvent: string | null = null;
  private ledgerError = "";
  /** The balance lab (GM): its form and run, and whether its panel is open. */
  private readonly lab: LabPanel;
  /** The tables' board views (a PIXI canvas beside the window), opened from the window's bar. */
  private readonly boardViews: BoardViews;

  constructor(
    private readonly root: HTMLElement,
    private readonly client: TableClient,
    private readonly render: Render,
    private readonly i18n: Localizer,
    private readonly isGM: boolean,
  ) {
    this.lab = new LabPanel(root, render, i18n);
    this.lobby = newLobby(this.catalogue, undefined, USERS.slice(1));
    this.controller = new TableController(
      () => client,
      i18n,
      (id) => apps[id],
    );
    this.windows = new WindowsPanel(() => this.region("windows"), {
      client,
      render,
      i18n,
      isGM,
      controller: this.controller,
      error: (tableId, version) => {
        const kept = this.errors.get(tableId);
        if (kept && kept.version !== version) this.errors.delete(tableId);
        return kept && kept.version === version ? kept.text : "";
      },
      helpOpen: (tableId) => this.helpOpen.has(tableId),
      boardViewOpen: (tableId) => this.boardViews.isOpen(tableId),
    });
    this.boardViews = new BoardViews(root, {
      i18n,
      board: (tableId) => {
        const update = client.tables.get(tableId);
        const board = update ? apps[update.table.gameId]?.boardContext?.(update, this.controller.kept(tableId)) : null;
        return update && board ? { update, board, locked: false } : null;
      },
      move: (tableId, data) => this.runBoardViewMove(tableId, data),
      closed: (tableId) => {
        const toggle = this.root.querySelector<HTMLElement>(
          `[data-page-action="board-view"][data-table-id="${CSS.escape(tableId)}"]`,
        );
        toggle?.setAttribute("aria-pressed", "false");
        toggle?.focus();
      },
    });
    // The board layer's clicks, keys and tile drags in every window (windows are redrawn, the root stays).
    bindBoard(root, {
      move: (intent, target) => void this.runGameAction(target, moveActionData(intent)),
      place: (placements, placement) => void this.runGameAction(placement, placeActionData(placements)),
    });
    root.addEventListener("click", (ev) => this.onClick(ev));
    // Back in front: the title stops flashing (the count of turns stays).
    document.addEventListener("visibilitychange", () => this.setTitle(this.wantedTitle));
    root.addEventListener("change", (ev) => this.onChange(ev));
    root.addEventListener("submit", (ev) => this.onSubmit(ev));
    // Escape in a game's help closes it.
    root.addEventListener("keydown", (ev) => {
      const help = ev.key === "Escape" && ev.target instanceof Element ? ev.target.closest("[data-help]") : null;
      const tableId = help?.closest<HTMLElement>("[data-window]")?.dataset.window;
      if (tableId && this.helpOpen.has(tableId)) this.toggleHelp(tableId);
    });
    client.onChange(() => this.timed("update", () => this.refresh()));
    client.onSending(() => this.showSending());
    // A table the GM ended: its window goes, and the page says why (its chat line stays too).
    client.onEnded((last) => {
      const notice = this.root.querySelector<HTMLElement>("[data-page-notice]");
      if (notice) notice.textContent = i18n.format("CANTINA.Chat.TableEndedNamed", { table: this.tableLabel(last) });
    });
    // A table's countdown ticks between updates without re-rendering its window.
    setInterval(() => tickCountdowns(root, Date.now()), 1000);
    // What the host says outside a reply (a bot's move not stored) shows in its table's window, its
    // seats named after that table; only a notice about no table shows where the lobby's errors do.
    client.onNotice((error, tableId) => {
      const update = tableId !== undefined ? client.tables.get(tableId) : undefined;
      if (tableId !== undefined && update) {
        this.errors.set(tableId, { text: errorMessage(error, update, i18n), version: update.table.version });
      } else {
        this.lobby.error = this.errorText({ ok: false, error });
        this.renderLobby();
      }
      this.refresh();
    });
  }

  /**
   * Runs a redraw; when the browser benchmark (bench/browser.mjs) asks for it through
   * `globalThis.cantinaBench`, forces style and layout after it and records how long both took.
   */
  private timed(kind: "update" | "open", draw: () => void): void {
    const probe = (globalThis as { cantinaBench?: { kind: string; ms: number }[] }).cantinaBench;
    if (!probe) return draw();
    const start = performance.now();
    draw();
    this.root.getBoundingClientRect();
    probe.push({ kind, ms: performance.now() - start });
  }

  start(): void {
    this.renderShell();
    this.renderLobby();
    this.refresh();
  }

  setHostMissing(missing: boolean): void {
    this.hostMissing = missing;
    const note = this.root.querySelector<HTMLElement>("[data-host-missing]");
    if (note) note.hidden = !missing;
  }

  private renderShell(): void {
    const user = this.client.user;
    const links = USERS.filter((u) => u !== user)
      .map((u) => `<a href="?user=${u}">${u}</a>`)
      .join(" ");
    this.root.innerHTML = `
      <header class="cantina-page-head">
        <h1>${this.i18n.localize("CANTINA.Title")}</h1>
        <p data-user="${user}">${this.escape(this.i18n.format("CANTINA.Lobby.YouAre", { user: this.isGM ? `${user} (${this.i18n.localize("CANTINA.Viewer.GM")})` : user }))}</p>
        <p class="cantina-switch">${this.i18n.localize("CANTINA.Lobby.SwitchUser")} ${links}</p>
        <label class="cantina-sound-toggle"><input type="checkbox" data-turn-sound ${this.soundOn() ? "checked" : ""}> ${this.i18n.localize("CANTINA.Turn.Sound")}</label>
        <p class="cantina-host-missing" role="alert" data-host-missing ${this.hostMissing ? "" : "hidden"}>${this.i18n.localize("CANTINA.Lobby.WaitingForHost")}</p>
        <p class="cantina-page-notice" role="status" data-page-notice></p>
      </header>
      <div class="cantina-page">
        <aside class="cantina-side" aria-label="${this.i18n.localize("CANTINA.Lobby.Panel")}">
          ${this.isGM ? '<div data-region="lobby"></div>' : ""}
          ${this.isGM ? `<p class="cantina-lab-open"><button type="button" data-page-action="lab-open">${this.i18n.localize("CANTINA.Lab.Open")}</button></p>` : ""}
          <div data-region="tables"></div>
          <div data-region="ledger"></div>
        </aside>
        <main class="cantina-main" data-region="windows"></main>
        <aside class="cantina-side" data-region="chat" aria-labelledby="cantina-chat-title"></aside>
      </div>`;
  }

  /** Replaces a region's content only when its HTML changed (most updates change one window only). */
  private setHtml(region: HTMLElement, html: string): void {
    if (this.regionHtml.get(region) === html) return;
    this.regionHtml.set(region, html);
    region.innerHTML = html;
  }

  private region(name: string): HTMLElement | null {
    return this.root.querySelector<HTMLElement>(`[data-region="${name}"]`);
  }

  private escape(text: string): string {
    return escapeHtml(text);
  }

  // ---- lobby (GM only) ----

  private renderLobby(): void {
    const region = this.region("lobby");
    if (!region) return;
    const users = USERS.map((id) => ({ id, name: id }));
    region.innerHTML = this.render("standalone/lobby.hbs", {
      ...lobbyContext(this.lobby, this.catalogue, users),
      eventName: this.currentEvent() ? eventName(this.currentEvent()?.name ?? "", this.i18n) : "",
    });
  }

  /** Reads the lobby form back into the lobby state (before a re-render or on create). */
  private readLobby(): void {
    const form = this.root.querySelector<HTMLFormElement>("[data-lobby]");
    if (!form) return;
    const data = new FormData(form);
    readLobby(
      this.lobby,
      this.catalogue,
      (name) => {
        const v = data.get(name);
        return typeof v === "string" ? v : null;
      },
      (i) => USERS[Math.min(i + 1, USERS.length - 1)] ?? "gm",
    );
  }

  private async createTable(): Promise<void> {
    this.readLobby();
    const asked = lobbySpec(
      this.lobby,
      this.catalogue,
      { user: (id) => id, bot: (n) => this.i18n.format("CANTINA.Lobby.BotName", { n }) },
      {},
      this.currentEvent()?.id,
    );
    if ("error" in asked) {
      this.lobby.error = errorMessage({ code: asked.error, params: asked.params ?? {} }, undefined, this.i18n);
      this.renderLobby();
      return;
    }
    const reply = await this.client.create(asked.spec);
    // A refusal names its seat after the name typed for it in this form (seat-2 is the second row).
    const named = (error: Parameters<typeof errorMessage>[0]): Parameters<typeof errorMessage>[0] => {
      const seat = error.params?.seat;
      const row = typeof seat === "string" ? /^seat-(\d+)$/.exec(seat) : null;
      const name = row ? asked.spec.seats[Number(row[1]) - 1]?.name : undefined;
      return name !== undefined ? { ...error, params: { ...error.params, seat: name } } : error;
    };
    const schema = this.catalogue[this.lobby.gameId]?.game.optionSchema;
    this.lobby.error = reply.ok
      ? ""
      : (optionErrorMessage(reply.error, schema, this.i18n) ?? errorMessage(named(reply.error), undefined, this.i18n));
    if (reply.ok && reply.tableId) this.windows.openWindow(reply.tableId);
    this.renderLobby();
  }

  // ---- tables, windows, chat, ledger ----

  private refresh(): void {
    this.renderTables();
    this.windows.refresh();
    this.showSending();
    this.boardViews.sync();
    this.renderChat();
    this.renderLedger();
    this.turnCue();
  }

  /**
   * A player whose turn it is sees it in the window (badge, highlight) and in the tab's title, which
   * flashes while the tab is behind others; a turn that starts plays a sound when the toggle is on.
   */
  private turnCue(): void {
    const { turns } = this.turnWatch.look(this.client.tables.values());
    this.turnCount = turns.length;
    const title =
      turns.length > 0
        ? `(${turns.length}) ${this.i18n.localize("CANTINA.Turn.Title")} · ${this.baseTitle}`
        : this.baseTitle;
    this.setTitle(title);
    const cues = this.cueWatch.look(this.client.tables.values());
    this.sounds.sound(cues);
    for (const { tableId, cue } of cues) {
      const shown = cue === "roll" ? this.root.querySelector(`[data-window="${CSS.escape(tableId)}"]`) : null;
      if (shown) rollDiceIn(shown);
    }
  }

  private setTitle(title: string): void {
    this.wantedTitle = title;
    document.title = title;
    if (this.flashTimer !== null) clearInterval(this.flashTimer);
    this.flashTimer = null;
    // Behind other tabs or windows, the title alternates so that the tab catches the eye.
    if (this.turnCount === 0 || !document.hidden) return;
    let on = false;
    this.flashTimer = setInterval(() => {
      on = !on;
      document.title = on ? `★ ${this.i18n.localize("CANTINA.Turn.Flash")}` : this.wantedTitle;
    }, 1000);
  }

  private soundOn(): boolean {
    return localStorage.getItem(SOUND_KEY) === "on";
  }

  private renderTables(): void {
    const region = this.region("tables");
    if (!region) return;
    this.setHtml(
      region,
      this.render("standalone/tables.hbs", {
        tables: tableRows(this.client.tables.values(), (id) => games[id]?.nameKey).map((row) => ({
          ...row,
          canEnd: this.isGM,
        })),
      }),
    );
  }

  /**
   * "Sending…" in each window whose table has a request awaiting its answer, and in the ledger while
   * one of its requests does (src/apps/table/sending.ts).
   */
  private showSending(): void {
    for (const el of this.root.querySelectorAll<HTMLElement>("[data-window]"))
      showSending(el, this.client.sending(el.dataset.window ?? ""), this.i18n);
    const ledger = this.root.querySelector<HTMLElement>("[data-ledger]");
    if (ledger) showSending(ledger, this.client.sendingLedger(), this.i18n);
  }

  /**
   * Appends the chat lines that arrived since the last call, each named after its table as it was
   * when the line arrived. Lines are never dropped: a removed table's lines stay, marked as ended.
   * The list is drawn whole only when the set of tables changes (the filter lists them).
   */
  private renderChat(): void {
    const region = this.region("chat");
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
      if (!this.tableLabels.has(update.table.id)) this.tableLabels.set(update.table.id, this.tableLabel(update));
    }
    const tablesKey = JSON.stringify([...this.tableLabels.keys()].map((id) => [id, this.client.tables.has(id)]));
    const list = region.querySelector<HTMLElement>("ol.cantina-chat-lines");
    if (list && tablesKey === this.chatTablesKey) {
      if (fresh.length === 0) return;
      list.insertAdjacentHTML("beforeend", this.chatLinesHtml(fresh));
      const empty = region.querySelector<HTMLElement>("[data-chat-empty]");
      if (empty && !empty.hidden) empty.hidden = true;
      return;
    }
    this.chatTablesKey = tablesKey;
    if (this.chatFilter !== "" && !this.tableLabels.has(this.chatFilter)) this.chatFilter = "";
    region.innerHTML = this.render("standalone/chat.hbs", {
      lines: this.chatLog.length > 0,
      linesHtml: this.chatLinesHtml(this.chatLog),
      tables: [...this.tableLabels].map(([id, label]) => ({
        id,
        label: this.client.tables.has(id) ? label : `${label} (${this.i18n.localize("CANTINA.Chat.Ended")})`,
        selected: id === this.chatFilter,
      })),
    });
  }

  private chatLinesHtml(lines: readonly ChatShown[]): string {
    return this.render("standalone/chat-lines.hbs", {
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
  private filterChat(tableId: string): void {
    this.chatFilter = tableId;
    for (const li of this.root.querySelectorAll<HTMLElement>("[data-chat-line]"))
      li.hidden = tableId !== "" && li.dataset.chatTable !== tableId;
  }

  private tableLabel(update: TableUpdate): string {
    const game = games[update.table.gameId];
    return tableLabel(
      this.i18n.localize(game?.nameKey ?? update.table.gameId),
      update.table.seats.map((s) => s.name),
    );
  }

  private chatLine(line: TableClient["chat"][number]): ReturnType<typeof chatEntry> {
    const update = this.client.tables.get(line.tableId);
    return chatEntry(line.event, update ? seatNames(update) : {}, this.i18n, chatNamers);
  }

  private currentEvent(): EventView | undefined {
    return selectedEvent(this.client.events, this.selectedEvent);
  }

  private renderLedger(): void {
    const region = this.region("ledger");
    if (!region) return;
    if (document.activeElement?.closest("[data-ledger] form")) return; // do not wipe what the GM is typing
    const users = USERS.map((id) => ({ id, name: id }));
    this.setHtml(
      region,
      this.render(
        "table/ledger.hbs",
        ledgerContext(
          this.client.events,
          this.selectedEvent,
          this.isGM,
          users,
          this.i18n,
          this.ledgerError,
          false,
          true,
        ),
      ),
    );
    this.showSending();
  }

  // ---- input ----

  private errorText(reply: HostReply): string {
    return reply.ok ? "" : errorMessage(reply.error, undefined, this.i18n);
  }

  /** `extra` adds to (and overrides) the clicked element's data, e.g. a board move's from/to. */
  private async runGameAction(actionEl: HTMLElement, extra: Readonly<Record<string, string>> = {}): Promise<void> {
    const windowEl = actionEl.closest<HTMLElement>("[data-window]");
    const tableId = windowEl?.dataset.window;
    const update = tableId ? this.client.tables.get(tableId) : undefined;
    const action = extra.action ?? actionEl.dataset.action ?? "";
    if (!windowEl || !tableId || !update || !this.controller.handles(update, action)) return;
    const fields = windowFields(windowEl);
    // While it awaits its answer the window says "sending…" and its buttons are off (showSending).
    const error = await this.controller.action(update, action, { data: { ...dataOf(actionEl), ...extra }, fields });
    this.showTableError(tableId, error);
  }

  /** A move made on the board view: the game's "board-move" action with the window's fields, as a click there. */
  private async runBoardViewMove(tableId: string, data: Record<string, string>): Promise<string> {
    const update = this.client.tables.get(tableId);
    const action = data.action ?? "";
    if (!update || !this.controller.handles(update, action)) return "";
    const windowEl = this.root.querySelector<HTMLElement>(`[data-window="${CSS.escape(tableId)}"]`);
    const error = await this.controller.action(update, action, {
      data,
      fields: windowEl ? windowFields(windowEl) : {},
    });
    this.showTableError(tableId, error);
    return error;
  }

  /** A table's error (or none), kept with the version it is about and shown in its window at once. */
  private showTableError(tableId: string, text: string): void {
    const now = this.client.tables.get(tableId);
    if (text && now) this.errors.set(tableId, { text, version: now.table.version });
    else this.errors.delete(tableId);
    const slot = this.root.querySelector<HTMLElement>(`[data-window="${CSS.escape(tableId)}"] [data-error]`);
    if (slot) slot.textContent = text;
  }

  private onClick(ev: MouseEvent): void {
    const target = ev.target instanceof Element ? ev.target : null;
    const ledgerAction = target?.closest<HTMLElement>("[data-ledger] button[data-action]");
    if (ledgerAction) {
      ev.preventDefault();
      const action = ledgerAction.dataset.action ?? "";
      if (action === "ledgerCsv") this.downloadLedger();
      else if (Object.prototype.hasOwnProperty.call(LEDGER_FORMS, action))
        void this.ledgerRequest(action as LedgerFormAction);
      return;
    }
    // The table controls (help, the GM's operations) before the game's own actions.
    const tableTool = target?.closest<HTMLElement>(
      '[data-window] button[data-action="tableOp"], [data-window] button[data-action="tableHelp"]',
    );
    if (tableTool) {
      ev.preventDefault();
      const tableId = tableTool.dataset.tableId ?? "";
      if (tableTool.dataset.action === "tableHelp") this.toggleHelp(tableId);
      else if (isTableOp(tableTool.dataset.op))
        void this.tableOp(
          tableTool.dataset.op,
          tableId,
          tableTool.dataset.seat ?? "",
          tableTool.dataset.name ?? "",
          chosenUser(tableTool),
        );
      return;
    }
    const labAction = target?.closest<HTMLElement>("[data-lab] button[data-action]");
    if (labAction) {
      ev.preventDefault();
      this.lab.onClick(labAction);
      return;
    }
    // The page's own buttons first: a bet button also carries the action name Foundry's window uses.
    const pageAction = target?.closest<HTMLElement>("button[data-page-action]");
    const gameAction = target?.closest<HTMLElement>("[data-window] button[data-action]");
    if (!pageAction) {
      if (gameAction) {
        ev.preventDefault();
        void this.runGameAction(gameAction);
      }
      return;
    }
    ev.preventDefault();
    const tableId = pageAction.dataset.tableId ?? "";
    switch (pageAction.dataset.pageAction) {
      case "lobby-create":
        void this.createTable();
        break;
      case "table-open":
        this.timed("open", () => this.windows.openWindow(tableId));
        this.showSending();
        break;
      case "table-close":
        this.windows.closeWindow(tableId);
        break;
      case "table-minimise":
        this.windows.toggleMinimised(tableId);
        break;
      case "board-view":
        pageAction.setAttribute("aria-pressed", this.boardViews.isOpen(tableId) ? "false" : "true");
        void this.boardViews.toggle(tableId);
        break;
      case "table-end":
        void this.tableOp("end", tableId, "", "");
        break;
      case "side-bet":
        void this.sideBet(pageAction);
        break;
      case "lab-open":
        this.lab.open();
        break;
      case "lab-close":
        this.lab.close();
        break;
    }
  }

  /** Opens or closes a window's help; the focus goes into the help, and back to its button. */
  private toggleHelp(tableId: string): void {
    if (this.helpOpen.has(tableId)) this.helpOpen.delete(tableId);
    else this.helpOpen.add(tableId);
    this.windows.draw();
    const el = this.windows.element(tableId);
    const help = el?.querySelector<HTMLElement>("[data-help]");
    if (help && this.helpOpen.has(tableId)) help.focus();
    else el?.querySelector<HTMLElement>('[data-action="tableHelp"]')?.focus();
  }

  /** A GM's operation on a table, confirmed first where it calls off or removes something. */
  private async tableOp(op: TableOp, tableId: string, seat: string, name: string, userId = ""): Promise<void> {
    const question = CONFIRM_KEYS[op];
    if (question && !(await this.confirm(this.i18n.format(question, { name })))) return;
    const reply = await sendTableOp(this.client, op, tableId, seat, userId);
    const message = this.errorText(reply);
    const dealt = op === "rematch" || op === "play-again";
    if (reply.ok && dealt && reply.tableId && reply.tableId !== tableId) this.windows.openWindow(reply.tableId);
    this.showTableError(tableId, message);
  }

  /** A modal question (a native dialog: Escape cancels, the focus stays inside it). */
  private confirm(question: string): Promise<boolean> {
    const dialog = document.createElement("dialog");
    dialog.className = "cantina-confirm";
    dialog.setAttribute("aria-labelledby", "cantina-confirm-title");
    dialog.innerHTML = `<h2 id="cantina-confirm-title">${this.escape(this.i18n.localize("CANTINA.TableOps.ConfirmTitle"))}</h2>
      <p>${this.escape(question)}</p>
      <form method="dialog"><button value="yes" data-confirm="yes">${this.escape(this.i18n.localize("CANTINA.TableOps.Confirm"))}</button>
      <button value="no" data-confirm="no" autofocus>${this.escape(this.i18n.localize("CANTINA.TableOps.Cancel"))}</button></form>`;
    document.body.append(dialog);
    return new Promise((resolve) => {
      dialog.addEventListener("close", () => {
        resolve(dialog.returnValue === "yes");
        dialog.remove();
      });
      dialog.showModal();
    });
  }

  private onChange(ev: Event): void {
    const target = ev.target instanceof HTMLElement ? ev.target : null;
    if (target instanceof HTMLInputElement && target.hasAttribute("data-turn-sound")) {
      localStorage.setItem(SOUND_KEY, target.checked ? "on" : "off");
      return;
    }
    if (target instanceof HTMLSelectElement && target.hasAttribute("data-chat-filter")) {
      this.filterChat(target.value);
      return;
    }
    if (target instanceof HTMLSelectElement && target.hasAttribute("data-ledger-select")) {
      this.selectedEvent = target.value;
      this.renderLedger();
      this.renderLobby();
      return;
    }
    if (target?.hasAttribute("data-lab-refresh")) {
      this.lab.refreshForm();
      return;
    }
    if (target?.dataset.pageAction === "lobby-refresh") {
      this.lobby.error = ""; // an error is about the form as it was: a change clears it
      this.readLobby();
      this.renderLobby();
      this.root.querySelector<HTMLElement>(`[name="${CSS.escape(target.getAttribute("name") ?? "")}"]`)?.focus();
    }
  }

  /** Enter in a game's form runs the form's action (Enter in the bet field bets). */
  private onSubmit(ev: SubmitEvent): void {
    const form = ev.target instanceof HTMLFormElement ? ev.target : null;
    ev.preventDefault();
    // Enter in the lab's form runs it.
    if (form?.matches("[data-lab-form]")) return this.lab.run();
    const button = form ? submitButton(form) : null;
    if (button) void this.runGameAction(button);
  }

  /** Sends a ledger form (as Foundry's ledger window does) and shows its outcome. */
  private async ledgerRequest(action: LedgerFormAction): Promise<void> {
    const form = this.root.querySelector<HTMLFormElement>(LEDGER_FORMS[action]);
    if (!form) return;
    const data = new FormData(form);
    const sent = sendLedgerForm(
      action,
      (name) => {
        const v = data.get(name);
        return typeof v === "string" ? v : null;
      },
      this.client,
      this.currentEvent()?.id,
      (account) => account,
    );
    if (!sent) return;
    const reply = await sent;
    this.ledgerError = reply.ok ? "" : this.errorText(reply);
    if (reply.ok && reply.eventId) this.selectedEvent = reply.eventId;
    (document.activeElement as HTMLElement | null)?.blur();
    this.renderLedger();
    this.renderLobby();
  }

  /** The GM's CSV of the event shown, as a download. */
  private downloadLedger(): void {
    const event = this.currentEvent();
    if (!event || !this.isGM) return;
    const csv = ledgerCsv(event, this.i18n, (at) => new Date(at).toLocaleString());
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([csv], { type: "text/csv" }));
    link.download = exportFileName(event, this.i18n, "csv");
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  }

  /** A spectator's bet from the betting panel: the pool's stake field and the chosen outcome. */
  private async sideBet(button: HTMLElement): Promise<void> {
    const tableId = button.dataset.tableId ?? "";
    const update = this.client.tables.get(tableId);
    if (!update) return;
    const bet = betOf(button);
    const error = await this.controller.bet(update, bet.pool, bet.outcome, bet.stake);
    const slot = this.root.querySelector<HTMLElement>(`[data-betting="${CSS.escape(tableId)}"] [data-bet-error]`);
    if (slot) slot.textContent = error;
  }
}
