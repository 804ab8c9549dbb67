/**
 * The page's windows: one per open table, in a grid, drawn as the window model plans it (morphing the parts that moved);
 * minimised or closed windows stay so after a reload (per user), a closed one reopens from the table list; one opened is scrolled into view.
 */
import { arrangeParts } from "../../apps/table/window-dom";
import {
  type WindowPlan,
  drawnAfter,
  fingerprint,
  planWindow,
  windowBoard,
  windowParts,
} from "../../apps/table/window-model";
import type { BoardContext } from "../../apps/board/context";
import { escapeHtml } from "../../apps/core/html";
import type { Localizer } from "../../apps/core/i18n";
import { isMyTurn } from "../../apps/core/turn";
import { USERS } from "../users";
import { focusKey, refocus } from "../../apps/table/controller";
import type { TableController } from "../../apps/table/controller";
import { viewerLabel, windowDrawnFor } from "../../apps/table/tables";
import { apps, bots, chatNamers, games } from "../../games";
import type { TableClient } from "../../table/client";
import type { TableUpdate } from "../../table/protocol";
import { morph } from "../morph";
import type { Render } from "../render";

/** What the page keeps of its windows across reloads: the open ones in the order opened, the closed and minimised ones. */
interface WindowsKept {
  open: string[];
  closed: string[];
  minimised: string[];
}

const PART_ATTRIBUTE = "data-part";

export interface WindowDrawingHost {
  readonly client: TableClient;
  readonly render: Render;
  readonly i18n: Localizer;
  readonly isGM: boolean;
  readonly controller: TableController;
  /** The table's error to show in its window ("" none). */
  error(tableId: string, version: number): string;
  helpOpen(tableId: string): boolean;
  /** Whether the window lists every move played (else the last few). */
  historyOpen(tableId: string): boolean;
  boardViewOpen(tableId: string): boolean;
}

export class WindowDrawing {
  private readonly open: string[];
  private readonly closed: Set<string>;
  private readonly minimised: Set<string>;
  /** Each drawn window's head (its frame's fingerprint) and its parts' fingerprints. */
  private readonly drawn = new Map<string, { head: string; parts: Map<string, string> }>();
  /** What each window was last drawn for (version, betting book, seats, help, error): unchanged, it is not planned again. */
  private readonly drawnFor = new Map<string, string>();
  /** The board model each window was last drawn with: the board controller's moves and tracks (`board`). */
  private readonly boards = new Map<string, BoardContext>();
  /** The tables whose window the host was told is open (the watchers list, src/table/concerns/watchers/). */
  private readonly watched = new Set<string>();
  /** The tab is going (`pagehide`): its windows no longer count as watching. */
  private leaving = false;

  constructor(
    private readonly region: () => HTMLElement | null,
    private readonly host: WindowDrawingHost,
  ) {
    const kept = this.load();
    this.open = kept.open;
    this.closed = new Set(kept.closed);
    this.minimised = new Set(kept.minimised);
  }

  private get storageKey(): string {
    return `cantina-games:windows:${this.host.client.user}`;
  }

  private load(): WindowsKept {
    try {
      const saved = JSON.parse(sessionStorage.getItem(this.storageKey) ?? "{}") as Partial<WindowsKept>;
      const ids = (v: unknown): string[] =>
        Array.isArray(v) ? v.filter((s): s is string => typeof s === "string") : [];
      return { open: ids(saved.open), closed: ids(saved.closed), minimised: ids(saved.minimised) };
    } catch {
      return { open: [], closed: [], minimised: [] };
    }
  }

  private save(): void {
    const kept: WindowsKept = { open: this.open, closed: [...this.closed], minimised: [...this.minimised] };
    sessionStorage.setItem(this.storageKey, JSON.stringify(kept));
  }

  isOpen(tableId: string): boolean {
    return this.open.includes(tableId);
  }

  /** Opens a table's window (again, if it was closed), draws it and scrolls it into view. */
  openWindow(tableId: string): void {
    this.closed.delete(tableId);
    if (!this.open.includes(tableId)) this.open.push(tableId);
    this.save();
    this.draw();
    this.element(tableId)?.scrollIntoView({ block: "nearest" });
  }

  /** Closes a window for good: a reload does not bring it back; the table list opens it again. */
  closeWindow(tableId: string): void {
    const at = this.open.indexOf(tableId);
    if (at >= 0) this.open.splice(at, 1);
    this.closed.add(tableId);
    this.save();
    this.draw();
  }

  /** Minimises a window to its bar, or brings it back. */
  toggleMinimised(tableId: string): void {
    if (this.minimised.has(tableId)) this.minimised.delete(tableId);
    else this.minimised.add(tableId);
    this.save();
    this.draw();
    this.element(tableId)?.querySelector<HTMLElement>('[data-page-action="table-minimise"]')?.focus();
  }

  /** Seated users see their tables open by themselves (unless they closed them). */
  refresh(): void {
    const tables = this.host.client.tables;
    let opened: string | null = null;
    for (const update of tables.values()) {
      const id = update.table.id;
      if (update.seat && !this.open.includes(id) && !this.closed.has(id)) {
        this.open.push(id);
        opened = id;
      }
    }
    // A table not (yet) known keeps its marks: after a reload the tables arrive after the first drawing.
    if (opened) this.save();
    this.draw();
    // A table that just opened by itself comes into view, unless the user is busy in another window.
    const busy = document.activeElement?.closest("[data-window]");
    if (opened && !busy) this.element(opened)?.scrollIntoView({ block: "nearest" });
  }

  /** The board model a table's window shows now (null: none drawn), handed to the board controller. */
  board(tableId: string): BoardContext | null {
    return this.boards.get(tableId) ?? null;
  }

  element(tableId: string): HTMLElement | null {
    return this.region()?.querySelector<HTMLElement>(`[data-window="${CSS.escape(tableId)}"]`) ?? null;
  }

  /** Draws every open window as the window model plans it; windows closed or gone are taken away. */
  draw(): void {
    const region = this.region();
    if (!region) return;
    const shown = this.open.filter(
      (id) => this.host.client.tables.has(id) && apps[this.host.client.tables.get(id)?.table.gameId ?? ""],
    );
    for (const el of region.querySelectorAll<HTMLElement>("[data-window]")) {
      const id = el.dataset.window ?? "";
      if (!shown.includes(id)) {
        el.remove();
        this.drawn.delete(id);
        this.drawnFor.delete(id);
        this.boards.delete(id);
      }
    }
    this.tellWatching(shown);
    let before: Element | null = null;
    for (const id of shown) {
      const update = this.host.client.tables.get(id);
      if (!update) continue;
      const el = this.drawWindow(region, update);
      // The version shown (public: every viewer is sent each one); tests wait on it for tabs in step.
      el?.setAttribute("data-version", String(update.table.version));
      // The windows in the order opened.
      if (el && (before ? el.previousElementSibling !== before : el !== region.firstElementChild)) {
        if (before) before.after(el);
        else region.prepend(el);
      }
      before = el ?? before;
    }
  }

  /** The page goes (its tab closed): the host is told its windows are closed, so no watcher stays listed. */
  stopWatching(): void {
    for (const id of this.watched) void this.host.client.watch(id, false);
    this.watched.clear();
    this.leaving = true;
  }

  /** Tells the host which windows opened or closed since the last drawing. */
  private tellWatching(shown: readonly string[]): void {
    if (this.leaving) return; // the tab is going: a redraw meanwhile does not open the windows again
    for (const id of shown) if (!this.watched.has(id)) void this.host.client.watch(id, true);
    for (const id of this.watched) if (!shown.includes(id)) void this.host.client.watch(id, false);
    this.watched.clear();
    for (const id of shown) this.watched.add(id);
  }

  private drawWindow(region: HTMLElement, update: TableUpdate): HTMLElement | null {
    const id = update.table.id;
    const app = apps[update.table.gameId];
    if (!app) return null;
    const error = this.host.error(id, update.table.version);
    const head = this.head(update);
    const last = this.drawn.get(id);
    const el = this.element(id);
    // Beside what every host draws from: the page's own help and history toggles, its note, its header.
    const drawnFor = windowDrawnFor(update, this.host.helpOpen(id), this.host.historyOpen(id), error, head);
    if (el && this.drawnFor.get(id) === drawnFor) return el;
    this.drawnFor.set(id, drawnFor);
    // Planned only when the window may have changed (the moves played word every move shown).
    const parts = windowParts(app, update, {
      kept: this.host.controller.kept(id),
      isGM: this.host.isGM,
      helpOpen: this.host.helpOpen(id),
      hasBots: Object.keys(bots[update.table.gameId] ?? {}).length > 0,
      users: USERS.map((id) => ({ id, name: id })),
      ...(error ? { note: error } : {}),
      now: Date.now(),
      history: {
        seen: this.host.client.chat.filter((line) => line.tableId === id),
        i18n: this.host.i18n,
        namers: chatNamers,
        open: this.host.historyOpen(id),
      },
    });
    const plan = planWindow(el && last?.head === head ? last.parts : new Map(), parts);
    this.drawn.set(id, { head, parts: drawnAfter(plan) });
    // Kept before the parts are drawn: the board's controller and its slides read it with the new board.
    const board = windowBoard(parts);
    if (board) this.boards.set(id, board);
    else this.boards.delete(id);
    const body = el?.querySelector<HTMLElement>(":scope > .cantina-window-body");
    if (!el || !body || last?.head !== head) {
      const fresh = this.windowElement(update, plan, error);
      if (el) el.replaceWith(fresh);
      else region.append(fresh);
      return fresh;
    }
    // Keep keyboard focus where it was across the redraw.
    const focused =
      document.activeElement instanceof HTMLElement && el.contains(document.activeElement)
        ? document.activeElement
        : null;
    const key = focused ? focusKey(focused) : null;
    for (const part of plan.parts) {
      if (!part.redraw) continue;
      const fresh = this.partElement(part, error);
      const shown = [...body.children].find((c) => c.getAttribute(PART_ATTRIBUTE) === part.id);
      if (shown) morph(shown, fresh);
      else body.append(fresh);
    }
    arrangeParts(body, plan, PART_ATTRIBUTE);
    // A part left as it was keeps the error it showed: gone with the version it was about.
    if (!error) for (const slot of el.querySelectorAll("[data-error]")) slot.textContent = "";
    if (key && !el.contains(document.activeElement)) refocus(el, key);
    return el;
  }

  /** One part's element, named after its part; a game part shows the table's error. */
  private partElement(part: WindowPlan["parts"][number], error: string): Element {
    let html = this.host.render(part.template, part.context);
    if (part.game && error) html = html.replace("data-error></p>", `data-error>${escapeHtml(error)}</p>`);
    const holder = document.createElement("template");
    holder.innerHTML = html;
    const element = holder.content.firstElementChild ?? document.createElement("div");
    element.setAttribute(PART_ATTRIBUTE, part.id);
    return element;
  }

  private windowElement(update: TableUpdate, plan: WindowPlan, error: string): HTMLElement {
    const holder = document.createElement("template");
    holder.innerHTML = this.host.render("table/window.hbs", this.frame(update)).trim();
    const el = holder.content.firstElementChild as HTMLElement;
    const body = el.querySelector<HTMLElement>(".cantina-window-body");
    for (const part of plan.parts) body?.append(this.partElement(part, error));
    return el;
  }

  /** What the window's frame is drawn from. */
  private frame(update: TableUpdate): Record<string, unknown> {
    const id = update.table.id;
    // The players name the window apart from another table of the same game (distinct landmarks).
    const players = update.table.seats.map((s) => s.name).join(", ");
    return {
      page: true,
      tableId: id,
      gameId: update.table.gameId,
      nameKey: games[update.table.gameId]?.nameKey ?? update.table.gameId,
      hasBoardView: apps[update.table.gameId]?.boardContext !== undefined,
      boardViewOpen: this.host.boardViewOpen(id),
      viewerLabel: `${players} · ${viewerLabel(update, this.host.isGM, this.host.i18n)}`,
      myTurn: isMyTurn(update),
      paused: update.table.paused === true,
      minimised: this.minimised.has(id),
    };
  }

  /** The frame's fingerprint: a change redraws the whole window. */
  private head(update: TableUpdate): string {
    const { boardViewOpen: _open, ...frame } = this.frame(update);
    return fingerprint(frame);
  }
}
