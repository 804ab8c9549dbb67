/**
 * The standalone page's replays: the finished tables kept in the GM tab's storage (the GM sees all,
 * a player those they sat at through their own seat's eyes and the others as a spectator), imported
 * record files, and the window.
 */
import { mayReplay, viewerOf } from "../apps/replay/model";
import { ReplayPlayer, wholeReplay } from "../apps/replay/player";
import type { Localizer } from "../apps/core/i18n";
import { apps, chatNamers, games } from "../games";
import { type ReplayRecord, exportRecord, importRecord, recordFileName, replaySteps } from "../table/record-file";
import type { Render } from "./render";
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

export class ReplayPanel {
  private readonly imported = new Map<string, ReplayRecord>();
  /** The replay shown in the window (src/apps/replay/player.ts steps it; this panel only draws it). */
  private player: ReplayPlayer | null = null;
  private error = "";
  private listHtml = "";

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
    const list = this.root.querySelector<HTMLElement>("[data-replay-list]");
    list?.addEventListener("click", (ev) => this.onListClick(ev));
    list?.addEventListener("change", (ev) => {
      const input = ev.target as HTMLInputElement | null;
      if (typeof input?.matches === "function" && input.matches("[data-replay-import]")) void this.importFile(input);
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
    const region = this.root.querySelector<HTMLElement>("[data-replay-view]");
    if (!region) return;
    this.closeReplay();
    this.setError("");
    const full = { record, game: replayed.game, steps: replayed.steps };
    const player = new ReplayPlayer(wholeReplay(full, viewerOf(record, this.user, this.isGM)), {
      i18n: this.i18n,
      namers: chatNamers,
      app: apps[record.gameId],
      gameName: this.i18n.localize(replayed.game.nameKey),
      isGM: this.isGM,
      redraw: () => this.renderWindow(),
      close: () => this.closeReplay(),
      exportRecord: (whole) => {
        if (whole && this.isGM) this.download(whole);
      },
      // Not called while the whole record is here (no page to fetch); said in the list if ever.
      refused: (error) => this.setError(this.i18n.format(error.code, error.params ?? {})),
    });
    this.player = player;
    player.bind(region);
    this.renderWindow();
    region.querySelector<HTMLElement>("[data-replay-slider]")?.focus();
  }

  private closeReplay(): void {
    this.player?.dispose();
    this.player = null;
    this.renderWindow();
  }

  private renderWindow(): void {
    const region = this.root.querySelector<HTMLElement>("[data-replay-view]");
    if (!region) return;
    const player = this.player;
    const drawn = player?.partsToDraw();
    if (!player || !drawn) {
      region.innerHTML = "";
      return;
    }
    const body = drawn.parts.map((p) => this.render(p, drawn.context)).join("");
    region.innerHTML = this.render("replay/window.hbs", player.windowContext(body));
    player.drawn();
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

  /** The list's own buttons: a record's open and export (the window's controls are the player's). */
  private onListClick(ev: MouseEvent): void {
    const target = ev.target as Element | null;
    const button = typeof target?.closest === "function" ? target.closest<HTMLElement>("[data-replay-action]") : null;
    const record = button?.dataset.recordId ? this.find(button.dataset.recordId) : undefined;
    if (!button || !record) return;
    ev.preventDefault();
    if (button.dataset.replayAction === "open") this.openReplay(record);
    else if (button.dataset.replayAction === "export" && this.isGM) this.download(record);
  }
}
