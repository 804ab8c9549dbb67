/**
 * The launcher (GM: game, seats, options, start; for the Ulwan games the board, from the boards
 * compendium or pasted as JSON, and the payment mode), the table list (everyone: open, reopen,
 * spectate; GM: end and remove) and the manager that opens each seated player's window by itself
 * and re-renders windows when their table moves on.
 * Foundry globals touched: `foundry.applications.api`, `game.user`, `game.users` and `game.packs`
 * (through env.ts).
 */
import { eventName, selectedEvent } from "../apps/core/ledger";
import { bots } from "../games";
import { games } from "../games";
import { BOARDS, SEVEN_ID, checkBoard } from "../rules/ulwan";
import type { TableSpec } from "../table/protocol";
import { MODULE_ID } from "./api";
import * as env from "./env";
import { GameWindow, errorText, templatePath } from "./game-window";
import type { CantinaRuntime, RuntimeView } from "./runtime";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

export interface LauncherSeat {
  kind: "person" | "bot";
  userId: string;
  name: string;
  botLevel: string;
}

export interface LauncherState {
  gameId: string;
  seats: LauncherSeat[];
  options: Record<string, number>;
  /** The game's text options (a board, a payment mode) as the form holds them: a board is a choice's value. */
  textOptions: Record<string, string>;
  /** A board pasted as JSON: when set, it replaces the board chosen in the list. */
  boardJson: string;
  error: string;
}

/** A board the launcher offers: a shipped one by its id, or a compendium board that differs from it, by its data. */
export interface BoardChoice {
  readonly value: string;
  readonly label: string;
  /** What the table's `board` option becomes. */
  readonly board: unknown;
}

/** Text options that offer a fixed list, with the key of each choice's label. */
const TEXT_CHOICES: Readonly<Record<string, readonly { value: string; labelKey: string }[]>> = {
  payment: ["open", "closed", "tokens"].map((value) => ({ value, labelKey: `CANTINA.Ulwan.Payment.${value}` })),
};

/** The launcher's label of a text option. */
const TEXT_LABELS: Readonly<Record<string, string>> = {
  board: "CANTINA.Foundry.Launcher.Board",
  payment: "CANTINA.Foundry.Launcher.Payment",
};

/** The text options of a game (a board id, a payment mode), from its defaults. */
export function textOptions(gameId: string): Record<string, string> {
  const defaults = (games[gameId]?.defaultOptions() ?? {}) as Record<string, unknown>;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(defaults)) if (typeof v === "string") out[k] = v;
  return out;
}

/** JSON with its object keys sorted, to compare two boards whatever order their keys came in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * The boards to choose from: every valid board of the compendium (one that is a shipped board
 * unchanged goes by the shipped id, so the table stores just the id; a changed one by its data),
 * then the shipped boards not offered yet (all of them when the pack is missing).
 */
export function boardChoices(pack: readonly env.PackBoard[], gameId?: string): BoardChoice[] {
  // Only boards this game can be played on (Seven Ulwan needs an Aurek where each path starts).
  const playable = (board: unknown): boolean => checkBoard(board, gameId === SEVEN_ID) === null;
  const out: BoardChoice[] = [];
  for (const entry of pack) {
    if (!playable(entry.board)) continue;
    const shipped =
      entry.boardId !== null && Object.prototype.hasOwnProperty.call(BOARDS, entry.boardId)
        ? BOARDS[entry.boardId]
        : undefined;
    const same = shipped !== undefined && canonical(shipped) === canonical(entry.board);
    const value = same && entry.boardId !== null ? entry.boardId : `pack:${entry.id}`;
    if (out.some((c) => c.value === value)) continue;
    out.push({ value, label: entry.name, board: same ? entry.boardId : entry.board });
  }
  for (const [id, board] of Object.entries(BOARDS)) {
    if (playable(board) && !out.some((c) => c.value === id)) out.push({ value: id, label: board.name, board: id });
  }
  return out;
}

/** The board a pasted text names: a board's JSON, or a board JournalEntry's exported JSON. */
export function pastedBoard(text: string): { board: unknown } | { error: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch {
    return { error: "CANTINA.Foundry.Launcher.BadJson" };
  }
  const flags = (parsed as { flags?: Record<string, { board?: unknown } | undefined> } | null)?.flags;
  return { board: flags?.[MODULE_ID]?.board ?? parsed };
}

/** The table options the launcher's text fields ask for (the host checks them, a pasted board too). */
export function textOptionValues(
  state: LauncherState,
  choices: readonly BoardChoice[],
): { options: Record<string, unknown> } | { error: string } {
  const options: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(state.textOptions)) {
    if (key === "board" && state.boardJson.trim() !== "") {
      const pasted = pastedBoard(state.boardJson);
      if ("error" in pasted) return pasted;
      options[key] = pasted.board;
    } else if (key === "board") {
      options[key] = choices.find((c) => c.value === value)?.board ?? value;
    } else {
      options[key] = value.trim();
    }
  }
  return { options };
}

/**
 * The options that are antes, or (the minimum bet) follow the ante by the rules: Simplified
 * Sabacc's minimum bet is its ante. The launcher scales these by the "Ante scale (%)" setting.
 */
export const ANTE_OPTIONS: readonly string[] = ["ante", "mainAnte", "sabaccAnte", "minBet"];

/** An amount times a percentage, rounded; a positive amount stays at least 1. */
export function scaledAmount(amount: number, scalePercent: number): number {
  if (amount <= 0) return amount;
  return Math.max(1, Math.round((amount * scalePercent) / 100));
}

/**
 * The numeric options of a game, from its own defaults; its antes (and the minimum bet, which
 * follows the ante) times `anteScale` percent (the world setting "Ante scale (%)", 100 by default).
 */
export function numericOptions(gameId: string, anteScale = 100): Record<string, number> {
  const defaults = (games[gameId]?.defaultOptions() ?? {}) as Record<string, unknown>;
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(defaults)) {
    if (typeof v === "number") out[k] = ANTE_OPTIONS.includes(k) ? scaledAmount(v, anteScale) : v;
  }
  return out;
}

/** The table spec the launcher's state asks for. */
export function specFrom(
  state: LauncherState,
  userName: (id: string) => string,
  botName: (n: number) => string,
  text: Readonly<Record<string, unknown>> = {},
): TableSpec {
  return {
    gameId: state.gameId,
    seats: state.seats.map((s, i) => ({
      kind: s.kind,
      userId: s.kind === "person" ? s.userId : null,
      name: s.name.trim() || (s.kind === "person" ? userName(s.userId) : botName(i + 1)),
      ...(s.kind === "bot" && s.botLevel ? { botLevel: s.botLevel } : {}),
    })),
    options: { ...state.options, ...text },
  };
}

interface LauncherContext {
  [key: string]: unknown;
}

export class Launcher extends HandlebarsApplicationMixin(ApplicationV2)<LauncherContext> {
  static override DEFAULT_OPTIONS = {
    id: "cantina-launcher",
    classes: ["cantina-games", "cantina-launcher"],
    tag: "section",
    window: { title: "CANTINA.Foundry.Launcher.Title", icon: "fa-solid fa-dice", resizable: true },
    position: { width: 560, height: "auto" as const },
    actions: {},
  };

  static override PARTS = {
    form: { template: templatePath("foundry/launcher.hbs") },
  };

  readonly lobby: LauncherState;
  /** The boards to offer, read from the compendium once per launcher. */
  private boards: Promise<env.PackBoard[]> | null = null;

  constructor(
    private readonly runtime: CantinaRuntime,
    private readonly manager: WindowManager,
    gameId?: string,
  ) {
    super({});
    const id = gameId && games[gameId] ? gameId : (Object.keys(games)[0] ?? "");
    const players = env.allUsers().filter((u) => !u.isGM);
    const min = games[id]?.minSeats ?? 2;
    const seats: LauncherSeat[] = [];
    for (let i = 0; i < min; i++) {
      const user = players[i];
      seats.push(
        user
          ? { kind: "person", userId: user.id, name: "", botLevel: "" }
          : { kind: "bot", userId: "", name: "", botLevel: "" },
      );
    }
    this.lobby = {
      gameId: id,
      seats,
      options: numericOptions(id, env.anteScale()),
      textOptions: textOptions(id),
      boardJson: "",
      error: "",
    };
  }

  selectGame(gameId: string): void {
    if (!games[gameId] || gameId === this.lobby.gameId) return;
    this.lobby.gameId = gameId;
    this.lobby.options = numericOptions(gameId, env.anteScale());
    this.lobby.textOptions = textOptions(gameId);
    this.lobby.boardJson = "";
  }

  /** The boards of the compendium "cantina-games.cantina-boards", or the shipped ones without it, this game can be played on. */
  async boardChoices(): Promise<BoardChoice[]> {
    this.boards ??= env.compendiumBoards().catch(() => []);
    return boardChoices(await this.boards, this.lobby.gameId);
  }

  protected override async _prepareContext(): Promise<LauncherContext> {
    const game = games[this.lobby.gameId];
    const levels = Object.keys(bots[this.lobby.gameId] ?? {});
    const users = env.allUsers();
    const counts = [];
    for (let n = game?.minSeats ?? 2; n <= Math.min(game?.maxSeats ?? 2, 8); n++)
      counts.push({ n, selected: n === this.lobby.seats.length });
    const currency = env.currencyName();
    const choices = "board" in this.lobby.textOptions ? await this.boardChoices() : [];
    const text = Object.entries(this.lobby.textOptions).map(([key, value]) => {
      const fixed =
        key === "board" ? choices.map((c) => ({ value: c.value, label: c.label, labelKey: "" })) : TEXT_CHOICES[key];
      // A value the list lacks (say, a board that left the compendium) is still shown, as itself.
      const list =
        fixed && !fixed.some((c) => c.value === value) ? [...fixed, { value, label: value, labelKey: "" }] : fixed;
      return {
        key,
        value,
        isBoard: key === "board",
        labelKey: TEXT_LABELS[key] ?? `CANTINA.Options.${key}`,
        choices: list?.map((c) => ({ ...c, selected: c.value === value })) ?? null,
      };
    });
    return {
      games: Object.values(games).map((g) => ({ id: g.id, nameKey: g.nameKey, selected: g.id === this.lobby.gameId })),
      seatCounts: counts,
      seats: this.lobby.seats.map((s, index) => ({
        index,
        number: index + 1,
        isPerson: s.kind === "person",
        name: s.name,
        users: users.map((u) => ({ id: u.id, name: u.name, isGM: u.isGM, selected: u.id === s.userId })),
        botLevels: levels.map((id) => ({ id, selected: id === s.botLevel })),
        hasBots: levels.length > 0,
      })),
      options: Object.entries(this.lobby.options).map(([key, value]) => ({
        key,
        value,
        labelKey: `CANTINA.Options.${key}`,
      })),
      textOptions: text,
      boardJson: this.lobby.boardJson,
      hasOptions: Object.keys(this.lobby.options).length + text.length > 0,
      currency,
      error: this.lobby.error,
      eventName: this.eventName(),
    };
  }

  /** The event the new table will join: the one selected in the ledger window, else the newest. */
  private eventName(): string {
    const client = this.runtime.client;
    if (!client) return "";
    const event = selectedEvent(client.events, client.defaultEventId);
    return event ? eventName(event.name, { localize: env.localize, format: env.format }) : "";
  }

  protected override async _onRender(context: object, options: object): Promise<void> {
    await super._onRender(context, options);
    const form = this.element.querySelector<HTMLFormElement>("form[data-launcher]");
    if (!form) return;
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      void this.launch(form);
    });
    form.addEventListener("change", (event) => {
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (!target?.matches("[data-refresh]")) return;
      this.read(form);
      const name = target.getAttribute("name") ?? "";
      void this.render().then(() => this.element.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`)?.focus());
    });
  }

  /** Reads the form back into the state. */
  read(form: HTMLFormElement): void {
    const data = new FormData(form);
    const gameId = String(data.get("gameId") ?? this.lobby.gameId);
    if (gameId !== this.lobby.gameId) this.selectGame(gameId);
    else {
      for (const key of Object.keys(this.lobby.options)) {
        const v = Number(data.get(`option.${key}`));
        if (Number.isFinite(v)) this.lobby.options[key] = v;
      }
      for (const key of Object.keys(this.lobby.textOptions)) {
        const v = data.get(`text.${key}`);
        if (typeof v === "string") this.lobby.textOptions[key] = v;
      }
      const json = data.get("boardJson");
      if (typeof json === "string") this.lobby.boardJson = json;
    }
    const game = games[this.lobby.gameId];
    const count = Math.max(
      game?.minSeats ?? 1,
      Math.min(game?.maxSeats ?? 8, Number(data.get("seatCount") ?? this.lobby.seats.length)),
    );
    const players = env.allUsers().filter((u) => !u.isGM);
    const seats: LauncherSeat[] = [];
    for (let i = 0; i < count; i++) {
      const before = this.lobby.seats[i];
      const kind = String(data.get(`seat${i}.kind`) ?? before?.kind ?? "person") === "bot" ? "bot" : "person";
      seats.push({
        kind,
        userId: String(data.get(`seat${i}.userId`) ?? before?.userId ?? players[i]?.id ?? env.myUserId()),
        name: String(data.get(`seat${i}.name`) ?? before?.name ?? ""),
        botLevel: String(data.get(`seat${i}.botLevel`) ?? before?.botLevel ?? ""),
      });
    }
    this.lobby.seats = seats;
  }

  private async launch(form: HTMLFormElement): Promise<void> {
    this.read(form);
    const client = this.runtime.client;
    if (!client) return;
    const text = textOptionValues(this.lobby, await this.boardChoices());
    if ("error" in text) {
      this.lobby.error = env.localize(text.error);
      ui.notifications?.warn(this.lobby.error);
      await this.render();
      return;
    }
    const spec = specFrom(
      this.lobby,
      (id) => env.userById(id)?.name ?? id,
      (n) => env.format("CANTINA.Lobby.BotName", { n }),
      text.options,
    );
    const reply = await client.create(spec);
    if (!reply.ok) {
      this.lobby.error = errorText(reply, undefined);
      ui.notifications?.warn(this.lobby.error);
      await this.render();
      return;
    }
    this.lobby.error = "";
    env.notify("info", "CANTINA.Lobby.Created");
    if (reply.tableId) this.manager.open(reply.tableId);
    await this.close();
  }
}

interface TablesContext {
  [key: string]: unknown;
}

export class TablesWindow extends HandlebarsApplicationMixin(ApplicationV2)<TablesContext> {
  static override DEFAULT_OPTIONS = {
    id: "cantina-tables",
    classes: ["cantina-games", "cantina-tables"],
    tag: "section",
    window: { title: "CANTINA.Foundry.Tables.Title", icon: "fa-solid fa-table-list", resizable: true },
    position: { width: 520, height: "auto" as const },
    actions: {
      openTable: TablesWindow.onOpen,
      endTable: TablesWindow.onEnd,
      newTable: TablesWindow.onNew,
    },
  };

  static override PARTS = {
    list: { template: templatePath("foundry/tables.hbs") },
  };

  constructor(
    private readonly runtime: CantinaRuntime,
    private readonly manager: WindowManager,
  ) {
    super({});
  }

  protected override async _prepareContext(): Promise<TablesContext> {
    const tables = [...(this.runtime.client?.tables.values() ?? [])];
    return {
      isGM: env.amGM(),
      hostMissing: env.authorityId() === null,
      tables: tables.map((u) => {
        const names = new Map(u.table.seats.map((s) => [s.seat, s.name]));
        return {
          id: u.table.id,
          nameKey: games[u.table.gameId]?.nameKey ?? u.table.gameId,
          players: u.table.seats.map((s) => s.name).join(", "),
          over: u.table.over,
          toAct: u.table.toAct.map((s) => names.get(s) ?? s).join(", "),
          seated: u.seat !== null,
          open: this.manager.isOpen(u.table.id),
        };
      }),
    };
  }

  private static onOpen(this: TablesWindow, _event: PointerEvent, target: HTMLElement): void {
    const id = target.dataset.tableId;
    if (id) this.manager.open(id);
  }

  private static async onEnd(this: TablesWindow, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const id = target.dataset.tableId;
    const client = this.runtime.client;
    if (!id || !client || !env.amGM()) return;
    const ok = await foundry.applications.api.DialogV2.confirm({
      window: { title: env.localize("CANTINA.Foundry.Tables.EndTitle") },
      content: `<p>${env.localize("CANTINA.Foundry.Tables.EndConfirm")}</p>`,
    });
    if (!ok) return;
    const reply = await client.end(id);
    if (!reply.ok) ui.notifications?.warn(errorText(reply, undefined));
  }

  private static onNew(this: TablesWindow): void {
    this.manager.launcher();
  }
}

const DISMISSED_KEY = "cantina-games:dismissed";

/** Opens seated players' windows by themselves, keeps windows current, remembers what was closed. */
export class WindowManager implements RuntimeView {
  private readonly windows = new Map<string, GameWindow>();
  private readonly dismissed: Set<string>;
  private tablesWindow: TablesWindow | null = null;
  private launcherWindow: Launcher | null = null;

  constructor(private readonly runtime: CantinaRuntime) {
    let saved: unknown = [];
    try {
      saved = JSON.parse(sessionStorage.getItem(DISMISSED_KEY) ?? "[]");
    } catch {
      saved = [];
    }
    this.dismissed = new Set(Array.isArray(saved) ? saved.filter((s): s is string => typeof s === "string") : []);
    GameWindow.openTables = () => this.tables();
  }

  isOpen(tableId: string): boolean {
    return this.windows.get(tableId)?.rendered ?? false;
  }

  open(tableId: string): void {
    this.dismissed.delete(tableId);
    this.saveDismissed();
    let win = this.windows.get(tableId);
    if (!win) {
      win = new GameWindow(this.runtime, tableId);
      this.windows.set(tableId, win);
      const created = win;
      created.onClosed = () => {
        if (this.windows.get(tableId) !== created) return;
        this.windows.delete(tableId);
        if (this.runtime.client?.tables.has(tableId)) {
          this.dismissed.add(tableId);
          this.saveDismissed();
        }
        if (this.tablesWindow?.rendered) void this.tablesWindow.render();
      };
    }
    void win.render({ force: true });
  }

  tables(): void {
    this.tablesWindow ??= new TablesWindow(this.runtime, this);
    void this.tablesWindow.render({ force: true });
  }

  launcher(gameId?: string): void {
    if (!env.amGM()) {
      env.notify("warn", "CANTINA.Error.GMOnly");
      return;
    }
    if (this.launcherWindow?.rendered) {
      if (gameId) this.launcherWindow.selectGame(gameId);
      void this.launcherWindow.render({ force: true });
      return;
    }
    this.launcherWindow = new Launcher(this.runtime, this, gameId);
    void this.launcherWindow.render({ force: true });
  }

  changed(runtime: CantinaRuntime): void {
    const client = runtime.client;
    if (!client) return;
    for (const update of client.tables.values()) {
      const id = update.table.id;
      if (update.seat && !this.dismissed.has(id) && !this.windows.has(id)) this.open(id);
    }
    for (const [id, win] of this.windows) {
      const update = client.tables.get(id);
      if (!update) {
        this.windows.delete(id);
        void win.close();
      } else if (win.rendered && win.needsRender(update)) {
        void win.render();
      }
    }
    if (this.tablesWindow?.rendered) void this.tablesWindow.render();
  }

  private saveDismissed(): void {
    try {
      sessionStorage.setItem(DISMISSED_KEY, JSON.stringify([...this.dismissed]));
    } catch {
      // not kept across reloads
    }
  }
}
