/**
 * The balance lab in Foundry (GM only): the shared lab model (src/apps/lab/model.ts) and the
 * standalone page's templates (templates/lab/), the run in chunks on the browser's timers, only the
 * results part redrawn between chunks.
 * Foundry globals touched: `foundry.applications.api` (through application.ts).
 */
import { errorMessage } from "../apps/table/controller";
import {
  type LabCatalogue,
  type LabState,
  labCatalogue,
  labContext,
  labResults,
  newLab,
  readLab,
  startLab,
} from "../apps/lab/model";
import { bots, games } from "../games";
import { CantinaApplication, i18n } from "./application";
import { templatePath } from "./game-window";

type LabWindowContext = Record<string, unknown>;

export class LabWindow extends CantinaApplication<LabWindowContext> {
  static override DEFAULT_OPTIONS = {
    id: "cantina-lab",
    classes: ["cantina-games", "cantina-lab"],
    tag: "section",
    window: { title: "CANTINA.Lab.Title", icon: "fa-solid fa-flask", resizable: true },
    position: { width: 520, height: "auto" as const },
    actions: {
      labRun: LabWindow.onRun,
      labCancel: LabWindow.onCancel,
    },
  };

  static override PARTS = {
    form: { template: templatePath("lab/lab.hbs") },
    results: { template: templatePath("lab/results.hbs") },
  };

  private readonly catalogue: LabCatalogue = labCatalogue(games, bots);
  readonly lab: LabState = newLab(this.catalogue);

  protected override async _prepareContext(): Promise<LabWindowContext> {
    return {
      ...labContext(this.lab, this.catalogue, (code, params) =>
        errorMessage({ code, params: params ?? {} }, undefined, i18n),
      ),
      results: labResults(this.lab.run),
    };
  }

  protected override async _onRender(
    context: LabWindowContext,
    options: Parameters<CantinaApplication<LabWindowContext>["_onRender"]>[1],
  ): Promise<void> {
    await super._onRender(context, options);
    const select = this.element.querySelector<HTMLSelectElement>("[data-lab-refresh]");
    select?.addEventListener("change", () => {
      this.read();
      void this.render();
    });
  }

  private read(): void {
    const form = this.element.querySelector<HTMLFormElement>("[data-lab-form]");
    if (!form) return;
    const data = new FormData(form);
    readLab(this.lab, this.catalogue, (name) => {
      const v = data.get(name);
      return typeof v === "string" ? v : null;
    });
  }

  /** Reads the form and starts the run; between chunks only the results part is redrawn. */
  run(): void {
    if (this.lab.run && !this.lab.run.done) return;
    this.read();
    startLab(this.lab, this.catalogue, {
      now: () => performance.now(),
      schedule: (next) => setTimeout(next, 0),
      changed: () => void this.render(this.lab.run?.done ? {} : { parts: ["results"] }),
    });
    void this.render();
  }

  /** Enter in the form runs it. */
  protected override onInnerSubmit(): void {
    this.run();
  }

  override async close(options?: Parameters<CantinaApplication<LabWindowContext>["close"]>[0]): Promise<this> {
    this.lab.run?.cancel();
    return super.close(options);
  }

  private static onRun(this: LabWindow): void {
    this.run();
  }

  private static onCancel(this: LabWindow): void {
    this.lab.run?.cancel();
    void this.render();
  }
}
