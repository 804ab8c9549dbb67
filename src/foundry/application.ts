/**
 * The base of every Cantina window in Foundry: HandlebarsApplicationMixin(ApplicationV2) with the
 * module's class, clicks taken from the primary button only (v13 also routes `contextmenu` through
 * the click handler), and a form handler for windows whose root is a form.
 * Foundry globals touched: `foundry.applications.api`.
 */
import type { Localizer } from "../apps/core/i18n";
import * as env from "./env";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

/** A click from the primary button (a stand-in event without `button` counts as one). */
export function isPrimary(event: Event): boolean {
  return ((event as MouseEvent).button ?? 0) === 0;
}

/**
 * Opens `win` once `previous`, a window of the same id, has closed (a close under way is waited
 * for; a window not drawn only becomes CLOSED): Foundry 13.351's close takes the id out of
 * `foundry.applications.instances` after its animation, whichever window holds it by then.
 */
export function renderAfterClose(
  previous: foundry.applications.api.ApplicationV2 | null | undefined,
  win: foundry.applications.api.ApplicationV2,
): Promise<unknown> {
  const closed = previous ? previous.close().catch(() => undefined) : Promise.resolve();
  return closed.then(() => win.render({ force: true }));
}

/** The Localizer the shared models (src/apps) take, from Foundry's i18n. */
export const i18n: Localizer = { localize: env.localize, format: env.format };

type Context = Record<string, unknown>;

export class CantinaApplication<C extends Context = Context> extends HandlebarsApplicationMixin(ApplicationV2)<C> {
  /**
   * A form inside the window (a bet, a ledger form) is never submitted as a bare form, which would
   * navigate and reload Foundry: Enter in it runs `onInnerSubmit`. The root form of a window whose
   * tag is "form" is ApplicationV2's own (its `form.handler`).
   *
   * Attached with the frame's own listeners: `close()` discards the element (`_tearDown`) and the
   * next render builds a new frame and calls this again, so every frame the window ever has is
   * guarded, once.
   */
  protected override _attachFrameListeners(): void {
    super._attachFrameListeners();
    const frame = this.element;
    if (typeof frame?.addEventListener !== "function") return;
    frame.addEventListener("submit", (event) => {
      if (event.target === frame) return;
      event.preventDefault();
      this.onInnerSubmit(event.target as HTMLFormElement);
    });
  }

  /** Enter in a form inside the window (subclasses send what the form is for). */
  protected onInnerSubmit(_form: HTMLFormElement): void {}

  /**
   * Clicks on `data-action`s the window's DEFAULT_OPTIONS do not list: only the primary button,
   * then `onAction`.
   */
  protected override _onClickAction(event: PointerEvent, target: HTMLElement): void {
    if (!isPrimary(event)) return;
    event.preventDefault();
    this.onAction(event, target);
  }

  /** A primary click on a `data-action` the window does not list (subclasses run their game's actions here). */
  protected onAction(_event: PointerEvent, _target: HTMLElement): void {}
}
