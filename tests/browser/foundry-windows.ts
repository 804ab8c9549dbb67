/**
 * Drawn windows for the Foundry browser pages (run in the page after `installFoundryHarness`, before the
 * module loads, with Handlebars' browser build as the global `Handlebars`): ApplicationV2, HandlebarsApplicationMixin, DialogV2 and the template loader, as tests/foundry/application.ts models them.
 */
export function installFoundryWindows(): void {
  type Action = (this: unknown, event: Event, target: HTMLElement) => unknown;
  type ActionConfig = Action | { handler: Action; buttons: number[] };
  interface FormConfig {
    handler?: (this: unknown, event: Event, form: HTMLFormElement, data: FormData) => unknown;
    submitOnChange?: boolean;
    closeOnSubmit?: boolean;
  }
  interface RenderOptions {
    force?: boolean;
    isFirstRender?: boolean;
    parts?: string[];
    window?: { title?: string };
  }
  interface Options {
    id?: string;
    classes?: string[];
    tag?: string;
    window?: { title?: string; icon?: string };
    actions?: Record<string, ActionConfig>;
    form?: FormConfig;
    [key: string]: unknown;
  }
  type Template = (context: object) => string;
  interface HandlebarsGlobal {
    create(): { compile(text: string): Template; registerHelper(name: string, fn: unknown): void };
  }
  const w = window as unknown as Record<string, unknown>;
  const game = () => w.game as { i18n: { localize(k: string): string; format(k: string, d: object): string } };
  const hbs = (w.Handlebars as HandlebarsGlobal).create();
  // Foundry's `localize` helper: `format` when it is given data.
  hbs.registerHelper("localize", (key: unknown, options: { hash?: Record<string, unknown> }) => {
    const hash = options?.hash ?? {};
    return Object.keys(hash).length === 0 ? game().i18n.localize(String(key)) : game().i18n.format(String(key), hash);
  });
  const compiled = new Map<string, Promise<Template>>();
  /** Foundry's `getTemplate`: fetched from the server and compiled once. */
  const template = (path: string): Promise<Template> => {
    let found = compiled.get(path);
    if (!found) {
      found = fetch(`/${path}`).then(async (res) => {
        if (!res.ok) throw new Error(`Failed to load template ${path}`);
        return hbs.compile(await res.text());
      });
      compiled.set(path, found);
    }
    return found;
  };
  const RENDER_STATES = { ERROR: -3, CLOSING: -2, CLOSED: -1, NONE: 0, RENDERING: 1, RENDERED: 2 } as const;
  const instances = new Map<string, unknown>();
  let nextId = 1;
  /** Merges DEFAULT_OPTIONS down the class chain, as ApplicationV2's constructor does. */
  const defaultOptions = (cls: unknown): Options => {
    const chain: Options[] = [];
    for (let c = cls as { DEFAULT_OPTIONS?: Options } | null; c; c = Object.getPrototypeOf(c) as typeof c)
      if (Object.prototype.hasOwnProperty.call(c, "DEFAULT_OPTIONS") && c.DEFAULT_OPTIONS)
        chain.unshift(c.DEFAULT_OPTIONS);
    const out: Options = { classes: [], actions: {}, window: {}, tag: "div" };
    for (const o of chain)
      Object.assign(out, o, {
        classes: [...(out.classes ?? []), ...(o.classes ?? [])],
        actions: { ...out.actions, ...o.actions },
        window: { ...out.window, ...o.window },
        form: o.form ? { ...out.form, ...o.form } : out.form,
      });
    return out;
  };

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
      return game().i18n.localize(this.options.window?.title ?? "");
    }
    /** One render at a time, in order (Foundry's render semaphore). */
    render(options: boolean | RenderOptions = {}): Promise<this> {
      const opts: RenderOptions = typeof options === "boolean" ? { force: options } : { ...options };
      const run = this.#queue.then(() => this.#render(opts));
      this.#queue = run.catch(() => undefined);
      return run.then(() => this);
    }
    /**
     * ApplicationV2#render (13.351): `_canRender` (false or a throw: nothing); a first render needs
     * `force`; a failure removes the element, state ERROR (the window stays in the instances);
     * `_updateFrame` on every render; a first render replaces an element of the same id.
     */
    async #render(options: RenderOptions): Promise<void> {
      try {
        if (this._canRender(options) === false) return;
      } catch (err) {
        (w.ui as { notifications: { warn(t: string): void } }).notifications.warn(String((err as Error).message));
        return;
      }
      const first = this.#state <= RENDER_STATES.NONE;
      options.isFirstRender = first;
      if (first && !options.force) return;
      this._configureRenderOptions(options);
      const context = await this._prepareContext(options);
      if (first) await this._preFirstRender(context, options);
      await this._preRender(context, options);
      this.#state = RENDER_STATES.RENDERING;
      if (first) {
        this.#element = this._renderFrame();
        this._attachFrameListeners();
      }
      try {
        const result = await this._renderHTML(context, options);
        this._replaceHTML(result, this.#element!.querySelector<HTMLElement>(".window-content")!, options);
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
      if (first) this.#element?.querySelector<HTMLElement>("[autofocus]")?.focus();
    }
    _canRender(_options: RenderOptions): false | void {}
    close(): Promise<this> {
      const run = this.#queue.then(() => this.#close());
      this.#queue = run.catch(() => undefined);
      return run.then(() => this);
    }
    /**
     * ApplicationV2#close (13.351): no element: CLOSED only; else `_preClose`, CLOSING, `_tearDown`,
     * CLOSED, the id out of the instances, then `_onClose`, not awaited.
     */
    async #close(): Promise<void> {
      if (!this.#element) {
        this.#state = RENDER_STATES.CLOSED;
        return;
      }
      await this._preClose({});
      this.#state = RENDER_STATES.CLOSING;
      this._tearDown({});
      this.#state = RENDER_STATES.CLOSED;
      instances.delete(this.id);
      void this._onClose({});
    }
    _preClose(_options: object): Promise<void> | void {}
    _tearDown(_options: object): void {
      this.#element?.remove();
      this.#element = null;
    }
    /** The frame: a header with the title and a close button, and the content section. */
    _renderFrame(): HTMLElement {
      const frame = document.createElement(this.options.tag ?? "div");
      frame.id = this.id;
      frame.classList.add("application", ...(this.options.classes ?? []));
      // Placed one under the other at the window's width (Foundry positions them; the screenshots read them so).
      const width = (this.options.position as { width?: unknown } | undefined)?.width;
      frame.style.cssText = `display: block; margin: 8px; border: 1px solid gray;${typeof width === "number" ? ` width: ${width}px;` : ""}`;
      const header = document.createElement("header");
      header.className = "window-header";
      const title = document.createElement("h1");
      title.className = "window-title";
      const close = document.createElement("button");
      close.type = "button";
      close.dataset.action = "close";
      close.setAttribute("aria-label", "Close Window");
      close.textContent = "×";
      header.append(title, close);
      const content = document.createElement("section");
      content.className = "window-content";
      frame.append(header, content);
      return frame;
    }
    _attachFrameListeners(): void {
      const element = this.#element!;
      const onClick = (event: Event) => this.#onClick(event as MouseEvent);
      element.addEventListener("click", onClick);
      element.addEventListener("contextmenu", onClick);
      if (this.options.tag === "form") {
        const form = this.options.form ?? {};
        element.addEventListener("submit", (event) => void this._onSubmitForm(form, event));
        element.addEventListener("change", (event) => this._onChangeForm(form, event));
      }
    }
    /** Foundry's click handler: a listed action (the primary button unless `buttons` says), else `_onClickAction`. */
    #onClick(event: MouseEvent): void {
      const target = (event.target as HTMLElement | null)?.closest<HTMLElement>("[data-action]");
      if (!target) return;
      if (target.dataset.action === "close") {
        void this.close();
        return;
      }
      const config = this.options.actions?.[target.dataset.action ?? ""];
      if (config) {
        const { handler, buttons } = typeof config === "function" ? { handler: config, buttons: [0] } : config;
        if (buttons.includes(event.button)) void handler.call(this, event, target);
        return;
      }
      this._onClickAction(event, target);
    }
    async _onSubmitForm(formConfig: FormConfig, event: Event): Promise<void> {
      event.preventDefault();
      const form = this.#element as HTMLFormElement;
      if (formConfig.handler) await formConfig.handler.call(this, event, form, new FormData(form));
      if (formConfig.closeOnSubmit) await this.close();
    }
    /** A change in a form window: submitted when the form says so (ApplicationV2#_onChangeForm). */
    _onChangeForm(formConfig: FormConfig, event: Event): void {
      if (formConfig.submitOnChange) void this._onSubmitForm(formConfig, event);
    }
    /** Every render writes the title its options carry (a first render's: `this.title` unless given one). */
    _updateFrame(options: RenderOptions): void {
      if (options.window && "title" in options.window)
        this.#element!.querySelector(".window-title")!.textContent = options.window.title ?? "";
    }
    _configureRenderOptions(options: RenderOptions): void {
      if (!options.isFirstRender) return;
      options.window ??= {};
      options.window.title ||= this.title;
    }
    _onClickAction(_event: Event, _target: HTMLElement): void {}
    async _prepareContext(_options: object): Promise<Record<string, unknown>> {
      return {};
    }
    async _preparePartContext(_id: string, context: object, _options: object): Promise<object> {
      return context;
    }
    async _preFirstRender(_context: object, _options: object): Promise<void> {}
    async _preRender(_context: object, _options: object): Promise<void> {}
    async _onFirstRender(_context: object, _options: object): Promise<void> {}
    async _onRender(_context: object, _options: object): Promise<void> {}
    _onClose(_options: object): void {}
    async _renderHTML(_context: object, _options: object): Promise<unknown> {
      return null;
    }
    _replaceHTML(_result: unknown, _content: HTMLElement, _options: object): void {}
  }

  function HandlebarsApplicationMixin(Base: typeof ApplicationV2) {
    return class HandlebarsApplication extends Base {
      static PARTS: Record<string, { template: string }> = {};
      #descriptors: Record<string, { template: string }> = {};
      #parts: Record<string, HTMLElement> = {};
      get parts(): Record<string, HTMLElement> {
        return this.#parts;
      }
      _configureRenderParts(_options: object): Record<string, { template: string }> {
        return { ...(this.constructor as unknown as { PARTS: Record<string, { template: string }> }).PARTS };
      }
      override _configureRenderOptions(options: RenderOptions): void {
        super._configureRenderOptions(options);
        this.#descriptors = this._configureRenderParts(options);
        options.parts ??= Object.keys(this.#descriptors);
      }
      /** Each part asked for: its template must render one element; a part not configured is skipped with a warning. */
      override async _renderHTML(context: object, options: RenderOptions): Promise<unknown> {
        const parts: Record<string, HTMLElement> = {};
        for (const id of options.parts ?? []) {
          const part = this.#descriptors[id];
          if (!part) {
            console.warn(`Part "${id}" is not a supported template part for ${this.constructor.name}`);
            continue;
          }
          const holder = document.createElement("div");
          holder.innerHTML = (await template(part.template))(await this._preparePartContext(id, context, options));
          if (holder.children.length !== 1) throw new Error(`Template part "${id}" must render a single HTML element.`);
          const el = holder.firstElementChild as HTMLElement;
          el.dataset.applicationPart = id;
          parts[id] = el;
        }
        return parts;
      }
      /**
       * Replaces each rendered part, appends a new one, between `_preSyncPartState` and `_syncPartState`
       * (a subclass may keep more); the focus comes back only by id or name, as in 13.351.
       */
      override _replaceHTML(result: unknown, content: HTMLElement, _options: object): void {
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
      _preSyncPartState(_id: string, _el: HTMLElement, prior: HTMLElement, state: { focus?: string }): void {
        const focus = prior.querySelector<HTMLElement & { name?: string }>(":focus");
        state.focus = focus?.id ? `#${focus.id}` : focus?.name ? `${focus.tagName}[name="${focus.name}"]` : undefined;
      }
      _syncPartState(_id: string, el: HTMLElement, _prior: HTMLElement, state: { focus?: string }): void {
        if (state.focus) el.querySelector<HTMLElement>(state.focus)?.focus();
      }
      override _tearDown(options: object): void {
        super._tearDown(options);
        this.#parts = {};
      }
    };
  }

  /** DialogV2.confirm / input drawn as a dialog with Foundry's "yes"/"no" (or "ok") buttons. */
  const dialog = (content: string, buttons: string[]): Promise<{ button: string; form: FormData | null }> =>
    new Promise((resolve) => {
      const box = document.createElement("dialog");
      box.className = "application dialog";
      box.innerHTML = `<form><div class="dialog-content">${content}</div><footer class="form-footer">${buttons
        .map((b) => `<button type="button" data-action="${b}">${b}</button>`)
        .join("")}</footer></form>`;
      box.addEventListener("click", (event) => {
        const button = (event.target as HTMLElement).closest<HTMLElement>("button[data-action]");
        if (!button) return;
        const form = box.querySelector("form");
        box.remove();
        resolve({ button: button.dataset.action ?? "", form: form ? new FormData(form) : null });
      });
      document.body.append(box);
      box.show();
    });
  const api = (w.foundry as { applications: Record<string, unknown> }).applications;
  api.instances = instances;
  api.api = {
    ApplicationV2,
    HandlebarsApplicationMixin,
    DialogV2: {
      confirm: async (config: { content?: string }) =>
        (await dialog(config.content ?? "", ["yes", "no"])).button === "yes",
      input: async (config: { content?: string }) => {
        const { button, form } = await dialog(config.content ?? "", ["ok", "cancel"]);
        return button === "ok" && form ? Object.fromEntries(form) : null;
      },
    },
  };
  api.handlebars = {
    loadTemplates: async (paths: string[]) => Promise.all(paths.map(template)),
    renderTemplate: async (path: string, data: object) => (await template(path))(data),
  };
}
