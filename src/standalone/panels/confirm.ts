/**
 * The page's modal question before an operation that calls off or removes something: a native
 * dialog (Escape cancels, the focus stays inside it), answered yes or no.
 */
import { escapeHtml } from "../../apps/core/html";
import type { Localizer } from "../../apps/core/i18n";

export function confirmDialog(i18n: Localizer, question: string): Promise<boolean> {
  const dialog = document.createElement("dialog");
  dialog.className = "cantina-confirm";
  dialog.setAttribute("aria-labelledby", "cantina-confirm-title");
  dialog.innerHTML = `<h2 id="cantina-confirm-title">${escapeHtml(i18n.localize("CANTINA.TableOps.ConfirmTitle"))}</h2>
      <p>${escapeHtml(question)}</p>
      <form method="dialog"><button value="yes" data-confirm="yes">${escapeHtml(i18n.localize("CANTINA.TableOps.Confirm"))}</button>
      <button value="no" data-confirm="no" autofocus>${escapeHtml(i18n.localize("CANTINA.TableOps.Cancel"))}</button></form>`;
  document.body.append(dialog);
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => {
      resolve(dialog.returnValue === "yes");
      dialog.remove();
    });
    dialog.showModal();
  });
}
