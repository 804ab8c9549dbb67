/**
 * The standalone page's replays: the finished tables kept in the GM tab's storage (the GM sees all,
 * a player those they sat at through their own seat's eyes and the others as a spectator), imported
 * record files, and the window.
 */
import { type Replay, mayReplay, replayViewers, viewerKey, viewerOf } from "../apps/replay/model";
import { REPLAY_SPEEDS, type ReplayWindowState, replayPartsContext, replayWindowContext } from "../apps/replay/context";
import type { Localizer } from "../apps/core/i18n";
import { apps, chatNamers, games } from "../games";
import { type ReplayRecord, exportRecord, importRecord, recordFileName, replaySteps } from "../table/record-file";
import type { Render } from "./render";
import { type BoardContext, isBoardContext } from "../apps/board/context";
import { watchSlides } from "../apps/board/slide";
import { RECORD_LIMITS, parseBoundedJson } from "../rules/core";

const TABLE_PREFIX = "cantina-games:table:";
/** The page's host lets anyone who is not seated watch (main.ts starts it without `allowSpectators`). */
const SPECTATORS_ALLOWED = true;
const ARCHIVE_PREFIX = "cantina-games:archive:";

/** Parsed records by storage key, with the text they were parsed from (parsed again only when it changes). */
const parsed = new Map<string, { readonly raw: string; readonly record: ReplayRecord | null }>();

/** Finished tables in the host's storage: live ones whose match ended, and archived ones. */
export function storedFinishedRecords(storage: Storage): ReplayRecord[] {
  const out: ReplayRecord[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (!key || !(key.startsWith(TABLE_PREFIX) || key.startsWith(ARCHIVE_PREFIX))) continue;
    const raw = storage.getItem(key) ?? "null";
    let entry = parsed.get(key);
    if (entry?.raw !== raw) {
      // Not a record (a half-written key) or too big to walk: not listed.
      const read = parseBoundedJson(raw, RECORD_LIMITS, "");
      const record = read.ok ? (read.value as ReplayRecord | null) : null;
      entry = { raw, record };
      parsed.set(key, entry);
    }
    if (entry.record && entry.record.finishedAt !== undefined) out.push(entry.record);
  }
  return out.sort((a, b) => (b.finishedAt ?? 0) - (a.finishedAt ?? 0));
}

interface Open {
  readonly replay: Replay;
  index: number;
  viewer: ReplayWindowState["viewer"];
  speedMs: number;
  timer: ReturnType<typeof setInterval> | null;
}

export class ReplayPanel {
  private readonly imported = new Map<string, ReplayRecord>();
  private open: Open | null = null;
  private error = "";
  private listHtml = "";
  /** The board the replay window shows now: a step's moved pieces slide along its tracks. */
  private board: BoardContext | null = null;

  constructor(
    private readonly root: HTMLElement,
    private readonly render: Render,
    private readonly i18n: Localizer,
    private readonly user: string,
    private readonly isGM: boolean,
    private readonly stored: () => ReplayRecord[],
  ) {}

  start(): void {
    this.root.innerHTML = `<div data-replay-list></div><div data-replay-view></div>`;
    // A step's moves slide on the board as they do in a table's window (src/apps/board/slide.ts).
    watchSlides(this.root, () => this.board);
    this.root.addEventListener("click", (ev) => this.onClick(ev));
    this.root.addEventListener("change", (ev) => this.onChange(ev));
    this.root.addEventListener("input", (ev) => {
      const slider =
        ev.target instanceof HTMLInputElement && ev.target.matches("[data-replay-slider]") ? ev.target : null;
      if (slider && this.open) this.go(Number(slider.value));
    });
    this.renderList();
    // The host writes finished tables as matches end: the list follows (drawn again only when it changed).
    setInterval(() => this.renderList(), 2000);
  }

  /**
   * The records this user may replay: every one, since the page's host lets anyone watch (the GM
   * through every eye, a player through their seat's where they sat, as a spectator elsewhere).
   */
  private records(): ReplayRecord[] {
    const stored = this.stored().filter(
      (r) => !this.imported.has(r.id) && mayReplay(r, this.user, this.isGM, SPECTATORS_ALLOWED),
    );
    return [...stored, ...this.imported.values()];
  }

  private renderList(): void {
    const list = this.root.querySelector<HTMLElement>("[data-replay-list]");
    if (!list) return;
    const html = this.render("replay/list.hbs", {
      canExport: this.isGM,
      error: this.error,
      records: this.records().map((r) => ({
        id: r.id,
        nameKey: games[r.gameId]?.nameKey ?? r.gameId,
        players: r.seats.map((s) => s.name).join(", "),
        imported: this.imported.has(r.id),
      })),
    });
    if (html === this.listHtml) return;
    this.listHtml = html;
    list.innerHTML = html;
  }

  private setError(text: string): void {
    this.error = text;
    this.renderList();
  }

  private find(id: string): ReplayRecord | undefined {
    return this.imported.get(id) ?? this.records().find((r) => r.id === id);
  }

  private openReplay(record: ReplayRecord): void {
    const replayed = replaySteps(record, games);
    if (!replayed.ok) return this.setError(this.i18n.format(replayed.error.code, replayed.error.params ?? {}));
    this.stop();
    this.setError("");
    this.open = {
      replay: { record, game: replayed.game, steps: replayed.steps },
      index: 0,
      viewer: viewerOf(record, this.user, this.isGM),
      speedMs: REPLAY_SPEEDS[1] ?? 1000,
      timer: null,
    };
    this.renderWindow();
    this.root.querySelector<HTMLElement>("[data-replay-window] [data-replay-slider]")?.focus();
  }

  private renderWindow(): void {
    const region = this.root.querySelector<HTMLElement>("[data-replay-view]");
    if (!region) return;
    const open = this.open;
    const app = open ? apps[open.replay.record.gameId] : undefined;
    if (!open || !app) {
      region.innerHTML = "";
      return;
    }
    const state: ReplayWindowState = {
      index: open.index,
      viewer: open.viewer,
      playing: open.timer !== null,
      speedMs: open.speedMs,
      chooseViewer: this.isGM,
      canExport: this.isGM,
    };
    const context = replayPartsContext(app, open.replay, state);
    this.board = isBoardContext(context.board) ? context.board : null;
    const body = Object.values(app.parts)
      .map((p) => this.render(p, context))
      .join("");
    const name = this.i18n.localize(open.replay.game.nameKey);
    region.innerHTML = this.render(
      "replay/window.hbs",
      replayWindowContext(open.replay, state, this.i18n, chatNamers, name, body),
    );
  }

  /** Moves to a step (kept within the record), keeping the focus on the control that moved it. */
  private go(index: number): void {
    const open = this.open;
    if (!open) return;
    const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const keep = focused?.matches("[data-replay-slider]")
      ? "[data-replay-slider]"
      : focused?.dataset.replayAction
        ? `[data-replay-action="${focused.dataset.replayAction}"]`
        : null;
    open.index = Math.max(0, Math.min(index, open.replay.steps.length - 1));
    if (open.index >= open.replay.steps.length - 1) this.stop();
    this.renderWindow();
    const again = keep ? this.root.querySelector<HTMLElement>(`[data-replay-window] ${keep}`) : null;
    if (again && !(again instanceof HTMLButtonElement && again.disabled)) again.focus();
  }

  private play(): void {
    const open = this.open;
    if (!open) return;
    this.stop();
    open.timer = setInterval(() => this.go(open.index + 1), open.speedMs);
    this.renderWindow();
  }

  private stop(): void {
    if (this.open?.timer) clearInterval(this.open.timer);
    if (this.open) this.open.timer = null;
  }

  private download(record: ReplayRecord): void {
    const url = URL.createObjectURL(new Blob([exportRecord(record)], { type: "application/json" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = recordFileName(record);
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  private async importFile(input: HTMLInputElement): Promise<void> {
    const file = input.files?.[0];
    if (!file) return;
    const result = importRecord(await file.text(), games);
    input.value = "";
    if (!result.ok) return this.setError(this.i18n.format(result.error.code, result.error.params ?? {}));
    this.imported.set(result.record.id, result.record);
    this.setError("");
    this.openReplay(result.record);
  }

  private onClick(ev: MouseEvent): void {
    const button = ev.target instanceof Element ? ev.target.closest<HTMLElement>("[data-replay-action]") : null;
    if (!button) return;
    ev.preventDefault();
    const id = button.dataset.recordId;
    const open = this.open;
    switch (button.dataset.replayAction) {
      case "open": {
        const record = id ? this.find(id) : undefined;
        if (record) this.openReplay(record);
        break;
      }
      case "export": {
        const record = id ? this.find(id) : open?.replay.record;
        if (record && this.isGM) this.download(record);
        break;
      }
      case "close":
        this.stop();
        this.open = null;
        this.renderWindow();
        break;
      case "first":
        this.go(0);
        break;
      case "back":
        this.go((open?.index ?? 0) - 1);
        break;
      case "forward":
        this.go((open?.index ?? 0) + 1);
        break;
      case "last":
        this.go(open ? open.replay.steps.length - 1 : 0);
        break;
      case "play":
        this.play();
        break;
      case "pause":
        this.stop();
        this.renderWindow();
        break;
    }
  }

  private onChange(ev: Event): void {
    const target = ev.target;
    if (target instanceof HTMLInputElement && target.matches("[data-replay-import]")) void this.importFile(target);
    if (!(target instanceof HTMLSelectElement) || !this.open) return;
    if (target.matches("[data-replay-speed]")) {
      this.open.speedMs = Number(target.value);
      if (this.open.timer) this.play();
    } else if (target.matches("[data-replay-viewer-choice]") && this.isGM) {
      const viewer = replayViewers(this.open.replay.record).find((v) => viewerKey(v) === target.value);
      if (viewer) this.open.viewer = viewer;
      this.renderWindow();
    }
  }
}
