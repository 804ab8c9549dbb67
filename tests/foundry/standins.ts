/**
 * Small stand-ins for the few Foundry globals the adapter touches, and a fake socket that records
 * every message the way Foundry's server would relay it (to every client).
 *
 * Globals stood in:
 *   game.user (id, isGM, role, flags, setFlag), game.users (iteration, get, activeGM by role then
 *   id, as Foundry's), game.world.id,
 *   game.i18n (localize, format: Foundry's "undefined" for a missing placeholder), game.settings (get, set: broadcast to every connected client,
 *   its size counted, and refused when `refuseSetting` says so), game.packs (get: the compendiums a
 *   test puts in `world.packs`), ui.notifications (info, warn, error),
 *   game.socket (emit with or without `recipients`, on: the module's own event, as the server
 *   relays it; each client's `inbox` records what its socket received),
 *   socketlib (registerModule, errors; its messages reach every client's inbox), Roll.fromData (parses the formula), ChatMessage.create
 *   (author permission, evaluated rolls, sanitized content; `mayModifyChat` is the owner's right
 *   to update or delete), CONFIG.sounds.dice, game.system.id (`world.systemId`), game.actors (get,
 *   iteration: `world.actors`, stand-in actors modelled on Actor#update in tests/tournament/foundry-actor.ts),
 *   foundry.data.fields (the StringField a setting's `type` may be: data-fields.ts).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { Sealer, generateKeyPair, type PublicJwk } from "../../src/foundry/crypto";
import { Handlers } from "../../src/foundry/runtime";
import { registerSettings } from "../../src/foundry/settings";
import { registerTournamentSettings } from "../../src/foundry/tournament-settings";
import type { StandInActor } from "../tournament/foundry-actor";
import { StandInDataField, standInFields } from "./data-fields";
import { type Directory, SecureClientTransport, type WireReply, isPushFrame } from "../../src/foundry/secure-transport";
import { type RetryPolicy, TableClient } from "../../src/table/client";
import { installUserQueries, newestTab } from "./standins-query";
import { SettingDocuments } from "./setting-documents";

/** Foundry's user roles (CONST.USER_ROLES). */
export const Roles = { player: 1, trusted: 2, assistant: 3, gamemaster: 4 } as const;

export interface FakeUser {
  id: string;
  name: string;
  isGM: boolean;
  /** Foundry's role: 4 Gamemaster, 3 Assistant GM (both isGM), 1 player. */
  role: number;
  active: boolean;
  flags: Record<string, Record<string, unknown>>;
  /** The user's assigned character (`User#character`), or null. */
  character: { readonly id: string } | null;
  setFlag(scope: string, key: string, value: unknown): Promise<void>;
  /** Foundry's permissions a GM granted or revoked (`User#permissions`); QUERY_USER defaults to every player. */
  permissions: Record<string, boolean>;
  hasPermission(permission: string): boolean;
  /** `User#query` (standins-query.ts), sent from the current user's newest tab. */
  query?: (name: string, data: unknown, options?: { timeout?: number }) => Promise<unknown>;
}

export function fakeUser(
  id: string,
  name: string,
  isGM: boolean,
  role: number = isGM ? Roles.gamemaster : Roles.player,
): FakeUser {
  const user: FakeUser = {
    id,
    name,
    isGM,
    role,
    active: true,
    flags: {},
    character: null,
    permissions: {},
    // BaseUser#hasPermission: a GM has every permission; QUERY_USER's default role is PLAYER.
    hasPermission: (permission) =>
      user.isGM || (user.permissions[permission] ?? (permission === "QUERY_USER" && user.role >= Roles.player)),
    async setFlag(scope, key, value) {
      user.flags[scope] = { ...(user.flags[scope] ?? {}), [key]: JSON.parse(JSON.stringify(value)) as unknown };
    },
  };
  return user;
}

class FakeSocketlibError extends Error {}
class FakeNoGMError extends FakeSocketlibError {}
class FakeInvalidUserError extends FakeSocketlibError {}

type Handler = (this: SocketlibHandlerContext, ...args: unknown[]) => unknown;

/** Everything that crossed the (fake) server: socket messages and world-setting writes. */
export interface Wire {
  /** Each socket message as every client would receive it, with the recipient socketlib names. */
  readonly socket: { readonly handler: string; readonly recipients: string; readonly args: unknown[] }[];
  /**
   * Each world-setting write the server accepted: Foundry sends the new value to every connected
   * client, so `bytes` (its JSON) crosses the wire `recipients` times.
   */
  readonly settings: {
    readonly key: string;
    readonly value: unknown;
    readonly bytes: number;
    readonly recipients: number;
    /** A first write: Foundry's `Setting.create` (then `Setting#update`). */
    readonly created: boolean;
    /** The document deleted (`Setting#delete`: its id sent to every client); `value` then null. */
    readonly deleted?: true;
  }[];
  readonly chat: { readonly data: Record<string, unknown>; readonly options: Record<string, unknown> }[];
  readonly notifications: { readonly kind: string; readonly text: string }[];
}

/** One tab's connection: its user, its socketlib handlers and its listeners on the module's event. */
export interface FakeClient {
  readonly user: string;
  readonly handlers: Map<string, Handler>;
  readonly raw: ((data: unknown, sender: string) => void)[];
  connected: boolean;
  /**
   * False between `init` and `setup`: socketlib (registered at init) takes the message, but its
   * `_handleRequest` reads `game.users.activeGM`, and `game.users` only exists from setup: the
   * request to "one GM" throws on this tab and is never answered (socketlib has no timeout).
   */
  setUp: boolean;
  /** This tab's `CONFIG.queries` (standins-query.ts). */
  readonly queries: Record<string, (data: unknown, options: { timeout?: number }) => Promise<unknown>>;
  /** Every socket message this tab received (the bench counts them per tab). */
  readonly received: { readonly payload: unknown; readonly bytes: number }[];
}

export interface FakeWorld {
  readonly users: FakeUser[];
  readonly wire: Wire;
  readonly handlers: Map<string, Handler>;
  /** Persisted world settings (survive a "reload"). */
  readonly settings: Map<string, unknown>;
  /** Compendium packs by id ("cantina-games.cantina-boards"), as `game.packs.get` returns them. */
  readonly packs: Map<string, unknown>;
  /** Players' pushes are delivered here (set by `playerClient`; a runtime's `game.socket.on` sets its own). */
  readonly deliverPush: Map<string, (sealed: unknown, from: string) => void>;
  /**
   * Every socket message each connected client's socket received, whether or not it was for that
   * client: socketlib emits without recipients, so Foundry's server relays each of its messages
   * (commands, requests, results) to every client but the sender; a raw `game.socket.emit` with
   * `recipients` reaches only those users' clients. `bytes` is the message's JSON.
   */
  readonly inbox: Map<string, { readonly payload: unknown; readonly bytes: number }[]>;
  /**
   * Puts a relayed message into the inboxes of the clients in `to` (default: every connected client
   * but `from`'s; `tabs`: only those of the users' tabs). False when the server took none of it: its
   * sender's connection was closed for its size ("The socket's message limit" below).
   */
  arrive(payload: unknown, from: string, to?: readonly string[], tabs?: readonly FakeClient[]): boolean;
  /** Every tab that ever connected (a closed one has `connected` false). */
  readonly tabs: readonly FakeClient[];
  /**
   * Which of the target user's tabs the server hands a `userQuery` (standins-query.ts): every tab,
   * the first answer taken ("every"), or only the tab that connected last ("newest"). Foundry's
   * server is not public: tests run both.
   */
  queryTabs: "every" | "newest";
  /**
   * Runs `fn` as `user`'s newest tab: `game.user`, `CONFIG.queries` and `User#query`'s sender are
   * that tab's inside it and in everything it goes on to do (each Foundry tab is its own page).
   */
  as<T>(user: string, fn: () => T): T;
  /** Runs `fn` on `tab` (a socket message handed to it runs there). */
  inTab<T>(tab: FakeClient, fn: () => T): T;
  /** The user whose tab runs the code now (`as`, `inTab`), or the installed user. */
  actingUser(): FakeUser;
  install(asUser: string): void;
  /** The tab that registered its socket last (the runtime started last). */
  lastClient(): FakeClient | null;
  /** A call to "one GM" (socketlib's ONE_GM): every tab of the designated GM runs it, the first answer wins. */
  callGM(handler: string, caller: string, ...args: unknown[]): Promise<unknown>;
  /** A tab closes: its socket neither sends nor receives any more. */
  disconnect(client: FakeClient): void;
  /** Calls a registered handler as the socket would, with the caller the server names. */
  call(handler: string, caller: string, ...args: unknown[]): Promise<unknown>;
  /**
   * The network's behaviour: `lose` says whether a socket message is lost (socketlib then waits
   * for ever: it has no timeout), `delayMs` how late it arrives (`from` is its sender). Both
   * default to a perfect network. Pushes (`executeForUsers`) keep their order from one sender to
   * one recipient (one socket each way, relayed by one server) but not across senders: a late
   * push from one GM is overtaken by a later one from another.
   */
  network: {
    lose: (handler: string, recipients: string) => boolean;
    delayMs: (handler: string, recipients: string, from?: string) => number;
  };
  /** Waits until every push under way has arrived (or been lost). */
  pushesDelivered(): Promise<void>;
  /**
   * Whether the server refuses a world-setting write (an Assistant GM without the permission to
   * modify settings, a full database): a reason makes `game.settings.set` reject, as Foundry's does.
   */
  refuseSetting: (key: string, writer: string) => string | null;
  /** `game.ready` of the clients installed from now on (false: between init and ready). */
  gameReady: boolean;
  /** Bytes of every accepted world-setting write times the clients it was sent to. */
  settingsBroadcastBytes(): number;
  /** The world's actors by id (`game.actors`); each update's writer is the user acting then. */
  readonly actors: Map<string, StandInActor>;
  /** Adds an actor to the world (its updates written as whoever acts when they are sent). */
  addActor(actor: StandInActor): StandInActor;
  /** The world's game system (`game.system.id`; default "starwarsffg"). */
  systemId: string;
  /** `game.journal`: the world's journal entries (journal-standin.ts puts them there). */
  readonly journal: unknown[];
}

/**
 * Foundry v13's `Users#activeGM`: `getDesignatedUser(u => u.active && u.isGM)`, the user of the
 * highest role, ties to the lowest id.
 */
export function designatedGM(users: readonly FakeUser[]): FakeUser | null {
  let best: FakeUser | null = null;
  for (const u of users) {
    if (!u.active || !u.isGM) continue;
    if (!best || u.role > best.role || (u.role === best.role && u.id < best.id)) best = u;
  }
  return best;
}

/**
 * The GM whose client runs socketlib's "one GM" requests (`executeAsGM`): socketlib's
 * `isResponsibleGM`, the active GM of the lowest id, whatever their role (not Foundry's
 * `activeGM`, which prefers a Gamemaster to an Assistant GM).
 */
export function responsibleGM(users: readonly FakeUser[]): FakeUser | null {
  let first: FakeUser | null = null;
  for (const u of users) if (u.active && u.isGM && (!first || u.id < first.id)) first = u;
  return first;
}

function copy<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** Which tab the code runs on now (`FakeWorld.as`, `inTab`): none outside them. */
const tabContext = new AsyncLocalStorage<FakeClient>();

export function fakeWorld(users: FakeUser[]): FakeWorld {
  const wire: Wire = { socket: [], settings: [], chat: [], notifications: [] };
  const handlers = new Map<string, Handler>();
  // Setting documents as 13.351 keeps them: JSON strings with their stats, found by a linear search.
  const settings = new SettingDocuments();
  const deliverPush = new Map<string, (sealed: unknown, from: string) => void>();
  const packs = new Map<string, unknown>();
  const inbox = new Map<string, { readonly payload: unknown; readonly bytes: number }[]>();
  let current = users[0] as FakeUser;
  /** What Foundry's server relays reaches each connected client in `to` (default: all but the sender). */
  const arrive = (payload: unknown, from: string, to?: readonly string[], tabs?: readonly FakeClient[]): boolean => {
    const bytes = JSON.stringify(payload ?? null).length;
    if (closedForSize(world, from, bytes)) return false;
    for (const u of users) {
      if (!u.active || (to ? !to.includes(u.id) : u.id === from)) continue;
      const box = inbox.get(u.id) ?? [];
      box.push({ payload: copy(payload), bytes });
      inbox.set(u.id, box);
      // Each of that user's open tabs has its own socket (`tabs`: the server picked those alone).
      for (const c of clients)
        if (c.connected && c.user === u.id && (!tabs || tabs.includes(c))) c.received.push({ payload, bytes });
    }
    return true;
  };
  /** socketlib's message on the wire (src/socketlib.js `_sendRequest`, `_sendCommand`, `_sendResult`). */
  const socketlibMessage = (handlerName: string, args: unknown[], recipient: unknown) => ({
    handlerName,
    args,
    recipient,
  });

  const usersCollection = {
    [Symbol.iterator]: () => users[Symbol.iterator](),
    get: (id: string) => users.find((u) => u.id === id),
    get activeGM() {
      return designatedGM(users);
    },
  };

  /** A lost message's promise never settles (socketlib has no timeout); a late one waits first. */
  const travel = async (name: string, recipients: string): Promise<void> => {
    if (world.network.lose(name, recipients)) await new Promise(() => undefined);
    const delay = world.network.delayMs(name, recipients);
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
  };

  /** The pushes under way on each sender → recipient channel (delivered in order on one channel). */
  const channels = new Map<string, Promise<void>>();
  const relay = (handler: string, from: string, to: string, deliver: () => void): void => {
    const lost = world.network.lose(handler, to);
    const delay = world.network.delayMs(handler, to, from);
    const key = `${from}->${to}`;
    const ahead = channels.get(key);
    if (!ahead && delay <= 0) {
      if (!lost) deliver();
      return;
    }
    const arrived = (ahead ?? Promise.resolve())
      .then(() => new Promise((r) => setTimeout(r, Math.max(0, delay))))
      .then(() => {
        if (!lost) deliver();
      });
    channels.set(key, arrived);
    void arrived.then(() => {
      if (channels.get(key) === arrived) channels.delete(key);
    });
  };

  /**
   * One client (a browser tab) per socketlib registration: Foundry keeps a socket per tab, so a
   * user may have several. socketlib's calls to a user reach every tab of that user, and the first
   * result wins (socketlib resolves its request once); a call to one's own user, or `executeAsGM`
   * on a GM's tab, runs locally (socketlib's `_executeLocal`).
   */
  const clients: FakeClient[] = [];
  let lastClient: FakeClient | null = null;
  const tabsOf = (user: string, name: string) =>
    clients.filter((c) => c.connected && c.user === user && c.handlers.has(name));
  const runOn = async (client: FakeClient, name: string, caller: string, args: unknown[]) =>
    tabContext.run(client, () => client.handlers.get(name)!.call({ socketdata: { userId: caller } }, ...copy(args)));
  /** Every tab of `user` runs the handler; the first result is the answer (one that never settles is ignored). */
  const raceTabs = async (user: string, name: string, caller: string, args: unknown[], oneGM = false) => {
    const tabs = tabsOf(user, name);
    if (tabs.length === 0) return world.call(name, caller, ...copy(args));
    const never = new Promise<unknown>(() => undefined);
    return Promise.race(tabs.map((t) => (oneGM && !t.setUp ? never : runOn(t, name, caller, args))));
  };

  const socketFor = (client: FakeClient) => ({
    register(name: string, fn: Handler) {
      client.handlers.set(name, fn);
      handlers.set(name, fn);
    },
    async executeAsGM(name: string, ...args: unknown[]) {
      const caller = client.user;
      // socketlib's executeAsGM on a GM's client: `_executeLocal`, nothing sent.
      if (users.find((u) => u.id === caller)?.isGM && client.handlers.has(name))
        return copy(await runOn(client, name, caller, args));
      wire.socket.push({ handler: name, recipients: "one GM", args: copy(args) });
      const gm = responsibleGM(users);
      if (!gm) throw new FakeNoGMError("no GM");
      arrive(socketlibMessage(name, args, 0), caller);
      await travel(name, "one GM");
      const result = copy(await raceTabs(gm.id, name, caller, args, true));
      arrive({ result }, gm.id);
      return result;
    },
    async executeAsUser(name: string, userId: string, ...args: unknown[]) {
      const caller = client.user;
      if (userId === caller && client.handlers.has(name)) return copy(await runOn(client, name, caller, args));
      wire.socket.push({ handler: name, recipients: userId, args: copy(args) });
      const target = users.find((u) => u.id === userId);
      if (!target?.active) throw new FakeInvalidUserError("not connected");
      arrive(socketlibMessage(name, args, [userId]), caller);
      await travel(name, userId);
      const result = copy(await raceTabs(userId, name, caller, args));
      arrive({ result }, userId);
      return result;
    },
    /** socketlib's executeForUsers: one command emitted without recipients, handled by those it names. */
    async executeForUsers(name: string, recipients: string[], ...args: unknown[]) {
      wire.socket.push({ handler: name, recipients: recipients.join(","), args: copy(args) });
      const from = client.user;
      arrive(socketlibMessage(name, args, recipients), from);
      const sealed = copy(args[0]);
      for (const r of recipients) relay(name, from, r, () => deliverPush.get(r)?.(copy(sealed), from));
    },
  });

  /**
   * Foundry's `game.socket` of one tab, for the module's own event: `emit(event, data, { recipients })`
   * is relayed by the server to those users' tabs only, without recipients to every tab but the
   * sender's (its user's other tabs included); a listener gets `(data, senderId)`, the sender named
   * by the server. A push frame (secure-transport.ts `isPushFrame`) reaches the recipient's push
   * delivery (`deliverPush`).
   */
  const rawSocketFor = (client: FakeClient) => ({
    emit(_event: string, data: unknown, options: { recipients?: string[] } = {}) {
      if (!client.connected) return;
      const from = client.user;
      const to = options.recipients;
      arrive(data, from, to);
      if (!isPushFrame(data)) {
        for (const c of clients)
          if (c !== client && c.connected && (!to || to.includes(c.user)))
            for (const l of c.raw) world.inTab(c, () => l(copy(data), from));
        return;
      }
      wire.socket.push({
        handler: Handlers.push,
        recipients: (to ?? ["everyone"]).join(","),
        args: [copy(data.sealed)],
      });
      const targets = to ?? users.filter((u) => u.active && u.id !== from).map((u) => u.id);
      // Lost or late as socketlib's pushes were (`network` rules name the handler "push").
      for (const r of targets) relay(Handlers.push, from, r, () => deliverPush.get(r)?.(copy(data.sealed), from));
    },
    on(_event: string, listener: (data: unknown, sender: string) => void) {
      client.raw.push(listener);
      const me = client.user;
      if (!deliverPush.has(me)) deliverPush.set(me, (sealed, from) => listener({ cantina: "push", sealed }, from));
    },
  });

  const newClient = (): FakeClient => {
    const client: FakeClient = {
      user: current.id,
      handlers: new Map(),
      raw: [],
      connected: true,
      setUp: true,
      queries: {},
      received: [],
    };
    clients.push(client);
    lastClient = client;
    return client;
  };
  /**
   * The tab `game.socket` is on: the one last registered, while its user is the current user; else
   * the acting user's newest open tab (a tab is made only for a user who has none).
   */
  const currentClient = (): FakeClient => {
    const acting = world.actingUser();
    if (lastClient && lastClient.user === acting.id && lastClient.connected) return lastClient;
    return tabContext.getStore() ?? newestTab(clients, acting.id) ?? newClient();
  };

  /** The settings each module registered (Foundry's `game.settings.settings`), and each user's client-scope ones. */
  const registered = new Map<string, { scope: string; type?: unknown; default: unknown }>();
  const clientScope = new Map<string, Map<string, unknown>>();
  /**
   * Foundry's ClientSettings: `register` (scope "world" or "client", default null); `get` throws for
   * a key never registered and casts the stored value into the registered type (Setting#_castType);
   * `set` of a world setting (ClientSettings#setWorld) throws before `game.ready`, sends nothing
   * when the value is unchanged (Document#update with no difference), and is a `Setting.create` the
   * first time; the server refuses it when `refuseSetting` says so.
   */
  const settingsFor = (user: FakeUser) => {
    const assertKey = (ns: string, key: string) => {
      const k = `${ns}.${key}`;
      const config = registered.get(k);
      if (!config) throw new Error(`"${k}" is not a registered game setting`);
      return { k, config };
    };
    const mine = clientScope.get(user.id) ?? new Map<string, unknown>();
    clientScope.set(user.id, mine);
    /** Setting#delete of a world setting: refused like a write, its id broadcast to every connected client. */
    const deleteWorld = async (k: string): Promise<void> => {
      const refused = world.refuseSetting(k, user.id);
      if (refused) throw new Error(refused);
      const doc = settings.document(k);
      if (!doc) throw new Error(`Setting "${k}" does not exist`);
      settings.delete(k);
      const recipients = users.filter((u) => u.active).length;
      const bytes = JSON.stringify({ action: "delete", type: "Setting", result: [doc._id] }).length;
      wire.settings.push({ key: k, value: null, bytes, recipients, created: false, deleted: true });
    };
    return {
      settings: registered,
      /** `storage.get("world")`: the WorldSettings collection (iterating yields its Setting documents). */
      storage: new Map([["world", { [Symbol.iterator]: () => settings.documents()[Symbol.iterator]() }]]),
      register(ns: string, key: string, data: { scope?: string; type?: unknown; default?: unknown }) {
        const scope = data.scope === "world" ? "world" : "client";
        // A DataField type gives the default its initial value when none is given.
        const initial = data.type instanceof StandInDataField ? data.type.getInitialValue() : undefined;
        registered.set(`${ns}.${key}`, { ...data, scope, default: data.default ?? initial ?? null });
      },
      registerMenu: () => undefined,
      /** `{ document: true }`: the Setting document (a new one without `_id` when none is stored), as 13.351's `get`. */
      get(ns: string, key: string, options: { document?: boolean } = {}): unknown {
        const { k, config } = assertKey(ns, key);
        const store = config.scope === "world" ? settings : mine;
        const value = castSetting(config.type, copy(store.has(k) ? store.get(k) : config.default));
        if (!options.document) return value;
        const id = config.scope === "world" ? (settings.document(k)?._id ?? null) : null;
        return { _id: id, key: k, value, delete: () => deleteWorld(k) };
      },
      async set(ns: string, key: string, given: unknown): Promise<unknown> {
        const { k, config } = assertKey(ns, key);
        let value = given === undefined ? config.default : given;
        // ClientSettings#cleanJSON: a DataField type cleans the value and throws its validation failure.
        const clean = (): void => {
          if (!(config.type instanceof StandInDataField)) return;
          value = config.type.clean(value);
          const failure = config.type.validate(value);
          if (failure) throw new Error(failure.message);
        };
        if (config.scope !== "world") {
          clean();
          mine.set(k, copy(value));
          return value;
        }
        if (!(globalThis as { game?: { ready?: boolean } }).game?.ready)
          throw new Error("You may not set a World-level Setting before the Game is ready.");
        clean();
        const refused = world.refuseSetting(k, user.id);
        if (refused) throw new Error(refused);
        const json = JSON.stringify(value ?? null);
        const created = !settings.has(k);
        if (!created && JSON.stringify(settings.get(k) ?? null) === json) return value;
        const recipients = users.filter((u) => u.active).length;
        wire.settings.push({ key: k, value: copy(value), bytes: json.length, recipients, created });
        settings.writer = user.id;
        settings.set(k, copy(value));
        return value;
      },
    };
  };

  const world: FakeWorld = {
    as: (user, fn) => {
      const tab = newestTab(clients, user);
      if (!tab) throw new Error(`${user} has no open tab`);
      return tabContext.run(tab, fn);
    },
    inTab: (tab, fn) => tabContext.run(tab, fn),
    actingUser: () => {
      const tab = tabContext.getStore();
      return (tab && users.find((u) => u.id === tab.user)) ?? current;
    },
    tabs: clients,
    queryTabs: "every",
    network: { lose: () => false, delayMs: () => 0 },
    async pushesDelivered() {
      while (channels.size > 0) await Promise.all([...channels.values()]);
    },
    refuseSetting: () => null,
    gameReady: true,
    actors: new Map(),
    addActor(actor) {
      actor.writer = () => world.actingUser();
      world.actors.set(actor.id, actor);
      return actor;
    },
    systemId: "starwarsffg",
    journal: [],
    settingsBroadcastBytes: () => wire.settings.reduce((sum, w) => sum + w.bytes * w.recipients, 0),
    users,
    wire,
    handlers,
    settings,
    deliverPush,
    inbox,
    arrive,
    packs,
    install(asUser: string) {
      current = users.find((u) => u.id === asUser) as FakeUser;
      const g = globalThis as unknown as Record<string, unknown>;
      g.game = {
        get user() {
          return world.actingUser();
        },
        users: usersCollection,
        world: { id: "test-world" },
        get system() {
          return { id: world.systemId };
        },
        journal: world.journal,
        actors: {
          get: (id: string) => world.actors.get(id),
          [Symbol.iterator]: () => world.actors.values(),
        },
        i18n: { localize: (key: string) => key, format: foundryFormat },
        ready: world.gameReady,
        settings: settingsFor(current),
        modules: new Map(),
        packs: { get: (id: string) => packs.get(id) },
        get socket() {
          return rawSocketFor(currentClient());
        },
      };
      const note = (kind: string) => (text: string) => wire.notifications.push({ kind, text });
      g.ui = { notifications: { info: note("info"), warn: note("warn"), error: note("error") } };
      g.socketlib = {
        registerModule: () => socketFor(newClient()),
        errors: {
          SocketlibError: FakeSocketlibError,
          SocketlibNoGMConnectedError: FakeNoGMError,
          SocketlibInvalidUserError: FakeInvalidUserError,
        },
      };
      g.Roll = { fromData: fakeRollFromData };
      g.ChatMessage = {
        /**
         * ChatMessage.create as the server takes it: only a GM may name another user as author
         * (BaseChatMessage's create permission), every roll must be evaluated, and the content
         * is sanitized. The stored message keeps its author, who owns it (`mayModifyChat`).
         */
        create: async (data: Record<string, unknown>, options: Record<string, unknown>) => {
          const author = typeof data.author === "string" ? data.author : current.id;
          if (!current.isGM && author !== current.id)
            throw new Error(`User ${current.id} lacks permission to create ChatMessage as ${author}`);
          for (const roll of (data.rolls as { fromData?: { evaluated?: unknown } }[] | undefined) ?? [])
            if (roll.fromData?.evaluated !== true) throw new Error("The server requires an evaluated Roll");
          const stored = { ...copy(data), author, content: sanitizeHtml(String(data.content ?? "")) };
          wire.chat.push({ data: stored, options: copy(options) });
          return stored;
        },
      };
      g.CONFIG = {
        sounds: { dice: "sounds/dice.wav" },
        // Each tab has its own CONFIG: its queries are those of the current user's newest tab.
        get queries() {
          return (tabContext.getStore() ?? newestTab(clients, world.actingUser().id))?.queries ?? {};
        },
      };
    },
    lastClient: () => lastClient,
    callGM: (name, caller, ...args) => {
      const gm = responsibleGM(users);
      return gm ? raceTabs(gm.id, name, caller, args, true) : world.call(name, caller, ...args);
    },
    disconnect(client) {
      client.connected = false;
    },
    async call(name, caller, ...args) {
      const fn = handlers.get(name);
      if (!fn) throw new Error(`no handler ${name}`);
      return fn.call({ socketdata: { userId: caller } }, ...args);
    },
  };
  installUserQueries(world, users, travel);
  world.install(current.id);
  // The module's own settings, registered at `init` as main.ts does (the menus need windows: left out).
  // At `init` Foundry's `foundry.data.fields` exists: a setting may take a field as its type.
  const g = globalThis as unknown as Record<string, unknown>;
  g.foundry = { ...(g.foundry as object | undefined), data: { fields: standInFields } };
  registerSettings({ onHostOptionChange: () => undefined });
  registerTournamentSettings();
  return world;
}

/** Setting#_castType: null stays; primitives by call; any other function type constructed (`new Object(v)`). */
function castSetting(type: unknown, value: unknown): unknown {
  if (value === null || value === undefined) return value;
  // A DataField type: `type.initialize(type.clean(value))` (a string field's initialize keeps it).
  if (type instanceof StandInDataField) return type.clean(value);
  if (typeof type !== "function") return value;
  const primitive: unknown[] = [String, Number, Boolean, Array, BigInt];
  if (primitive.includes(type)) {
    if (type === String && typeof value !== "string") return JSON.stringify(value);
    if (value instanceof (type as new (...a: unknown[]) => unknown)) return value;
    return (type as (v: unknown) => unknown)(value);
  }
  const ctor = type as new (v: unknown) => unknown;
  return (ctor.prototype as { constructor?: unknown } | undefined)?.constructor === ctor
    ? new ctor(value)
    : (type as (v: unknown) => unknown)(value);
}

/**
 * Foundry's `Localization#format`: the key's string with each `{name}` replaced by `data[name]`,
 * which writes "undefined" for a placeholder the data lacks. The stand-in writes `key {data as
 * JSON}` so that tests read the parameters; where Foundry's own output of the English string
 * (lang/en.json) would hold an "undefined", it writes that output instead, so a test sees it.
 */
export function foundryFormat(key: string, data: Record<string, unknown> = {}): string {
  const template = englishString(key);
  if (template !== null && [...template.matchAll(/{[^}]+}/g)].some((m) => !(m[0].slice(1, -1) in data)))
    return template.replace(/{[^}]+}/g, (k) => String(data[k.slice(1, -1)]));
  return `${key} ${JSON.stringify(data)}`;
}

const english = JSON.parse(readFileSync(resolve(__dirname, "../../lang/en.json"), "utf8")) as Record<string, unknown>;

/** The English string of a key, as Foundry's `localize` finds it in the nested translations. */
function englishString(key: string): string | null {
  let at: unknown = english;
  for (const part of key.split("."))
    at = typeof at === "object" && at !== null ? (at as Record<string, unknown>)[part] : undefined;
  return typeof at === "string" ? at : null;
}

/**
 * Foundry's `Roll.fromData`: the roll's formula is parsed again (a formula Foundry cannot read
 * throws), and its terms must be there. Returns what the tests read (`fromData`: the data as given).
 */
function fakeRollFromData(data: unknown): { fromData: unknown } {
  const d = data as { formula?: unknown; terms?: unknown };
  if (typeof d?.formula !== "string" || !/^[\dd+\-*/ ()<>=cskhl]+$/i.test(d.formula) || !/\d/.test(d.formula))
    throw new Error(`Unable to parse roll formula ${String(d?.formula)}`);
  if (!Array.isArray(d.terms) || d.terms.length === 0) throw new Error("A Roll needs its terms");
  return { fromData: copy(data) };
}

/** The server's HTML cleaning of a message's content (scripts and inline handlers go). */
function sanitizeHtml(html: string): string {
  return html.replace(/<script[\s\S]*?<\/script>/gi, "").replace(/\son\w+="[^"]*"/gi, "");
}

/**
 * BaseChatMessage's update and delete permission: a GM, or the message's author (who owns it).
 * A player may not change the author of a message either.
 */
export function mayModifyChat(
  world: FakeWorld,
  message: { readonly author?: unknown },
  userId: string,
  change: { readonly author?: string } = {},
): boolean {
  const user = world.users.find((u) => u.id === userId);
  if (!user) return false;
  if (user.isGM) return true;
  if (change.author !== undefined && change.author !== userId) return false;
  return message.author === userId;
}

export function directoryOf(users: FakeUser[]): Directory {
  return {
    publicKey: (id) =>
      (users.find((u) => u.id === id)?.flags["cantina-games"]?.publicKey as PublicJwk | undefined) ?? null,
    isGM: (id) => users.find((u) => u.id === id)?.isGM ?? false,
  };
}

/**
 * A player's client on its own "browser": its own key pair (published on its fake User), a
 * TableClient over the sealed transport, requests through the GM's registered socket handler.
 */
export async function playerClient(
  world: FakeWorld,
  userId: string,
  options: { readonly deadlineMs?: number; readonly retry?: RetryPolicy } = {},
): Promise<{ client: TableClient; sealer: Sealer; transport: SecureClientTransport }> {
  const user = world.users.find((u) => u.id === userId) as FakeUser;
  const sealer = await Sealer.create(userId, await generateKeyPair());
  await user.setFlag("cantina-games", "publicKey", sealer.publicJwk);
  const directory = directoryOf(world.users);
  const host = (): string | null => designatedGM(world.users)?.id ?? null;
  const transport = new SecureClientTransport(
    sealer,
    directory,
    host,
    async (_host, sealed) => {
      world.wire.socket.push({ handler: Handlers.request, recipients: "one GM", args: [copy(sealed)] });
      if (world.network.lose(Handlers.request, "one GM")) await new Promise(() => undefined);
      // A message the server refuses for its size never arrives: socketlib waits for ever.
      if (!world.arrive({ handlerName: Handlers.request, args: [sealed], recipient: 0 }, userId))
        await new Promise(() => undefined);
      const reply = (await world.callGM(Handlers.request, userId, copy(sealed))) as WireReply;
      world.wire.socket.push({ handler: "(result)", recipients: "everyone", args: [copy(reply)] });
      if (!world.arrive({ result: reply }, responsibleGM(world.users)?.id ?? "")) await new Promise(() => undefined);
      return copy(reply);
    },
    options.deadlineMs,
  );
  world.deliverPush.set(userId, (sealed, from) => void transport.receive(sealed, from));
  return { client: new TableClient(transport, undefined, options.retry), sealer, transport };
}

// ---- The socket's message limit ------------------------------------------------------------------

/**
 * socket.io 4's server option `maxHttpBufferSize`, 1e6 bytes by default (Foundry does not change it):
 * a message over it is not taken, and the connection that sent it is closed (engine.io closes the
 * transport; Foundry then marks its user inactive). What `arrive` models for every relayed message.
 */
export const SOCKET_IO_MAX_BUFFER = 1e6;

/** The connections the server closed for a message over its limit, by world: who sent it, its bytes. */
const closedConnections = new WeakMap<FakeWorld, { readonly user: string; readonly bytes: number }[]>();

/** The connections `world`'s server closed for a message over `SOCKET_IO_MAX_BUFFER` so far. */
export function connectionsClosedForSize(
  world: FakeWorld,
): readonly { readonly user: string; readonly bytes: number }[] {
  return closedConnections.get(world) ?? [];
}

/**
 * True when a message of `bytes` from `from` is over the server's limit: the sender's tabs are then
 * disconnected and the user leaves (inactive), as a closed socket does in Foundry.
 */
export function closeIfOverSocketLimit(world: FakeWorld, from: string, bytes: number): boolean {
  return closedForSize(world, from, bytes);
}

function closedForSize(world: FakeWorld, from: string, bytes: number): boolean {
  if (bytes <= SOCKET_IO_MAX_BUFFER) return false;
  closedConnections.set(world, [...connectionsClosedForSize(world), { user: from, bytes }]);
  const sender = world.users.find((u) => u.id === from);
  if (sender) sender.active = false;
  const client = world.lastClient();
  if (client?.user === from) world.disconnect(client);
  return true;
}
