/**
 * The balance lab's panel (GM only): drawn at the head of the windows, its form read on a change, its
 * run started by the form and redrawn between chunks (only the figures, so the form keeps its focus).
 */
import { errorMessage } from "../../apps/table/controller";
import type { Localizer } from "../../apps/core/i18n";
import { escapeHtml } from "../../apps/core/html";
import {
  type LabCatalogue,
  type LabState,
  labCatalogue,
  labContext,
  labResults,
  newLab,
  readLab,
  startLab,
} from "../../apps/lab/model";
import { bots, games } from "../../games";
import type { Render } from "../render";
import type { Panel, PanelAction } from "./panel";

export class LabPanel implements Panel {
  private readonly labGames: LabCatalogue = labCatalogue(games, bots);
  private readonly lab: LabState = newLab(this.labGames);
  private isOpen = false;

  readonly actions: Readonly<Record<string, PanelAction>> = {
    "lab-open": () => this.open(),
    "lab-close": () => this.close(),
    labRun: () => this.run(),
    labCancel: () => {
      this.lab.run?.cancel();
      this.render();
    },
    "lab-refresh": () => this.refreshForm(),
  };

  constructor(
    private readonly root: HTMLElement,
    private readonly renderTemplate: Render,
    private readonly i18n: Localizer,
  ) {}

  private open(): void {
    this.isOpen = true;
    this.render();
    this.root.querySelector<HTMLElement>("[data-lab] select, [data-lab] button")?.focus();
  }

  private close(): void {
    this.lab.run?.cancel();
    this.isOpen = false;
    this.render();
  }

  /** A field of the form changed that other fields depend on: the form is read and drawn again. */
  private refreshForm(): void {
    this.readForm();
    this.render();
    this.root.querySelector<HTMLElement>("[data-lab] [data-lab-refresh]")?.focus();
  }

  /** Reads the form and starts the run; between chunks only the results are redrawn, then the whole panel. */
  private run(): void {
    if (this.lab.run && !this.lab.run.done) return;
    this.readForm();
    startLab(this.lab, this.labGames, {
      now: () => performance.now(),
      schedule: (next) => setTimeout(next, 0),
      changed: () => (this.lab.run?.done ? this.render() : this.drawResults()),
    });
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
        ${this.renderTemplate(
          "lab/lab.hbs",
          labContext(this.lab, this.labGames, (key, params) =>
            errorMessage({ code: key, params: params ?? {} }, undefined, this.i18n),
          ),
        )}
        ${this.renderTemplate("lab/results.hbs", { results: labResults(this.lab.run) })}
      </div>
    </section>`;
    if (el) el.outerHTML = html;
    else region.insertAdjacentHTML("afterbegin", html);
  }

  /** Only the progress and figures, between chunks (the form keeps its focus and values). */
  private drawResults(): void {
    const el = this.root.querySelector<HTMLElement>("[data-lab] [data-lab-results]");
    if (el) el.outerHTML = this.renderTemplate("lab/results.hbs", { results: labResults(this.lab.run) });
  }

  private readForm(): void {
    const form = this.root.querySelector<HTMLFormElement>("[data-lab-form]");
    if (!form) return;
    const data = new FormData(form);
    readLab(this.lab, this.labGames, (name) => {
      const v = data.get(name);
      return typeof v === "string" ? v : null;
    });
  }
}
