/**
 * The page's one action dispatcher: one delegated listener per event kind finds the nearest control
 * naming an action (`data-page-action`, else `data-action`) and calls the panel's action of that name.
 */
import type { Panel, PanelAction } from "./panel";

/** A click's control: a button (a page action before the game's own action name it may carry too). */
const CLICKED = "button[data-page-action], button[data-action]";
/** A change's control: a field naming a page action (the lobby's game, the chat's filter…). */
const CHANGED = "input[data-page-action], select[data-page-action], textarea[data-page-action]";

/** The action name a control carries: the page's own first (a bet button also names Foundry's action). */
export function actionName(control: HTMLElement): string {
  return control.dataset.pageAction ?? control.dataset.action ?? "";
}

/** Every panel's actions by name; two panels naming one action is a mistake found at once. */
export function actionTable(panels: readonly Panel[]): ReadonlyMap<string, PanelAction> {
  const table = new Map<string, PanelAction>();
  for (const panel of panels)
    for (const [name, action] of Object.entries(panel.actions)) {
      if (table.has(name)) throw new Error(`Two panels name the action "${name}"`);
      table.set(name, action);
    }
  return table;
}

export interface DispatchOptions {
  /** A clicked control whose name no panel has (a game's own action in its window): true if handled. */
  readonly otherwise?: (control: HTMLElement, event: Event) => boolean;
  /** A form submitted by Enter: the control that stands for it (its submit button), or none. */
  readonly submitter?: (form: HTMLFormElement) => HTMLElement | null;
}

/**
 * Binds the dispatcher to `root` (which stays while its content is redrawn): clicks, changes and
 * submits (Enter in a form runs the action of its submit control; a form is never sent by the browser).
 */
export function bindActions(root: HTMLElement, panels: readonly Panel[], options: DispatchOptions = {}): void {
  const table = actionTable(panels);
  const run = (control: HTMLElement, event: Event): void => {
    const action = table.get(actionName(control));
    if (action) {
      event.preventDefault();
      action(control, event);
    } else if (options.otherwise?.(control, event)) event.preventDefault();
  };
  const target = (event: Event): Element | null => (event.target instanceof Element ? event.target : null);
  root.addEventListener("click", (event) => {
    const control = target(event)?.closest<HTMLElement>(CLICKED);
    if (control && root.contains(control)) run(control, event);
  });
  root.addEventListener("change", (event) => {
    const control = target(event)?.closest<HTMLElement>(CHANGED);
    const action = control ? table.get(actionName(control)) : undefined;
    if (control && action) action(control, event);
  });
  root.addEventListener("submit", (event) => {
    event.preventDefault();
    const form = target(event);
    const control = form instanceof HTMLFormElement ? options.submitter?.(form) : null;
    if (control) run(control, event);
  });
}
