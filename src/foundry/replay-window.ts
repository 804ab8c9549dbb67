/**
 * The replay window in Foundry: the replay player both hosts share (apps/replay/player.ts) drawn in
 * an ApplicationV2, on a finished table's steps, as the host sent them to this user (their own view, in pages: apps/replay/pages.ts),
 * or computed here from a whole record (the hosting GM's, or an imported file), when the GM may look
 * through any seat's eyes.
 * Foundry globals touched: `foundry.applications.api` (application.ts), `foundry.applications.handlebars`,
 * `foundry.utils.saveDataToFile`.
 */
import { ReplayPlayer, type ReplaySource, wholeReplay } from "../apps/replay/player";
import { apps, chatNamers, games } from "../games";
import { type Result, refused, succeed } from "../rules/core";
import { type ReplayRecord, exportRecord, importRecord, recordFileName, replaySteps } from "../table/record-file";
import { Errors } from "../table/protocol";
import { CantinaApplication, i18n, renderAfterClose } from "./application";
import * as env from "./env";
import { templatePath } from "./game-window";
import { type ReplayAsker, hostReplayPages } from "./replay-pages";

type Context = Record<string, unknown>;

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

  /** Steps, plays and takes the shared template's controls (src/apps/replay/player.ts); this window draws it. */
  readonly player: ReplayPlayer;

  constructor(source: ReplaySource) {
    super({ id: `cantina-replay-${source.viewed.id}` });
    const game = games[source.viewed.gameId];
    this.player = new ReplayPlayer(source, {
      i18n,
      namers: chatNamers,
      app: apps[source.viewed.gameId],
      gameName: game ? env.localize(game.nameKey) : source.viewed.gameId,
      isGM: env.amGM(),
      redraw: () => void this.render(),
      close: () => void this.close(),
      exportRecord: (record) => this.exportRecord(record),
      refused: (error) => env.notify("warn", error.code, error.params ?? {}),
    });
  }

  get index(): number {
    return this.player.index;
  }

  get steps(): number {
    return this.player.steps;
  }

  get playing(): boolean {
    return this.player.playing;
  }

  get speedMs(): number {
    return this.player.speedMs;
  }

  set speedMs(ms: number) {
    this.player.setSpeed(ms);
  }

  protected override async _prepareContext(): Promise<Context> {
    const drawn = this.player.partsToDraw();
    const render = foundry.applications.handlebars.renderTemplate;
    const body = drawn
      ? (await Promise.all(drawn.parts.map((p) => render(templatePath(p), drawn.context)))).join("")
      : "";
    return this.player.windowContext(body);
  }

  protected override async _onRender(
    context: Context,
    options: Parameters<CantinaApplication<Context>["_onRender"]>[1],
  ): Promise<void> {
    await super._onRender(context, options);
    // The shared template's controls carry `data-replay-action`, not ApplicationV2's `data-action`.
    this.player.bind(this.element);
    this.player.drawn();
  }

  /** GM: the record as a JSON file (only where the whole record is here: an imported one or the host's). */
  private exportRecord(record: ReplayRecord | null): void {
    if (!record || !env.amGM()) {
      env.notify("warn", "CANTINA.Replay.ExportNotHere");
      return;
    }
    foundry.utils.saveDataToFile(exportRecord(record), "application/json", recordFileName(record));
  }

  override async close(options?: Parameters<CantinaApplication<Context>["close"]>[0]): Promise<this> {
    this.player.dispose();
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
  return succeed({ source: wholeReplay({ record, game: replayed.game, steps: replayed.steps }, { role: "gm" }) });
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
  const { record, game, steps } = imported;
  return show(wholeReplay({ record, game, steps }, { role: "gm" }));
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
