/**
 * "Sending…" in a window while one of its requests awaits the host's answer, retries included:
 * its `[data-sending]` status, `aria-busy`, and its action buttons off (no second click); while its
 * move is kept for a GM who is not there, the status says so.
 */
import type { Localizer } from "../core/i18n";

/** What a window says while its move waits for a GM (src/table/client.ts keeps it). */
export const KEPT_KEY = "CANTINA.GameNight.Kept";

/** Marks the buttons `showSending` disabled: only those are enabled again (the others stay as drawn). */
const HELD = "data-sending-held";

/** Buttons that send nothing stay usable while a request is under way (the help). */
const SENDS_NOTHING = new Set(["tableHelp"]);

/** Both hosts call it when the client's sending state changes and after each render (which draws the status empty). */
export function showSending(windowEl: HTMLElement, sending: boolean, i18n: Localizer, kept = false): void {
  // A move kept while no GM answers: the window says so itself (the page's header is not where the player looks).
  const text = kept ? i18n.localize(KEPT_KEY) : sending ? i18n.localize("CANTINA.Sending") : "";
  for (const slot of windowEl.querySelectorAll<HTMLElement>("[data-sending]"))
    if (slot.textContent !== text) slot.textContent = text;
  if (sending) {
    windowEl.setAttribute("aria-busy", "true");
    for (const button of windowEl.querySelectorAll<HTMLButtonElement>("button[data-action]")) {
      if (button.disabled || SENDS_NOTHING.has(button.dataset.action ?? "")) continue;
      button.disabled = true;
      button.setAttribute(HELD, "");
    }
    return;
  }
  windowEl.removeAttribute("aria-busy");
  for (const button of windowEl.querySelectorAll<HTMLButtonElement>(`button[${HELD}]`)) {
    button.disabled = false;
    button.removeAttribute(HELD);
  }
}
