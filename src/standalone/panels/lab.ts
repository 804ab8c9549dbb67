/**
 * The balance lab's panel (GM only): drawn at the head of the windows, its form read on a change, its
 * run started by the form and redrawn between chunks (only the figures, so the form keeps its focus).
 */
import type { Localizer } from "../../apps/core/i18n";
import { escapeHtml } from "../../apps/core/html";
import { LabSession } from "../../apps/lab/session";
import { bots, games } from "../../games";
import type { Render } from "../render";
import type { Panel, PanelAction } from "./panel";

export class LabPanel implements Panel {
  private readonly session: LabSession;
  private isOpen = false;

  readonly actions: Readonly<Record<string, PanelAction>> = {
    "lab-open": () => this.open(),
    "lab-close": () => this.close(),
    labRun: () => this.run(),
    labCancel: () => {
      this.session.cancel();
      this.render();
    },
    "lab-refresh": () => this.refreshForm(),
  };

  constructor(
    private readonly root: HTMLElement,
    private readonly renderTemplate: Render,
    private readonly i18n: Localizer,
  ) {
    this.session = new LabSession(games, bots, i18n);
  }

  private open(): void {
    this.isOpen = true;
    this.render();
    this.root.querySelector<HTMLElement>("[data-lab] select, [data-lab] button")?.focus();
  }

  private close(): void {
    this.session.cancel();
    this.isOpen = false;
    this.render();
  }

  /** A field of the form changed that other fields depend on: the form is read and drawn again. */
  private refreshForm(): void {
    this.session.readForm(this.form());
    this.render();
    this.root.querySelector<HTMLElement>("[data-lab] [data-lab-refresh]")?.focus();
  }

  /** Reads the form and starts the run; between chunks only the results are redrawn, then the whole panel. */
  private run(): void {
    this.session.run(this.form(), (done) => (done ? this.render() : this.drawResults()));
    this.render();
  }

  /** Draws the lab's panel at the head of the windows (or takes it away when closed). */
  render(): void {
    const region = this.root.querySelector<HTMLElement>('[data-region="windows"]');
    if (!region) return;
    const el = region.querySelector<HTMLElement>(":scope > [data-lab]");
    if (!this.isOpen) {
      el?.remove();
      return;
    }
    const close = escapeHtml(this.i18n.localize("CANTINA.Lab.Close"));
    const html = `<section class="cantina-window cantina-lab" data-lab aria-labelledby="cantina-lab-title">
      <header class="cantina-window-bar">
        <span>${escapeHtml(this.i18n.localize("CANTINA.Lab.Title"))}</span>
        <button type="button" data-page-action="lab-close" title="${close}"><span aria-hidden="true">×</span><span class="cantina-sr">${close}</span></button>
      </header>
      <div class="cantina-window-body">
        ${this.renderTemplate("lab/lab.hbs", this.session.formContext())}
        ${this.renderTemplate("lab/results.hbs", this.session.resultsContext())}
      </div>
    </section>`;
    if (el) el.outerHTML = html;
    else region.insertAdjacentHTML("afterbegin", html);
  }

  /** Only the progress and figures, between chunks (the form keeps its focus and values). */
  private drawResults(): void {
    const el = this.root.querySelector<HTMLElement>("[data-lab] [data-lab-results]");
    if (el) el.outerHTML = this.renderTemplate("lab/results.hbs", this.session.resultsContext());
  }

  private form(): HTMLFormElement | null {
    return this.root.querySelector<HTMLFormElement>("[data-lab-form]");
  }
}
