/**
 * `foundry.applications.api` for the unit tests, on a real DOM (happy-dom), modelled on Foundry
 * v13's ApplicationV2 (foundry-vtt-types' application.d.mts and Foundry's application.mjs):
 *  - render states as 13.351 has them (ERROR, CLOSING, CLOSED, NONE, RENDERING, RENDERED); a first
 *    render (from NONE, CLOSED or ERROR) needs `force`;
 *    renders and closes run one at a time, in order (Foundry's semaphore), and each awaits the
 *    context, so an update that arrives mid-render is drawn only by a later render;
 *  - clicks and right-clicks (`contextmenu`) go through one handler: an action whose handler is a
 *    function answers the primary button only, `{ handler, buttons }` the buttons listed, and an
 *    action without a handler reaches `_onClickAction` whatever the button (as in v13);
 *  - `close()` as v13's: `_tearDown` discards the element (the next render builds a new frame and
 *    attaches its listeners again); a window without an element is only marked CLOSED;
 *  - `tag: "form"` with `form.handler`: a submit (Enter in a field, a submit button) is
 *    prevented and handed to the handler (with FormData), `closeOnSubmit` closes; a `<form>` that
 *    no handler prevents reloads the page, which `pageReloads()` counts;
 *  - each render starts with `_configureRenderOptions` (HandlebarsApplicationMixin: the `parts`
 *    asked, even on a first render, else every part of `_configureRenderParts`), then the context,
 *    `_preRender`, the parts' HTML (templates load asynchronously: `holdRenders()` keeps them
 *    loading until released), the parts replaced one by one, as unkindly as Foundry: a part asked for
 *    that is not configured is skipped with a warning (`partWarnings`), a template must render
 *    exactly one element, a part not drawn before is appended at the end, and a part no longer
 *    configured stays in the window; `partRenders` counts each part's renders;
 *  - `_canRender` may refuse a render; the frame's title is written by `_updateFrame`, on every
 *    render that passes `options.window.title` (a first render always does: `this.title`);
 *  - RENDERING begins after `_preRender`; a render that fails leaves the state ERROR with the element
 *    removed, `_onClose` not run and the window still in `foundry.applications.instances` (if it was
 *    there); `close()` goes through the render queue: `_preClose`, CLOSING, an animation
 *    (`holdCloses()`), `_tearDown`, CLOSED, the id out of the instances, then `_onClose`, not awaited;
 *  - a re-rendered part takes the focus back only by id or name (`_preSyncPartState`);
 *  - HandlebarsApplicationMixin renders each part with the project's templates (handlebars.ts).
 * `DialogV2.confirm` and `DialogV2.input` answer what the test sets.
 */
import { Window } from "happy-dom";
import {
  type FormConfig,
  type Options,
  RENDER_STATES,
  type RenderOptions,
  defaultOptions,
} from "./application-options";
import { renderTemplate } from "./handlebars";

export { RENDER_STATES };

export interface FoundryDom {
  readonly window: Window;
  readonly document: Document;
  /** How many times a submitted form reloaded the page (nothing prevented it). */
  pageReloads(): number;
  /** Clicks `el` with a mouse button (0 primary, 2 secondary: then a `contextmenu` event). */
  click(el: Element, button?: number): void;
  /** Enter in a field: the form's implicit submission (HTML), as a browser does it. */
  pressEnter(field: HTMLInputElement): void;
  /** What `DialogV2.confirm` answers. */
  confirmAnswer: boolean;
  /**
   * What `DialogV2.input` answers, from the dialog's content (its HTML): the form's data, or null
   * (dismissed). The default answers null.
   */
  inputAnswer: (content: string) => Record<string, unknown> | null;
  /** Files saved by `foundry.utils.saveDataToFile`. */
  readonly saved: { data: string; type: string; filename: string }[];
  /** `foundry.applications.instances`. */
  readonly instances: Map<string, unknown>;
  /** Keeps every closing window's animation running until `release()`. */
  holdCloses(): { release(): void };
  /** Keeps every render's templates loading (after its context is prepared) until `release()`. */
  holdRenders(): { release(): void };
  /** Foundry's warnings about a part asked for that the window does not configure. */
  readonly partWarnings: string[];
  /** How many times each part id was rendered (by any window). */
  readonly partRenders: Map<string, number>;
}

/** Installs `foundry.applications.api` and `foundry.utils` on a fresh happy-dom page. */
export function installFoundryDom(): FoundryDom {
  const window = new Window({ url: "http://cantina.test/game" });
  const document = window.document as unknown as Document;
  let reloads = 0;
  let templatesLoaded: Promise<void> = Promise.resolve();
  let closeAnimation: Promise<void> = Promise.resolve();
  /** `foundry.applications.instances`: the rendered windows by id. */
  const instances = new Map<string, unknown>();
  // A submit nothing prevented navigates: in Foundry, that reloads the whole game.
  document.addEventListener("submit", (event) => {
    queueMicrotask(() => {
      if (!event.defaultPrevented) reloads++;
    });
  });
  const dom: FoundryDom = {
    window,
    document,
    pageReloads: () => reloads,
    click(el, button = 0) {
      const type = button === 2 ? "contextmenu" : "click";
      el.dispatchEvent(new window.MouseEvent(type, { bubbles: true, cancelable: true, button }) as unknown as Event);
    },
    pressEnter(field) {
      field.dispatchEvent(new window.KeyboardEvent("keydown", { key: "Enter", bubbles: true }) as unknown as Event);
      field.form?.requestSubmit();
    },
    confirmAnswer: true,
    inputAnswer: () => null,
    saved: [],
    partWarnings: [],
    partRenders: new Map(),
    instances,
    holdCloses() {
      let release: () => void = () => undefined;
      closeAnimation = new Promise((r) => (release = r));
      return {
        release: () => {
          closeAnimation = Promise.resolve();
          release();
        },
      };
    },
    holdRenders() {
      let release: () => void = () => undefined;
      templatesLoaded = new Promise((r) => (release = r));
      return {
        release: () => {
          templatesLoaded = Promise.resolve();
          release();
        },
      };
    },
  };

  let nextId = 1;

  class ApplicationV2 {
    static DEFAULT_OPTIONS: Options = {};
    static RENDER_STATES = RENDER_STATES;
    readonly options: Options;
    #state: number = RENDER_STATES.NONE;
    #element: HTMLElement | null = null;
    #queue: Promise<unknown> = Promise.resolve();
    readonly appId = nextId++;

    constructor(options: Options = {}) {
      const base = defaultOptions(this.constructor);
      this.options = { ...base, ...options, classes: [...(base.classes ?? []), ...(options.classes ?? [])] };
    }

    get id(): string {
      return this.options.id ?? `app-${this.appId}`;
    }
    get element(): HTMLElement {
      return this.#element as HTMLElement;
    }
    get state(): number {
      return this.#state;
    }
    get rendered(): boolean {
      return this.#state === RENDER_STATES.RENDERED;
    }
    get title(): string {
      return (
        (globalThis as { game?: { i18n?: { localize(k: string): string } } }).game?.i18n?.localize(
          this.options.window?.title ?? "",
        ) ?? ""
      );
    }

    /** One render at a time, in order (Foundry's semaphore). */
    render(options: boolean | RenderOptions = {}): Promise<this> {
      const opts: RenderOptions = typeof options === "boolean" ? { force: options } : { ...options };
      const run = this.#queue.then(() => this.#render(opts));
      this.#queue = run.catch(() => undefined);
      return run.then(() => this);
    }

    /**
     * Models ApplicationV2#render (13.351): `_canRender` first (false: nothing; a throw: its message
     * as a warning, nothing else); a first render (state NONE, CLOSED or ERROR) needs `force`;
     * RENDERING begins after `_preRender`; a failure while the HTML is rendered or put in place
     * removes the element and leaves the state ERROR, without `_onClose`, and the window stays in
     * `foundry.applications.instances` if a render had put it there; a first render registers the
     * window and puts its element in the page (in place of an element of the same id);
     * `_updateFrame` runs on every render, the first too, before RENDERED.
     */
    async #render(options: RenderOptions): Promise<void> {
      try {
        if (this._canRender(options) === false) return;
      } catch (err) {
        const ui = (globalThis as { ui?: { notifications?: { warn(text: string): unknown } } }).ui;
        ui!.notifications!.warn(err instanceof Error ? err.message : String(err));
        return;
      }
      const first = this.#state <= RENDER_STATES.NONE;
      options.isFirstRender = first;
      // "An Application cannot be rendered for the first time without force."
      if (first && !options.force) return;
      this._configureRenderOptions(options);
      const context = await this._prepareContext(options);
      if (first) await this._preFirstRender(context, options);
      await this._preRender(context, options);
      this.#state = RENDER_STATES.RENDERING;
      // As v13's #render: on a first render the frame is built (and its listeners attached) before
      // the parts' HTML, so a frame exists while the HTML is still rendering.
      if (first) {
        this.#element = await this._renderFrame(options);
        this._attachFrameListeners();
      }
      try {
        const result = await this._renderHTML(context, options);
        const content = this.#element!.querySelector<HTMLElement>(".window-content")!;
        this._replaceHTML(result, content, options);
      } catch (err) {
        this.#element?.remove();
        this.#element = null;
        this.#state = RENDER_STATES.ERROR;
        throw new Error(`Failed to render Application "${this.id}"`, { cause: err });
      }
      if (first) {
        instances.set(this.id, this);
        const existing = document.getElementById(this.id);
        if (existing) existing.replaceWith(this.#element!);
        else document.body.append(this.#element!);
      }
      this._updateFrame(options);
      this.#state = RENDER_STATES.RENDERED;
      if (first) await this._onFirstRender(context, options);
      await this._onRender(context, options);
      await this._postRender(context, options);
    }

    /** Whether this render may happen (v13: false prevents it, a throw warns and prevents it). */
    protected _canRender(_options: RenderOptions): false | void {}

    /**
     * Models ApplicationV2#close (13.351): through the render queue; a window without an element
     * (never rendered, or its render failed) is only marked CLOSED, and stays in
     * `foundry.applications.instances` if it was there; otherwise `_preClose` (awaited), CLOSING,
     * the closing animation (`holdCloses()` keeps it running), `_tearDown` (the element discarded,
     * so the next render builds a new frame), CLOSED, the id taken out of
     * `foundry.applications.instances` (whichever window holds it), and last `_onClose`, which
     * is NOT awaited: a promise it returns runs on after `close()` resolved (and a rejection of it
     * is nobody's), while a throw of its own rejects `close()`.
     */
    close(): Promise<this> {
      const run = this.#queue.then(() => this.#close());
      this.#queue = run.catch(() => undefined);
      return run.then(() => this);
    }

    async #close(): Promise<void> {
      if (!this.#element) {
        this.#state = RENDER_STATES.CLOSED;
        return;
      }
      await this._preClose({});
      this.#state = RENDER_STATES.CLOSING;
      await closeAnimation;
      this._tearDown({});
      this.#state = RENDER_STATES.CLOSED;
      instances.delete(this.id);
      void this._onClose({});
    }

    protected async _preClose(_options: object): Promise<void> {}

    /** Removes the element and forgets it (v13's `_tearDown`). */
    protected _tearDown(_options: object): void {
      this.#element?.remove();
      this.#element = null;
    }

    /** The frame, its title empty: `_updateFrame` writes it (v13). */
    protected async _renderFrame(_options: RenderOptions): Promise<HTMLElement> {
      const frame = document.createElement(this.options.tag ?? "div");
      frame.id = this.id;
      frame.classList.add("application", ...(this.options.classes ?? []));
      const header = document.createElement("header");
      header.className = "window-header";
      const title = document.createElement("h1");
      title.className = "window-title";
      header.append(title);
      const content = document.createElement("section");
      content.className = "window-content";
      frame.append(header, content);
      return frame;
    }

    protected _attachFrameListeners(): void {
      const element = this.#element!;
      const onClick = (event: Event) => this.#onClick(event as MouseEvent);
      element.addEventListener("click", onClick);
      // v13 routes right-clicks through the same handler.
      element.addEventListener("contextmenu", onClick);
      if (this.options.tag === "form") {
        const form = this.options.form ?? {};
        element.addEventListener("submit", (event) => void this._onSubmitForm(form, event));
        element.addEventListener("change", (event) => {
          if (form.submitOnChange) void this._onSubmitForm(form, event);
        });
      }
    }

    #onClick(event: MouseEvent): void {
      const target = (event.target as HTMLElement | null)?.closest<HTMLElement>("[data-action]");
      if (!target) return;
      const config = this.options.actions?.[target.dataset.action ?? ""];
      if (config) {
        const { handler, buttons } = typeof config === "function" ? { handler: config, buttons: [0] } : config;
        if (!buttons.includes(event.button)) return;
        void handler.call(this, event, target);
        return;
      }
      this._onClickAction(event, target);
    }

    protected async _onSubmitForm(formConfig: FormConfig, event: Event): Promise<void> {
      event.preventDefault();
      const form = this.#element as HTMLFormElement;
      const data = new window.FormData(form as never) as unknown as FormData;
      if (formConfig.handler) await formConfig.handler.call(this, event, form, data);
      if (formConfig.closeOnSubmit) await this.close();
    }

    /** Every render writes the frame's title if its options carry one (v13); a first render's always do. */
    protected _updateFrame(options: RenderOptions): void {
      const window = options.window;
      if (!window) return;
      const heading = this.#element!.querySelector(".window-title")!;
      if ("title" in window) heading.textContent = window.title ?? "";
    }

    /** v13: a first render's window options carry the window's title (`this.title`) unless given one. */
    protected _configureRenderOptions(options: RenderOptions): void {
      if (!options.isFirstRender) return;
      options.window ??= {};
      options.window.title ||= this.title;
    }

    /** v13: a first render focuses the element marked `autofocus`. */
    protected async _postRender(_context: object, options: RenderOptions): Promise<void> {
      if (options.isFirstRender) this.#element?.querySelector<HTMLElement>("[autofocus]")?.focus();
    }

    protected _onClickAction(_event: Event, _target: HTMLElement): void {}
    protected async _prepareContext(_options: object): Promise<Record<string, unknown>> {
      return {};
    }
    protected async _preparePartContext(_id: string, context: object, _options: object): Promise<object> {
      return context;
    }
    protected async _preFirstRender(_context: object, _options: object): Promise<void> {}
    protected async _preRender(_context: object, _options: object): Promise<void> {}
    protected async _onFirstRender(_context: object, _options: object): Promise<void> {}
    protected async _onRender(_context: object, _options: object): Promise<void> {}
    protected _onClose(_options: object): void {}
    protected async _renderHTML(_context: object, _options: object): Promise<unknown> {
      return null;
    }
    protected _replaceHTML(_result: unknown, _content: HTMLElement, _options: object): void {}
  }

  function HandlebarsApplicationMixin(Base: typeof ApplicationV2) {
    return class HandlebarsApplication extends Base {
      static PARTS: Record<string, { template: string }> = {};
      #descriptors: Record<string, { template: string }> = {};
      #parts: Record<string, HTMLElement> = {};

      /** The parts last rendered, by id. */
      get parts(): Record<string, HTMLElement> {
        return this.#parts;
      }

      _configureRenderParts(_options: object): Record<string, { template: string }> {
        return { ...(this.constructor as unknown as { PARTS: Record<string, { template: string }> }).PARTS };
      }

      protected override _configureRenderOptions(options: RenderOptions): void {
        super._configureRenderOptions(options);
        this.#descriptors = this._configureRenderParts(options);
        // As Foundry: the parts asked for are kept as they are, on a first render too.
        options.parts ??= Object.keys(this.#descriptors);
      }

      protected override async _renderHTML(context: object, options: RenderOptions): Promise<unknown> {
        await templatesLoaded;
        const parts: Record<string, HTMLElement> = {};
        for (const id of options.parts ?? []) {
          const part = this.#descriptors[id];
          if (!part) {
            dom.partWarnings.push(`Part "${id}" is not a supported template part for ${this.constructor.name}`);
            continue;
          }
          const holder = document.createElement("div");
          holder.innerHTML = renderTemplate(part.template, await this._preparePartContext(id, context, options));
          if (holder.children.length !== 1) throw new Error(`Template part "${id}" must render a single HTML element.`);
          const el = holder.firstElementChild as HTMLElement;
          el.dataset.applicationPart = id;
          parts[id] = el;
          dom.partRenders.set(id, (dom.partRenders.get(id) ?? 0) + 1);
        }
        return parts;
      }

      /**
       * Each rendered part replaces the element of that part in the window; a new part is appended.
       * Models HandlebarsApplicationMixin#_replaceHTML with its `_preSyncPartState`/`_syncPartState`:
       * the focused element is found again in the new part ONLY by its id (`#id`) or its name
       * (`TAG[name="…"]`); an element with neither loses the focus, as in Foundry 13.351.
       */
      protected override _replaceHTML(result: unknown, content: HTMLElement, _options: object): void {
        for (const [id, el] of Object.entries(result as Record<string, HTMLElement>)) {
          const old = content.querySelector<HTMLElement>(`[data-application-part="${id}"]`);
          if (old) {
            const state: { focus?: string } = {};
            this._preSyncPartState(id, el, old, state);
            old.replaceWith(el);
            this._syncPartState(id, el, old, state);
          } else content.append(el);
          this.#parts[id] = el;
        }
      }

      protected _preSyncPartState(_id: string, _el: HTMLElement, prior: HTMLElement, state: { focus?: string }): void {
        const focus = prior.querySelector<HTMLElement & { name?: string }>(":focus");
        if (focus?.id) state.focus = `#${focus.id}`;
        else if (focus?.name) state.focus = `${focus.tagName}[name="${focus.name}"]`;
        else state.focus = undefined;
      }

      protected _syncPartState(_id: string, el: HTMLElement, _prior: HTMLElement, state: { focus?: string }): void {
        if (state.focus) el.querySelector<HTMLElement>(state.focus)?.focus();
      }

      /** Closing forgets the parts (HandlebarsApplicationMixin#_tearDown). */
      protected override _tearDown(options: object): void {
        super._tearDown(options);
        this.#parts = {};
      }
    };
  }

  const g = globalThis as unknown as Record<string, unknown>;
  // The window code reads its forms with the page's FormData.
  g.FormData = window.FormData;
  g.foundry = {
    applications: {
      instances,
      api: {
        ApplicationV2,
        HandlebarsApplicationMixin,
        DialogV2: {
          confirm: async () => dom.confirmAnswer,
          input: async (config: { content?: string }) => dom.inputAnswer(config.content ?? ""),
        },
      },
      handlebars: { renderTemplate: async (path: string, data: object) => renderTemplate(path, data) },
    },
    utils: {
      saveDataToFile: (data: string, type: string, filename: string) => dom.saved.push({ data, type, filename }),
    },
  };
  return dom;
}
