/**
 * One game table's window in Foundry: a single HandlebarsApplicationMixin(ApplicationV2) class that
 * hosts any game's GameApp (src/apps). Its parts are the header (templates/foundry/window.hbs) and
 * the game's own parts (`modules/cantina-games/templates/<path>`); its context is the game's context
 * built from this user's own TableUpdate; its clicks run the game's actions and send the move.
 *
 * Board games (the Ulwan family) are played as on the standalone page: a click (or Enter/Space: the
 * squares are buttons) on a selectable square or tray of `[data-board]` selects it and lights its
 * destinations, a click on a lit destination sends the game's "board-move" (src/apps/board).
 * A table with spectator betting gets the shared betting panel (templates/table/betting.hbs, context
 * from `bettingContext`) as one more part; its "Bet on this" buttons, shown only when the update says
 * `canBet` (users without a seat), send `client.bet` and the host checks it again.
 * Foundry globals touched: `foundry.applications.api`, `ui.notifications` (through env.ts).
 */
import { apps } from "../apps";
import { boardClick } from "../apps/board/interaction";
import { bettingContext } from "../apps/ulwan/betting-context";
import { countdownContext, tickCountdowns } from "../apps/core/countdown";
import type { ActionInput } from "../apps/core/types";
import { seatNames } from "../apps/core/types";
import { games } from "../rules";
import type { HostReply, TableUpdate } from "../table/protocol";
import { MODULE_ID } from "./api";
import * as env from "./env";
import type { CantinaRuntime } from "./runtime";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

export const templatePath = (path: string): string => `modules/${MODULE_ID}/templates/${path}`;

/** The betting panel's template (shared with the standalone page) and its part id in the window. */
export const BETTING_TEMPLATE = "table/betting.hbs";
const BETTING_PART = "game-betting";
/** The countdown's template (shared with the standalone page) and its part id, shown while a deadline runs. */
export const COUNTDOWN_TEMPLATE = "table/countdown.hbs";
const COUNTDOWN_PART = "countdown";

/** What a window was drawn from: the table's version and its betting book (a bet moves the book, not the version). */
function renderKey(update: TableUpdate | undefined): string {
  return update ? `${update.table.version}:${JSON.stringify(update.betting ?? null)}` : "";
}

/** The event's target as an element, whatever the realm (no `instanceof`, so tests can pass stand-ins). */
function elementOf(target: EventTarget | null): HTMLElement | null {
  return target !== null && typeof (target as { closest?: unknown }).closest === "function"
    ? (target as HTMLElement)
    : null;
}

/** A quoted attribute value for a selector. */
const quoted = (value: string): string => `"${value.replace(/["\\]/g, "\\$&")}"`;

/** A selector naming the same control after a re-render: a board square, a game action, a bet button. */
function focusKey(el: HTMLElement): string | null {
  const d = el.dataset;
  if (d.square !== undefined) return `[data-square=${quoted(d.square)}]`;
  if (d.pool !== undefined && d.outcome !== undefined)
    return `[data-pool=${quoted(d.pool)}][data-outcome=${quoted(d.outcome)}]`;
  if (d.action !== undefined) {
    const extra =
      d.from !== undefined && d.to !== undefined ? `[data-from=${quoted(d.from)}][data-to=${quoted(d.to)}]` : "";
    return `[data-action=${quoted(d.action)}]${extra}`;
  }
  return null;
}

interface WindowContext {
  [key: string]: unknown;
  tableId: string;
  gameKey: string;
  viewerLabel: string;
  isGM: boolean;
  over: boolean;
  missing: boolean;
}

/** Localizes an error reply, naming seats by their names. */
export function errorText(reply: HostReply, update: TableUpdate | undefined): string {
  if (reply.ok) return "";
  const params: Record<string, string | number> = { ...(reply.error.params ?? {}) };
  if (typeof params.seat === "string" && update) params.seat = seatNames(update)[params.seat] ?? params.seat;
  return Object.keys(params).length > 0 ? env.format(reply.error.code, params) : env.localize(reply.error.code);
}

export class GameWindow extends HandlebarsApplicationMixin(ApplicationV2)<WindowContext> {
  static override DEFAULT_OPTIONS = {
    classes: ["cantina-games", "cantina-game-window"],
    tag: "section",
    window: { icon: "fa-solid fa-dice", resizable: true, contentClasses: ["cantina-window-content"] },
    position: { width: 760, height: "auto" as const },
    actions: {
      cantinaEnd: GameWindow.onEnd,
      cantinaTables: GameWindow.onTables,
    },
  };

  static override PARTS = {
    header: { template: templatePath("foundry/window.hbs") },
  };

  /** Opens the table list (set by windows.ts). */
  static openTables: () => void = () => undefined;

  private error = "";
  renderedVersion = -1;
  /** The table version and betting book this window was last drawn with (see `needsRender`). */
  private renderedKey = "";
  /** The focused control before a re-render, as a selector (see `_preRender`). */
  private focusAfterRender: string | null = null;
  /** The stakes typed in the betting panel before a re-render (by field name), put back after it. */
  private stakes = new Map<string, string>();
  /** The latest click's work (its move and reply), for whoever needs to wait for it. */
  lastAction: Promise<void> = Promise.resolve();
  /** Redraws the countdown every second between renders (see src/apps/core/countdown.ts). */
  private ticker: ReturnType<typeof setInterval> | undefined;
  /** Called when the window closes (by the user or because its table is gone). */
  onClosed: () => void = () => undefined;

  constructor(
    private readonly runtime: CantinaRuntime,
    readonly tableId: string,
  ) {
    super({ id: `cantina-table-${tableId}` });
  }

  get update(): TableUpdate | undefined {
    return this.runtime.client?.tables.get(this.tableId);
  }

  override get title(): string {
    const update = this.update;
    const game = update ? games[update.table.gameId] : undefined;
    return game ? env.localize(game.nameKey) : env.localize("CANTINA.Title");
  }

  protected override _configureRenderParts(
    options: foundry.applications.api.HandlebarsApplicationMixin.RenderOptions,
  ): Record<string, foundry.applications.api.HandlebarsApplicationMixin.HandlebarsTemplatePart> {
    const parts = super._configureRenderParts(options);
    const update = this.update;
    const app = update ? apps[update.table.gameId] : undefined;
    if (app && update?.deadline) parts[COUNTDOWN_PART] = { template: templatePath(COUNTDOWN_TEMPLATE) };
    if (app)
      for (const [name, path] of Object.entries(app.parts)) parts[`game-${name}`] = { template: templatePath(path) };
    if (app && update?.betting) parts[BETTING_PART] = { template: templatePath(BETTING_TEMPLATE) };
    return parts;
  }

  /** The betting part renders the shared panel with its own context (as the standalone page does). */
  protected override async _preparePartContext(
    partId: string,
    context: WindowContext,
    options: foundry.applications.api.HandlebarsApplicationMixin.RenderOptions,
  ): Promise<WindowContext> {
    const update = this.update;
    const betting = partId === BETTING_PART && update ? bettingContext(update) : null;
    if (betting) return super._preparePartContext(partId, { ...context, ...betting }, options);
    const countdown = partId === COUNTDOWN_PART && update ? countdownContext(update, Date.now()) : null;
    if (countdown) return super._preparePartContext(partId, { ...context, ...countdown }, options);
    return super._preparePartContext(partId, context, options);
  }

  /** Whether the table moved on (a new version, or a bet that changed the betting book) since the last render. */
  needsRender(update: TableUpdate): boolean {
    return renderKey(update) !== this.renderedKey;
  }

  protected override async _prepareContext(): Promise<WindowContext> {
    const update = this.update;
    const app = update ? apps[update.table.gameId] : undefined;
    if (!update || !app) {
      return {
        tableId: this.tableId,
        gameKey: "CANTINA.Title",
        viewerLabel: "",
        isGM: env.amGM(),
        over: true,
        missing: true,
      };
    }
    const seatName = update.table.seats.find((s) => s.seat === update.seat)?.name;
    const viewerLabel = env.amGM()
      ? seatName
        ? `${seatName} · ${env.localize("CANTINA.Viewer.GM")}`
        : env.localize("CANTINA.Viewer.GM")
      : (seatName ?? env.localize("CANTINA.Viewer.Spectator"));
    return {
      ...app.context(update),
      tableId: update.table.id,
      gameKey: games[update.table.gameId]?.nameKey ?? update.table.gameId,
      viewerLabel,
      isGM: env.amGM(),
      over: update.table.over,
      missing: false,
    };
  }

  protected override async _onRender(context: object, options: object): Promise<void> {
    await super._onRender(context, options);
    this.renderedVersion = this.update?.table.version ?? -1;
    this.renderedKey = renderKey(this.update);
    this.showError();
    for (const input of this.stakeFields()) {
      const typed = this.stakes.get(input.name);
      if (typed !== undefined) input.value = typed;
    }
    this.restoreFocus();
    for (const form of this.element.querySelectorAll<HTMLFormElement>("form[data-submit-action]")) {
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        const action = form.dataset.submitAction;
        const button = action
          ? form.querySelector<HTMLElement>(`[data-action="${CSS.escape(action)}"]:not([data-amount])`)
          : null;
        if (button) this.lastAction = this.runAction(button);
      });
    }
  }

  /** Board squares and bet buttons carry no `data-action`: one listener on the window handles them. */
  protected override async _onFirstRender(context: object, options: object): Promise<void> {
    await super._onFirstRender(context, options);
    this.ticker = setInterval(() => tickCountdowns(this.element, Date.now()), 1000);
    this.element.addEventListener("click", (event) => this.handleClick(event));
  }

  /** Notes which square or button has the keyboard focus before a re-render replaces it (they have no id or name). */
  protected override async _preRender(context: object, options: object): Promise<void> {
    await super._preRender(context, options);
    const focused = this.element?.querySelector<HTMLElement>(":focus") ?? null;
    this.focusAfterRender = focused ? focusKey(focused) : null;
    // A move by someone else redraws the window: a stake being typed must not go back to its default.
    this.stakes = new Map(this.stakeFields().map((i) => [i.name, i.value]));
  }

  private stakeFields(): HTMLInputElement[] {
    return [...(this.element?.querySelectorAll<HTMLInputElement>("[data-betting] input") ?? [])].filter((i) =>
      i.name.startsWith("bet-"),
    );
  }

  /**
   * Puts the focus back on the same square or button, or, when it is gone (the Roll button after a
   * roll), on the first piece that can move, else the first of the game's controls.
   */
  private restoreFocus(): void {
    const key = this.focusAfterRender;
    this.focusAfterRender = null;
    if (!key) return;
    const target =
      this.element.querySelector<HTMLElement>(key) ??
      this.element.querySelector<HTMLElement>("[data-board] [data-selectable]") ??
      this.element.querySelector<HTMLElement>(".cantina-controls > button[data-action]");
    target?.focus();
  }

  /**
   * A click in the window outside the `data-action`s: the board's two clicks (a piece, then a lit
   * destination) and the betting panel's "Bet on this".
   */
  handleClick(event: Event): void {
    const target = elementOf(event.target);
    const square = target?.closest<HTMLElement>("[data-board] [data-square]");
    if (square) {
      event.preventDefault();
      const intent = boardClick(square);
      if (intent) this.lastAction = this.runAction(square, { action: "board-move", from: intent.from, to: intent.to });
      return;
    }
    const bet = target?.closest<HTMLButtonElement>('[data-betting] button[data-page-action="side-bet"]');
    if (bet) {
      event.preventDefault();
      this.lastAction = this.placeBet(bet);
    }
  }

  protected override _onClose(options: object): void {
    super._onClose(options);
    if (this.ticker !== undefined) clearInterval(this.ticker);
    this.ticker = undefined;
    this.onClosed();
  }

  /** Clicks on the game's own `data-action`s (the window's own are in DEFAULT_OPTIONS.actions). */
  protected override _onClickAction(event: PointerEvent, target: HTMLElement): void {
    event.preventDefault();
    this.lastAction = this.runAction(target);
  }

  private fields(): Record<string, string> {
    const fields: Record<string, string> = {};
    for (const form of this.element.querySelectorAll("form")) {
      for (const [k, v] of new FormData(form)) fields[k] = String(v);
    }
    return fields;
  }

  /** Runs a game action from a clicked element; `extra` adds to (and overrides) its data, e.g. a board move's from/to. */
  private async runAction(target: HTMLElement, extra: Readonly<Record<string, string>> = {}): Promise<void> {
    const update = this.update;
    const action = extra.action ?? target.dataset.action ?? "";
    const handler = update ? apps[update.table.gameId]?.actions[action] : undefined;
    const client = this.runtime.client;
    if (!update || !handler || !client) return;
    const data: Record<string, string> = {};
    for (const [k, v] of Object.entries(target.dataset)) if (typeof v === "string") data[k] = v;
    Object.assign(data, extra);
    const input: ActionInput = { data, fields: this.fields() };
    const result = handler(input, update);
    if ("error" in result) {
      this.setError(result.params ? env.format(result.error, result.params) : env.localize(result.error));
      return;
    }
    const buttons = [...this.element.querySelectorAll<HTMLButtonElement>("button[data-action]")];
    for (const b of buttons) b.disabled = true;
    try {
      const reply = await client.move(this.tableId, result.move);
      this.setError(errorText(reply, this.update));
    } catch (error) {
      console.error(error);
      this.setError(env.localize("CANTINA.Foundry.Error.Failed"));
    } finally {
      for (const b of buttons) b.disabled = false;
    }
  }

  /** A spectator's bet from the betting panel: the pool's stake field and the chosen outcome. The host checks who may bet. */
  private async placeBet(button: HTMLButtonElement): Promise<void> {
    const client = this.runtime.client;
    if (!client) return;
    const pool = button.dataset.pool ?? "";
    const outcome = button.dataset.outcome ?? "";
    const panel = button.closest<HTMLElement>("[data-betting]");
    const input = [...(panel?.querySelectorAll<HTMLInputElement>("input") ?? [])].find(
      (i) => i.getAttribute("name") === `bet-${pool}`,
    );
    const amount = Math.trunc(Number(input?.value ?? 0));
    button.disabled = true;
    let text = "";
    try {
      const reply = await client.bet(this.tableId, pool, outcome, amount);
      text = errorText(reply, this.update);
    } catch (error) {
      console.error(error);
      text = env.localize("CANTINA.Foundry.Error.Failed");
    } finally {
      button.disabled = false;
    }
    if (text) ui.notifications?.warn(text);
    const slot = this.element?.querySelector<HTMLElement>("[data-betting] [data-bet-error]");
    if (slot) slot.textContent = text;
  }

  private setError(text: string): void {
    this.error = text;
    if (text) ui.notifications?.warn(text);
    this.showError();
  }

  private showError(): void {
    const slot = this.element?.querySelector<HTMLElement>("[data-error]");
    if (slot) slot.textContent = this.error;
  }

  private static async onEnd(this: GameWindow): Promise<void> {
    const client = this.runtime.client;
    if (!client || !env.amGM()) return;
    const ok = await foundry.applications.api.DialogV2.confirm({
      window: { title: env.localize("CANTINA.Foundry.Tables.EndTitle") },
      content: `<p>${env.localize("CANTINA.Foundry.Tables.EndConfirm")}</p>`,
    });
    if (!ok) return;
    const reply = await client.end(this.tableId);
    if (!reply.ok) this.setError(errorText(reply, this.update));
  }

  private static onTables(this: GameWindow): void {
    GameWindow.openTables();
  }
}
