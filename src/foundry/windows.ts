/**
 * The launcher (GM: game, seats, the game's options as its schema describes them, spectator
 * betting where the game has markets; boards from the boards compendium or pasted as JSON), the
 * table list (everyone: open, reopen, spectate; GM: end and remove) and the manager that opens each
 * seated player's window by itself and re-renders windows when their table moves on. The launcher's
 * form is the lobby model the standalone page uses too (src/apps/table/lobby.ts).
 * Foundry globals touched: `foundry.applications.api`, `game.user`, `game.users` and `game.packs`
 * (through env.ts).
 */
import { formReader } from "../apps/core/html";
import { TurnCue } from "./turn-cue";
import { eventName, selectedEvent } from "../apps/core/ledger";
import { errorMessage } from "../apps/table/controller";
import { Errors } from "../table/protocol";
import { optionErrorMessage } from "../apps/table/option-errors";
import { tableRows } from "../apps/table/tables";
import {
  type BoardChoice,
  type LobbyCatalogue,
  type LobbyState,
  boardChoices,
  boardFieldsOf,
  lobbyCatalogue,
  lobbyContext,
  lobbySpec,
  newLobby,
  readLobby,
  selectGame,
} from "../apps/table/lobby";
import { apps, bots, games, markets, strongestLevels } from "../games";
import { CantinaApplication, i18n, isPrimary, renderAfterClose } from "./application";
import * as env from "./env";
import { GameWindow, templatePath } from "./game-window";
import { confirm } from "./game-window-ops";
import type { CantinaRuntime, RuntimeView } from "./runtime";

/** Every game the launcher offers, from the registry. */
export const catalogue: LobbyCatalogue = lobbyCatalogue(games, bots, markets, apps, strongestLevels);

type LauncherContext = Record<string, unknown>;

export class Launcher extends CantinaApplication<LauncherContext> {
  static override DEFAULT_OPTIONS = {
    id: "cantina-launcher",
    classes: ["cantina-games", "cantina-launcher"],
    // The root is the form: Enter submits it through the handler below, never as a bare form.
    tag: "form",
    form: { handler: Launcher.onSubmit, submitOnChange: false, closeOnSubmit: false },
    window: { title: "CANTINA.Foundry.Launcher.Title", icon: "fa-solid fa-dice", resizable: true },
    position: { width: 560, height: "auto" as const },
    actions: {},
  };

  static override PARTS = {
    form: { template: templatePath("table/lobby.hbs") },
  };

  readonly lobby: LobbyState;
  /** The boards of the compendium, read once per launcher. */
  private stored: Promise<env.PackBoard[]> | null = null;

  constructor(
    private readonly runtime: CantinaRuntime,
    private readonly manager: WindowManager,
    gameId?: string,
  ) {
    super({});
    const players = env
      .allUsers()
      .filter((u) => !u.isGM)
      .map((u) => u.id);
    this.lobby = newLobby(catalogue, gameId, players, env.anteScale());
  }

  selectGame(gameId: string): void {
    selectGame(this.lobby, catalogue, gameId, env.anteScale());
  }

  /** Each board option's choices: the compendium's boards this game can be played on, then the shipped ones. */
  async boardChoices(): Promise<Record<string, BoardChoice[]>> {
    const game = catalogue[this.lobby.gameId]?.game;
    const fields = game ? boardFieldsOf(game) : {};
    if (Object.keys(fields).length === 0) return {};
    this.stored ??= env.compendiumBoards().catch(() => []);
    const stored = await this.stored;
    return Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, boardChoices(field, stored)]));
  }

  protected override async _prepareContext(): Promise<LauncherContext> {
    const users = env.allUsers().map((u) => ({ id: u.id, name: u.name, isGM: u.isGM }));
    return {
      ...lobbyContext(this.lobby, catalogue, users, await this.boardChoices()),
      currency: env.currencyName(),
      eventName: this.eventName(),
    };
  }

  /** The event the new table will join: the one selected in the ledger window, else the newest. */
  private eventName(): string {
    const client = this.runtime.client;
    if (!client) return "";
    const event = selectedEvent(client.events, client.defaultEventId);
    return event ? eventName(event.name, i18n) : "";
  }

  /** A change of game, seat count or seat kind redraws the form (the lobby keeps what was typed). */
  protected override _onChangeForm(
    formConfig: foundry.applications.api.ApplicationV2.FormConfiguration,
    event: Event,
  ): void {
    super._onChangeForm(formConfig, event);
    const target = event.target as HTMLElement | null;
    if (!target?.matches?.("[data-refresh]") || !(this.element instanceof HTMLFormElement)) return;
    this.read(this.element);
    const name = target.getAttribute("name") ?? "";
    void this.render().then(() => this.element.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`)?.focus());
  }

  /** Reads the form back into the lobby. */
  read(form: HTMLFormElement): void {
    const players = env.allUsers().filter((u) => !u.isGM);
    readLobby(this.lobby, catalogue, formReader(form), (i) => players[i]?.id ?? env.myUserId(), env.anteScale());
  }

  private static async onSubmit(this: Launcher, event: Event | SubmitEvent, form: HTMLFormElement): Promise<void> {
    if (!isPrimary(event)) return;
    this.read(form);
    await this.launch();
  }

  /** Opens the table the lobby describes; on a refusal the launcher stays open with the message. */
  async launch(): Promise<void> {
    const client = this.runtime.client;
    if (!client) return;
    const asked = lobbySpec(
      this.lobby,
      catalogue,
      { user: (id) => env.userById(id)?.name ?? id, bot: (n) => env.format("CANTINA.Lobby.BotName", { n }) },
      await this.boardChoices(),
    );
    const reply = asked.ok ? await client.create(asked.spec) : null;
    const error = !asked.ok
      ? errorMessage(asked.error, undefined, i18n)
      : reply && !reply.ok
        ? (optionErrorMessage(reply.error, catalogue[this.lobby.gameId]?.game.optionSchema, i18n) ??
          errorMessage(reply.error, undefined, i18n))
        : "";
    this.lobby.error = error;
    if (error) {
      ui.notifications?.warn(error);
      await this.render();
      return;
    }
    env.notify("info", "CANTINA.Lobby.Created");
    if (reply?.ok && reply.tableId) this.manager.open(reply.tableId);
    await this.close();
  }
}

interface TablesContext {
  [key: string]: unknown;
}

export class TablesWindow extends CantinaApplication<TablesContext> {
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
    list: { template: templatePath("table/tables.hbs") },
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
      tables: tableRows(tables, (id) => games[id]?.nameKey).map((row) => ({
        ...row,
        open: this.manager.isOpen(row.id),
      })),
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
    if (!(await confirm("CANTINA.Foundry.Tables.EndTitle", env.localize("CANTINA.Foundry.Tables.EndConfirm")))) return;
    const reply = await client.end(id);
    if (!reply.ok) ui.notifications?.warn(errorMessage(reply.error, undefined, i18n));
  }

  private static onNew(this: TablesWindow): void {
    this.manager.launcher();
  }
}

const DISMISSED_KEY = "cantina-games:dismissed";
/** The tables whose windows were open (a spectator's too): a reload reopens one window for each. */
const OPENED_KEY = "cantina-games:opened";

function savedIds(key: string): Set<string> {
  let saved: unknown = [];
  try {
    saved = JSON.parse(sessionStorage.getItem(key) ?? "[]");
  } catch {
    saved = [];
  }
  return new Set(Array.isArray(saved) ? saved.filter((s): s is string => typeof s === "string") : []);
}

/** Opens seated players' windows by themselves, keeps windows current, remembers what was closed. */
export class WindowManager implements RuntimeView {
  private readonly windows = new Map<string, GameWindow>();
  /** Whether no GM was connected at the last change (the windows' banner). */
  private hostMissing = false;
  private readonly dismissed: Set<string>;
  private tablesWindow: TablesWindow | null = null;
  private launcherWindow: Launcher | null = null;
  private readonly turnCue = new TurnCue();

  private readonly opened: Set<string>;

  constructor(private readonly runtime: CantinaRuntime) {
    this.dismissed = savedIds(DISMISSED_KEY);
    this.opened = savedIds(OPENED_KEY);
    GameWindow.openTables = () => this.tables();
    GameWindow.openTable = (tableId) => this.open(tableId);
  }

  isOpen(tableId: string): boolean {
    return this.windows.get(tableId)?.rendered ?? false;
  }

  /** The form fields of this table's open window ({} when none is open): what a canvas move chooses with. */
  fields(tableId: string): Record<string, string> {
    return this.windows.get(tableId)?.fields() ?? {};
  }

  open(tableId: string): void {
    // Its window is closing (the animation): a new render now would be lost when the close ends.
    const closing = this.windows.get(tableId)?.closing;
    if (closing) {
      void closing.then(() => this.open(tableId));
      return;
    }
    this.dismissed.delete(tableId);
    this.opened.add(tableId);
    this.saveDismissed();
    let win = this.windows.get(tableId);
    if (!win) {
      win = new GameWindow(this.runtime, tableId);
      this.windows.set(tableId, win);
      const created = win;
      created.onClosed = () => {
        if (this.windows.get(tableId) !== created) return;
        this.windows.delete(tableId);
        this.opened.delete(tableId);
        this.saveDismissed();
        if (this.runtime.client?.tables.has(tableId)) {
          this.dismissed.add(tableId);
          this.saveDismissed();
        }
        if (this.tablesWindow?.rendered) void this.tablesWindow.render();
      };
    }
    void win.show();
  }

  tables(): void {
    this.tablesWindow ??= new TablesWindow(this.runtime, this);
    void this.tablesWindow.render({ force: true });
  }

  launcher(gameId?: string): void {
    if (!env.amGM()) {
      env.notify("warn", Errors.gmOnly);
      return;
    }
    if (this.launcherWindow?.rendered) {
      if (gameId) this.launcherWindow.selectGame(gameId);
      void this.launcherWindow.render({ force: true });
      return;
    }
    // Its id is fixed: one still closing would take the new launcher out of Foundry's windows.
    const previous = this.launcherWindow;
    this.launcherWindow = new Launcher(this.runtime, this, gameId);
    void renderAfterClose(previous, this.launcherWindow);
  }

  changed(runtime: CantinaRuntime): void {
    const client = runtime.client;
    if (!client) return;
    // A roll that arrived is shown rolling in its window once that window has drawn it.
    for (const { tableId, cue } of this.turnCue.changed(client.tables.values()))
      if (cue === "roll" && this.windows.has(tableId)) this.windows.get(tableId)!.rollPending = true;
    // A GM left or came back: every open window redraws its "waiting for a GM" banner.
    const hostMissing = env.authorityId() === null;
    if (hostMissing !== this.hostMissing) {
      this.hostMissing = hostMissing;
      for (const win of this.windows.values()) win.redrawAll();
    }
    for (const update of client.tables.values()) {
      const id = update.table.id;
      const wanted = (update.seat !== null || this.opened.has(id)) && !this.dismissed.has(id);
      if (wanted && !this.windows.has(id)) this.open(id);
    }
    for (const [id, win] of this.windows) {
      const update = client.tables.get(id);
      if (!update) {
        this.windows.delete(id);
        this.opened.delete(id);
        void win.close();
      } else {
        win.refresh(update);
      }
    }
    if (this.tablesWindow?.rendered) void this.tablesWindow.render();
  }

  /** The viewed scene's boards changed (scene-boards.ts): a GM's open windows redraw their scene controls. */
  placementsChanged(): void {
    if (!env.amGM()) return;
    for (const win of this.windows.values()) win.redrawAll();
  }

  private saveDismissed(): void {
    try {
      sessionStorage.setItem(DISMISSED_KEY, JSON.stringify([...this.dismissed]));
      sessionStorage.setItem(OPENED_KEY, JSON.stringify([...this.opened]));
    } catch {
      // not kept across reloads
    }
  }
}
