/**
 * The windows panel: the open tables' windows (drawn by window-drawing.ts), their board views, and
 * their actions: the game's own (through the table controller), the table controls, help, bets, the bar's buttons.
 */
import { bindBoard, moveActionData, placeActionData } from "../../apps/board/interaction";
import type { Localizer } from "../../apps/core/i18n";
import { betOf, showBetError } from "../../apps/table/betting";
import { TableController, dataOf, errorMessage, windowFields } from "../../apps/table/controller";
import { showSending } from "../../apps/table/sending";
import { CONFIRM_KEYS, type TableOp, chosenUser, isTableOp, sendTableOp } from "../../apps/table/tables";
import { apps } from "../../games";
import type { TableClient } from "../../table/client";
import type { RuleError } from "../../rules/core";
import { BoardViews } from "../board-view";
import type { Render } from "../render";
import { confirmDialog } from "./confirm";
import type { Panel, PanelAction } from "./panel";
import { WindowDrawing } from "./window-drawing";

export interface WindowsPanelHost {
  readonly client: TableClient;
  readonly renderTemplate: Render;
  readonly i18n: Localizer;
  readonly isGM: boolean;
}

export class WindowsPanel implements Panel {
  readonly controller: TableController;
  private readonly drawing: WindowDrawing;
  /** The tables' board views (a PIXI canvas beside the window), opened from the window's bar. */
  private readonly boardViews: BoardViews;
  /** Each table's last error and the table's version it was about: a newer version clears it. */
  private readonly errors = new Map<string, { readonly text: string; readonly version: number }>();
  /** The tables whose window shows its game's help. */
  private readonly helpOpen = new Set<string>();
  /** The tables whose window lists every move played. */
  private readonly historyOpen = new Set<string>();

  readonly actions: Readonly<Record<string, PanelAction>> = {
    "table-close": (control) => this.drawing.closeWindow(control.dataset.tableId ?? ""),
    "table-minimise": (control) => this.drawing.toggleMinimised(control.dataset.tableId ?? ""),
    "board-view": (control) => {
      const tableId = control.dataset.tableId ?? "";
      control.setAttribute("aria-pressed", this.boardViews.isOpen(tableId) ? "false" : "true");
      void this.boardViews.toggle(tableId);
    },
    tableHelp: (control) => this.toggleHelp(control.dataset.tableId ?? ""),
    tableHistory: (control) => this.toggleHistory(control.dataset.tableId ?? ""),
    tableOp: (control) => {
      const { op, tableId = "", seat = "", name = "" } = control.dataset;
      if (isTableOp(op)) void this.tableOp(op, tableId, seat, name, chosenUser(control));
    },
    "side-bet": (control) => void this.sideBet(control),
  };

  constructor(
    private readonly root: HTMLElement,
    private readonly host: WindowsPanelHost,
  ) {
    const { client, i18n } = host;
    this.controller = new TableController(
      () => client,
      i18n,
      (id) => apps[id],
    );
    this.drawing = new WindowDrawing(() => root.querySelector<HTMLElement>('[data-region="windows"]'), {
      client,
      render: host.renderTemplate,
      i18n,
      isGM: host.isGM,
      controller: this.controller,
      error: (tableId, version) => {
        const kept = this.errors.get(tableId);
        if (kept && kept.version !== version) this.errors.delete(tableId);
        return kept && kept.version === version ? kept.text : "";
      },
      helpOpen: (tableId) => this.helpOpen.has(tableId),
      historyOpen: (tableId) => this.historyOpen.has(tableId),
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
        const toggle = root.querySelector<HTMLElement>(
          `[data-page-action="board-view"][data-table-id="${CSS.escape(tableId)}"]`,
        );
        toggle?.setAttribute("aria-pressed", "false");
        toggle?.focus();
      },
    });
    // The board layer's clicks, keys and tile drags in every window (windows are redrawn, the root
    // stays), on the board model each window was drawn with.
    bindBoard(root, {
      model: (board) => this.drawing.board(board.closest<HTMLElement>("[data-window]")?.dataset.window ?? ""),
      move: (intent, target) => void this.runGameAction(target, moveActionData(intent)),
      place: (placements, placement) => void this.runGameAction(placement, placeActionData(placements)),
    });
    // Escape in a game's help closes it.
    root.addEventListener("keydown", (ev) => {
      const help = ev.key === "Escape" && ev.target instanceof Element ? ev.target.closest("[data-help]") : null;
      const tableId = help?.closest<HTMLElement>("[data-window]")?.dataset.window;
      if (tableId && this.helpOpen.has(tableId)) this.toggleHelp(tableId);
    });
  }

  render(): void {
    this.drawing.refresh();
    this.showSending();
    this.boardViews.sync();
  }

  /** The page goes: its windows no longer count as watching. */
  leave(): void {
    this.drawing.stopWatching();
  }

  /** Opens a table's window (again, if it was closed) and scrolls it into view. */
  openWindow(tableId: string): void {
    this.drawing.openWindow(tableId);
  }

  /**
   * A control in a window that names no page action: the game's own action (a click, or Enter in
   * its form); true if it was one.
   */
  gameAction(control: HTMLElement): boolean {
    if (!control.matches("[data-window] [data-action]")) return false;
    void this.runGameAction(control);
    return true;
  }

  /** What the host said outside a reply about a table: shown in its window until a newer version. */
  notice(tableId: string, error: RuleError): boolean {
    const update = this.host.client.tables.get(tableId);
    if (!update) return false;
    this.errors.set(tableId, { text: errorMessage(error, update, this.host.i18n), version: update.table.version });
    return true;
  }

  /**
   * "Sending…" in each window whose table has a request awaiting its answer, and in the ledger while
   * one of its requests does (src/apps/table/sending.ts).
   */
  showSending(): void {
    const { client, i18n } = this.host;
    for (const el of this.root.querySelectorAll<HTMLElement>("[data-window]"))
      showSending(el, client.sending(el.dataset.window ?? ""), i18n, client.keptMove(el.dataset.window ?? ""));
    const ledger = this.root.querySelector<HTMLElement>("[data-ledger]");
    if (ledger) showSending(ledger, client.sendingLedger(), i18n);
  }

  /** A GM's operation on a table, confirmed first where it calls off or removes something. */
  async tableOp(op: TableOp, tableId: string, seat: string, name: string, userId = ""): Promise<void> {
    const { client, i18n } = this.host;
    const question = CONFIRM_KEYS[op];
    if (question && !(await confirmDialog(i18n, i18n.format(question, { name })))) return;
    const reply = await sendTableOp(client, op, tableId, seat, userId);
    const message = reply.ok ? "" : errorMessage(reply.error, undefined, i18n);
    const dealt = op === "rematch" || op === "play-again";
    if (reply.ok && dealt && reply.tableId && reply.tableId !== tableId) this.drawing.openWindow(reply.tableId);
    this.showTableError(tableId, message);
  }

  /** `extra` adds to (and overrides) the clicked element's data, e.g. a board move's from/to. */
  private async runGameAction(actionEl: HTMLElement, extra: Readonly<Record<string, string>> = {}): Promise<void> {
    const windowEl = actionEl.closest<HTMLElement>("[data-window]");
    const tableId = windowEl?.dataset.window;
    const update = tableId ? this.host.client.tables.get(tableId) : undefined;
    const action = extra.action ?? actionEl.dataset.action ?? "";
    if (!windowEl || !tableId || !update || !this.controller.handles(update, action)) return;
    const fields = windowFields(windowEl);
    // While it awaits its answer the window says "sending…" and its buttons are off (showSending).
    const error = await this.controller.action(update, action, { data: { ...dataOf(actionEl), ...extra }, fields });
    this.showTableError(tableId, error);
  }

  /** A move made on the board view: the game's "board-move" action with the window's fields, as a click there. */
  private async runBoardViewMove(tableId: string, data: Record<string, string>): Promise<string> {
    const update = this.host.client.tables.get(tableId);
    const action = data.action ?? "";
    if (!update || !this.controller.handles(update, action)) return "";
    const windowEl = this.drawing.element(tableId);
    const error = await this.controller.action(update, action, {
      data,
      fields: windowEl ? windowFields(windowEl) : {},
    });
    this.showTableError(tableId, error);
    return error;
  }

  /** A table's error (or none), kept with the version it is about and shown in its window at once. */
  private showTableError(tableId: string, text: string): void {
    const now = this.host.client.tables.get(tableId);
    if (text && now) this.errors.set(tableId, { text, version: now.table.version });
    else this.errors.delete(tableId);
    const slot = this.drawing.element(tableId)?.querySelector<HTMLElement>("[data-error]");
    if (slot) slot.textContent = text;
  }

  /** Opens or closes a window's help; the focus goes into the help, and back to its button. */
  private toggleHelp(tableId: string): void {
    if (this.helpOpen.has(tableId)) this.helpOpen.delete(tableId);
    else this.helpOpen.add(tableId);
    this.drawing.draw();
    const el = this.drawing.element(tableId);
    const help = el?.querySelector<HTMLElement>("[data-help]");
    if (help && this.helpOpen.has(tableId)) help.focus();
    else el?.querySelector<HTMLElement>('[data-action="tableHelp"]')?.focus();
  }

  /** Shows every move played in a window, or the last few again; the focus stays on the toggle. */
  private toggleHistory(tableId: string): void {
    if (this.historyOpen.has(tableId)) this.historyOpen.delete(tableId);
    else this.historyOpen.add(tableId);
    this.drawing.draw();
    this.drawing.element(tableId)?.querySelector<HTMLElement>('[data-action="tableHistory"]')?.focus();
  }

  /** A spectator's bet from the betting panel: the pool's stake field and the chosen outcome. */
  private async sideBet(button: HTMLElement): Promise<void> {
    const tableId = button.dataset.tableId ?? "";
    const update = this.host.client.tables.get(tableId);
    if (!update) return;
    const bet = betOf(button);
    const error = await this.controller.bet(update, bet.pool, bet.outcome, bet.stake);
    showBetError(this.root.querySelector(`[data-betting="${CSS.escape(tableId)}"]`), bet.pool, error);
  }
}
