/**
 * The adapter's running state on one client: its key pair, its TableClient, and, on the one GM
 * who is the authority, the TableHost with its sealed store and transport.
 *
 *  - socketlib.ready: `registerSocket` registers the handlers ("request", "forward", "push").
 *  - ready: `start` loads or creates this client's key pair, publishes its public key, hosts if
 *    this user is the authority (restoring every stored table), and syncs.
 *  - userConnected: `refreshAuthority` hands the host over when the authority GM leaves or a
 *    GM of higher precedence arrives; every client then syncs with the new host.
 *  - the authority GM's tabs (browsers, devices) elect one host among them (tab-election.ts); the
 *    others only view, say so, and leave every request to the host tab.
 *
 * The host runs the games of the registry (src/games) with their bots and betting markets, as the
 * standalone page's host does.
 *
 * Hand-over: the stopping host first stops driving bots and answering (`TableHost.stop`), so it
 * finishes what it was doing even at a bot-vs-bot table, then stores and sends that, and from then
 * on never saves, sends or posts again.
 *
 * A stored ledger this GM cannot open (docs/security.md, "Consequences a GM should know") is kept
 * as it is with every stored table (sealed-store.ts); the host then answers syncs only and refuses
 * every other request with `CANTINA.Foundry.Error.LedgerUnreadable`, and the GM is warned.
 *
 * Foundry globals touched (through env.ts, chat.ts and here): `game`, `ui.notifications`,
 * `socketlib`, `Roll`, `ChatMessage`, `CONFIG`. Private rolls go to chat sealed (sealed-chat.ts).
 */
import type { Random } from "../rules/core";
import { bots, games, markets } from "../games";
import { TableClient } from "../table/client";
import { TableHost } from "../table/host";
import type { ReplayRecord } from "../table/record-file";
import type { TableRecord } from "../table/store";
import { MODULE_ID } from "./api";
import { planChat, postChat } from "./chat";
import { watchEndedTables } from "./ended-table";
import { type PublicJwk, Sealer, isPublicJwk } from "./crypto";
import * as env from "./env";
import { type KeyStore, loadOrCreateKeyPair } from "./keys";
import { CryptoRandom } from "./random";
import { writeReplayJournal } from "./replay-journal";
import { RoutedClientTransport, gated } from "./routing";
import { type ElectionTiming, TabElection, isTabMessage } from "./tab-election";
import { SealedStore, TappedStore } from "./sealed-store";
import {
  type Directory,
  NoHostError,
  RefusedError,
  REQUEST_DEADLINE_MS,
  SecureClientTransport,
  SecureHostTransport,
  type WireReply,
  isPushFrame,
  pushFrame,
  withDeadline,
} from "./secure-transport";

export { LEDGER_UNREADABLE } from "./routing";

export const Handlers = { request: "request", forward: "forward", push: "push", handover: "handover" } as const;

/** How long a GM who stops hosting waits for the incoming GM's key before sealing and stepping down. */
export const HANDOVER_WAIT_MS = 60_000;

export interface RuntimeOptions {
  /** The host's dice (default: the browser's CSPRNG). Tests pass a scripted source. */
  readonly random?: () => Random;
  /** How long a socket request waits for its answer (default REQUEST_DEADLINE_MS). */
  readonly deadlineMs?: number;
  /** How long a stopping host waits for the incoming GM's key (default HANDOVER_WAIT_MS). */
  readonly handoverWaitMs?: number;
  /** The timing of the election among the hosting GM's tabs (tab-election.ts; default DEFAULT_TIMING). */
  readonly election?: ElectionTiming;
}

/** What the windows need to know: the runtime calls it after every change. */
export interface RuntimeView {
  changed(runtime: CantinaRuntime): void;
}

/** The users' published keys and roles, as this client sees them (also for chat-view.ts). */
export const directory: Directory = {
  publicKey: (user) => env.userById(user)?.publicKey ?? null,
  isGM: (user) => env.userById(user)?.isGM ?? false,
};

interface Hosting {
  readonly host: TableHost;
  readonly transport: SecureHostTransport;
  readonly store: SealedStore;
  readonly tapped: TappedStore;
  /** Set when this GM starts handing over: no new request or bot move reaches this host. */
  stopping: boolean;
  /** Set when this GM handed over: nothing more is saved, sent or posted from this host. */
  stopped: boolean;
}

/** A request to a tab of the hosting GM that is not the host tab: the refusal its own client gets. */
export const OTHER_TAB_HOSTS = "CANTINA.Foundry.Error.OtherTabHosts";

export class CantinaRuntime {
  socket: SocketlibSocket | null = null;
  /** `game.socket` for the module's own event (pushes with recipients, the tabs' election). */
  private raw: env.ModuleSocket | null = null;
  /** The election among this GM's tabs: only the tab it elects hosts (tab-election.ts). */
  private election: TabElection | null = null;
  private otherTabNotified = false;
  sealer: Sealer | null = null;
  client: TableClient | null = null;
  private remote: SecureClientTransport | null = null;
  private routed: RoutedClientTransport | null = null;
  private hosting: Hosting | null = null;
  private starting: Promise<void> | null = null;
  private lastAuthority: string | null | undefined = undefined;
  private noHostNotified = false;
  private authorityQueue: Promise<void> = Promise.resolve();
  private chatQueue: Promise<void> = Promise.resolve();
  private readonly views = new Set<RuntimeView>();
  /** Keys GMs taking over sent with their hand-over request: the records are sealed for them too. */
  private readonly incoming = new Map<string, PublicJwk>();
  /** Wakes a stopping host that waits for the incoming GM's key. */
  private wakeHandover: (() => void) | null = null;
  private resolveSealer: (sealer: Sealer) => void = () => undefined;
  /** Resolves with this client's sealer once its key pair is loaded (never, if start fails). */
  readonly sealerReady: Promise<Sealer> = new Promise((resolve) => {
    this.resolveSealer = resolve;
  });

  constructor(
    private readonly keys: KeyStore,
    private readonly options: RuntimeOptions = {},
  ) {}

  /** The hosting in service: null once it started handing over. */
  private get serving(): Hosting | null {
    return this.hosting && !this.hosting.stopping && !this.hosting.stopped ? this.hosting : null;
  }

  get isHost(): boolean {
    return this.serving !== null;
  }

  /** This client's user: the one it started as (not whoever `game.user` is later in a test's world). */
  private get me(): string {
    return this.sealer?.user ?? env.myUserId();
  }

  /** This GM hosts the world, from another tab or device: this tab is only a viewer, and says so. */
  get otherTabHosts(): boolean {
    return env.authorityId() === this.me && (this.election?.follows ?? false);
  }

  /** The page closes: a host tab says so, and another of this GM's tabs takes over at once. */
  closeTab(): void {
    this.election?.close();
  }

  get host(): TableHost | null {
    return this.serving?.host ?? null;
  }

  /** A finished table's whole record, where this client hosts (live or archived); null elsewhere. */
  async finishedRecord(id: string): Promise<ReplayRecord | null> {
    const serving = this.serving;
    if (!serving) return null;
    const record = serving.host.record(id) ?? (await serving.store.readArchive(id));
    return record && record.finishedAt !== undefined ? record : null;
  }

  addView(view: RuntimeView): void {
    this.views.add(view);
  }

  /** socketlib.ready: the handlers every client registers under the same names. */
  registerSocket(): void {
    const lib = globalThis.socketlib;
    const socket = lib?.registerModule(MODULE_ID);
    if (!socket) return;
    this.socket = socket;
    // Handlers are `function`s so they can read the caller socketlib sets on `this.socketdata`.
    const onRequest = (caller: string | null, sealed: unknown, mayForward: boolean): Promise<WireReply> =>
      this.onRequest(caller, sealed, mayForward);
    const onPush = (sealed: unknown, sender: string | null): Promise<void> =>
      this.remote?.receive(sealed, sender ?? undefined) ?? Promise.resolve();
    socket.register(Handlers.request, function (this: SocketlibHandlerContext, sealed: unknown): Promise<WireReply> {
      return onRequest(callerOf(this), sealed, true);
    });
    socket.register(
      Handlers.forward,
      function (this: SocketlibHandlerContext, caller: unknown, sealed: unknown): Promise<WireReply> {
        // Only a GM may pass a request on for someone else; the socket says who the forwarder is.
        const via = callerOf(this);
        if (!via || !directory.isGM(via) || typeof caller !== "string")
          return Promise.resolve({ plain: { ok: false, error: { code: "CANTINA.Error.Malformed" } } });
        return onRequest(caller, sealed, false);
      },
    );
    // An older host still pushing through socketlib.
    socket.register(Handlers.push, function (this: SocketlibHandlerContext, sealed: unknown): Promise<void> {
      return onPush(sealed, callerOf(this));
    });
    // Pushes on the module's own event, sent to this user only, and the election among this GM's
    // tabs (the server names the sender).
    this.raw = env.moduleSocket();
    this.raw?.on(env.MODULE_EVENT, (data, sender) => {
      const from = typeof sender === "string" && sender ? sender : null;
      if (isPushFrame(data)) void onPush(data.sealed, from);
      else if (isTabMessage(data) && from) this.election?.receive(data, from);
    });
    const onHandover = (caller: string | null, key: unknown): Promise<boolean> => this.onHandover(caller, key);
    socket.register(Handlers.handover, function (this: SocketlibHandlerContext, key: unknown): Promise<boolean> {
      return onHandover(callerOf(this), key);
    });
  }

  /** ready: keys, client, host if this user is the authority, then a full sync. */
  start(): Promise<void> {
    this.starting ??= this.doStart();
    return this.starting;
  }

  private async doStart(): Promise<void> {
    const me = env.myUserId();
    const pair = await loadOrCreateKeyPair(this.keys, env.worldId(), me);
    this.sealer = await Sealer.create(me, pair);
    await env.publishKey(this.sealer.publicJwk);
    this.resolveSealer(this.sealer);
    this.remote = new SecureClientTransport(
      this.sealer,
      directory,
      env.authorityId,
      (host, sealed) => this.call(host, sealed),
      this.deadlineMs,
    );
    this.routed = new RoutedClientTransport(this.remote);
    this.client = new TableClient(this.routed);
    this.client.onChange(() => this.changed());
    // The host tells the GMs what no reply says (a bot's move not stored, its bots stopped).
    this.client.onNotice((error) => env.notify("error", error.code, error.params ?? {}));
    watchEndedTables(
      this.client,
      () => this.isHost,
      (post) => (this.chatQueue = this.chatQueue.then(post)),
      () => this.sealer?.user ?? "",
    );
    const raw = this.raw;
    this.election = new TabElection(
      me,
      (message) => raw?.emit(env.MODULE_EVENT, message),
      () => void this.refreshAuthority(),
      this.options.election,
    );
    await this.refreshAuthority();
  }

  /** Sends a sealed request: a player through executeAsGM, a second GM straight to the host. */
  private async call(host: string, sealed: unknown): Promise<unknown> {
    const socket = this.socket;
    const errors = globalThis.socketlib?.errors;
    if (!socket) throw new NoHostError();
    // socketlib runs a call to one's own user on this tab: another tab of this GM hosts.
    if (host === this.me && !this.isHost) throw new RefusedError(OTHER_TAB_HOSTS);
    try {
      return env.amGM()
        ? await socket.executeAsUser(Handlers.request, host, sealed)
        : await socket.executeAsGM(Handlers.request, sealed);
    } catch (error) {
      if (
        errors &&
        (error instanceof errors.SocketlibNoGMConnectedError || error instanceof errors.SocketlibInvalidUserError)
      )
        throw new NoHostError();
      throw error;
    }
  }

  /** A request arriving on this client (a GM's). Not the host: pass it on to the host GM once. */
  async onRequest(caller: string | null, sealed: unknown, mayForward: boolean): Promise<WireReply> {
    if (!caller) return { plain: { ok: false, error: { code: "CANTINA.Error.Malformed" } } };
    const serving = this.serving;
    if (serving) return serving.transport.receive(caller, sealed);
    const authority = env.authorityId();
    // Every tab of this GM gets what is sent to "the GM" or to this user: only the host tab answers.
    if (authority === this.me) return this.answerAsTab(caller, sealed);
    if (mayForward && this.socket && env.amGM() && authority && authority !== this.me) {
      try {
        const reply = this.socket.executeAsUser(Handlers.forward, authority, caller, sealed);
        return (await withDeadline(reply, this.deadlineMs)) as WireReply;
      } catch {
        // fall through: no host reachable
      }
    }
    return { plain: { ok: false, error: { code: "CANTINA.Error.NoHost" } } };
  }

  /**
   * A request reaching a tab of the hosting GM that does not host (yet): once the election has
   * decided, the host tab answers it if that is this one; otherwise this tab's refusal goes out
   * only after the caller's deadline, when the host tab's answer (the first result socketlib takes)
   * has long arrived and this one is dropped.
   */
  private async answerAsTab(caller: string, sealed: unknown): Promise<WireReply> {
    await withDeadline(this.election?.decided() ?? Promise.resolve(), this.deadlineMs).catch(() => undefined);
    await this.authorityQueue;
    const serving = this.serving;
    if (serving) return serving.transport.receive(caller, sealed);
    await new Promise((resolve) => setTimeout(resolve, this.deadlineMs * 2));
    return { plain: { ok: false, error: { code: "CANTINA.Error.NoHost" } } };
  }

  private get deadlineMs(): number {
    return this.options.deadlineMs ?? REQUEST_DEADLINE_MS;
  }

  /**
   * A GM taking over (the new authority) sends its key before it hosts: the host seals every record
   * for that key before it steps down, so a GM on a new browser opens them (docs/foundry.md).
   * Answers once this client no longer hosts, before it syncs with the incoming GM: that GM's tab
   * answers the sync only once it hosts, after this answer.
   */
  async onHandover(caller: string | null, key: unknown): Promise<boolean> {
    if (!caller || caller === this.me || !directory.isGM(caller) || !isPublicJwk(key)) return false;
    // Only a GM who hosts (or is stepping down) seals for it; a key kept from an earlier hand-over
    // would be stale by the next one (the GM may have changed browser since).
    if (this.hosting) this.incoming.set(caller, key);
    this.wakeHandover?.();
    const syncWithHost = await this.refreshHosting();
    void syncWithHost().catch((error: unknown) => console.error(`${MODULE_ID} | sync failed`, error));
    return true;
  }

  /** Before hosting: every other connected GM (one of them may host now) gets this GM's key. */
  private async announceTakeover(sealer: Sealer): Promise<void> {
    const socket = this.socket;
    if (!socket) return;
    const others = env.allUsers().filter((u) => u.isGM && u.active && u.id !== sealer.user);
    await Promise.all(
      others.map((gm) =>
        withDeadline(
          socket.executeAsUser(Handlers.handover, gm.id, sealer.publicJwk),
          (this.options.handoverWaitMs ?? HANDOVER_WAIT_MS) / 2,
        ).catch(() => undefined),
      ),
    );
  }

  /** Hosts or stops hosting as the authority says; then syncs when the host changed. */
  async refreshAuthority(): Promise<void> {
    const syncWithHost = await this.refreshHosting();
    await syncWithHost();
  }

  /**
   * Hosts or stops hosting, one at a time; resolves with the sync to run when the host changed.
   * That sync runs outside the queue: the new host may be waiting on this client (its hand-over
   * call) before it answers.
   */
  private refreshHosting(): Promise<() => Promise<void>> {
    // A stopping host waiting for a key gives up waiting if the authority changed again.
    this.wakeHandover?.();
    // A failure is said here, once; the queue and the callers go on.
    const run = this.authorityQueue
      .then(() => this.doRefreshAuthority())
      .catch((error: unknown) => {
        console.error(`${MODULE_ID} | hand-over failed`, error);
        return noSync;
      });
    this.authorityQueue = run.then(() => undefined);
    return run;
  }

  private async doRefreshAuthority(): Promise<() => Promise<void>> {
    if (!this.sealer || !this.client || !this.routed) return noSync;
    const client = this.client;
    let syncWithHost = noSync;
    const me = this.me;
    let authority = env.authorityId();
    // This GM hosts the world: of its tabs, only the one the election chose hosts (bounded: the
    // election's own change calls this again).
    if (authority === me && this.election) {
      this.election.join();
      await withDeadline(this.election.decided(), this.deadlineMs).catch(() => undefined);
      // The election takes seconds: a GM who outranks this one may have connected meanwhile.
      authority = env.authorityId();
      if (authority !== me) this.election.leave();
    } else this.election?.leave();
    const hostsHere = authority === me && (this.election?.leads ?? true);
    if (hostsHere && !this.isHost) await this.startHost();
    else if (!hostsHere && this.isHost) await this.stopHost();
    if (this.otherTabHosts && !this.otherTabNotified) {
      this.otherTabNotified = true;
      env.notify("info", "CANTINA.Foundry.Notify.OtherTabHosts");
    }
    if (authority !== this.lastAuthority) {
      this.lastAuthority = authority;
      // A failed sync is not reported: a host that starts pushes everything to everyone anyway.
      if (authority && !this.isHost)
        syncWithHost = async () => {
          await client.sync();
        };
      // No GM at all: say so once, so a player knows why the tables do not answer.
      if (!authority && !this.noHostNotified) {
        this.noHostNotified = true;
        env.notify("warn", "CANTINA.Error.NoHost");
      }
      if (authority) this.noHostNotified = false;
    }
    this.changed();
    return syncWithHost;
  }

  private async startHost(): Promise<void> {
    const sealer = this.sealer;
    if (!sealer || !this.routed) return;
    // The GM who hosted until now seals everything for this GM's key before stepping down.
    await this.announceTakeover(sealer);
    // A key sent with a hand-over request is newer than what this client's directory shows yet.
    const readers = (): Record<string, PublicJwk> => ({ ...gmKeys(), ...Object.fromEntries(this.incoming) });
    const store = new SealedStore(sealer, readers, env.vaultBackend);
    let hosting: Hosting | null = null;
    const tapped = new TappedStore(store, (record, entries) => {
      // Rolls reach chat in the order they were made.
      if (hosting && !hosting.stopped) this.chatQueue = this.chatQueue.then(() => this.postRolls(record, entries));
      // The move that ended the match: its journal entry, when the GM asked for one.
      if (hosting && !hosting.stopped && entries.length > 0 && record.finishedAt !== undefined)
        void writeReplayJournal(record).catch((error: unknown) =>
          console.error(`${MODULE_ID} | journal failed`, error),
        );
    });
    const transport = new SecureHostTransport(
      sealer,
      directory,
      async (to, message) => {
        if (!hosting || hosting.stopped) return;
        // socketlib emits without recipients: the server would relay each push to every client.
        // The module's own event with `recipients` reaches that user's clients only.
        const raw = env.moduleSocket();
        if (raw) raw.emit(env.MODULE_EVENT, pushFrame(message), { recipients: [to] });
        else await this.socket?.executeForUsers(Handlers.push, [to], message);
      },
      (error) => console.error(`${MODULE_ID} | push failed`, error),
      // Padding by who receives the bytes (public-size.ts pushPadding): the recipient only on the module's event.
      () => env.moduleSocket() !== null,
    );
    const host = await TableHost.start({
      store: tapped,
      // While the stored ledger cannot be opened, nothing but a sync reaches the host.
      transport: gated(transport, () => store.ledgerUnreadable),
      hostUser: sealer.user,
      isGM: directory.isGM,
      users: () =>
        env
          .allUsers()
          .filter((u) => u.active)
          .map((u) => u.id),
      random: this.options.random?.() ?? new CryptoRandom(),
      games,
      bots,
      // Spectator betting: the pools' random timings come from their own CSPRNG source, apart from the game's dice.
      markets,
      bettingRandom: new CryptoRandom(),
      botDelayMs: env.botDelayMs(),
      archiveAfterMs: env.archiveAfterMs,
      readArchive: (id) => store.readArchive(id),
      allowSpectators: env.spectatorsAllowed,
      // Each push is what changed in its recipient's view (docs/foundry.md, "Cost per move").
      deltas: true,
    });
    hosting = { host, transport, store, tapped, stopping: false, stopped: false };
    this.hosting = hosting;
    this.routed.useLocal(transport.localClient());
    await this.client?.sync();
    if (store.ledgerUnreadable) {
      // Said until dismissed: nothing can be played or changed until a GM who can open it hosts.
      env.notify(
        "error",
        "CANTINA.Foundry.Notify.LedgerUnreadable",
        { count: store.heldBack.length },
        { permanent: true },
      );
    }
    if (store.unreadable.length > 0)
      env.notify("warn", "CANTINA.Foundry.Notify.Unreadable", { count: store.unreadable.length });
    // Another GM is connected, perhaps on a new browser whose key what is stored predates: seal it
    // all for the GMs' current keys, so they can open it and take over (docs/security.md).
    if (env.allUsers().some((u) => u.isGM && u.active && u.id !== sealer.user && u.publicKey)) await store.reseal();
    // Everyone connected gets the whole picture from the new host.
    for (const u of env.allUsers()) if (u.active && u.id !== sealer.user) await host.handle(u.id, { type: "sync" });
  }

  /**
   * Hands over: first no new bot move (bots at a bot-vs-bot table would keep scheduling each
   * other, so the host would never be idle) and no new request; then what was under way finishes
   * and is stored and sent; then this host never saves, sends or posts again.
   */
  private async stopHost(): Promise<void> {
    const hosting = this.hosting;
    if (!hosting || hosting.stopping) return;
    hosting.stopping = true;
    hosting.host.stop();
    hosting.transport.stop();
    this.routed?.useLocal(null);
    const deadline = this.deadlineMs;
    try {
      // Bounded: a store write or a push that never completes must not block every later hand-over.
      await withDeadline(hosting.host.idle(), deadline).catch(() => undefined);
      await withDeadline(hosting.store.flush(), deadline).catch(() => undefined);
      await withDeadline(hosting.transport.flush(), deadline).catch(() => undefined);
      // The incoming GM's key (it may be a new browser's): seal everything for it, then step down.
      const authority = env.authorityId();
      if (authority && authority !== this.me && directory.isGM(authority)) {
        await this.waitForKey(authority);
        await withDeadline(hosting.store.reseal(), deadline).catch((error: unknown) =>
          console.error(`${MODULE_ID} | could not seal the records for the incoming GM`, error),
        );
      }
    } finally {
      this.incoming.clear();
      hosting.store.close();
      hosting.stopped = true;
      if (this.hosting === hosting) this.hosting = null;
    }
  }

  /**
   * Waits until `gm` sent its key with a hand-over request, the authority changes again, or the
   * wait runs out (an incoming client without this version: its published key is used).
   */
  private async waitForKey(gm: string): Promise<void> {
    const ms = this.options.handoverWaitMs ?? HANDOVER_WAIT_MS;
    const started = Date.now();
    while (!this.incoming.has(gm) && env.authorityId() === gm && Date.now() - started < ms) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms - (Date.now() - started));
        this.wakeHandover = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeHandover = null;
    }
  }

  /** The host re-reads its options (bot delay) by restarting from storage, in turn with hand-overs. */
  async restartHost(): Promise<void> {
    const run = this.authorityQueue
      .then(async (): Promise<() => Promise<void>> => {
        if (!this.isHost) return noSync;
        await this.stopHost();
        return this.doRefreshAuthority();
      })
      .catch((error: unknown) => {
        console.error(`${MODULE_ID} | restarting the host failed`, error);
        return noSync;
      });
    this.authorityQueue = run.then(() => undefined);
    // Should another host answer now, the sync with it runs outside the queue (refreshHosting).
    const syncWithHost = await run;
    await syncWithHost();
  }

  /**
   * A GM published a (new) key, or connected (perhaps from a new browser): seal the stored records
   * for them too, so they can open them and take over.
   */
  async onGMKeyChanged(): Promise<void> {
    await this.serving?.store.reseal();
  }

  private async postRolls(record: TableRecord, entries: TableRecord["log"]): Promise<void> {
    let plans = planChat(record, entries, {
      hostUser: this.sealer?.user ?? "",
      characterOf: (user) => env.userById(user)?.character ?? null,
      gmIds: env
        .allUsers()
        .filter((u) => u.isGM)
        .map((u) => u.id),
      format: env.format,
      localize: env.localize,
    });
    if (!env.privateRollsToChat()) plans = plans.filter((p) => p.whisper === null);
    // Private rolls are sealed by this host for each recipient's published key.
    const sealing = this.sealer ? { sealer: this.sealer, publicKey: directory.publicKey } : null;
    try {
      await postChat(plans, sealing);
    } catch (error) {
      console.error(`${MODULE_ID} | could not post rolls to chat`, error);
    }
  }

  /** Resolves once the host is idle and everything is stored and sent (tests, hand-over). */
  async settle(): Promise<void> {
    const hosting = this.hosting;
    if (!hosting) return;
    await hosting.host.idle();
    await hosting.store.flush();
    await hosting.transport.flush();
    await this.chatQueue;
  }

  private changed(): void {
    for (const v of this.views) v.changed(this);
  }
}

/** No host to sync with. */
const noSync = async (): Promise<void> => undefined;

function callerOf(context: SocketlibHandlerContext | undefined): string | null {
  const id = (context as { socketdata?: { userId?: unknown } } | undefined)?.socketdata?.userId;
  return typeof id === "string" && id.length > 0 ? id : null;
}

function gmKeys(): Record<string, PublicJwk> {
  const out: Record<string, PublicJwk> = {};
  for (const u of env.allUsers()) if (u.isGM && u.publicKey) out[u.id] = u.publicKey;
  return out;
}
