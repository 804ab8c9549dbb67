/**
 * The adapter's running state on one client: its key pair, its TableClient, and, on the one GM
 * who is the authority, the TableHost (hosting.ts). Its life: docs/foundry.md, "The runtime's life".
 */
import { type Random, refuse } from "../rules/core";
import { TableClient } from "../table/client";
import type { TableHost } from "../table/host";
import type { ReplayRecord } from "../table/record-file";
import { MODULE_ID } from "./api";
import { watchEndedTables } from "./ended-table";
import { type SealedMessage, Sealer, isPublicJwk, sameKey } from "./crypto";
import * as env from "./env";
import { HANDOVER_WAIT_MS, IncomingKeys, announceTakeover } from "./handover-keys";
import { type Hosting, finishHosting, greetAsHost, startHosting } from "./hosting";
import { type KeyStore, loadOrCreateKeyPair } from "./keys";
import { RoutedClientTransport } from "./routing";
import { registerHandlers, sendRequest } from "./runtime-socket";
import { type Answering, answerQuery, answerRequest } from "./runtime-requests";
import { Errors } from "../table/protocol";
import { FoundryErrors } from "./errors";
import { type ElectionTiming, TabElection, isTabMessage } from "./tab-election";
import {
  REQUEST_DEADLINE_MS,
  SecureClientTransport,
  type WireReply,
  isPushFrame,
  withDeadline,
} from "./secure-transport";
import { directory } from "./user-directory";

export { LEDGER_UNREADABLE } from "./routing";
export { HANDOVER_WAIT_MS } from "./handover-keys";
export { Handlers } from "./runtime-socket";
export { directory } from "./user-directory";

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

/** A request to a tab of the hosting GM that is not the host tab: the refusal its own client gets. */
export const OTHER_TAB_HOSTS = FoundryErrors.otherTabHosts;
/** A request this tab would send to itself while another tab of the same GM hosts. */
const otherTabHosts: WireReply = { plain: refuse(OTHER_TAB_HOSTS) };

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
  private readonly incoming: IncomingKeys;
  private resolveSealer: (sealer: Sealer) => void = () => undefined;
  /** Resolves with this client's sealer once its key pair is loaded (never, if start fails). */
  readonly sealerReady: Promise<Sealer> = new Promise((resolve) => {
    this.resolveSealer = resolve;
  });

  constructor(
    private readonly keys: KeyStore,
    private readonly options: RuntimeOptions = {},
  ) {
    this.incoming = new IncomingKeys(options.handoverWaitMs ?? HANDOVER_WAIT_MS);
  }

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
    const onPush = (sealed: unknown, sender: string | null): Promise<void> =>
      this.remote?.receive(sealed, sender ?? undefined) ?? Promise.resolve();
    registerHandlers(socket, {
      onRequest: (caller, sealed, mayForward) => this.onRequest(caller, sealed, mayForward),
      onPush,
      onHandover: (caller, key) => this.onHandover(caller, key),
      onQuery: (sealed) => this.onQuery(sealed),
    });
    // Pushes on the module's own event, sent to this user only, and the election among this GM's
    // tabs (the server names the sender).
    this.raw = env.moduleSocket();
    this.raw?.on(env.MODULE_EVENT, (data, sender) => {
      const from = typeof sender === "string" && sender ? sender : null;
      if (isPushFrame(data)) void onPush(data.sealed, from);
      else if (isTabMessage(data) && from) this.election?.receive(data, from);
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
      (host, sealed, direct) => this.call(host, sealed, direct),
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
      (post) => {
        this.chatQueue = this.chatQueue.then(post);
      },
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

  /** Sends a sealed request to the host: point to point where it can (runtime-socket.ts `sendRequest`). */
  private async call(host: string, sealed: SealedMessage, direct: () => Promise<SealedMessage>): Promise<unknown> {
    // socketlib runs a call to one's own user on this tab: one still standing for the election waits for it.
    if (host === this.me && this.socket && !this.isHost) {
      await this.electionSettled();
      if (!this.isHost) return otherTabHosts;
    }
    // Only with the key this user published: the host takes a query's sender from that key alone.
    const published = sameKey(directory.publicKey(this.me), this.sealer?.publicJwk);
    return sendRequest(this.socket, host, sealed, published ? direct : undefined, this.deadlineMs);
  }

  /** Once the tabs' election decided (bounded) and this tab started or stopped hosting as it says. */
  private async electionSettled(): Promise<void> {
    const settled = (this.election?.decided() ?? Promise.resolve()).then(() => this.authorityQueue);
    await withDeadline(settled, this.deadlineMs).catch(() => undefined);
  }

  /** A request through socketlib (runtime-requests.ts). */
  onRequest(caller: string | null, sealed: unknown, mayForward: boolean): Promise<WireReply> {
    return answerRequest(this.answering, caller, sealed, mayForward);
  }

  /** A request that came as a query (runtime-requests.ts). */
  onQuery(sealed: unknown): Promise<WireReply> {
    return answerQuery(this.answering, sealed);
  }

  private readonly answering: Answering = {
    serving: () => this.serving?.transport ?? null,
    me: () => this.me,
    socket: () => this.socket,
    deadlineMs: () => this.deadlineMs,
    electionSettled: () => this.electionSettled(),
  };

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
    this.incoming.wake();
    const syncWithHost = await this.refreshHosting();
    void syncWithHost().catch((error: unknown) => console.error(`${MODULE_ID} | sync failed`, error));
    return true;
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
    this.incoming.wake();
    return this.enqueue(() => this.doRefreshAuthority(), "hand-over failed");
  }

  /** Runs `step` after the authority's earlier steps; a failure is said here, once, and the queue goes on. */
  private enqueue(step: () => Promise<() => Promise<void>>, failure: string): Promise<() => Promise<void>> {
    const run = this.authorityQueue.then(step).catch((error: unknown) => {
      console.error(`${MODULE_ID} | ${failure}`, error);
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
      // A request waiting for the GM who left goes to the new host at once, not after its deadline.
      this.remote?.hostChanged();
      // A failed sync is not reported: a host that starts pushes everything to everyone anyway.
      if (authority && !this.isHost)
        syncWithHost = async () => {
          await client.sync();
        };
      // No GM at all: say so once, so a player knows why the tables do not answer.
      if (!authority && !this.noHostNotified) {
        this.noHostNotified = true;
        env.notify("warn", Errors.noHost);
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
    await announceTakeover(this.socket, sealer, this.options.handoverWaitMs ?? HANDOVER_WAIT_MS);
    const hosting = await startHosting({
      sealer,
      incomingKeys: () => this.incoming.asRecord(),
      socket: () => this.socket,
      queueChat: (post) => {
        this.chatQueue = this.chatQueue.then(post);
      },
      random: this.options.random,
    });
    this.hosting = hosting;
    this.routed.useLocal(hosting.transport.localClient());
    await this.client?.sync();
    await greetAsHost(hosting, sealer);
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
    await finishHosting(hosting, this.deadlineMs, this.me, this.incoming, () => {
      if (this.hosting === hosting) this.hosting = null;
    });
  }

  /** The host re-reads its options (bot delay) by restarting from storage, in turn with hand-overs. */
  async restartHost(): Promise<void> {
    const restart = async (): Promise<() => Promise<void>> => {
      if (!this.isHost) return noSync;
      await this.stopHost();
      return this.doRefreshAuthority();
    };
    // Should another host answer now, the sync with it runs outside the queue (refreshHosting).
    const syncWithHost = await this.enqueue(restart, "restarting the host failed");
    await syncWithHost();
  }

  /** A GM published a (new) key or connected (a new browser?): the records sealed for them too, to take over. */
  async onGMKeyChanged(): Promise<void> {
    await this.serving?.store.reseal();
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
const noSync = (): Promise<void> => Promise.resolve();
