/**
 * The standalone table page: a lobby for the GM, the table list, one window per open table, the
 * chat and the ledger. Every view comes from the TableClient, i.e. only what this user may see.
 */
import { apps, chatNamers } from "../apps";
import { boardClick } from "../apps/board/interaction";
import { bettingContext } from "../apps/ulwan/betting-context";
import { countdownContext, tickCountdowns } from "../apps/core/countdown";
import { escapeHtml } from "../apps/core/html";
import { chatEntry } from "../apps/core/chat";
import type { Localizer } from "../apps/core/i18n";
import type { ActionInput } from "../apps/core/types";
import { seatNames } from "../apps/core/types";
import { bots } from "../rules/bots";
import { games } from "../rules";
import type { TableClient } from "../table/client";
import type { EventView, HostReply, TableSpec, TableUpdate } from "../table/protocol";
import { eventName, ledgerContext, selectedEvent } from "../apps/core/ledger";
import type { Render } from "./render";

export const USERS = ["gm", "player1", "player2", "player3", "player4", "player5", "player6"] as const;

interface LobbySeat {
  kind: "person" | "bot";
  userId: string;
  name: string;
  botLevel: string;
}
interface LobbyState {
  gameId: string;
  seats: LobbySeat[];
  options: Record<string, number>;
  textOptions: Record<string, string>;
  error: string;
}

const OPEN_KEY = "cantina-games:open-windows";

/** Text options of a game (a board id, a payment mode); the page shows those that have a label. */
function textOptions(gameId: string): Record<string, string> {
  const defaults = (games[gameId]?.defaultOptions() ?? {}) as Record<string, unknown>;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(defaults)) if (typeof v === "string") out[k] = v;
  return out;
}

/** A text option as sent: a pasted JSON object (an imported board) is sent as that object. */
function textOptionValue(text: string): unknown {
  if (!text.trim().startsWith("{")) return text.trim();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function numericOptions(gameId: string): Record<string, number> {
  const defaults = (games[gameId]?.defaultOptions() ?? {}) as Record<string, unknown>;
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(defaults)) if (typeof v === "number") out[k] = v;
  return out;
}

export class StandalonePage {
  private readonly lobby: LobbyState;
  private readonly open: Set<string>;
  private readonly rendered = new Map<string, number>();
  /** The betting book each window was drawn with (a bet changes it without a new version). */
  private readonly renderedBets = new Map<string, string>();
  private readonly errors = new Map<string, string>();
  private hostMissing = false;
  /** The event the GM is looking at, and in which new tables open. */
  private selectedEvent: string | null = null;
  private ledgerError = "";

  constructor(
    private readonly root: HTMLElement,
    private readonly client: TableClient,
    private readonly render: Render,
    private readonly i18n: Localizer,
    private readonly isGM: boolean,
  ) {
    const gameId = Object.keys(games)[0] ?? "";
    this.lobby = {
      gameId,
      seats: [
        { kind: "person", userId: "player1", name: "", botLevel: "" },
        { kind: "person", userId: "player2", name: "", botLevel: "" },
      ],
      options: numericOptions(gameId),
      textOptions: textOptions(gameId),
      error: "",
    };
    this.open = new Set(JSON.parse(sessionStorage.getItem(OPEN_KEY) ?? "[]") as string[]);
    root.addEventListener("click", (ev) => this.onClick(ev));
    root.addEventListener("change", (ev) => this.onChange(ev));
    root.addEventListener("submit", (ev) => this.onSubmit(ev));
    client.onChange(() => this.refresh());
    // A table's countdown ticks between updates without re-rendering its window.
    setInterval(() => tickCountdowns(root, Date.now()), 1000);
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
        <p class="cantina-host-missing" role="alert" data-host-missing ${this.hostMissing ? "" : "hidden"}>${this.i18n.localize("CANTINA.Lobby.WaitingForHost")}</p>
      </header>
      <div class="cantina-page">
        <aside class="cantina-side">
          ${this.isGM ? '<div data-region="lobby"></div>' : ""}
          <div data-region="tables"></div>
          <div data-region="ledger"></div>
        </aside>
        <main class="cantina-main" data-region="windows"></main>
        <aside class="cantina-side" data-region="chat"></aside>
      </div>`;
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
    const game = games[this.lobby.gameId];
    const levels = Object.keys(bots[this.lobby.gameId] ?? {});
    const max = Math.min(game?.maxSeats ?? 2, 8);
    const counts = [];
    for (let n = game?.minSeats ?? 2; n <= max; n++) counts.push({ n, selected: n === this.lobby.seats.length });
    region.innerHTML = this.render("standalone/lobby.hbs", {
      games: Object.values(games).map((g) => ({ id: g.id, nameKey: g.nameKey, selected: g.id === this.lobby.gameId })),
      seatCounts: counts,
      seats: this.lobby.seats.map((s, index) => ({
        index,
        number: index + 1,
        isPerson: s.kind === "person",
        name: s.name,
        users: USERS.map((id) => ({ id, selected: id === s.userId })),
        botLevels: levels.map((id) => ({ id, selected: id === s.botLevel })),
      })),
      options: Object.entries(this.lobby.options).map(([key, value]) => ({
        key,
        value,
        labelKey: `CANTINA.Options.${key}`,
      })),
      textOptions: Object.entries(this.lobby.textOptions)
        .filter(([key]) => this.i18n.localize(`CANTINA.Options.${key}`) !== `CANTINA.Options.${key}`)
        .map(([key, value]) => ({ key, value, labelKey: `CANTINA.Options.${key}` })),
      error: this.lobby.error,
      eventName: this.currentEvent() ? eventName(this.currentEvent()?.name ?? "", this.i18n) : "",
    });
  }

  /** Reads the lobby form back into the lobby state (before a re-render or on create). */
  private readLobby(): void {
    const form = this.root.querySelector<HTMLFormElement>("[data-lobby]");
    if (!form) return;
    const data = new FormData(form);
    const gameId = String(data.get("gameId") ?? this.lobby.gameId);
    if (gameId !== this.lobby.gameId) {
      this.lobby.gameId = gameId;
      this.lobby.options = numericOptions(gameId);
      this.lobby.textOptions = textOptions(gameId);
    } else {
      for (const key of Object.keys(this.lobby.textOptions)) {
        const v = data.get(`text.${key}`);
        if (typeof v === "string") this.lobby.textOptions[key] = v;
      }
      for (const key of Object.keys(this.lobby.options)) {
        const v = Number(data.get(`option.${key}`));
        if (Number.isFinite(v)) this.lobby.options[key] = v;
      }
    }
    const count = Number(data.get("seatCount") ?? this.lobby.seats.length);
    const seats: LobbySeat[] = [];
    for (let i = 0; i < count; i++) {
      const before = this.lobby.seats[i];
      const kind = (data.get(`seat${i}.kind`) ?? before?.kind ?? "person") === "bot" ? "bot" : "person";
      seats.push({
        kind,
        userId: String(data.get(`seat${i}.userId`) ?? before?.userId ?? USERS[Math.min(i + 1, USERS.length - 1)]),
        name: String(data.get(`seat${i}.name`) ?? before?.name ?? ""),
        botLevel: String(data.get(`seat${i}.botLevel`) ?? before?.botLevel ?? ""),
      });
    }
    this.lobby.seats = seats;
  }

  private async createTable(): Promise<void> {
    this.readLobby();
    const spec: TableSpec = {
      gameId: this.lobby.gameId,
      seats: this.lobby.seats.map((s, i) => ({
        kind: s.kind,
        userId: s.kind === "person" ? s.userId : null,
        name:
          s.name.trim() || (s.kind === "person" ? s.userId : this.i18n.format("CANTINA.Lobby.BotName", { n: i + 1 })),
        ...(s.kind === "bot" && s.botLevel ? { botLevel: s.botLevel } : {}),
      })),
      options: {
        ...this.lobby.options,
        ...Object.fromEntries(Object.entries(this.lobby.textOptions).map(([k, v]) => [k, textOptionValue(v)])),
      },
      ...(this.currentEvent() ? { eventId: this.currentEvent()?.id } : {}),
    };
    const reply = await this.client.create(spec);
    this.lobby.error = reply.ok ? "" : this.errorText(reply);
    if (reply.ok && reply.tableId) this.openWindow(reply.tableId);
    this.renderLobby();
  }

  // ---- tables, windows, chat, ledger ----

  private refresh(): void {
    // Seated users see their tables open by themselves.
    for (const update of this.client.tables.values()) {
      if (update.seat && !this.open.has(update.table.id) && !this.rendered.has(update.table.id))
        this.openWindow(update.table.id, false);
    }
    this.renderTables();
    this.renderWindows();
    this.renderChat();
    this.renderLedger();
  }

  private openWindow(tableId: string, rerender = true): void {
    this.open.add(tableId);
    sessionStorage.setItem(OPEN_KEY, JSON.stringify([...this.open]));
    if (rerender) this.renderWindows();
  }

  private closeWindow(tableId: string): void {
    this.open.delete(tableId);
    this.rendered.set(tableId, -1); // closed by hand: do not reopen by itself
    sessionStorage.setItem(OPEN_KEY, JSON.stringify([...this.open]));
    this.renderWindows();
  }

  private renderTables(): void {
    const region = this.region("tables");
    if (!region) return;
    region.innerHTML = this.render("standalone/tables.hbs", {
      tables: [...this.client.tables.values()].map((u) => {
        const names = seatNames(u);
        return {
          id: u.table.id,
          nameKey: games[u.table.gameId]?.nameKey ?? u.table.gameId,
          players: u.table.seats.map((s) => s.name).join(", "),
          over: u.table.over,
          toAct: u.table.toAct.map((s) => names[s] ?? s).join(", "),
          canEnd: this.isGM,
        };
      }),
    });
  }

  private renderWindows(): void {
    const region = this.region("windows");
    if (!region) return;
    for (const el of region.querySelectorAll<HTMLElement>("[data-window]")) {
      const id = el.dataset.window ?? "";
      if (!this.open.has(id) || !this.client.tables.has(id)) {
        el.remove();
        if (!this.client.tables.has(id)) this.rendered.delete(id);
      }
    }
    for (const id of this.open) {
      const update = this.client.tables.get(id);
      if (!update) continue;
      let el = region.querySelector<HTMLElement>(`[data-window="${CSS.escape(id)}"]`);
      const bets = JSON.stringify(update.betting ?? null);
      if (el && this.rendered.get(id) === update.table.version && this.renderedBets.get(id) === bets) continue;
      this.renderedBets.set(id, bets);
      const html = this.windowHtml(update);
      if (!el) {
        region.insertAdjacentHTML("beforeend", html);
        this.rendered.set(id, update.table.version);
        continue;
      }
      // Keep keyboard focus where it was across the re-render.
      const focused =
        document.activeElement instanceof HTMLElement && el.contains(document.activeElement)
          ? document.activeElement
          : null;
      const focusKey = focused?.dataset.action ?? focused?.getAttribute("name") ?? null;
      el.outerHTML = html;
      this.rendered.set(id, update.table.version);
      el = region.querySelector<HTMLElement>(`[data-window="${CSS.escape(id)}"]`);
      if (el && focusKey) {
        const target =
          el.querySelector<HTMLElement>(`[data-action="${CSS.escape(focusKey)}"], [name="${CSS.escape(focusKey)}"]`) ??
          el.querySelector<HTMLElement>("[data-action]");
        target?.focus();
      }
    }
  }

  private windowHtml(update: TableUpdate): string {
    const app = apps[update.table.gameId];
    const game = games[update.table.gameId];
    const nameKey = game?.nameKey ?? update.table.gameId;
    if (!app) return "";
    const context = app.context(update);
    const betting = bettingContext(update);
    const countdown = countdownContext(update, Date.now());
    const body =
      (countdown ? this.render("table/countdown.hbs", countdown) : "") +
      Object.values(app.parts)
        .map((p) => this.render(p, context))
        .join("") +
      (betting ? this.render("table/betting.hbs", betting) : "");
    const seatName = update.table.seats.find((s) => s.seat === update.seat)?.name;
    const viewerLabel = this.isGM
      ? this.i18n.localize("CANTINA.Viewer.GM")
      : (seatName ?? this.i18n.localize("CANTINA.Viewer.Spectator"));
    const html = this.render("standalone/window.hbs", {
      tableId: update.table.id,
      gameId: update.table.gameId,
      nameKey,
      viewerLabel,
      body,
    });
    const error = this.errors.get(update.table.id);
    return error ? html.replace("data-error></p>", `data-error>${this.escape(error)}</p>`) : html;
  }

  private renderChat(): void {
    const region = this.region("chat");
    if (!region) return;
    const lines = this.client.chat.map((line) => {
      const update = this.client.tables.get(line.tableId);
      return chatEntry(line.event, update ? seatNames(update) : {}, this.i18n, chatNamers);
    });
    region.innerHTML = this.render("standalone/chat.hbs", { lines });
    const list = region.querySelector("ol");
    if (list) list.scrollTop = list.scrollHeight;
  }

  private currentEvent(): EventView | undefined {
    return selectedEvent(this.client.events, this.selectedEvent);
  }

  private renderLedger(): void {
    const region = this.region("ledger");
    if (!region) return;
    if (document.activeElement?.closest("[data-ledger] form")) return; // do not wipe what the GM is typing
    const users = USERS.map((id) => ({ id, name: id }));
    region.innerHTML = this.render(
      "table/ledger.hbs",
      ledgerContext(this.client.events, this.selectedEvent, this.isGM, users, this.i18n, this.ledgerError),
    );
  }

  // ---- input ----

  private errorText(reply: HostReply): string {
    if (reply.ok) return "";
    const update = [...this.client.tables.values()][0];
    const params = { ...(reply.error.params ?? {}) };
    if (typeof params.seat === "string" && update) params.seat = seatNames(update)[params.seat] ?? params.seat;
    return this.i18n.format(reply.error.code, params);
  }

  /** `extra` adds to (and overrides) the clicked element's data, e.g. a board move's from/to. */
  private async runGameAction(actionEl: HTMLElement, extra: Readonly<Record<string, string>> = {}): Promise<void> {
    const windowEl = actionEl.closest<HTMLElement>("[data-window]");
    const tableId = windowEl?.dataset.window;
    const update = tableId ? this.client.tables.get(tableId) : undefined;
    const action = extra.action ?? actionEl.dataset.action ?? "";
    const app = update ? apps[update.table.gameId] : undefined;
    const handler = app?.actions[action];
    if (!windowEl || !tableId || !update || !handler) return;
    const fields: Record<string, string> = {};
    for (const form of windowEl.querySelectorAll("form")) {
      for (const [k, v] of new FormData(form)) fields[k] = String(v);
    }
    const input: ActionInput = { data: { ...actionEl.dataset, ...extra } as Record<string, string>, fields };
    const result = handler(input, update);
    let error = "";
    if ("error" in result) error = this.i18n.format(result.error, result.params ?? {});
    else {
      for (const b of windowEl.querySelectorAll<HTMLButtonElement>("button[data-action]")) b.disabled = true;
      const reply = await this.client.move(tableId, result.move);
      error = this.errorText(reply);
      for (const b of windowEl.querySelectorAll<HTMLButtonElement>("button[data-action]")) b.disabled = false;
    }
    if (error) this.errors.set(tableId, error);
    else this.errors.delete(tableId);
    const slot = windowEl.querySelector<HTMLElement>("[data-error]");
    if (slot) slot.textContent = error;
  }

  private onClick(ev: MouseEvent): void {
    const target = ev.target instanceof Element ? ev.target : null;
    // The board layer's two clicks: select a piece, then a lit destination (src/apps/board).
    const square = target?.closest<HTMLElement>("[data-window] [data-board] [data-square]");
    if (square) {
      ev.preventDefault();
      const intent = boardClick(square);
      if (intent) void this.runGameAction(square, { action: "board-move", from: intent.from, to: intent.to });
      return;
    }
    const ledgerAction = target?.closest<HTMLElement>("[data-ledger] button[data-action]");
    if (ledgerAction) {
      ev.preventDefault();
      const run = {
        eventCreate: () => this.createEvent(),
        eventJoin: () => this.joinEvent(),
        ledgerAdjust: () => this.adjustLedger(),
      }[ledgerAction.dataset.action ?? ""];
      if (run) void run();
      return;
    }
    const gameAction = target?.closest<HTMLElement>("[data-window] button[data-action]");
    if (gameAction) {
      ev.preventDefault();
      void this.runGameAction(gameAction);
      return;
    }
    const pageAction = target?.closest<HTMLElement>("button[data-page-action]");
    if (!pageAction) return;
    ev.preventDefault();
    const tableId = pageAction.dataset.tableId ?? "";
    switch (pageAction.dataset.pageAction) {
      case "lobby-create":
        void this.createTable();
        break;
      case "table-open":
        this.rendered.delete(tableId);
        this.openWindow(tableId);
        break;
      case "table-close":
        this.closeWindow(tableId);
        break;
      case "table-end":
        void this.client.end(tableId);
        break;
      case "side-bet":
        void this.sideBet(pageAction);
        break;
    }
  }

  private onChange(ev: Event): void {
    const target = ev.target instanceof HTMLElement ? ev.target : null;
    if (target instanceof HTMLSelectElement && target.hasAttribute("data-ledger-select")) {
      this.selectedEvent = target.value;
      this.renderLedger();
      this.renderLobby();
      return;
    }
    if (target?.dataset.pageAction === "lobby-refresh") {
      this.readLobby();
      this.renderLobby();
      this.root.querySelector<HTMLElement>(`[name="${CSS.escape(target.getAttribute("name") ?? "")}"]`)?.focus();
    }
  }

  /** Enter in a game's form runs the form's action (Enter in the bet field bets). */
  private onSubmit(ev: SubmitEvent): void {
    const form = ev.target instanceof HTMLFormElement ? ev.target : null;
    ev.preventDefault();
    const action = form?.dataset.submitAction;
    const button = action
      ? form?.querySelector<HTMLElement>(`button[data-action="${CSS.escape(action)}"]:not([data-amount])`)
      : null;
    if (button) void this.runGameAction(button);
  }

  /** Sends a ledger form and shows its outcome; the form is kept while it has an error. */
  private async ledgerRequest(selector: string, send: (data: FormData) => Promise<HostReply>): Promise<void> {
    const form = this.root.querySelector<HTMLFormElement>(selector);
    if (!form) return;
    const reply = await send(new FormData(form));
    this.ledgerError = reply.ok ? "" : this.errorText(reply);
    if (reply.ok && reply.eventId) this.selectedEvent = reply.eventId;
    (document.activeElement as HTMLElement | null)?.blur();
    this.renderLedger();
    this.renderLobby();
  }

  /** A spectator's bet from the betting panel: the pool's stake field and the chosen outcome. */
  private async sideBet(button: HTMLElement): Promise<void> {
    const pool = button.dataset.pool ?? "";
    const tableId = button.dataset.tableId ?? "";
    const panel = button.closest<HTMLElement>("[data-betting]");
    const input = panel?.querySelector<HTMLInputElement>(`input[name="bet-${CSS.escape(pool)}"]`);
    const reply = await this.client.bet(
      tableId,
      pool,
      button.dataset.outcome ?? "",
      Math.trunc(Number(input?.value ?? 0)),
    );
    const slot = this.root.querySelector<HTMLElement>(`[data-betting="${CSS.escape(tableId)}"] [data-bet-error]`);
    if (slot) slot.textContent = reply.ok ? "" : this.errorText(reply);
  }

  private adjustLedger(): Promise<void> {
    return this.ledgerRequest("[data-ledger-form]", (data) =>
      this.client.adjustLedger(
        this.currentEvent()?.id ?? "",
        String(data.get("account") ?? ""),
        Math.trunc(Number(data.get("credits") ?? 0)),
        Math.trunc(Number(data.get("luck") ?? 0)),
        String(data.get("reason") ?? ""),
      ),
    );
  }

  private createEvent(): Promise<void> {
    return this.ledgerRequest("[data-event-form]", (data) =>
      this.client.createEvent(
        String(data.get("name") ?? ""),
        Math.max(0, Math.trunc(Number(data.get("startingCredits") ?? 0))),
      ),
    );
  }

  private joinEvent(): Promise<void> {
    return this.ledgerRequest("[data-join-form]", (data) => {
      const account = String(data.get("account") ?? "");
      return this.client.joinEvent(
        this.currentEvent()?.id ?? "",
        account,
        String(data.get("name") ?? "").trim() || account,
      );
    });
  }
}
