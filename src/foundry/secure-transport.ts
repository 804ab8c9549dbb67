/**
 * The table transports for Foundry, sealed end to end. No Foundry global here: the socket calls,
 * the users' published keys and who is a GM are passed in, so the tests drive these with stand-ins.
 *
 * In Foundry every socketlib message (executeAsGM, executeAsUser, executeForUsers and their results
 * alike) is emitted without recipients, so the server relays it to every connected client, where
 * any module or the console can read it. So a request, its reply and each push travel sealed to
 * their one recipient (see crypto.ts and docs/security.md); what travels in the clear is only who
 * sends to whom, the kind and the length. Pushes, the bulk of the traffic, go on the module's own
 * socket event with `recipients` (PushFrame), which the server relays to the recipient only; a
 * request and its reply go as a `User#query` where they can (runtime-socket.ts), to the host and
 * back to the caller only. What only its recipient receives goes unpadded.
 */
import type { ClientRequest, HostMessage, HostReply, UserId } from "../table/protocol";
import { Errors } from "../table/protocol";
import { FoundryErrors } from "./errors";
import type { ClientTransport, HostTransport, RequestHandler } from "../table/transport";
import {
  type Padding,
  type PublicJwk,
  type Sealer,
  type SealedMessage,
  UNPADDED,
  isSealedMessage,
  sameKey,
} from "./crypto";
import { pushPadding, replyBound } from "./public-size";
import { type PushPart, PushJoiner } from "./push-parts";
import { type Result, refuse, succeed } from "../rules/core";

/** What the adapter knows of the world's users. */
export interface Directory {
  /** The key a user published on their User document, or null. */
  publicKey(user: UserId): PublicJwk | null;
  isGM(user: UserId): boolean;
}

/** A reply on the wire: sealed for the caller, or a plain refusal that holds nothing secret. */
export type WireReply = SealedMessage | { readonly plain: HostReply };

export const Kinds = { request: "request", reply: "reply", push: "push" } as const;

const noHost: HostReply = refuse(Errors.noHost);
/** No GM is connected (or the host's user is not), said before anything is sent. */
export const NO_HOST_WIRE: WireReply = { plain: noHost };
const malformed: HostReply = refuse(Errors.malformed);
const failed: HostReply = refuse(FoundryErrors.failed);
/** The answer to a request the host GM's client did not answer before its deadline (the TableClient sends it again). */
export const NO_ANSWER = Errors.noAnswer;
/** A refusal of every reply type (a HostReply's, a deadline's Result). */
const noAnswer = refuse(NO_ANSWER);

/** How long a request waits for the host GM's answer (socketlib itself never gives up). */
export const REQUEST_DEADLINE_MS = 15_000;

/** The wire reply of a request the host did not answer in time (Foundry's server timed the query out). */
export const NO_ANSWER_WIRE: WireReply = { plain: noAnswer };

/**
 * `promise`'s value, or the refusal NO_ANSWER once `ms` passed: running out of time is an answer,
 * not an exception. The promise itself runs on (a socket call cannot be cancelled); what waits on it
 * no longer does. A rejection (a broken socket, a failed handler) stays a rejection.
 */
export function withDeadline<T>(promise: Promise<T>, ms: number): Promise<Result<{ readonly value: T }>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(noAnswer), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(succeed({ value }));
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * A push on the module's own socket event (not socketlib's): sent with `recipients`, so Foundry's
 * server relays it to the recipient's clients only (runtime.ts).
 */
export { pushPieces } from "./push-parts";

export interface PushFrame {
  readonly cantina: "push";
  readonly sealed: SealedMessage | PushPart;
}

export function pushFrame(sealed: SealedMessage | PushPart): PushFrame {
  return { cantina: "push", sealed };
}

/** Whether a message on the module's socket event is one of our push frames (socketlib's own messages are not). */
export function isPushFrame(x: unknown): x is PushFrame {
  return typeof x === "object" && x !== null && (x as { cantina?: unknown }).cantina === "push" && "sealed" in x;
}

export function isWireReply(x: unknown): x is WireReply {
  if (isSealedMessage(x)) return true;
  if (typeof x !== "object" || x === null || !("plain" in x)) return false;
  const plain = x.plain;
  return typeof plain === "object" && plain !== null && typeof (plain as { ok: unknown }).ok === "boolean";
}

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * The host's side: opens sealed requests (the caller named by the socket, never by the payload),
 * answers with a sealed reply, and seals each push for its one recipient.
 */
export class SecureHostTransport implements HostTransport {
  private handler: RequestHandler | null = null;
  /** The key each caller last sealed a request with (the socket server vouches for the caller). */
  private readonly lastKey = new Map<UserId, PublicJwk>();
  private readonly chains = new Map<UserId, Promise<void>>();
  private readonly localListeners = new Set<(m: HostMessage) => void>();

  constructor(
    private readonly sealer: Sealer,
    private readonly directory: Directory,
    /** Delivers a sealed push to one user (socketlib executeForUsers in Foundry). */
    private readonly deliver: (to: UserId, message: SealedMessage) => Promise<void>,
    private readonly onError: (error: unknown) => void = () => undefined,
    /** Whether `deliver` reaches the recipient's clients only (the module's event with `recipients`), not every client. */
    private readonly recipientOnly: () => boolean = () => false,
  ) {}

  get user(): UserId {
    return this.sealer.user;
  }

  serve(handler: RequestHandler): void {
    this.handler = handler;
  }

  /** Stops answering (another GM took over): requests now get NoHost. */
  stop(): void {
    this.handler = null;
  }

  get serving(): boolean {
    return this.handler !== null;
  }

  /**
   * A request that came as a query (`User#query`), which does not say who sent it: the sender is
   * the one the sealed request names, taken only when it is sealed with the key that user published
   * on their User document (which only they or a GM may write), so nobody else can have sealed it.
   * Its reply reaches the sender alone: unpadded.
   */
  async receiveQuery(raw: unknown): Promise<WireReply> {
    if (!isSealedMessage(raw) || !sameKey(raw.key, this.directory.publicKey(raw.from))) return { plain: malformed };
    return this.receive(raw.from, raw, UNPADDED);
  }

  /**
   * A request from `caller` as the socket identified them. `padding`: the reply's, by default its
   * public bound (socketlib relays the reply to every client).
   */
  async receive(caller: UserId, raw: unknown, padding?: Padding): Promise<WireReply> {
    const handler = this.handler;
    if (!handler) return { plain: noHost };
    if (!isSealedMessage(raw) || raw.kind !== Kinds.request || raw.from !== caller) return { plain: malformed };
    if (raw.to !== this.sealer.user) return { plain: noHost };
    let request: unknown;
    try {
      request = await this.sealer.open(raw, Kinds.request);
    } catch {
      return { plain: malformed };
    }
    this.lastKey.set(caller, raw.key);
    // The host may have stopped (handed over) while the request was being opened.
    if (this.handler !== handler) return { plain: noHost };
    const reply = await handler(caller, request);
    // A replay relayed to every client is padded like pushes, to a bound of public facts (its game, its step count).
    return this.sealer.seal(Kinds.reply, caller, raw.key, reply, padding ?? replyBound(reply));
  }

  send(to: UserId, message: HostMessage): void {
    if (to === this.sealer.user) {
      const copy = clone(message);
      for (const l of this.localListeners) l(copy);
      return;
    }
    const key = this.lastKey.get(to) ?? this.directory.publicKey(to);
    if (!key) return; // no key yet: that client syncs once it has published one
    const previous = this.chains.get(to) ?? Promise.resolve();
    const next = previous
      // Padded to a bound of public facts only (its length tells nothing of what it holds), or not
      // at all when only its recipient receives it (pushPadding).
      .then(async () => {
        const padding = pushPadding(message, this.recipientOnly());
        await this.deliver(to, await this.sealer.seal(Kinds.push, to, key, message, padding));
      })
      .catch((error: unknown) => this.onError(error));
    this.chains.set(to, next);
  }

  /** Resolves once every push sent so far has been delivered. */
  async flush(): Promise<void> {
    await Promise.all([...this.chains.values()]);
  }

  /** The host GM's own client: in-process, identified as the host's user. */
  localClient(): ClientTransport {
    return {
      user: this.sealer.user,
      request: async (request: ClientRequest) =>
        this.handler ? clone(await this.handler(this.sealer.user, clone(request))) : noHost,
      onMessage: (handler) => {
        this.localListeners.add(handler);
        return () => this.localListeners.delete(handler);
      },
    };
  }
}

/** An attempt whose host changed while it waited: sent again to the new host. */
const REHOST = Symbol("rehost");
/** How many times one request follows a changing host before it is answered NO_ANSWER. */
const MAX_REHOSTS = 3;

/**
 * A player's (or a second GM's) side: seals each request for the host, opens the sealed reply,
 * and opens pushes only when they come from a GM with the key that GM published.
 */
export class SecureClientTransport implements ClientTransport {
  /**
   * Called (once per transport) when a push for this user from a GM cannot be opened here: it was
   * sealed for this user's key published from another browser or device (main.ts tells the user).
   */
  static onUnreadable: () => void = () => undefined;
  private readonly listeners = new Set<(m: HostMessage) => void>();
  private chain: Promise<void> = Promise.resolve();
  private readonly joiner = new PushJoiner();
  private toldUnreadable = false;

  constructor(
    private readonly sealer: Sealer,
    private readonly directory: Directory,
    /** The GM who hosts now, or null. */
    private readonly host: () => UserId | null,
    /**
     * Sends a sealed request to the host and resolves with its wire reply (a refusal made on this
     * client already, such as `NO_HOST_WIRE`, as a plain one).
     * `request` is padded to its public bound (for a route that relays it to every client);
     * `direct()` seals it unpadded, for a route that reaches the host alone.
     */
    private readonly call: (
      host: UserId,
      request: SealedMessage,
      direct: () => Promise<SealedMessage>,
    ) => Promise<unknown>,
    /** How long each attempt waits for the host's answer. */
    private readonly deadlineMs: number = REQUEST_DEADLINE_MS,
  ) {}

  get user(): UserId {
    return this.sealer.user;
  }

  /** Wakes every request waiting for an answer: the host changed (runtime.ts, on the authority's change). */
  private wakeWaiting: () => void = () => undefined;
  private hostChange: Promise<void> = this.nextHostChange();

  private nextHostChange(): Promise<void> {
    return new Promise((resolve) => {
      this.wakeWaiting = resolve;
    });
  }

  /**
   * The host changed (a hosting GM left while another GM is connected): every request waiting for
   * the old host's answer, which will never come, goes to the new host at once (with its request
   * id: the host answers a repeat with its first answer) instead of waiting out its deadline.
   */
  hostChanged(): void {
    const wake = this.wakeWaiting;
    this.hostChange = this.nextHostChange();
    wake();
  }

  /**
   * One request, with a deadline: a host GM's client still loading, or a lost message, never
   * leaves the caller waiting forever. A sync, which changes nothing, is tried once more; any other
   * request is answered NO_ANSWER, and the TableClient sends it again with its request id (the
   * host answers a repeat with its first answer: docs/table.md, "Retries"). A request whose
   * host changed while it waited goes to the new host at once (a few times at most).
   */
  async request(request: ClientRequest): Promise<HostReply> {
    const attempts = request.type === "sync" ? 2 : 1;
    let reply: HostReply | typeof REHOST = noAnswer;
    for (let i = 0, hops = 0; i < attempts;) {
      reply = await this.attempt(request);
      if (reply === REHOST) {
        if (++hops > MAX_REHOSTS) return noAnswer;
        continue;
      }
      if (reply.ok || reply.error.code !== NO_ANSWER) return reply;
      i++;
    }
    return reply === REHOST ? noAnswer : reply;
  }

  private async attempt(request: ClientRequest): Promise<HostReply | typeof REHOST> {
    const host = this.host();
    const hostKey = host ? this.directory.publicKey(host) : null;
    if (!host || !hostKey) return noHost;
    let raw: unknown;
    try {
      const sealed = await this.sealer.seal(Kinds.request, host, hostKey, request);
      const direct = () => this.sealer.seal(Kinds.request, host, hostKey, request, UNPADDED);
      const answer = withDeadline(this.call(host, sealed, direct), this.deadlineMs);
      const outcome = await this.unlessHostChanges(answer, host);
      if (outcome === REHOST) return REHOST;
      // No answer in time: NO_ANSWER, which the caller sends again.
      if (!outcome.value.ok) return outcome.value;
      raw = outcome.value.value;
    } catch {
      // The host's handler failed (socketlib's remote exception) or the socket broke: say so.
      return failed;
    }
    if (!isWireReply(raw)) return malformed;
    if (!isSealedMessage(raw)) return raw.plain;
    if (raw.from !== host) return malformed;
    try {
      return (await this.sealer.open(raw, Kinds.reply, hostKey)) as HostReply;
    } catch {
      return malformed;
    }
  }

  /** The answer, or REHOST as soon as the host is no longer `host` (its answer is then never awaited). */
  private async unlessHostChanges<T>(answer: Promise<T>, host: UserId): Promise<{ value: T } | typeof REHOST> {
    const settled = answer.then((value) => ({ value }));
    for (;;) {
      const woken = this.hostChange.then((): typeof REHOST => REHOST);
      const outcome = await Promise.race([settled, woken]);
      if (outcome !== REHOST || this.host() !== host) {
        // The old host's answer may still fail later: nobody waits on it.
        if (outcome === REHOST) settled.catch(() => undefined);
        return outcome;
      }
    }
  }

  onMessage(handler: (m: HostMessage) => void): () => void {
    this.listeners.add(handler);
    return () => this.listeners.delete(handler);
  }

  /** Resolves once every push received so far has been opened and handed on. */
  settled(): Promise<void> {
    return this.chain;
  }

  /**
   * A push as it arrived from the socket. `sender` is the socket's word for who sent it when it
   * has one. Pushes are opened in arrival order; anything not from a GM's published key is dropped.
   */
  receive(piece: unknown, sender?: UserId): Promise<void> {
    // A long push comes in parts (pushPieces): joined here, in arrival order, before it is opened.
    const raw = this.joiner.take(piece, sender ?? "");
    if (raw === null) return this.chain;
    this.chain = this.chain.then(async () => {
      if (!isSealedMessage(raw) || raw.kind !== Kinds.push || raw.to !== this.sealer.user) return;
      if (!this.directory.isGM(raw.from) || (sender !== undefined && sender !== raw.from)) return;
      const key = this.directory.publicKey(raw.from);
      if (!key) return;
      let message: HostMessage;
      try {
        message = (await this.sealer.open(raw, Kinds.push, key)) as HostMessage;
      } catch {
        if (!this.toldUnreadable) SecureClientTransport.onUnreadable();
        this.toldUnreadable = true;
        return;
      }
      for (const l of this.listeners) l(message);
    });
    return this.chain;
  }
}
