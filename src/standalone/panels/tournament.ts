/**
 * The tournament window on the page (issue 37): the shared app's context and templates
 * (src/apps/tournament, templates/tournament/) drawn at the head of the windows, its actions sent
 * through the TableClient, and the page's own part below: the stand-in characters' sheets.
 */
import type { Localizer } from "../../apps/core/i18n";
import { escapeHtml, formReader } from "../../apps/core/html";
import { errorMessage } from "../../apps/table/controller";
import {
  TOURNAMENT_ACTIONS,
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

/** The window's templates, in the order they are drawn (Foundry's window draws them as its parts). */
export const TOURNAMENT_TEMPLATES = ["tournament/window.hbs", "tournament/money.hbs", "tournament/gm.hbs"] as const;

/** The controls the focus can be on, found again by their place after a redraw. */
const FOCUSABLE = "button, input, select, textarea, summary";

export class TournamentPanel implements Panel {
  private isOpen = false;
  private selected: string | null = null;
  private error = "";
  private standInError = "";
  private drawnHtml = "";
  private readonly transferIds = new TransferIds();

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

  /** Redrawn when its HTML changed, never while someone types in one of its fields. */
  render(): void {
    const region = this.root.querySelector<HTMLElement>('[data-region="windows"]');
    if (!region) return;
    const el = this.element();
    if (!this.isOpen) {
      el?.remove();
      this.drawnHtml = "";
      return;
    }
    const typing = document.activeElement?.closest("[data-tournament-window] :is(input, select, textarea)");
    if (el && typing) return;
    const html = this.html();
    if (el && html === this.drawnHtml) return;
    this.drawnHtml = html;
    // The focus stays on the control at the same place (a sign-up button that became "withdraw").
    const focused = el ? [...el.querySelectorAll(FOCUSABLE)].indexOf(document.activeElement as Element) : -1;
    if (el) el.outerHTML = html;
    else region.insertAdjacentHTML("afterbegin", html);
    if (focused >= 0) this.element()?.querySelectorAll<HTMLElement>(FOCUSABLE)[focused]?.focus();
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
    return `<section class="cantina-window cantina-tournament-window" data-tournament-window aria-labelledby="cantina-tournament-title">
      <header class="cantina-window-bar">
        <span>${escapeHtml(i18n.localize("CANTINA.Tournament.UI.Title"))}</span>
        <button type="button" data-page-action="tournament-close" title="${close}"><span aria-hidden="true">×</span><span class="cantina-sr">${close}</span></button>
      </header>
      <div class="cantina-window-body">
        ${TOURNAMENT_TEMPLATES.map((t) => renderTemplate(t, context)).join("")}
        ${renderTemplate("standalone/stand-ins.hbs", { isGM, standIns, error: this.standInError })}
      </div>
    </section>`;
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
    const reply = await client.tournament(request);
    if (request.type === "tournament-transfer") this.transferIds.answered(transferKey(request), reply);
    if (reply.ok && reply.tournamentId) this.selected = reply.tournamentId;
    if (reply.ok && reply.tableIds) for (const id of reply.tableIds) this.host.openWindow(id);
    this.showError(reply.ok ? "" : errorMessage(reply.error, undefined, i18n), reply.ok ? null : form);
  }

  /** Shows `text` (or clears it) and redraws; a refused form keeps what was typed. */
  private showError(text: string, keep: HTMLFormElement | null): void {
    this.error = text;
    const typed = keep ? [...new FormData(keep).entries()] : null;
    const selector = keep ? formSelector(keep) : null;
    (document.activeElement as HTMLElement | null)?.blur();
    this.drawnHtml = "";
    this.render();
    if (!typed || !selector) return;
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
