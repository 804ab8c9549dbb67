/**
 * The balance lab as both hosts run it (Foundry's window, the standalone page's panel): the form read
 * from its drawn fields, the run on the browser's timers, the two templates' contexts. A host only
 * draws them (between chunks, the results alone).
 */
import type { AnyBot, AnyGame } from "../../rules/core";
import { formReader } from "../core/html";
import type { Localizer } from "../core/i18n";
import { errorMessage } from "../table/controller";
import {
  type LabCatalogue,
  type LabState,
  labCatalogue,
  labContext,
  labResults,
  newLab,
  readLab,
  startLab,
} from "./model";

export class LabSession {
  readonly catalogue: LabCatalogue;
  readonly lab: LabState;

  constructor(
    games: Readonly<Record<string, AnyGame>>,
    bots: Readonly<Record<string, Readonly<Record<string, AnyBot>>>>,
    private readonly i18n: Localizer,
  ) {
    this.catalogue = labCatalogue(games, bots);
    this.lab = newLab(this.catalogue);
  }

  /** templates/lab/lab.hbs's context: the form, and its refusal in the user's language. */
  formContext(): Record<string, unknown> {
    return labContext(this.lab, this.catalogue, (code, params) =>
      errorMessage({ code, params: params ?? {} }, undefined, this.i18n),
    );
  }

  /** templates/lab/results.hbs's context: the run's progress and figures. */
  resultsContext(): Record<string, unknown> {
    return { results: labResults(this.lab.run) };
  }

  /** Takes what the drawn form holds (no form drawn: the lab keeps what it has). */
  readForm(form: HTMLFormElement | null): void {
    if (form) readLab(this.lab, this.catalogue, formReader(form));
  }

  /**
   * Reads the form and starts the run it asks for (nothing while one runs; a refusal is kept for the
   * form to show); `changed` after each chunk, `done` after the last.
   */
  run(form: HTMLFormElement | null, changed: (done: boolean) => void): void {
    if (this.lab.run && !this.lab.run.done) return;
    this.readForm(form);
    startLab(this.lab, this.catalogue, {
      now: () => performance.now(),
      schedule: (next) => setTimeout(next, 0),
      changed: () => changed(this.lab.run?.done === true),
    });
  }

  cancel(): void {
    this.lab.run?.cancel();
  }
}
