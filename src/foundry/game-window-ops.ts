/**
 * The game window's operations beyond the game's moves (src/foundry/game-window.ts): the GM's table
 * operations (end, pause, seats, rematch), each confirmed in a DialogV2 where it calls something off,
 * the GM's scene board controls and their form, and what a render keeps (the focus, typed stakes).
 * Foundry globals touched: `foundry.applications.api.DialogV2`, `canvas` (through scene-boards.ts).
 */
import { escapeHtml } from "../apps/core/html";
import { errorMessage, focusKey, refocus } from "../apps/table/controller";
import { CONFIRM_KEYS, chosenUser, gmOnlyTableOp, isTableOp, sendTableOp } from "../apps/table/tables";
import { type Result, succeed } from "../rules/core";
import type { TableClient } from "../table/client";
import type { TableUpdate } from "../table/protocol";
import { i18n } from "./application";
import * as env from "./env";
import { type ScenePlacements, placementOn, viewedScene, viewerBoard } from "./scene-boards";
import { MAX_BOARD_WIDTH, MIN_BOARD_WIDTH, type ScenePlacement } from "./scene-placement";

/** What the operations need of a game window. */
export interface OperatedWindow {
  readonly tableId: string;
  readonly update: TableUpdate | undefined;
  readonly client: TableClient | null | undefined;
  setError(text: string): void;
}

/** A yes/no question in Foundry's dialog: true only when the user says yes. */
export function confirm(titleKey: string, question: string): Promise<boolean> {
  return foundry.applications.api.DialogV2.confirm({
    window: { title: env.localize(titleKey) },
    content: `<p>${escapeHtml(question)}</p>`,
  }).then((ok) => ok === true);
}

/** The GM ends the table (the window header's "End"), after a confirmation. */
export async function endTable(win: OperatedWindow): Promise<void> {
  const client = win.client;
  if (!client || !env.amGM()) return;
  if (!(await confirm("CANTINA.Foundry.Tables.EndTitle", env.localize("CANTINA.Foundry.Tables.EndConfirm")))) return;
  const reply = await client.end(win.tableId);
  if (!reply.ok) win.setError(errorMessage(reply.error, win.update, i18n));
}

/** A GM's operation from the table controls, confirmed first where it calls off or removes something. */
export async function tableOperation(
  win: OperatedWindow,
  target: HTMLElement,
  openTable: (tableId: string) => void,
): Promise<void> {
  const client = win.client;
  const op = target.dataset.op;
  if (!client || !isTableOp(op) || (gmOnlyTableOp(op) && !env.amGM())) return;
  const question = CONFIRM_KEYS[op];
  if (
    question &&
    !(await confirm("CANTINA.TableOps.ConfirmTitle", env.format(question, { name: target.dataset.name ?? "" })))
  )
    return;
  const reply = await sendTableOp(client, op, win.tableId, target.dataset.seat ?? "", chosenUser(target));
  if (!reply.ok) win.setError(errorMessage(reply.error, win.update, i18n));
  else if ((op === "rematch" || op === "play-again") && reply.tableId && reply.tableId !== win.tableId)
    openTable(reply.tableId);
}

/** The GM's scene board controls: a running board game, a scene on the canvas; null hides them. */
export function sceneBoardContext(
  update: TableUpdate,
  ops: ScenePlacements | null,
  helpOpen: boolean,
): { placed: boolean; locked: boolean; help: boolean } | null {
  const scene = viewedScene();
  if (!env.amGM() || !ops || !scene || update.table.over || !viewerBoard(update)) return null;
  const placement = placementOn(scene, update.table.id);
  return { placed: placement !== null, locked: placement?.locked ?? false, help: helpOpen };
}

/**
 * A GM's scene board operation: place, lock, unlock, remove, or edit (the position, width and
 * rotation in a small form). The window redraws when the scene's flag comes back (windows.ts).
 */
export async function sceneBoardOperation(
  win: OperatedWindow,
  ops: ScenePlacements | null,
  target: HTMLElement,
): Promise<void> {
  if (!ops || !env.amGM()) return;
  const op = target.dataset.op;
  let result: Result = succeed({});
  if (op === "place") result = await ops.place(win.tableId);
  else if (op === "lock" || op === "unlock") result = await ops.change(win.tableId, { locked: op === "lock" });
  else if (op === "remove") result = await ops.remove(win.tableId);
  else if (op === "edit") {
    const change = await editPlacement(placementOn(viewedScene(), win.tableId));
    if (change) result = await ops.change(win.tableId, change);
  }
  win.setError(result.ok ? "" : errorMessage(result.error, win.update, i18n));
}

/**
 * What a re-render must not lose: the square or button with the keyboard focus (they have no id or
 * name, so Foundry cannot put it back) and the stakes being typed in the betting panel.
 */
export class RenderKeep {
  private focus: string | null = null;
  private stakes = new Map<string, string>();

  /** Before the render (`_preRender`). */
  before(element: HTMLElement | undefined): void {
    const focused = element?.querySelector<HTMLElement>(":focus") ?? null;
    this.focus = focused ? focusKey(focused) : null;
    this.stakes = new Map(stakeFields(element).map((i) => [i.name, i.value]));
  }

  /**
   * After it (`_onRender`): the stakes typed go back, and the focus goes back on the same square or
   * button, or, when it is gone (the Roll button after a roll), on the first piece that can move,
   * else the first of the game's controls.
   */
  after(element: HTMLElement): void {
    for (const input of stakeFields(element)) {
      const typed = this.stakes.get(input.name);
      if (typed !== undefined) input.value = typed;
    }
    const key = this.focus;
    this.focus = null;
    refocus(element, key);
  }
}

function stakeFields(element: HTMLElement | undefined): HTMLInputElement[] {
  return [...(element?.querySelectorAll<HTMLInputElement>("[data-betting] input") ?? [])].filter((i) =>
    i.name.startsWith("bet-"),
  );
}

/** The GM's form for a placed board: centre, width and rotation; null when dismissed or unreadable. */
export async function editPlacement(
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
