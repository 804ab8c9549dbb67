/**
 * The replay player of both hosts: stepping and playing (the host's pages fetched as it goes), the
 * GM's viewer, the template's controls, the keyboard's focus, the slides. A host only draws it.
 */
import type { RuleError, Viewer } from "../../rules/core";
import type { ReplayRecord } from "../../table/record-file";
import { viewReplay } from "../../table/replay-view";
import type { BoardContext } from "../core/board-model";
import type { ParamNamer } from "../core/chat";
import type { Localizer } from "../core/i18n";
import type { GameApp } from "../core/types";
import { isBoardContext } from "../board/context";
import { watchSlides } from "../board/slide";
import { REPLAY_SPEEDS, viewedWindowContext } from "./context";
import { type Replay, replayViewers, viewedUpdate, viewerKey } from "./model";
import type { LoadedReplay, ReplayPages } from "./pages";

/** What a player shows: the steps as first seen, and where more come from. */
export interface ReplaySource {
  /** The steps as first shown (the host's first page, or one viewer's view of a whole record). */
  readonly viewed: LoadedReplay;
  /** The whole record, when this client has it (a GM may then look through any viewer's eyes). */
  readonly full?: Replay;
  /** The host's pages, when the steps come from the host: fetched as the player steps. */
  readonly pages?: ReplayPages;
}

/** A whole record's source, seen first through `viewer`'s eyes. */
export function wholeReplay(full: Replay, viewer: Viewer): ReplaySource {
  return { full, viewed: viewReplay(full.record, full.game, full.steps, viewer) };
}

/** What a player needs of the host and its game registry. */
export interface ReplayHost {
  readonly i18n: Localizer;
  readonly namers: readonly ParamNamer[];
  /** The replayed game's window (its part templates and context), if this host knows the game. */
  readonly app: GameApp | undefined;
  /** The game's name as shown in the title. */
  readonly gameName: string;
  /** The GM: may choose the viewer (with the whole record) and export. */
  readonly isGM: boolean;
  /** The state changed: draw the window again from `partsToDraw` and `windowContext`. */
  redraw(): void;
  close(): void;
  /** The export control: the whole record, or null where this client does not have it. */
  exportRecord(record: ReplayRecord | null): void;
  /** A step of the host's pages could not be fetched: why (playing has stopped). */
  refused(error: RuleError): void;
}

const FIELDS = ["[data-replay-slider]", "[data-replay-speed]", "[data-replay-viewer-choice]"];
/** Play and pause stand in each other's place: the focus goes from one to the other. */
const SWAPPED: Readonly<Record<string, string>> = { play: "pause", pause: "play" };

const actionControl = (action: string): string => `[data-replay-action="${action}"]`;

/** The focused control of `root` as a selector that finds it again once drawn anew. */
function focusedControl(root: HTMLElement): string | null {
  const focused = root.ownerDocument.activeElement as HTMLElement | null;
  if (!focused || !root.contains(focused) || typeof focused.matches !== "function") return null;
  const field = FIELDS.find((selector) => focused.matches(selector));
  if (field) return field;
  const action = focused.dataset.replayAction;
  return action ? actionControl(action) : null;
}

/** An event's target as an element (matched by selector, not `instanceof`: a page's elements may be another realm's). */
function targetOf(event: Event): HTMLElement | null {
  const target = event.target as HTMLElement | null;
  return typeof target?.matches === "function" ? target : null;
}

export class ReplayPlayer {
  private shown = 0;
  private speed = REPLAY_SPEEDS[1] ?? 1000;
  private viewed: LoadedReplay;
  private timer: ReturnType<typeof setInterval> | null = null;
  /** The board of the step shown: a step's moved pieces slide along its tracks. */
  private board: BoardContext | null = null;
  private root: HTMLElement | null = null;
  private unbind: (() => void) | null = null;
  /** The control to focus again once the window is drawn (the one that moved the step). */
  private refocus: string | null = null;

  constructor(
    private readonly source: ReplaySource,
    private readonly host: ReplayHost,
  ) {
    this.viewed = source.viewed;
  }

  /** The step shown (0: the setup). */
  get index(): number {
    return this.shown;
  }

  /** Milliseconds between steps while playing. */
  get speedMs(): number {
    return this.speed;
  }

  get steps(): number {
    return this.viewed.steps.length;
  }

  get playing(): boolean {
    return this.timer !== null;
  }

  /** The game's part templates and their context at the step shown (null: the host has no window for the game). */
  partsToDraw(): { readonly parts: readonly string[]; readonly context: Record<string, unknown> } | null {
    const app = this.host.app;
    if (!app) return null;
    const context = app.context(viewedUpdate(this.viewed, this.index));
    this.board = isBoardContext(context.board) ? context.board : null;
    return { parts: Object.values(app.parts), context };
  }

  /** The replay window template's context; `body` is the game's parts as the host drew them. */
  windowContext(body: string): Record<string, unknown> {
    const { i18n, namers, gameName, isGM } = this.host;
    const state = {
      index: this.index,
      playing: this.playing,
      speedMs: this.speedMs,
      chooseViewer: isGM && this.source.full !== undefined,
      canExport: isGM,
    };
    return viewedWindowContext(this.viewed, state, i18n, namers, gameName, body);
  }

  /**
   * Takes the template's controls inside `root` (an element that stays while the window is drawn
   * again) and slides its boards' moves; again on another element moves them there.
   */
  bind(root: HTMLElement): void {
    if (this.root === root) return;
    this.unbind?.();
    this.root = root;
    const stopSlides = watchSlides(root, () => this.board);
    const click = (event: Event): void => {
      const button = targetOf(event)?.closest<HTMLElement>("[data-replay-action]");
      // Only the primary button (a keyboard's click is one; a stand-in event without `button` too).
      if (!button || ((event as MouseEvent).button ?? 0) > 0) return;
      event.preventDefault();
      const action = button.dataset.replayAction ?? "";
      const swapped = SWAPPED[action];
      if (swapped) this.refocus = actionControl(swapped);
      this.act(action);
    };
    const input = (event: Event): void => {
      const target = targetOf(event);
      if (target?.matches("[data-replay-slider]")) this.go(Number((target as HTMLInputElement).value));
    };
    const change = (event: Event): void => {
      const target = targetOf(event);
      if (target?.matches("[data-replay-speed]")) this.setSpeed(Number((target as HTMLSelectElement).value));
      else if (target?.matches("[data-replay-viewer-choice]")) this.chooseViewer((target as HTMLSelectElement).value);
    };
    root.addEventListener("click", click);
    root.addEventListener("input", input);
    root.addEventListener("change", change);
    this.unbind = () => {
      stopSlides();
      root.removeEventListener("click", click);
      root.removeEventListener("input", input);
      root.removeEventListener("change", change);
    };
  }

  /** Asks the host to draw the window anew, remembering the focused control to focus it again. */
  private redraw(): void {
    if (this.root && this.refocus === null) this.refocus = focusedControl(this.root);
    this.host.redraw();
  }

  /** The host drew the window: the control that moved the step has the focus again (unless now disabled). */
  drawn(): void {
    const key = this.refocus;
    this.refocus = null;
    const again = key ? this.root?.querySelector<HTMLElement>(key) : null;
    if (again && !(again as HTMLButtonElement).disabled) again.focus();
  }

  /** Runs one of the template's controls. */
  act(action: string): void {
    switch (action) {
      case "close":
        return this.host.close();
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
        return this.redraw();
      case "export":
        return this.host.exportRecord(this.source.full?.record ?? null);
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
      this.host.refused(fetched.error);
      this.redraw();
    });
  }

  private show(index: number): void {
    if (this.source.pages) this.viewed = this.source.pages.replay;
    this.shown = index;
    if (this.shown >= this.steps - 1) this.stop();
    this.redraw();
  }

  play(): void {
    this.stop();
    this.timer = setInterval(() => this.go(this.shown + 1), this.speed);
    this.redraw();
  }

  /** Milliseconds between steps; a playing replay goes on at the new speed. */
  setSpeed(ms: number): void {
    this.speed = ms;
    if (this.playing) this.play();
  }

  /** The GM with the whole record: the replay through another viewer's eyes. */
  chooseViewer(key: string): void {
    const full = this.source.full;
    if (!full || !this.host.isGM) return;
    const viewer = replayViewers(full.record).find((v) => viewerKey(v) === key);
    if (!viewer) return;
    this.viewed = viewReplay(full.record, full.game, full.steps, viewer);
    this.redraw();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Stops playing and lets go of the window's element (the window closes). */
  dispose(): void {
    this.stop();
    this.unbind?.();
    this.unbind = null;
    this.root = null;
  }
}
