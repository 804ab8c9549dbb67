/**
 * One game table's window in Foundry: a single HandlebarsApplicationMixin(ApplicationV2) class that
 * hosts any game's GameApp (src/apps). Its parts are the header (templates/foundry/window.hbs) and
 * the game's own parts (`modules/cantina-games/templates/<path>`); its context is the game's context
 * built from this user's own TableUpdate; its clicks run the game's actions and send the move.
 * Foundry globals touched: `foundry.applications.api`, `ui.notifications` (through env.ts).
 */
import { apps } from "../apps";
import type { ActionInput } from "../apps/core/types";
import { seatNames } from "../apps/core/types";
import { games } from "../rules";
import type { HostReply, TableUpdate } from "../table/protocol";
import { MODULE_ID } from "./api";
import * as env from "./env";
import type { CantinaRuntime } from "./runtime";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

export const templatePath = (path: string): string => `modules/${MODULE_ID}/templates/${path}`;

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
  /** The latest click's work (its move and reply), for whoever needs to wait for it. */
  lastAction: Promise<void> = Promise.resolve();
  /** Called when the window closes (by the user or because its table is gone). */
  onClosed: () => void = () => undefined;

  constructor(private readonly runtime: CantinaRuntime, readonly tableId: string) {
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

  protected override _configureRenderParts(options: foundry.applications.api.HandlebarsApplicationMixin.RenderOptions): Record<string, foundry.applications.api.HandlebarsApplicationMixin.HandlebarsTemplatePart> {
    const parts = super._configureRenderParts(options);
    const update = this.update;
    const app = update ? apps[update.table.gameId] : undefined;
    if (app) for (const [name, path] of Object.entries(app.parts)) parts[`game-${name}`] = { template: templatePath(path) };
    return parts;
  }

  protected override async _prepareContext(): Promise<WindowContext> {
    const update = this.update;
    const app = update ? apps[update.table.gameId] : undefined;
    if (!update || !app) {
      return { tableId: this.tableId, gameKey: "CANTINA.Title", viewerLabel: "", isGM: env.amGM(), over: true, missing: true };
    }
    const seatName = update.table.seats.find((s) => s.seat === update.seat)?.name;
    const viewerLabel = env.amGM()
      ? (seatName ? `${seatName} · ${env.localize("CANTINA.Viewer.GM")}` : env.localize("CANTINA.Viewer.GM"))
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
    this.showError();
    for (const form of this.element.querySelectorAll<HTMLFormElement>("form[data-submit-action]")) {
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        const action = form.dataset.submitAction;
        const button = action ? form.querySelector<HTMLElement>(`[data-action="${CSS.escape(action)}"]:not([data-amount])`) : null;
        if (button) this.lastAction = this.runAction(button);
      });
    }
  }

  protected override _onClose(options: object): void {
    super._onClose(options);
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

  private async runAction(target: HTMLElement): Promise<void> {
    const update = this.update;
    const action = target.dataset.action ?? "";
    const handler = update ? apps[update.table.gameId]?.actions[action] : undefined;
    const client = this.runtime.client;
    if (!update || !handler || !client) return;
    const data: Record<string, string> = {};
    for (const [k, v] of Object.entries(target.dataset)) if (typeof v === "string") data[k] = v;
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
