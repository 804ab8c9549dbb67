/**
 * What every panel of the standalone page is: it draws its region (`render`) and names its actions
 * (`actions`, by the `data-page-action` or `data-action` name the dispatcher finds on a control).
 */

/** An action: the control that asked for it (a button clicked, a field changed) and the event. */
export type PanelAction = (control: HTMLElement, event: Event) => void;

export interface Panel {
  /** Draws the panel's region from the page's current state (only what changed). */
  render(): void;
  readonly actions: Readonly<Record<string, PanelAction>>;
}
