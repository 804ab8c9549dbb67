/**
 * The balance lab window in Foundry, against a stand-in for `foundry.applications.api` (as
 * ledger-window.test.ts): its parts are the shared lab templates, it offers the registry's
 * two-player games with bots, a run goes in chunks on the timers redrawing only the results part
 * until the end, and the cancel stops it. The templates are rendered with Handlebars from the context.
 */
import { readFileSync } from "node:fs";
import Handlebars from "handlebars";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import type { LabWindow as LabWindowClass } from "../../src/foundry/lab-window";
import { type LabState, labCatalogue, newLab } from "../../src/apps/lab/model";
import { bots, games } from "../../src/games";

/** The lab's form on Hununga, weak bots on both sides, `count` games. */
const hunungaLab = (count: string): LabState => ({
  ...newLab(labCatalogue(games, bots), "hununga"),
  bots: ["weak", "weak"],
  games: count,
});

class FakeApplication {
  static PARTS: Record<string, { template: string }> = {};
  readonly element = { querySelector: () => null, querySelectorAll: () => [], contains: () => false };
  rendered = false;
  renders: object[] = [];
  constructor(readonly options: object) {}
  async _onRender(): Promise<void> {}
  async render(options: object = {}): Promise<this> {
    this.rendered = true;
    this.renders.push(options);
    return this;
  }
  async close(): Promise<this> {
    return this;
  }
}

interface LabInternals {
  _prepareContext(): Promise<Record<string, unknown>>;
  readonly lab: LabState;
  renders: { parts?: string[] }[];
  close(): Promise<unknown>;
}

let LabWindow: typeof LabWindowClass;

beforeAll(async () => {
  (globalThis as unknown as Record<string, unknown>).foundry = {
    applications: { api: { ApplicationV2: FakeApplication, HandlebarsApplicationMixin: <T>(base: T) => base } },
  };
  (globalThis as unknown as Record<string, unknown>).game = {
    i18n: { localize: (k: string) => k, format: (k: string) => k, has: () => false },
  };
  ({ LabWindow } = await import("../../src/foundry/lab-window"));
});

afterAll(() => {
  const g = globalThis as unknown as Record<string, unknown>;
  for (const k of ["foundry", "game"]) delete g[k];
});

type Actions = Record<string, (this: unknown) => void>;
const actions = () => (LabWindow as unknown as { DEFAULT_OPTIONS: { actions: Actions } }).DEFAULT_OPTIONS.actions;

/** Lets the window's chunks (setTimeout 0) run until `done`. */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 2_000 && !done(); i++) await new Promise((r) => setTimeout(r, 0));
}

function renderTemplates(context: Record<string, unknown>): string {
  const hbs = Handlebars.create();
  hbs.registerHelper("localize", (key: unknown) => String(key));
  const parts = (LabWindow as unknown as { PARTS: Record<string, { template: string }> }).PARTS;
  return Object.values(parts)
    .map((p) => hbs.compile(readFileSync(p.template.replace(/^modules\/cantina-games\//, ""), "utf8"))(context))
    .join("");
}

describe("the balance lab window", () => {
  it("draws the shared lab templates with the registry's two-player games that have bots", async () => {
    const win = new LabWindow({}) as unknown as LabInternals;
    const context = await win._prepareContext();
    const games = context.games as { id: string }[];
    expect(games.map((g) => g.id)).toContain("hununga");
    expect(games.map((g) => g.id)).not.toContain("sabacc-super-simplified");
    const html = renderTemplates(context);
    expect(html).toContain('name="gameId"');
    expect(html).toContain('data-action="labRun"');
  });

  it("runs in chunks, redrawing only the results until the run is over, then the whole window", async () => {
    // Each reading of the clock is 50 ms later: every game fills a chunk, however fast the machine.
    let clock = 0;
    const now = vi.spyOn(performance, "now").mockImplementation(() => (clock += 50));
    onTestFinished(() => now.mockRestore());
    const win = new LabWindow({}) as unknown as LabInternals;
    Object.assign(win.lab, hunungaLab("3"));
    actions().labRun!.call(win);
    expect(win.lab.error).toBe("");
    await until(() => win.lab.run?.done === true);
    expect(win.lab.run?.stats.games).toBe(3);
    expect(win.renders.some((r) => r.parts?.join() === "results")).toBe(true);
    expect(win.renders.at(-1)?.parts).toBeUndefined();
    const html = renderTemplates(await win._prepareContext());
    expect(html).toContain("data-lab-side");
  });

  it("stops a run at the cancel, and when the window closes", async () => {
    const win = new LabWindow({}) as unknown as LabInternals;
    Object.assign(win.lab, hunungaLab("5000"));
    actions().labRun!.call(win);
    await until(() => (win.lab.run?.stats.games ?? 0) >= 1);
    actions().labCancel!.call(win);
    await until(() => win.lab.run?.done === true);
    expect(win.lab.run?.cancelled).toBe(true);
    expect(win.lab.run!.stats.games).toBeLessThan(5000);
    actions().labRun!.call(win);
    await win.close();
    expect(win.lab.run?.cancelled).toBe(true);
  });
});
