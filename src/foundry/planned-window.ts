/**
 * A Foundry window that draws what the window model plans (src/apps/table/window-model.ts): its parts
 * are the model's parts for the window's update, each rendered with its own context; a render that
 * names parts draws those and the parts whose fingerprint moved, and the parts that went are taken
 * away (Foundry never removes a part no longer configured). GameWindow is one.
 * Foundry globals touched: `foundry.applications.api` (through application.ts).
 */
import { arrangeParts, keepFolds } from "../apps/table/window-dom";
import type { BoardContext } from "../apps/board/context";
import {
  SHARED_TEMPLATES,
  type WindowPart,
  type WindowPlan,
  drawnAfter,
  planWindow,
  windowBoard,
} from "../apps/table/window-model";
import { apps } from "../games";
import type { TableUpdate } from "../table/protocol";
import { MODULE_ID } from "./api";
import { CantinaApplication } from "./application";

export const templatePath = (path: string): string => `modules/${MODULE_ID}/templates/${path}`;

/** The game window's header part (Foundry's own frame holds it). */
export const HEADER_TEMPLATE = "table/window.hbs";

/**
 * Every template a game window can render, as Foundry paths: loaded and compiled once at "ready"
 * (foundry.applications.handlebars.loadTemplates), so that opening a window does not fetch and
 * compile them (issue 17: a window opens in under 100 ms).
 */
export function windowTemplates(): string[] {
  const paths = new Set<string>([HEADER_TEMPLATE, ...SHARED_TEMPLATES]);
  for (const app of Object.values(apps)) {
    for (const path of Object.values(app.parts)) paths.add(path);
    if (app.help) paths.add(app.help);
  }
  return [...paths].map(templatePath);
}

type WindowContext = Record<string, unknown>;
type RenderParts = Record<string, foundry.applications.api.HandlebarsApplicationMixin.HandlebarsTemplatePart>;

export abstract class PlannedWindow extends CantinaApplication<WindowContext> {
  /**
   * The render under way, taken once when it starts (`_configureRenderOptions`): the update it draws
   * (every part's context comes from this one update, and the window notes it as drawn) and the
   * model's plan for it. Null between renders.
   */
  private drawing: { readonly update: TableUpdate | undefined; readonly plan: WindowPlan } | null = null;
  /** Each part's fingerprint as drawn in the window, in order: the plan redraws only parts whose fingerprint moved. */
  private drawnKeys = new Map<string, string>();
  /** The board model the window shows (null: none): the board controller's moves and tracks. */
  protected drawnBoard: BoardContext | null = null;

  /** The latest update of the window's table (undefined: gone). */
  abstract get update(): TableUpdate | undefined;

  /** The window model's parts for `update`. */
  protected abstract plannedParts(update: TableUpdate | undefined): WindowPart[];

  /** What a render draws from: the update it started with, else (outside a render) the latest. */
  protected get shown(): TableUpdate | undefined {
    return this.drawing ? this.drawing.update : this.update;
  }

  /**
   * A render starts: it will draw the latest update, as the window model plans it. A first render,
   * or one that names no parts, draws every part; one that names parts (`refresh` names none) draws
   * those and every part whose fingerprint moved since it was drawn (issue 17).
   */
  protected override _configureRenderOptions(
    options: Parameters<CantinaApplication<WindowContext>["_configureRenderOptions"]>[0],
  ): void {
    const update = this.update;
    const first = (options as { isFirstRender?: boolean }).isFirstRender === true;
    const asked = first || !options.parts ? null : options.parts.filter((p): p is string => typeof p === "string");
    const parts = this.plannedParts(update);
    // What is drawn stays known on a full render too: its parts that went are taken away.
    const plan = planWindow(this.drawnKeys, parts, asked ?? parts.map((p) => p.id));
    this.drawing = { update, plan };
    // Foundry renders only the parts asked for, even on a first render: those of the plan.
    delete options.parts;
    super._configureRenderOptions(options);
    options.parts = plan.parts.filter((p) => p.redraw).map((p) => p.id);
    // Foundry redraws a title only when a render passes it: the one of the update drawn (the turn cue).
    if (!first) (options as { window?: { title?: string } }).window = { ...options.window, title: this.title };
  }

  /** The parts of the render under way (outside a render: of the latest update), as Foundry template parts. */
  protected override _configureRenderParts(
    _options: foundry.applications.api.HandlebarsApplicationMixin.RenderOptions,
  ): RenderParts {
    const parts = this.drawing?.plan.parts ?? this.plannedParts(this.update);
    return Object.fromEntries(parts.map((p) => [p.id, { template: templatePath(p.template) }]));
  }

  /** Each part renders with its own context from the plan (the betting panel's, the help's…). */
  protected override async _preparePartContext(
    partId: string,
    context: WindowContext,
    options: foundry.applications.api.HandlebarsApplicationMixin.RenderOptions,
  ): Promise<WindowContext> {
    const part = this.drawing?.plan.parts.find((p) => p.id === partId);
    return super._preparePartContext(partId, { ...context, ...part?.context }, options);
  }

  /**
   * Foundry replaces the parts rendered and appends a new one at the end, and never takes away a
   * part no longer configured (the help closed, a countdown over): the window does, as the plan
   * says, and keeps the parts in the plan's order.
   */
  protected override _replaceHTML(
    result: Record<string, HTMLElement>,
    content: HTMLElement,
    options: Parameters<CantinaApplication<WindowContext>["_replaceHTML"]>[2],
  ): void {
    super._replaceHTML(result, content, options);
    if (!this.drawing) return;
    arrangeParts(content, this.drawing.plan, "data-application-part");
    // With the parts it draws: the board's controller and its slides read the model of the board shown.
    this.drawnBoard = windowBoard(this.drawing.plan.parts);
  }

  /** A part drawn anew keeps the folds its reader opened or closed (Foundry's own sync keeps focus and scroll). */
  protected override _syncPartState(
    partId: string,
    newElement: HTMLElement,
    priorElement: HTMLElement,
    state: foundry.applications.api.HandlebarsApplicationMixin.PartState,
  ): void {
    super._syncPartState(partId, newElement, priorElement, state);
    keepFolds(priorElement, newElement);
  }

  /** The context every part starts from: the game's parts' (the game's, the controls' and the header's fields). */
  protected override async _prepareContext(): Promise<WindowContext> {
    const parts = this.drawing?.plan.parts ?? this.plannedParts(this.update);
    const header = parts.find((p) => p.id === "header");
    const whole = parts.find((p) => p.game);
    return { ...header?.context, ...whole?.context };
  }

  /** A render ended (`_onRender`): the window shows the plan's parts. */
  protected noteDrawn(): void {
    if (this.drawing) this.drawnKeys = drawnAfter(this.drawing.plan);
    this.drawing = null;
  }

  /** The window closed: opened again, it draws every part afresh. */
  protected forgetDrawn(): void {
    this.drawnKeys.clear();
    this.drawnBoard = null;
  }
}
