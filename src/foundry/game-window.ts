/**
 * One game table's window in Foundry: a HandlebarsApplicationMixin(ApplicationV2) class that hosts
 * any game's GameApp (src/apps). What it shows and does: docs/foundry.md, "The game window".
 */
import { isMyTurn } from "../apps/core/turn";
import { bindBoard, moveActionData, placeActionData } from "../apps/board/interaction";
import { showSending } from "../apps/table/sending";
import { betOf, showBetError } from "../apps/table/betting";
import { TableController, dataOf, submitButton, windowFields } from "../apps/table/controller";
import { viewerLabel, windowDrawnFor } from "../apps/table/tables";
import { apps, bots, chatNamers, games } from "../games";
import type { TableUpdate } from "../table/protocol";
import { tickCountdowns } from "../apps/core/countdown";
import { rollDiceIn } from "../apps/core/dice-roll";
import { type WindowPart, windowParts } from "../apps/table/window-model";
import { i18n, isPrimary } from "./application";
import * as env from "./env";
import type { CantinaRuntime } from "./runtime";
import { WindowLife } from "./window-life";
import type { ScenePlacements } from "./scene-boards";
import {
  type OperatedWindow,
  RenderKeep,
  endTable,
  sceneBoardContext,
  sceneBoardOperation,
  tableOperation,
} from "./game-window-ops";

import { HEADER_TEMPLATE, PlannedWindow, templatePath, windowTemplates } from "./planned-window";

export { templatePath, windowTemplates };

/** What a window was drawn from (windowDrawnFor: every host's); none yet: "". */
function renderKey(update: TableUpdate | undefined): string {
  return update ? windowDrawnFor(update) : "";
}

/** The event's target as an element, whatever the realm (no `instanceof`, so tests can pass stand-ins). */
function elementOf(target: EventTarget | null): HTMLElement | null {
  return target !== null && typeof (target as { closest?: unknown }).closest === "function"
    ? (target as HTMLElement)
    : null;
}

export class GameWindow extends PlannedWindow {
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
      tableHistory: GameWindow.onHistory,
      sceneBoard: GameWindow.onSceneBoard,
    },
  };

  static override PARTS = {
    header: { template: templatePath(HEADER_TEMPLATE) },
  };

  /** Opens the table list (set by windows.ts). */
  static openTables: () => void = () => undefined;
  /** The GM's scene board operations (set by main.ts; null: no canvas boards on this client). */
  static scenePlacements: ScenePlacements | null = null;

  private error = "";
  /** The game's help is shown (toggled by the help button). */
  private helpOpen = false;
  /** Every move played is listed (toggled by the list's button; else the last few). */
  private historyOpen = false;
  /** A roll arrived (windows.ts): the next render shows its dice rolling (src/apps/core/dice-roll.ts). */
  rollPending = false;
  /** The table version and betting book this window was last drawn with (see `needsRender`). */
  private renderedKey = "";
  /** What a re-render must not lose (see `_preRender`). */
  private readonly keep = new RenderKeep();
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

  override get update(): TableUpdate | undefined {
    return this.runtime.client?.tables.get(this.tableId);
  }

  override get title(): string {
    const update = this.shown;
    const game = update ? games[update.table.gameId] : undefined;
    const name = game ? env.localize(game.nameKey) : env.localize("CANTINA.Title");
    // The turn cue: the window's title says it is this player's turn (turn-cue.ts does the rest), or that the table is paused.
    if (update?.table.paused === true && !update.table.over)
      return `⏸ ${env.localize("CANTINA.Turn.PausedBadge")} · ${name}`;
    return update && isMyTurn(update) ? `★ ${env.localize("CANTINA.Turn.Badge")} · ${name}` : name;
  }

  /** The window model's parts for `update` (the header alone while its table is missing). */
  protected plannedParts(update: TableUpdate | undefined): WindowPart[] {
    const head = this.head(update);
    const app = update ? apps[update.table.gameId] : undefined;
    if (!update || !app) return [{ id: "header", template: HEADER_TEMPLATE, context: head }];
    return windowParts(app, update, {
      kept: this.controller.kept(update.table.id),
      isGM: env.amGM(),
      helpOpen: this.helpOpen,
      hasBots: Object.keys(bots[update.table.gameId] ?? {}).length > 0,
      showEnd: false,
      users: env.allUsers().map((u) => ({ id: u.id, name: u.name })),
      shared: head,
      header: HEADER_TEMPLATE,
      now: Date.now(),
      history: {
        seen: this.runtime.client?.chat.filter((line) => line.tableId === update.table.id) ?? [],
        i18n,
        namers: chatNamers,
        open: this.historyOpen,
      },
    });
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

  /** Redraws every part of an open window (a GM came or went, the scene's boards changed); a failure ends it. */
  redrawAll(): void {
    if (this.rendered) void this.render().catch((err: unknown) => this.renderFailed(err));
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

  /** The header's fields (the window's own), which every game part reads too. */
  private head(update: TableUpdate | undefined): Record<string, unknown> {
    if (!update || !apps[update.table.gameId])
      return {
        tableId: this.tableId,
        gameKey: "CANTINA.Title",
        viewerLabel: "",
        isGM: env.amGM(),
        over: true,
        missing: true,
      };
    return {
      tableId: update.table.id,
      gameKey: games[update.table.gameId]?.nameKey ?? update.table.gameId,
      viewerLabel: viewerLabel(update, env.amGM(), i18n),
      isGM: env.amGM(),
      over: update.table.over,
      missing: false,
      // No GM connected: the window says why nothing answers (the manager redraws it when that changes).
      hostMissing: env.authorityId() === null,
      sceneBoard: sceneBoardContext(update, GameWindow.scenePlacements, this.helpOpen),
    };
  }

  protected override async _onRender(context: object, options: object): Promise<void> {
    await super._onRender(context, options);
    const drawn = this.shown;
    this.noteDrawn();
    this.renderedKey = renderKey(drawn);
    this.showError();
    this.showSending();
    this.keep.after(this.element);
    if (this.rollPending) rollDiceIn(this.element);
    this.rollPending = false;
    // An update that arrived while this render was under way is drawn now.
    const latest = this.update;
    if (latest && this.needsRender(latest)) this.redraw();
  }

  /** Notes what the re-render must not lose (the focus, typed stakes: game-window-ops.ts). */
  protected override async _preRender(context: object, options: object): Promise<void> {
    await super._preRender(context, options);
    this.keep.before(this.element);
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
    await super._onFirstRender(context, options);
    // The countdown ticks between renders (src/apps/core/countdown.ts).
    this.life.started();
    this.stopSending = this.runtime.client?.onSending(() => this.showSending()) ?? null;
    // The watchers list: the host learns this window is open, and below that it closed.
    this.runtime.client?.watch(this.tableId, true).catch(() => undefined);
    bindBoard(this.element, {
      model: () => this.drawnBoard,
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
    await super._preClose(options);
  }

  protected override _onClose(options: object): void {
    super._onClose(options);
    this.life.end();
  }

  /** Closed, or a render failed: stop following the client and tell the manager. */
  private ended(): void {
    this.runtime.client?.watch(this.tableId, false).catch(() => undefined);
    this.stopSending?.();
    this.stopSending = null;
    // A window opened again draws every part afresh.
    this.forgetDrawn();
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
    const bet = betOf(button);
    const text = await this.controller.bet(update, bet.pool, bet.outcome, bet.stake);
    if (text) ui.notifications?.warn(text);
    showBetError(this.element?.querySelector("[data-betting]") ?? null, bet.pool, text);
  }

  /** "Sending…" while a request about this table awaits its answer (src/apps/table/sending.ts). */
  private showSending(): void {
    const client = this.runtime.client;
    if (this.rendered)
      showSending(this.element, client?.sending(this.tableId) ?? false, i18n, client?.keptMove(this.tableId) ?? false);
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
    await endTable(this.operated());
  }

  private static async onTableOp(this: GameWindow, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await tableOperation(this.operated(), target, GameWindow.openTable);
  }

  /** What the operations of game-window-ops.ts act on. */
  private operated(): OperatedWindow {
    return {
      tableId: this.tableId,
      update: this.update,
      client: this.runtime.client,
      setError: (text) => this.setError(text),
    };
  }

  /** Opens a table's window (set by windows.ts). */
  static openTable: (tableId: string) => void = () => undefined;

  /** Shows or hides the game's help in the window. */
  private static onHelp(this: GameWindow): void {
    this.helpOpen = !this.helpOpen;
    // The help part comes or goes, and the help button changes: the parts that changed (a failure is reported).
    this.redraw();
  }

  /** Lists every move played, or the last few again. */
  private static onHistory(this: GameWindow): void {
    this.historyOpen = !this.historyOpen;
    this.redraw();
  }

  private static async onSceneBoard(this: GameWindow, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await sceneBoardOperation(this.operated(), GameWindow.scenePlacements, target);
  }

  private static onTables(this: GameWindow): void {
    GameWindow.openTables();
  }
}
