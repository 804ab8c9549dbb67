/**
 * The replay window in Foundry: the standalone page's replay template and controls on a finished
 * table's steps, as the host sent them to this user (their own view, in pages: apps/replay/pages.ts),
 * or computed here from a whole record (the hosting GM's, or an imported file), when the GM may look
 * through any seat's eyes.
 * Foundry globals touched: `foundry.applications.api` (application.ts), `foundry.applications.handlebars`,
 * `foundry.utils.saveDataToFile`.
 */
import { type BoardContext, isBoardContext } from "../apps/board/context";
import { watchSlides } from "../apps/board/slide";
import { REPLAY_SPEEDS, viewedWindowContext } from "../apps/replay/context";
import { replayViewers, viewedUpdate, viewerKey } from "../apps/replay/model";
import type { LoadedReplay, ReplayPages } from "../apps/replay/pages";
import { apps, chatNamers, games } from "../games";
import { type AnyGame, type Result, refused, succeed } from "../rules/core";
import {
  type ReplayRecord,
  type ReplayStep,
  exportRecord,
  importRecord,
  recordFileName,
  replaySteps,
} from "../table/record-file";
import { viewReplay } from "../table/replay-view";
import { Errors } from "../table/protocol";
import { CantinaApplication, i18n, renderAfterClose } from "./application";
import * as env from "./env";
import { templatePath } from "./game-window";
import { type ReplayAsker, hostReplayPages } from "./replay-pages";

type Context = Record<string, unknown>;

/** A whole record with its replayed steps: any viewer can be computed from it. */
export interface FullReplay {
  readonly record: ReplayRecord;
  readonly game: AnyGame;
  readonly steps: readonly ReplayStep[];
}

export interface ReplaySource {
  /** The steps as first shown (the host's first page, or the GM's view of a whole record). */
  readonly viewed: LoadedReplay;
  /** The whole record, when this client has it (the hosting GM, an imported file). */
  readonly full?: FullReplay;
  /** The host's pages, when the steps come from the host: fetched as the window steps. */
  readonly pages?: ReplayPages;
}

export class ReplayWindow extends CantinaApplication<Context> {
  static override DEFAULT_OPTIONS = {
    classes: ["cantina-games", "cantina-replay-app"],
    tag: "section",
    window: { title: "CANTINA.Replay.Title", icon: "fa-solid fa-clock-rotate-left", resizable: true },
    position: { width: 640, height: "auto" as const },
  };

  static override PARTS = {
    replay: { template: templatePath("replay/window.hbs") },
  };

  private viewed: LoadedReplay;
  index = 0;
  speedMs = REPLAY_SPEEDS[1] ?? 1000;
  private timer: ReturnType<typeof setInterval> | null = null;
  private listening = false;
  /** The board of the step shown: a step's moved pieces slide along its tracks, as in a table's window. */
  private board: BoardContext | null = null;
  private stopSlides: (() => void) | null = null;

  constructor(private readonly source: ReplaySource) {
    super({ id: `cantina-replay-${source.viewed.id}` });
    this.viewed = source.viewed;
  }

  get steps(): number {
    return this.viewed.steps.length;
  }

  get playing(): boolean {
    return this.timer !== null;
  }

  protected override async _prepareContext(): Promise<Context> {
    const app = apps[this.viewed.gameId];
    const game = games[this.viewed.gameId];
    const partsContext = app ? app.context(viewedUpdate(this.viewed, this.index)) : {};
    this.board = isBoardContext(partsContext.board) ? partsContext.board : null;
    const render = foundry.applications.handlebars.renderTemplate;
    const body = app
      ? (await Promise.all(Object.values(app.parts).map((p) => render(templatePath(p), partsContext)))).join("")
      : "";
    return viewedWindowContext(
      this.viewed,
      {
        index: this.index,
        playing: this.playing,
        speedMs: this.speedMs,
        chooseViewer: this.source.full !== undefined && env.amGM(),
        canExport: env.amGM(),
      },
      i18n,
      chatNamers,
      game ? env.localize(game.nameKey) : this.viewed.gameId,
      body,
    );
  }

  protected override async _onRender(
    context: Context,
    options: Parameters<CantinaApplication<Context>["_onRender"]>[1],
  ): Promise<void> {
    await super._onRender(context, options);
    if (this.listening) return;
    this.listening = true;
    // A step's moves slide on the board as they do in a table's window (src/apps/board/slide.ts).
    this.stopSlides = watchSlides(this.element, () => this.board);
    // The shared template's controls carry `data-replay-action`, not ApplicationV2's `data-action`.
    // (Targets are matched by selector, not `instanceof`: the page's element classes are not this realm's.)
    const targetOf = (event: Event): HTMLElement | null =>
      typeof (event.target as HTMLElement | null)?.matches === "function" ? (event.target as HTMLElement) : null;
    this.element.addEventListener("click", (event) => {
      const button = targetOf(event)?.closest<HTMLElement>("[data-replay-action]");
      if (!button || (event as MouseEvent).button > 0) return;
      event.preventDefault();
      this.act(button.dataset.replayAction ?? "");
    });
    this.element.addEventListener("input", (event) => {
      const target = targetOf(event);
      if (target?.matches("[data-replay-slider]")) this.go(Number((target as HTMLInputElement).value));
    });
    this.element.addEventListener("change", (event) => {
      const target = targetOf(event);
      if (target?.matches("[data-replay-speed]")) {
        this.speedMs = Number((target as HTMLSelectElement).value);
        if (this.playing) this.play();
      } else if (target?.matches("[data-replay-viewer-choice]")) this.chooseViewer((target as HTMLSelectElement).value);
    });
  }

  /** Runs one of the template's controls. */
  act(action: string): void {
    switch (action) {
      case "close":
        void this.close();
        return;
      case "first":
        return this.go(0);
      case "back":
        return this.go(this.index - 1);
      case "forward":
        return this.go(this.index + 1);
      case "last":
        return this.go(this.steps - 1);
      case "play":
        return this.play();
      case "pause":
        this.stop();
        void this.render();
        return;
      case "export":
        this.exportRecord();
        return;
    }
  }

  /**
   * Moves to a step, kept within the replay; the end stops playing. A step of the host's pages not
   * fetched yet is fetched first (the window stays where it is until it is here; a refusal is shown
   * and stops playing).
   */
  go(index: number): void {
    const target = Math.max(0, Math.min(index, this.steps - 1));
    const pages = this.source.pages;
    if (!pages) return this.show(target);
    void pages.ensure(target).then((fetched) => {
      if (fetched.ok) return this.show(target);
      this.stop();
      env.notify("warn", fetched.error.code, fetched.error.params ?? {});
      void this.render();
    });
  }

  private show(index: number): void {
    if (this.source.pages) this.viewed = this.source.pages.replay;
    this.index = index;
    if (this.index >= this.steps - 1) this.stop();
    void this.render();
  }

  play(): void {
    this.stop();
    this.timer = setInterval(() => this.go(this.index + 1), this.speedMs);
    void this.render();
  }

  private stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** The GM with the whole record: the replay through another viewer's eyes. */
  private chooseViewer(key: string): void {
    const full = this.source.full;
    if (!full || !env.amGM()) return;
    const viewer = replayViewers(full.record).find((v) => viewerKey(v) === key);
    if (!viewer) return;
    this.viewed = viewReplay(full.record, full.game, full.steps, viewer);
    void this.render();
  }

  /** GM: the record as a JSON file (only where the whole record is here: an imported one or the host's). */
  private exportRecord(): void {
    const record = this.source.full?.record;
    if (!record || !env.amGM()) {
      env.notify("warn", "CANTINA.Replay.ExportNotHere");
      return;
    }
    foundry.utils.saveDataToFile(exportRecord(record), "application/json", recordFileName(record));
  }

  override async close(options?: Parameters<CantinaApplication<Context>["close"]>[0]): Promise<this> {
    this.stop();
    this.stopSlides?.();
    this.stopSlides = null;
    return super.close(options);
  }
}

/** Where the replay window gets its steps: this client's table client and, on the hosting GM, the records. */
export interface ReplayRuntime {
  start(): Promise<void>;
  readonly client: ReplayAsker | null;
  finishedRecord(id: string): Promise<ReplayRecord | null>;
}

const openWindows = new Map<string, ReplayWindow>();

function show(source: ReplaySource): ReplayWindow {
  const previous = openWindows.get(source.viewed.id);
  const win = new ReplayWindow(source);
  openWindows.set(source.viewed.id, win);
  // The same id: the new window renders once the old one's close is over.
  void renderAfterClose(previous, win);
  return win;
}

/** The GM's source of a whole record (every step as the GM saw it), or why the record does not replay. */
function fullSource(record: ReplayRecord): Result<{ source: ReplaySource }> {
  const replayed = replaySteps(record, games);
  if (!replayed.ok) return refused(replayed.error);
  const full = { record, game: replayed.game, steps: replayed.steps };
  return succeed({ source: { full, viewed: viewReplay(record, full.game, full.steps, { role: "gm" }) } });
}

/**
 * Opens a finished table's replay: the hosting GM from the whole record, anyone else through the
 * host (their own seat's view; refused, with the reason shown, to a user who held no seat there).
 */
export async function openReplay(runtime: ReplayRuntime, tableId: string): Promise<ReplayWindow | null> {
  await runtime.start();
  const record = env.amGM() ? await runtime.finishedRecord(tableId) : null;
  if (record) {
    const replayed = fullSource(record);
    if (!replayed.ok) {
      env.notify("warn", replayed.error.code, replayed.error.params ?? {});
      return null;
    }
    return show(replayed.source);
  }
  const client = runtime.client;
  if (!client) {
    env.notify("warn", Errors.noHost);
    return null;
  }
  const opened = await hostReplayPages(client, tableId);
  if (!opened.ok) {
    env.notify("warn", opened.error.code, opened.error.params ?? {});
    return null;
  }
  const { pages } = opened;
  // Fetches the pages after the setup while the window opens.
  void pages.ensure(0);
  return show({ viewed: pages.replay, pages });
}

/** GM: a record file's text, checked by replaying it; refused with the reason, else opened in a replay window. */
export function openRecordFile(text: string): ReplayWindow | null {
  if (!env.amGM()) {
    env.notify("warn", Errors.gmOnly);
    return null;
  }
  const imported = importRecord(text, games);
  if (!imported.ok) {
    env.notify("warn", imported.error.code, imported.error.params ?? {});
    return null;
  }
  const record = imported.record;
  const full = { record, game: imported.game, steps: imported.steps };
  return show({ full, viewed: viewReplay(record, full.game, full.steps, { role: "gm" }) });
}

/** GM: asks for a record file (the browser's file picker), then opens it as `openRecordFile` does. */
export function pickRecordFile(): void {
  const input = document.createElement("input");
  input.type = "file";
  input.accept = "application/json,.json";
  input.addEventListener("change", () => {
    const file = input.files?.[0];
    if (file) void foundry.utils.readTextFromFile(file).then(openRecordFile);
  });
  input.click();
}
