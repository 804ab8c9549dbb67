/**
 * The Foundry globals a page of the insecure-origin browser test gets before the module bundle
 * loads (passed to Playwright's addInitScript, so it runs in the page and may use nothing from
 * outside this function): `Hooks`, `game` (user, users with activeGM by role then id, settings
 * through the stand-in server as Setting documents (`_id`, `delete()`, `storage.get("world")`), world
 * packs (`foundry.documents.collections.CompendiumCollection.createCompendium`, `game.packs.get`), i18n from the module's lang file, modules, `socket` for the module's
 * own event), `ui.notifications`, `socketlib` over the server's relay, `Roll`, `ChatMessage`,
 * `CONFIG`, `foundry.audio.AudioHelper` (sounds noted in `__sounds`), `foundry.data.fields.StringField`, and a bare
 * `foundry.applications.api` (windows are drawn only where a test adds foundry-windows.ts after it). `window.__foundryBoot()` imports the
 * module's stylesheet into `layer(modules)`, loads the world state and fires init, socketlib.ready
 * and ready, as Foundry does.
 */
export function installFoundryHarness(me: string): void {
  /** This tab's connection (Foundry keeps one socket per tab; a user may have several). */
  const tab = `${me}-${Math.random().toString(36).slice(2)}`;
  type Handler = (...args: unknown[]) => unknown;
  interface HarnessUser {
    id: string;
    name: string;
    role: number;
    isGM: boolean;
    active: boolean;
    flags: Record<string, Record<string, unknown>>;
    setFlag(scope: string, key: string, value: unknown): Promise<unknown>;
    hasPermission(permission: string): boolean;
    query(name: string, data: unknown, options?: { timeout?: number }): Promise<unknown>;
  }
  const w = window as unknown as Record<string, unknown>;
  const hooks = new Map<string, { fn: Handler; once: boolean }[]>();
  /** Hooks.call (`all` false: a listener returning false stops the rest) and Hooks.callAll. */
  const run = (all: boolean, name: string, args: unknown[]) => {
    const list = hooks.get(name) ?? [];
    hooks.set(
      name,
      list.filter((h) => !h.once),
    );
    for (const h of list) if (h.fn(...args) === false && !all) return false;
    return true;
  };
  const call = (name: string, ...args: unknown[]) => run(true, name, args);
  w.Hooks = {
    on: (name: string, fn: Handler) => hooks.set(name, [...(hooks.get(name) ?? []), { fn, once: false }]),
    once: (name: string, fn: Handler) => hooks.set(name, [...(hooks.get(name) ?? []), { fn, once: true }]),
    call: (name: string, ...args: unknown[]) => run(false, name, args),
    callAll: call,
  };
  const post = async (path: string, body: unknown): Promise<unknown> => {
    const text = JSON.stringify(body);
    // A small frame a tab sends as it closes (its election's bye) still goes out, as a websocket
    // frame would (keepalive requests share a 64 KiB quota per page: only small module events).
    const res = await fetch(path, { method: "POST", body: text, keepalive: path === "/raw" && text.length < 2048 });
    return res.json();
  };
  const users: HarnessUser[] = [];
  const settings = new Map<string, unknown>();
  /** Each stored world setting's Setting document id: a key without one is no document (its default). */
  const settingIds = new Map<string, string>();
  const defaults = new Map<string, unknown>();
  /** Each registered setting's scope: a "client" setting lives in this browser's localStorage, as Foundry keeps it. */
  const scopes = new Map<string, string>();
  let lang: Record<string, unknown> = {};
  const lookup = (key: string): string => {
    let node: unknown = lang;
    for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
    return typeof node === "string" ? node : key;
  };
  const socketHandlers = new Map<string, Handler>();
  class SocketlibError extends Error {}
  class NoGM extends SocketlibError {}
  class InvalidUser extends SocketlibError {}
  /** Results of this page's socket calls, delivered on its event stream. */
  const results = new Map<string, (value: unknown) => void>();
  /** Results that arrived before their call's id did. */
  const early = new Map<string, unknown>();
  const remote = async (to: string | string[], handler: string, args: unknown[]) => {
    const reply = (await post("/socket", { from: me, tab, to, handler, args })) as {
      id?: string;
      result?: unknown;
      error?: string;
    };
    if (reply.error === "no-gm") throw new NoGM("no GM connected");
    if (reply.error === "invalid-user") throw new InvalidUser("user not connected");
    if (reply.id === undefined) return reply.result;
    if (early.has(reply.id)) return early.get(reply.id);
    return new Promise((resolve) => results.set(reply.id!, resolve));
  };
  /** socketlib's `_executeLocal`: the handler runs on this tab, with this user as the caller. */
  const local = async (name: string, args: unknown[]) => {
    const fn = socketHandlers.get(name);
    if (!fn) throw new SocketlibError(`${name} is not registered`);
    return fn.call({ socketdata: { userId: me } }, ...args);
  };
  const socket = {
    register: (name: string, fn: Handler) => socketHandlers.set(name, fn),
    // socketlib's executeAsGM runs locally on a GM's client, executeAsUser to oneself too.
    executeAsGM: (name: string, ...args: unknown[]) =>
      users.find((u) => u.id === me)?.isGM ? local(name, args) : remote("GM", name, args),
    executeAsUser: (name: string, user: string, ...args: unknown[]) =>
      user === me ? local(name, args) : remote(user, name, args),
    executeForUsers: (name: string, to: string[], ...args: unknown[]) => remote(to, name, args),
  };
  w.socketlib = {
    registerModule: () => socket,
    errors: { SocketlibError, SocketlibNoGMConnectedError: NoGM, SocketlibInvalidUserError: InvalidUser },
  };
  const notifications: string[] = [];
  w.__notifications = notifications;
  const note = (text: string) => notifications.push(text);
  w.ui = { notifications: { info: note, warn: note, error: note } };
  class ApplicationV2 {
    static DEFAULT_OPTIONS = {};
    rendered = false;
    element = document.createElement("div");
    constructor(readonly options: object = {}) {}
    async render() {
      return this;
    }
    async close() {
      return this;
    }
  }
  /** World packs (`world.<name>`) as this client sees them: each one's index kept from the server's broadcasts. */
  interface PackState {
    collection: string;
    ownership: Record<string, string>;
    index: { _id: string; name: string }[];
  }
  const packs = new Map<string, ReturnType<typeof pagePack>>();
  const askPacks = async (request: object): Promise<unknown> => {
    const reply = (await post("/pack", { ...request, from: me, tab })) as { error?: string } | null;
    if (reply && typeof reply.error === "string") throw new Error(reply.error);
    return reply;
  };
  const pagePack = (collection: string) => {
    const entries = new Map<string, { _id: string; name: string }>();
    const changed = async (request: object, op?: { pack: string }) => {
      if (op && op.pack !== collection) throw new Error(`no pack ${op.pack}`);
      return applyPack((await askPacks({ ...request, collection })) as PackState);
    };
    /** A create's answer: the documents (or pages) made, each with its id. */
    const created = async (request: object, op?: { pack: string }) => {
      if (op && op.pack !== collection) throw new Error(`no pack ${op.pack}`);
      const reply = (await askPacks({ ...request, collection })) as PackState & { created: { _id: string }[] };
      applyPack(reply);
      return reply.created;
    };
    return {
      collection,
      ownership: {} as Record<string, string>,
      entries,
      // foundry.utils.Collection: iterating yields the values.
      index: { [Symbol.iterator]: () => entries.values(), get: (id: string) => entries.get(id) },
      documentClass: {
        createDocuments: async (data: object[], op: { pack: string }) => created({ action: "create", data }, op),
        deleteDocuments: async (ids: string[], op: { pack: string }) => changed({ action: "delete", ids }, op),
      },
      // A JournalEntry comes whole with its pages; its embedded operations and update each one request.
      getDocument: async (id: string) => {
        const doc = (await askPacks({ action: "get", collection, id })) as { _id: string } | null;
        if (!doc) return null;
        return {
          ...doc,
          id: doc._id,
          createEmbeddedDocuments: async (_name: string, data: object[]) =>
            created({ action: "page-create", parent: doc._id, data }),
          deleteEmbeddedDocuments: async (_name: string, ids: string[]) =>
            changed({ action: "page-delete", parent: doc._id, ids }),
          update: async (changes: object) => changed({ action: "update", id: doc._id, changes }),
        };
      },
      configure: async (configuration: { ownership?: Record<string, string> }) =>
        changed({ action: "configure", ownership: configuration.ownership }),
    };
  };
  const applyPack = (state: PackState) => {
    const pack = packs.get(state.collection) ?? pagePack(state.collection);
    packs.set(state.collection, pack);
    pack.ownership = state.ownership;
    pack.entries.clear();
    for (const e of state.index) pack.entries.set(e._id, e);
    return pack;
  };
  /** A setting's DataField type (13.351's StringField): the page's settings keep its default and never validate. */
  class StringField {
    constructor(readonly options: { readonly initial?: unknown } = {}) {}
  }
  w.foundry = {
    data: { fields: { StringField } },
    documents: {
      collections: {
        // A world pack, GMs only (a player's client gets nothing); its ownership from the metadata.
        CompendiumCollection: {
          createCompendium: async (metadata: { name: string; ownership?: Record<string, string> }) =>
            users.find((u) => u.id === me)?.isGM
              ? applyPack((await askPacks({ action: "pack-create", ...metadata })) as PackState)
              : undefined,
        },
      },
    },
    applications: {
      api: { ApplicationV2, HandlebarsApplicationMixin: (b: unknown) => b, DialogV2: { confirm: async () => true } },
      // Windows are not drawn here: the templates the module preloads at "ready" are only checked to be paths.
      handlebars: {
        loadTemplates: async (paths: unknown) => {
          if (!Array.isArray(paths) || !paths.every((p) => typeof p === "string" && p.endsWith(".hbs")))
            throw new Error("loadTemplates takes template paths");
          return [];
        },
      },
    },
    utils: { saveDataToFile: () => undefined },
    // AudioHelper.play(data, socketOptions): resolves to the Sound playing; here the source is noted.
    audio: {
      AudioHelper: {
        play: async (data: { src: string }) => {
          sounds.push(data.src);
          return {};
        },
      },
    },
  };
  w.Roll = { fromData: (data: unknown) => ({ data, render: async () => "" }) };
  w.ChatMessage = { create: async (data: unknown) => post("/chat", { data, tab }) };
  /** Foundry's `game.socket` for the module's event: the server relays it (foundry-world.ts `/raw`). */
  const rawListeners: ((data: unknown, sender: string) => void)[] = [];
  const gameSocket = {
    emit: (_event: string, data: unknown, options: { recipients?: string[] } = {}) =>
      // A socket.io emit never fails in the page (a closing tab's frame is simply lost).
      void post("/raw", { from: me, tab, data, recipients: options.recipients }).catch(() => undefined),
    on: (_event: string, listener: (data: unknown, sender: string) => void) => rawListeners.push(listener),
  };
  /** This tab's `CONFIG.queries` and the answers to its own queries, by id. */
  const queries: Record<string, (data: unknown, options: { timeout?: number }) => Promise<unknown>> = {};
  w.CONFIG = { sounds: { dice: "sounds/dice.wav", notification: "sounds/notify.wav" }, queries };
  /**
   * User#query as Foundry v13's client sends it: refused before sending when not registered here
   * or the target is not active; the server relays it to the target's tabs and the answer back.
   */
  const queryUser = async (to: HarnessUser, name: string, data: unknown, { timeout }: { timeout?: number } = {}) => {
    if (!(name in queries)) throw new Error(`User query '${name}' is not registered`);
    if (!to.active) throw new Error(`User [${to.id}] is not active`);
    const { id } = (await post("/query", { from: me, tab, to: to.id, name, data, timeout })) as { id: string };
    const answer = early.has(id) ? early.get(id) : await new Promise<unknown>((resolve) => results.set(id, resolve));
    const result = answer as { status: string; value?: unknown; reason?: string };
    if (result.status === "rejected") throw new Error(result.reason);
    return result.value;
  };
  /** The sounds `foundry.audio.AudioHelper.play` was asked for (each `src`), in order. */
  const sounds: string[] = [];
  w.__sounds = sounds;
  const modules = new Map<string, Record<string, unknown>>([
    ["cantina-games", { id: "cantina-games", version: "test" }],
  ]);
  const usersCollection = {
    [Symbol.iterator]: () => users[Symbol.iterator](),
    get: (id: string) => users.find((u) => u.id === id),
    getName: (name: string) => users.find((u) => u.name === name),
    get activeGM() {
      let best: HarnessUser | null = null;
      for (const u of users)
        if (u.active && u.isGM && (!best || u.role > best.role || (u.role === best.role && u.id < best.id))) best = u;
      return best;
    },
  };
  w.game = {
    get user() {
      return users.find((u) => u.id === me);
    },
    users: usersCollection,
    world: { id: "cantina-test-world" },
    modules,
    i18n: {
      localize: lookup,
      // Localization#format: a placeholder missing from the data becomes "undefined", as in Foundry.
      format: (key: string, data: Record<string, unknown> = {}) =>
        lookup(key).replace(/{[^}]+}/g, (k) => String(data[k.slice(1, -1)])),
    },
    settings: {
      register: (ns: string, key: string, config: { default?: unknown; scope?: string }) => {
        defaults.set(`${ns}.${key}`, config.default);
        scopes.set(`${ns}.${key}`, config.scope ?? "world");
      },
      registerMenu: () => undefined,
      /** `{ document: true }`: the Setting document (one without `_id` when none is stored), as 13.351's `get`. */
      get: (ns: string, key: string, options: { document?: boolean } = {}) => {
        const k = `${ns}.${key}`;
        let value: unknown;
        if (scopes.get(k) === "client") {
          const stored = localStorage.getItem(k);
          value = stored === null ? structuredClone(defaults.get(k)) : (JSON.parse(stored) as unknown);
        } else value = structuredClone(settings.has(k) ? settings.get(k) : defaults.get(k));
        if (!options.document) return value;
        const id = scopes.get(k) === "client" ? null : (settingIds.get(k) ?? null);
        const remove = async () => {
          const reply = (await post("/setting-delete", { key: k, from: me, tab })) as { error?: string } | true;
          if (reply !== true) throw new Error(reply.error);
          settings.delete(k);
          settingIds.delete(k);
        };
        return { _id: id, key: k, value, delete: remove };
      },
      set: async (ns: string, key: string, value: unknown) => {
        // ClientSettings#set of a client setting: stored in this browser only, nothing sent to the server.
        if (scopes.get(`${ns}.${key}`) === "client") {
          localStorage.setItem(`${ns}.${key}`, JSON.stringify(value));
          return value;
        }
        const { id } = (await post("/setting", { key: `${ns}.${key}`, value, from: me, tab })) as { id: string };
        settings.set(`${ns}.${key}`, structuredClone(value));
        settingIds.set(`${ns}.${key}`, id);
        return value;
      },
      /** `storage.get("world")`: the world's Setting documents (the value as its JSON string, as stored). */
      storage: new Map([
        [
          "world",
          {
            [Symbol.iterator]: () =>
              [...settingIds]
                .map(([key, _id]) => ({ _id, key, value: JSON.stringify(settings.get(key) ?? null) }))
                [Symbol.iterator](),
          },
        ],
      ]),
    },
    packs: { get: (collection: string) => packs.get(collection) },
    socket: gameSocket,
  };
  w.__socketHandlers = socketHandlers;
  w.__foundryBoot = async () => {
    // Foundry v13 declares its cascade layers and imports each module's stylesheet into `modules`.
    const sheet = document.createElement("style");
    sheet.textContent =
      "@layer reset, variables, elements, blocks, applications, layouts, system, modules, exceptions;\n" +
      '@import url("/modules/cantina-games/styles/cantina-games.css") layer(modules);';
    document.head.append(sheet);
    lang = (await (await fetch("/modules/cantina-games/lang/en.json")).json()) as Record<string, unknown>;
    const state = (await (await fetch("/state")).json()) as {
      users: { id: string; name: string; role: number; flags: Record<string, Record<string, unknown>> }[];
      settings: Record<string, unknown>;
      settingIds: Record<string, string>;
      packs: PackState[];
      active: string[];
    };
    for (const u of state.users) {
      const user: HarnessUser = {
        ...u,
        isGM: u.role >= 3,
        active: state.active.includes(u.id) || u.id === me,
        setFlag: async (scope, key, value) => post("/flag", { user: u.id, scope, key, value }),
        // QUERY_USER's default role is PLAYER: every user here has it.
        hasPermission: (permission: string) => u.role >= 3 || permission === "QUERY_USER",
        query: (name: string, data: unknown, options?: { timeout?: number }) => queryUser(user, name, data, options),
      };
      users.push(user);
    }
    for (const [k, v] of Object.entries(state.settings)) settings.set(k, v);
    for (const [k, id] of Object.entries(state.settingIds)) settingIds.set(k, id);
    for (const pack of state.packs) applyPack(pack);
    const events = new EventSource(`/events?user=${encodeURIComponent(me)}&tab=${encodeURIComponent(tab)}`);
    await new Promise((resolve) => events.addEventListener("open", resolve, { once: true }));
    events.onmessage = (e: MessageEvent<string>) => {
      const event = JSON.parse(e.data) as Record<string, unknown>;
      if (event.type === "setting") {
        settings.set(event.key as string, event.value);
        settingIds.set(event.key as string, event.id as string);
      }
      if (event.type === "pack") applyPack(event as unknown as PackState);
      if (event.type === "setting-delete") {
        settings.delete(event.key as string);
        settingIds.delete(event.key as string);
      }
      if (event.type === "flag") {
        const u = users.find((x) => x.id === event.user);
        if (u) {
          u.flags[event.scope as string] = {
            ...(u.flags[event.scope as string] ?? {}),
            [event.key as string]: event.value,
          };
          call("updateUser", u, { flags: { [event.scope as string]: { [event.key as string]: event.value } } });
        }
      }
      if (event.type === "user-active") {
        const u = users.find((x) => x.id === event.user);
        if (u && u.id !== me && u.active !== event.active) {
          u.active = event.active as boolean;
          call("userConnected", u, u.active);
        }
      }
      if (event.type === "raw") for (const l of rawListeners) l(event.data, event.from as string);
      if (event.type === "query-result") {
        const resolve = results.get(event.id as string);
        if (resolve) resolve(event.result);
        else early.set(event.id as string, event.result);
        results.delete(event.id as string);
      }
      if (event.type === "query") {
        // Users#handleUserQuery: a tab without the handler throws and never answers.
        const handler = queries[event.name as string];
        if (handler)
          void (async () => {
            let result: { status: string; value?: unknown; reason?: string };
            try {
              const options = { timeout: event.timeout as number | undefined };
              result = { status: "fulfilled", value: await handler(event.data, options) };
            } catch (error) {
              result = { status: "rejected", reason: error instanceof Error ? error.message : String(error) };
            }
            await post("/socket-result", { id: event.id, result }).catch(() => undefined);
          })();
      }
      if (event.type === "socket-result") {
        const resolve = results.get(event.id as string);
        if (resolve) resolve(event.result);
        else early.set(event.id as string, event.result);
        results.delete(event.id as string);
      }
      if (event.type === "socket") {
        const fn = socketHandlers.get(event.handler as string);
        void (async () => {
          let result: unknown = null;
          try {
            result = fn ? await fn.call({ socketdata: { userId: event.from } }, ...(event.args as unknown[])) : null;
          } catch (error) {
            result = { harnessError: String(error) };
          }
          if (event.id !== null)
            await post("/socket-result", { id: event.id, result: result ?? null }).catch(() => undefined);
        })();
      }
    };
    call("init");
    call("socketlib.ready");
    call("ready");
  };
}
