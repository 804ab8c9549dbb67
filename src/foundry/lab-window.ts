/**
 * The balance lab in Foundry (GM only): the lab both hosts run (src/apps/lab/session.ts) in the
 * standalone page's templates (templates/lab/), only the results part redrawn between chunks.
 * Foundry globals touched: `foundry.applications.api` (through application.ts).
 */
import type { LabState } from "../apps/lab/model";
import { LabSession } from "../apps/lab/session";
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

  private readonly session = new LabSession(games, bots, i18n);

  get lab(): LabState {
    return this.session.lab;
  }

  protected override async _prepareContext(): Promise<LabWindowContext> {
    return { ...this.session.formContext(), ...this.session.resultsContext() };
  }

  protected override async _onRender(
    context: LabWindowContext,
    options: Parameters<CantinaApplication<LabWindowContext>["_onRender"]>[1],
  ): Promise<void> {
    await super._onRender(context, options);
    const select = this.element.querySelector<HTMLSelectElement>("[data-lab-refresh]");
    select?.addEventListener("change", () => {
      this.session.readForm(this.labForm());
      void this.render();
    });
  }

  private labForm(): HTMLFormElement | null {
    return this.element.querySelector<HTMLFormElement>("[data-lab-form]");
  }

  /** Reads the form and starts the run; between chunks only the results part is redrawn. */
  run(): void {
    this.session.run(this.labForm(), (done) => void this.render(done ? {} : { parts: ["results"] }));
    void this.render();
  }

  /** Enter in the form runs it. */
  protected override onInnerSubmit(): void {
    this.run();
  }

  override async close(options?: Parameters<CantinaApplication<LabWindowContext>["close"]>[0]): Promise<this> {
    this.session.cancel();
    return super.close(options);
  }

  private static onRun(this: LabWindow): void {
    this.run();
  }

  private static onCancel(this: LabWindow): void {
    this.session.cancel();
    void this.render();
  }
}
