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
 * A GM sees, for a running board game, the scene board's controls (scene-boards.ts): place the
 * board on the viewed scene, move/size/turn it (a small form), lock or unlock it, take it off.
 * Foundry globals touched: `foundry.applications.api`, `ui.notifications` (through env.ts), `canvas`
 * (the viewed scene's flags, through scene-boards.ts).
 */
import { isMyTurn } from "../apps/core/turn";
import { bindBoard, moveActionData, placeActionData } from "../apps/board/interaction";
import { bettingContext } from "../apps/table/betting";
import { showSending } from "../apps/table/sending";
import {
  TableController,
  dataOf,
  errorMessage,
  focusKey,
  refocus,
  submitButton,
  windowFields,
} from "../apps/table/controller";
import { CONFIRM_KEYS, isTableOp, sendTableOp, tableControls, tableKey, viewerLabel } from "../apps/table/tables";
import { PLAYER_TABLE_OPS } from "../apps/table/time-controls";
import { apps, bots, games } from "../games";
import type { TableUpdate } from "../table/protocol";
import { clockContext, tickCountdowns } from "../apps/core/countdown";
import { escapeHtml } from "../apps/core/html";
import { fingerprint, partFingerprints } from "../apps/core/parts";
import { MODULE_ID } from "./api";
import { CantinaApplication, i18n, isPrimary } from "./application";
import * as env from "./env";
import type { CantinaRuntime } from "./runtime";
import { WindowLife } from "./window-life";
import { type ScenePlacements, placementOn, viewedScene, viewerBoard } from "./scene-boards";
import { MAX_BOARD_WIDTH, MIN_BOARD_WIDTH, type ScenePlacement } from "./scene-placement";

export const templatePath = (path: string): string => `modules/${MODULE_ID}/templates/${path}`;

/** The betting panel's template (shared with the standalone page) and its part id in the window. */
export const BETTING_TEMPLATE = "table/betting.hbs";
const BETTING_PART = "game-betting";
/** The countdown's template (shared with the standalone page) and its part id, shown while a deadline runs. */
export const COUNTDOWN_TEMPLATE = "table/countdown.hbs";
const COUNTDOWN_PART = "countdown";
/** The table controls (pause notice, help button, the GM's operations) and the game's help, shared with the standalone page. */
export const CONTROLS_TEMPLATE = "table/controls.hbs";

/**
 * Every template a game window can render, as Foundry paths: loaded and compiled once at "ready"
 * (foundry.applications.handlebars.loadTemplates), so that opening a window does not fetch and
 * compile them (issue 17: a window opens in under 100 ms).
 */
export function windowTemplates(): string[] {
  const paths = new Set(["foundry/window.hbs", BETTING_TEMPLATE, COUNTDOWN_TEMPLATE, CONTROLS_TEMPLATE]);
  for (const app of Object.values(apps)) {
    for (const path of Object.values(app.parts)) paths.add(path);
    if (app.help) paths.add(app.help);
  }
  return [...paths].map(templatePath);
}
const CONTROLS_PART = "table-controls";
const HELP_PART = "game-help";

/**
 * What a window was drawn from: the table's version, its betting book (a bet moves the book, not
 * the version), its pause and who holds its seats.
 */
function renderKey(update: TableUpdate | undefined): string {
  return update ? `${update.table.version}:${JSON.stringify(update.betting ?? null)}:${tableKey(update)}` : "";
}

/** The event's target as an element, whatever the realm (no `instanceof`, so tests can pass stand-ins). */
function elementOf(target: EventTarget | null): HTMLElement | null {
  return target !== null && typeof (target as { closest?: unknown }).closest === "function"
    ? (target as HTMLElement)
    : null;
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

export class GameWindow extends CantinaApplication<WindowContext> {
  static override DEFAULT_OPTIONS = {
    classes: ["cantina-games", "cantina-game-window"],
    tag: "section",
    window: { icon: "fa-solid fa-dice", resizable: true, contentClasses: ["cantina-window-content"] },
    position: { width: 760, height: "auto" as const },
    actions: {
      cantinaEnd: GameWindow.onEnd,
      cantinaTables: GameWindow.onTables,
      sideBet: GameWindow.onBet,
      tableOp: GameWindow.onTableOp,
      tableHelp: GameWindow.onHelp,
      sceneBoard: GameWindow.onSceneBoard,
    },
  };

  static override PARTS = {
    header: { template: templatePath("foundry/window.hbs") },
  };

  /** Opens the table list (set by windows.ts). */
  static openTables: () => void = () => undefined;
  /** The GM's scene board operations (set by main.ts; null: no canvas boards on this client). */
  static scenePlacements: ScenePlacements | null = null;

  private error = "";
  /** The game's help is shown (toggled by the help button). */
  private helpOpen = false;
  renderedVersion = -1;
  /** The table version and betting book this window was last drawn with (see `needsRender`). */
  private renderedKey = "";
  /** The focused control before a re-render, as a selector (see `_preRender`). */
  private focusAfterRender: string | null = null;
  /** The stakes typed in the betting panel before a re-render (by field name), put back after it. */
  private stakes = new Map<string, string>();
  /** The latest click's work (its move and reply), for whoever needs to wait for it. */
  lastAction: Promise<void> = Promise.resolve();
  /** The countdown between renders, the close under way, the end (window-life.ts). */
  private readonly life = new WindowLife(
    () => tickCountdowns(this.element, Date.now()),
    () => this.rendered,
    () => this.ended(),
  );
  /** Called when the window closes (by the user or because its table is gone). */
  onClosed: () => void = () => undefined;
  /** Stops following the client's sending state (set while the window is open). */
  private stopSending: (() => void) | null = null;
  private readonly controller: TableController;
  /**
   * The render under way, taken once when it starts (`_configureRenderOptions`): the update it draws
   * (its parts, its context and the betting part's context all come from this one update, and the
   * window notes it as drawn), its parts in order, and each part's fingerprint. Null between renders.
   */
  private drawing: {
    readonly update: TableUpdate | undefined;
    readonly context: WindowContext;
    readonly parts: readonly string[];
    readonly keys: Readonly<Record<string, string>>;
  } | null = null;
  /** Each part's fingerprint as drawn in the window (what its context was): a part whose fingerprint holds is not rendered again. */
  private readonly drawnKeys = new Map<string, string>();

  constructor(
    private readonly runtime: CantinaRuntime,
    readonly tableId: string,
  ) {
    super({ id: `cantina-table-${tableId}` });
    this.controller = new TableController(
      () => this.runtime.client,
      i18n,
      (id) => apps[id],
    );
  }

  /** The window's form fields as drawn (a Defiance facing): a canvas board's move reads them as a click here would. */
  fields(): Record<string, string> {
    return this.rendered ? windowFields(this.element) : {};
  }

  get update(): TableUpdate | undefined {
    return this.runtime.client?.tables.get(this.tableId);
  }

  /** What a render draws from: the update it started with, else (outside a render) the latest. */
  private get shown(): TableUpdate | undefined {
    return this.drawing ? this.drawing.update : this.update;
  }

  override get title(): string {
    const update = this.shown;
    const game = update ? games[update.table.gameId] : undefined;
    const name = game ? env.localize(game.nameKey) : env.localize("CANTINA.Title");
    // The turn cue: the window's title says it is this player's turn (turn-cue.ts does the rest).
    return update && isMyTurn(update) ? `★ ${env.localize("CANTINA.Turn.Badge")} · ${name}` : name;
  }

  /**
   * A render starts: it will draw the latest update, all of it from that one (see `drawing`). A
   * first render, or one that names no parts, draws every part; one that names parts (`refresh`
   * names none) draws those and every part whose context changed since it was drawn (issue 17).
   */
  protected override _configureRenderOptions(
    options: Parameters<CantinaApplication<WindowContext>["_configureRenderOptions"]>[0],
  ): void {
    const update = this.update;
    const built = this.windowContext(update);
    this.drawing = { update, context: built.context, parts: [], keys: {} };
    const first = (options as { isFirstRender?: boolean }).isFirstRender === true;
    const asked = first || !options.parts ? undefined : options.parts.filter((p): p is string => typeof p === "string");
    // Foundry renders only the parts asked for, even on a first render: every part then.
    delete options.parts;
    super._configureRenderOptions(options);
    const parts = Object.keys(
      this._configureRenderParts(options as foundry.applications.api.HandlebarsApplicationMixin.RenderOptions),
    );
    const keys = this.partKeys(update, built, parts);
    this.drawing = { update, context: built.context, parts, keys };
    options.parts = asked ? parts.filter((p) => asked.includes(p) || this.drawnKeys.get(p) !== keys[p]) : parts;
    // Foundry redraws a title only when a render passes it: the one of the update drawn (the turn cue).
    if (!first) (options as { window?: { title?: string } }).window = { ...options.window, title: this.title };
  }

  /**
   * Each part's fingerprint for `update`: what its template is rendered with (the game's parts only
   * the keys they read, src/apps/core/parts.ts), so that equal fingerprints draw the same.
   */
  private partKeys(
    update: TableUpdate | undefined,
    built: ReturnType<GameWindow["windowContext"]>,
    parts: readonly string[],
  ): Record<string, string> {
    const app = update ? apps[update.table.gameId] : undefined;
    const game = app ? partFingerprints(app, built.context) : {};
    const keys: Record<string, string> = {};
    for (const part of parts) {
      const gamePart = part.startsWith("game-") ? game[part.slice("game-".length)] : undefined;
      if (gamePart !== undefined) keys[part] = gamePart;
      else if (part === BETTING_PART) keys[part] = fingerprint(update ? bettingContext(update) : null);
      else if (part === HELP_PART)
        keys[part] = fingerprint(update && app?.helpContext ? app.helpContext(update) : null);
      else if (part === COUNTDOWN_PART) keys[part] = fingerprint(update ? clockContext(update, Date.now()) : null);
      else if (part === CONTROLS_PART) keys[part] = fingerprint(built.controls);
      else keys[part] = fingerprint(built.head);
    }
    return keys;
  }

  protected override _configureRenderParts(
    options: foundry.applications.api.HandlebarsApplicationMixin.RenderOptions,
  ): Record<string, foundry.applications.api.HandlebarsApplicationMixin.HandlebarsTemplatePart> {
    const parts = super._configureRenderParts(options);
    const update = this.shown;
    const app = update ? apps[update.table.gameId] : undefined;
    if (app && (update?.deadline || update?.stopwatch))
      parts[COUNTDOWN_PART] = { template: templatePath(COUNTDOWN_TEMPLATE) };
    if (app) parts[CONTROLS_PART] = { template: templatePath(CONTROLS_TEMPLATE) };
    if (app?.help && this.helpOpen) parts[HELP_PART] = { template: templatePath(app.help) };
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
    const update = this.shown;
    const betting = partId === BETTING_PART && update ? bettingContext(update) : null;
    if (betting) return super._preparePartContext(partId, { ...context, ...betting }, options);
    const app = update ? apps[update.table.gameId] : undefined;
    if (partId === HELP_PART && update && app?.helpContext)
      return super._preparePartContext(partId, { ...context, ...app.helpContext(update) }, options);
    const countdown = partId === COUNTDOWN_PART && update ? clockContext(update, Date.now()) : null;
    if (countdown) return super._preparePartContext(partId, { ...context, ...countdown }, options);
    return super._preparePartContext(partId, context, options);
  }

  /** Whether the table moved on (a new version, or a bet that changed the betting book) since the last render. */
  needsRender(update: TableUpdate): boolean {
    return renderKey(update) !== this.renderedKey;
  }

  /**
   * Redraws what changed: the parts whose context changed (the betting panel alone on a bet). A
   * window still rendering catches up when that render ends (`_onRender`).
   */
  refresh(update: TableUpdate): void {
    if (this.rendered && this.needsRender(update)) this.redraw();
  }

  /** A render of the parts that changed (none named: `_configureRenderOptions` adds them). */
  private redraw(): void {
    void this.render({ parts: [] }).catch((err: unknown) => this.renderFailed(err));
  }

  /** Opens (or brings back) the window; a render that fails ends it (see `renderFailed`). */
  async show(): Promise<void> {
    await this.render({ force: true }).catch((err: unknown) => this.renderFailed(err));
  }

  /** The close under way (its animation), if any: a reopening waits for its end. */
  get closing(): Promise<void> | null {
    return this.life.closingNow;
  }

  /**
   * A render failed: Foundry removed the element and left the state ERROR without `_onClose`, so
   * the window ends here (no ticker on a missing element, the manager forgets it) and says so.
   */
  private renderFailed(err: unknown): void {
    if (this.state !== foundry.applications.api.ApplicationV2.RENDER_STATES.ERROR) throw err;
    console.error(err);
    env.notify("error", "CANTINA.Foundry.WindowFailed");
    this.life.end();
  }

  /**
   * Foundry replaces the parts rendered and appends a new one at the end, and never takes away a
   * part no longer configured (the help closed, a countdown over): the window does, and keeps the
   * parts in their configured order.
   */
  protected override _replaceHTML(
    result: Record<string, HTMLElement>,
    content: HTMLElement,
    options: Parameters<CantinaApplication<WindowContext>["_replaceHTML"]>[2],
  ): void {
    super._replaceHTML(result, content, options);
    const parts = this.drawing?.parts;
    if (!parts) return;
    for (const el of [...content.children]) {
      const id = (el as HTMLElement).dataset.applicationPart;
      if (id !== undefined && !parts.includes(id)) {
        el.remove();
        this.drawnKeys.delete(id);
      }
    }
    let before: Element | null = null;
    for (const id of parts) {
      const el = [...content.children].find((c) => (c as HTMLElement).dataset.applicationPart === id);
      if (!el) continue;
      if (before ? el.previousElementSibling !== before : el !== content.firstElementChild) {
        if (before) before.after(el);
        else content.prepend(el);
      }
      before = el;
    }
  }

  /** The context of the render under way (built when it started), else of the latest update. */
  protected override async _prepareContext(): Promise<WindowContext> {
    return this.drawing?.context ?? this.windowContext(this.update).context;
  }

  /**
   * The window's context for `update`: the game's, the table controls' and the header's fields
   * (`head`, what the header part reads), merged as every part receives them.
   */
  private windowContext(update: TableUpdate | undefined): {
    context: WindowContext;
    head: Omit<WindowContext, "tableControls">;
    controls: Record<string, unknown> | null;
  } {
    const app = update ? apps[update.table.gameId] : undefined;
    if (!update || !app) {
      const head = {
        tableId: this.tableId,
        gameKey: "CANTINA.Title",
        viewerLabel: "",
        isGM: env.amGM(),
        over: true,
        missing: true,
      };
      return { context: head, head, controls: null };
    }
    const controls = tableControls(update, {
      isGM: env.amGM(),
      hasHelp: app.help !== undefined,
      helpOpen: this.helpOpen,
      hasBots: Object.keys(bots[update.table.gameId] ?? {}).length > 0,
      showEnd: false,
    });
    const head = {
      tableId: update.table.id,
      gameKey: games[update.table.gameId]?.nameKey ?? update.table.gameId,
      viewerLabel: viewerLabel(update, env.amGM(), i18n),
      isGM: env.amGM(),
      over: update.table.over,
      missing: false,
      sceneBoard: this.sceneBoardContext(update),
    };
    return {
      context: { ...app.context(update, this.controller.kept(update.table.id)), ...controls, ...head },
      head,
      controls,
    };
  }

  /** The GM's scene board controls: a running board game, a scene on the canvas; null hides them. */
  private sceneBoardContext(update: TableUpdate): { placed: boolean; locked: boolean; help: boolean } | null {
    const scene = viewedScene();
    if (!env.amGM() || !GameWindow.scenePlacements || !scene || update.table.over || !viewerBoard(update)) return null;
    const placement = placementOn(scene, update.table.id);
    return { placed: placement !== null, locked: placement?.locked ?? false, help: this.helpOpen };
  }

  protected override async _onRender(context: object, options: object): Promise<void> {
    await super._onRender(context, options);
    const drawn = this.shown;
    const keys = this.drawing?.keys ?? {};
    for (const id of (options as { parts?: string[] }).parts ?? []) {
      const key = keys[id];
      if (key !== undefined) this.drawnKeys.set(id, key);
    }
    this.drawing = null;
    this.renderedVersion = drawn?.table.version ?? -1;
    this.renderedKey = renderKey(drawn);
    this.showError();
    this.showSending();
    for (const input of this.stakeFields()) {
      const typed = this.stakes.get(input.name);
      if (typed !== undefined) input.value = typed;
    }
    this.restoreFocus();
    // An update that arrived while this render was under way is drawn now.
    const latest = this.update;
    if (latest && this.needsRender(latest)) this.redraw();
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
    refocus(this.element, key);
  }

  /** The betting panel's "Bet on this" (an action of the window's own). */
  private static onBet(this: GameWindow, event: PointerEvent): void {
    this.handleClick(event);
  }

  /** A click on a bet button: the spectator's bet on that outcome. */
  handleClick(event: Event): void {
    if (!isPrimary(event)) return;
    const bet = elementOf(event.target)?.closest<HTMLButtonElement>(
      '[data-betting] button[data-page-action="side-bet"]',
    );
    if (bet) {
      event.preventDefault();
      this.lastAction = this.placeBet(bet);
    }
  }

  /**
   * The board layer's clicks, keys and tile drags (src/apps/board/interaction.ts), wired once on the
   * window's element (its parts are redrawn inside it): a move or the tiles laid go to the game's
   * `board-move` / `board-place` actions.
   */
  protected override async _onFirstRender(context: object, options: object): Promise<void> {
    await super._onFirstRender(context as never, options as never);
    // The countdown ticks between renders (src/apps/core/countdown.ts).
    this.life.started();
    this.stopSending = this.runtime.client?.onSending(() => this.showSending()) ?? null;
    bindBoard(this.element, {
      move: (intent, target) => {
        this.lastAction = this.runAction(target, moveActionData(intent));
      },
      place: (placements, placement) => {
        this.lastAction = this.runAction(placement, placeActionData(placements));
      },
    });
  }

  protected override async _preClose(options: object): Promise<void> {
    this.life.closeBegins();
    await super._preClose(options as never);
  }

  protected override _onClose(options: object): void {
    super._onClose(options);
    this.life.end();
  }

  /** Closed, or a render failed: stop following the client and tell the manager. */
  private ended(): void {
    this.stopSending?.();
    this.stopSending = null;
    // A window opened again draws every part afresh.
    this.drawnKeys.clear();
    this.onClosed();
  }

  /** Enter in a game's form runs its submit action (Enter in the bet field bets). */
  protected override onInnerSubmit(form: HTMLFormElement): void {
    const button = submitButton(form);
    if (button) this.lastAction = this.runAction(button);
  }

  /** Clicks on the game's own `data-action`s (the window's own are in DEFAULT_OPTIONS.actions). */
  protected override onAction(_event: PointerEvent, target: HTMLElement): void {
    this.lastAction = this.runAction(target);
  }

  /** Runs a game action from a clicked element; `extra` adds to (and overrides) its data, e.g. a board move's from/to. */
  private async runAction(target: HTMLElement, extra: Readonly<Record<string, string>> = {}): Promise<void> {
    const update = this.update;
    const action = extra.action ?? target.dataset.action ?? "";
    if (!update || !this.controller.handles(update, action)) return;
    // While it awaits its answer the window says "sending…" and its buttons are off (showSending).
    const error = await this.controller.action(update, action, {
      data: { ...dataOf(target), ...extra },
      fields: windowFields(this.element),
    });
    this.setError(error);
  }

  /** A spectator's bet from the betting panel: the pool's stake field and the chosen outcome. The host checks who may bet. */
  private async placeBet(button: HTMLButtonElement): Promise<void> {
    const update = this.update;
    if (!update) return;
    const pool = button.dataset.pool ?? "";
    const panel = button.closest<HTMLElement>("[data-betting]");
    const input = [...(panel?.querySelectorAll<HTMLInputElement>("input") ?? [])].find(
      (i) => i.getAttribute("name") === `bet-${pool}`,
    );
    const text = await this.controller.bet(update, pool, button.dataset.outcome ?? "", input?.value ?? "0");
    if (text) ui.notifications?.warn(text);
    const slot = this.element?.querySelector<HTMLElement>("[data-betting] [data-bet-error]");
    if (slot) slot.textContent = text;
  }

  /** "Sending…" while a request about this table awaits its answer (src/apps/table/sending.ts). */
  private showSending(): void {
    if (this.rendered) showSending(this.element, this.runtime.client?.sending(this.tableId) ?? false, i18n);
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
    if (!reply.ok) this.setError(errorMessage(reply.error, this.update, i18n));
  }

  /** A GM's operation from the table controls, confirmed first where it calls off or removes something. */
  private static async onTableOp(this: GameWindow, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const client = this.runtime.client;
    const op = target.dataset.op;
    if (!client || !isTableOp(op) || (!env.amGM() && !PLAYER_TABLE_OPS.has(op))) return;
    const question = CONFIRM_KEYS[op];
    if (question) {
      const ok = await foundry.applications.api.DialogV2.confirm({
        window: { title: env.localize("CANTINA.TableOps.ConfirmTitle") },
        content: `<p>${escapeHtml(env.format(question, { name: target.dataset.name ?? "" }))}</p>`,
      });
      if (!ok) return;
    }
    const reply = await sendTableOp(client, op, this.tableId, target.dataset.seat ?? "");
    if (!reply.ok) this.setError(errorMessage(reply.error, this.update, i18n));
    else if (op === "rematch" && reply.tableId && reply.tableId !== this.tableId) GameWindow.openTable(reply.tableId);
  }

  /** Opens a table's window (set by windows.ts). */
  static openTable: (tableId: string) => void = () => undefined;

  /** Shows or hides the game's help in the window. */
  private static onHelp(this: GameWindow): void {
    this.helpOpen = !this.helpOpen;
    // The help part comes or goes, and the help button changes: the parts that changed.
    void this.render({ parts: [] });
  }

  /**
   * A GM's scene board operation: place, lock, unlock, remove, or edit (the position, width and
   * rotation in a small form). The window redraws when the scene's flag comes back (windows.ts).
   */
  private static async onSceneBoard(this: GameWindow, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const ops = GameWindow.scenePlacements;
    if (!ops || !env.amGM()) return;
    const op = target.dataset.op;
    let error = "";
    if (op === "place") error = await ops.place(this.tableId);
    else if (op === "lock" || op === "unlock") error = await ops.change(this.tableId, { locked: op === "lock" });
    else if (op === "remove") error = await ops.remove(this.tableId);
    else if (op === "edit") {
      const change = await editPlacement(placementOn(viewedScene(), this.tableId));
      if (change) error = await ops.change(this.tableId, change);
    }
    this.setError(error);
  }

  private static onTables(this: GameWindow): void {
    GameWindow.openTables();
  }
}

/** The GM's form for a placed board: centre, width and rotation; null when dismissed or unreadable. */
async function editPlacement(
  current: ScenePlacement | null,
): Promise<{ x: number; y: number; width: number; rotation: number } | null> {
  if (!current) return null;
  const field = (name: string, key: string, value: number, extra = ""): string =>
    `<div class="form-group"><label>${escapeHtml(env.localize(key))}</label>` +
    `<input type="number" name="${name}" value="${value}" step="1" ${extra}></div>`;
  const content =
    field("x", "CANTINA.Scene.X", current.x) +
    field("y", "CANTINA.Scene.Y", current.y) +
    field("width", "CANTINA.Scene.Width", current.width, `min="${MIN_BOARD_WIDTH}" max="${MAX_BOARD_WIDTH}"`) +
    field("rotation", "CANTINA.Scene.Rotation", current.rotation, 'min="0" max="359"');
  const data: unknown = await foundry.applications.api.DialogV2.input({
    window: { title: env.localize("CANTINA.Scene.EditTitle") },
    content,
  });
  if (typeof data !== "object" || data === null) return null;
  const read = (name: string): number => Number((data as Record<string, unknown>)[name]);
  const values = { x: read("x"), y: read("y"), width: read("width"), rotation: read("rotation") };
  return Object.values(values).every(Number.isFinite) ? values : null;
}
