/**
 * The tournament window on the page (issue 37): the shared app's context and templates
 * (src/apps/tournament, templates/tournament/) drawn at the head of the windows, its actions sent
 * through the TableClient, and the page's own part below: the stand-in characters' sheets.
 */
import type { Localizer } from "../../apps/core/i18n";
import { escapeHtml, formReader } from "../../apps/core/html";
import { errorMessage } from "../../apps/table/controller";
import { showSending } from "../../apps/table/sending";
import {
  TOURNAMENT_ACTIONS,
  TOURNAMENT_TEMPLATES,
  type TournamentAction,
  TransferIds,
  selectedTournament,
  tournamentContext,
  tournamentRequest,
  transferKey,
} from "../../apps/tournament";
import type { TableClient } from "../../table/client";
import { type StandInSheets, standInId } from "../characters";
import type { Render } from "../render";
import { dataKey, restoreFields, typedFields } from "./kept-fields";
import type { Panel, PanelAction } from "./panel";

export interface TournamentPanelHost {
  readonly client: TableClient;
  readonly renderTemplate: Render;
  readonly i18n: Localizer;
  readonly isGM: boolean;
  /** The stand-ins' sheets in this browser's storage (the GM tab's; another tab reads them). */
  readonly sheets: StandInSheets;
  /** Opens a round's table in its window. */
  openWindow(tableId: string): void;
}

/** The controls the focus can be on, found again by their place after a redraw. */
const FOCUSABLE = "button, input, select, textarea, summary";

export class TournamentPanel implements Panel {
  private isOpen = false;
  private selected: string | null = null;
  private error = "";
  private standInError = "";
  private drawnHtml = "";
  private readonly transferIds = new TransferIds();
  /** Requests sent and not answered yet: the window says "sending…" and holds its buttons. */
  private sending = 0;
  /** The folding sections the viewer opened or closed, by key: a redraw keeps them so. */
  private readonly folded = new Map<string, boolean>();

  readonly actions: Readonly<Record<string, PanelAction>>;

  constructor(
    private readonly root: HTMLElement,
    private readonly host: TournamentPanelHost,
  ) {
    const send = Object.fromEntries(
      TOURNAMENT_ACTIONS.map((action) => [action, (control: HTMLElement) => void this.send(action, control)]),
    );
    this.actions = {
      ...send,
      "tournament-open": () => this.open(),
      "tournament-close": () => this.close(),
      "tournament-select": (control) => {
        if (!(control instanceof HTMLSelectElement)) return;
        this.selected = control.value;
        this.error = "";
        this.render();
      },
      "tournament-open-table": (control) => this.host.openWindow(control.dataset.tableId ?? ""),
      "tournament-copy": () => void this.copySummary(),
      "stand-in-set": (control) => this.setStandIn(control),
    };
    // Another tab changed a stand-in's sheet (the GM tab writes them): the credits shown follow.
    window.addEventListener("storage", () => this.render());
    // A <details> toggled (the event does not bubble: caught on its way down).
    root.addEventListener(
      "toggle",
      (event) => {
        const details = event.target;
        if (!(details instanceof HTMLDetailsElement) || !details.closest("[data-tournament-window]")) return;
        const key = dataKey(details);
        if (key) this.folded.set(key, details.open);
      },
      true,
    );
  }

  private open(): void {
    this.isOpen = true;
    this.render();
    const el = this.element();
    el?.scrollIntoView({ block: "nearest" });
    el?.querySelector<HTMLElement>("[data-page-action='tournament-close']")?.focus();
  }

  private close(): void {
    this.isOpen = false;
    this.render();
    this.root.querySelector<HTMLElement>("[data-page-action='tournament-open']")?.focus();
  }

  private element(): HTMLElement | null {
    return this.root.querySelector<HTMLElement>("[data-region='windows'] > [data-tournament-window]");
  }

  /** Redrawn when its HTML changed, with what the viewer typed, the focus and the folding as they were. */
  render(): void {
    const region = this.root.querySelector<HTMLElement>('[data-region="windows"]');
    if (!region) return;
    const el = this.element();
    if (!this.isOpen) {
      el?.remove();
      this.drawnHtml = "";
      return;
    }
    const html = this.html();
    if (el && html === this.drawnHtml) return;
    this.drawnHtml = html;
    const typed = el ? typedFields(el) : null;
    // A button keeps the focus by its place (a sign-up button that became "withdraw").
    const focused = el ? [...el.querySelectorAll(FOCUSABLE)].indexOf(document.activeElement as Element) : -1;
    if (el) el.outerHTML = html;
    else region.insertAdjacentHTML("afterbegin", html);
    const drawn = this.element();
    if (!drawn) return;
    for (const details of drawn.querySelectorAll("details")) {
      const open = this.folded.get(dataKey(details) ?? "");
      if (open !== undefined) details.open = open;
    }
    const refocused = typed ? restoreFields(drawn, typed) : false;
    if (!refocused && focused >= 0) drawn.querySelectorAll<HTMLElement>(FOCUSABLE)[focused]?.focus();
    this.showSending();
  }

  private showSending(): void {
    const el = this.element();
    if (el) showSending(el, this.sending > 0, this.host.i18n);
  }

  private html(): string {
    const { client, i18n, isGM, renderTemplate, sheets } = this.host;
    const known = (id: string): number | undefined => sheets.get(id)?.credits;
    const context = tournamentContext(client.tournaments, client.events, { user: client.user, isGM }, i18n, {
      selected: this.selected,
      error: this.error,
      sheetCredits: known,
      time: (at) => new Date(at).toLocaleString(),
    });
    const standIns = isGM ? sheets.all() : [sheets.get(standInId(client.user))].filter((s) => s !== null);
    const close = escapeHtml(i18n.localize("CANTINA.Tournament.UI.Close"));
    // A frame, not a landmark: the window's own section (its template) is the one region named "Tournament".
    return `<div class="cantina-window cantina-tournament-window" data-tournament-window>
      <header class="cantina-window-bar">
        <span>${escapeHtml(i18n.localize("CANTINA.Tournament.UI.Title"))}</span>
        <button type="button" data-page-action="tournament-close" title="${close}"><span aria-hidden="true">×</span><span class="cantina-sr">${close}</span></button>
      </header>
      <div class="cantina-window-body">
        ${TOURNAMENT_TEMPLATES.map((t) => renderTemplate(t, context)).join("")}
        ${renderTemplate("standalone/stand-ins.hbs", { isGM, standIns, error: this.standInError })}
      </div>
    </div>`;
  }

  /** One action's request, sent; its refusal (or the form's) shown in the window's error line. */
  private async send(action: TournamentAction, control: HTMLElement): Promise<void> {
    const { client, i18n } = this.host;
    const form = control.closest("form");
    const read = form ? formReader(form) : () => null;
    const view = selectedTournament(client.tournaments, this.selected);
    const label = (key: string): string => i18n.localize(`CANTINA.Tournament.UI.Field.${key}`);
    const asked = tournamentRequest(action, { ...control.dataset }, read, {
      view,
      transferIds: this.transferIds,
      label,
    });
    if (!asked.ok) return this.showError(errorMessage(asked.error, undefined, i18n), form);
    const { request } = asked;
    // Where the focus goes back after the redraw (the control at the clicked one's place).
    const at = [...(this.element()?.querySelectorAll(FOCUSABLE) ?? [])].indexOf(control);
    this.sending++;
    this.showSending();
    const reply = await client.tournament(request).finally(() => this.sending--);
    if (request.type === "tournament-transfer") this.transferIds.answered(transferKey(request), reply);
    // A new tournament: its form folds away again (the window now shows the tournament).
    if (reply.ok && reply.tournamentId) {
      this.selected = reply.tournamentId;
      this.folded.delete("data-tournament-create-box=");
    }
    if (reply.ok && reply.tableIds) for (const id of reply.tableIds) this.host.openWindow(id);
    // Done: the form it came from starts afresh (a redraw meanwhile may have drawn it anew).
    const sent = form ? formSelector(form) : null;
    if (reply.ok && sent) this.element()?.querySelector<HTMLFormElement>(sent)?.reset();
    this.showError(reply.ok ? "" : errorMessage(reply.error, undefined, i18n), reply.ok ? null : form, at);
  }

  /** Shows `text` (or clears it) and redraws; a refused form keeps what was typed, else the focus goes back to `at`. */
  private showError(text: string, keep: HTMLFormElement | null, at = -1): void {
    this.error = text;
    const typed = keep ? [...new FormData(keep).entries()] : null;
    const selector = keep ? formSelector(keep) : null;
    (document.activeElement as HTMLElement | null)?.blur();
    this.drawnHtml = "";
    this.render();
    if (!typed || !selector) {
      if (at >= 0) this.element()?.querySelectorAll<HTMLElement>(FOCUSABLE)[at]?.focus();
      return;
    }
    const form = this.element()?.querySelector<HTMLFormElement>(selector);
    for (const [name, value] of typed) {
      const field = form?.elements.namedItem(name);
      if (typeof value === "string" && (field instanceof HTMLInputElement || field instanceof HTMLSelectElement))
        field.value = value;
    }
    form?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }

  /** The GM sets a stand-in's credits (the page's character sheet); a refusal shows under the list. */
  private setStandIn(control: HTMLElement): void {
    const { i18n, sheets } = this.host;
    const form = control.closest("form");
    const typed = form ? (formReader(form)("credits") ?? "").trim() : "";
    const credits = /^\d+$/.test(typed) ? Number(typed) : NaN;
    const set = sheets.setCredits(control.dataset.standInId ?? "", credits);
    this.standInError = set.ok ? "" : errorMessage(set.error, undefined, i18n);
    (document.activeElement as HTMLElement | null)?.blur();
    this.drawnHtml = "";
    this.render();
  }

  private async copySummary(): Promise<void> {
    const text = this.element()?.querySelector<HTMLTextAreaElement>("[data-tournament-summary]");
    if (!text) return;
    text.select();
    try {
      await navigator.clipboard.writeText(text.value);
    } catch {
      // No clipboard here (an insecure address): the text stays selected for the GM to copy.
    }
  }
}

/** A selector that finds a form again after a redraw: its first `data-*` attribute and value. */
function formSelector(form: HTMLFormElement): string | null {
  const attr = [...form.attributes].find((a) => a.name.startsWith("data-"));
  return attr ? `form[${attr.name}="${CSS.escape(attr.value)}"]` : null;
}
