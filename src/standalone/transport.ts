/**
 * The standalone page's transport: tabs of one origin over a BroadcastChannel, the GM tab hosting.
 * A development and demo host, not a security boundary (docs/security.md).
 * Details: docs/standalone.md, "src/standalone/transport.ts".
 */
import type { ClientTransport, HostTransport, RequestHandler } from "../table/transport";
import type { ClientRequest, HostMessage, HostReply, UserId } from "../table/protocol";
import { Errors } from "../table/protocol";
import { refuse } from "../rules/core";

type Packet =
  | { kind: "req"; id: string; from: UserId; request: unknown }
  | { kind: "rep"; id: string; to: UserId; reply: HostReply }
  | { kind: "push"; to: UserId; message: HostMessage }
  | { kind: "host-up" };

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export class BroadcastHostTransport implements HostTransport {
  private handler: RequestHandler | null = null;
  private readonly localListeners = new Set<(m: HostMessage) => void>();
  /** Every user who has asked the host anything, in order: any name that opens the page is served. */
  private readonly knownUsers = new Set<UserId>();

  constructor(
    private readonly channel: BroadcastChannel,
    private readonly hostUser: UserId,
  ) {}

  serve(handler: RequestHandler): void {
    this.handler = handler;
    this.channel.addEventListener("message", (ev: MessageEvent<Packet>) => {
      const packet = ev.data;
      if (packet.kind !== "req") return;
      this.knownUsers.add(packet.from);
      void handler(packet.from, packet.request).then((reply) => {
        this.channel.postMessage({ kind: "rep", id: packet.id, to: packet.from, reply } satisfies Packet);
      });
    });
    this.channel.postMessage({ kind: "host-up" } satisfies Packet);
  }

  /** The users who have asked the host something (the host's own user not included). */
  users(): readonly UserId[] {
    return [...this.knownUsers];
  }

  send(to: UserId, message: HostMessage): void {
    if (to === this.hostUser) {
      const copy = clone(message);
      for (const l of this.localListeners) l(copy);
      // A second GM tab (a client as the GM's user) follows the first: it is sent the same pushes.
      this.channel.postMessage({ kind: "push", to, message } satisfies Packet);
      return;
    }
    this.channel.postMessage({ kind: "push", to, message } satisfies Packet);
  }

  /** The GM tab's own client: straight to the handler, identified as the host's user. */
  localClient(): ClientTransport {
    return {
      user: this.hostUser,
      request: async (request: ClientRequest) =>
        this.handler ? clone(await this.handler(this.hostUser, clone(request))) : refuse(Errors.noHost),
      onMessage: (handler) => {
        this.localListeners.add(handler);
        return () => this.localListeners.delete(handler);
      },
    };
  }
}

export class BroadcastClientTransport implements ClientTransport {
  private readonly waiting = new Map<string, (reply: HostReply) => void>();
  private readonly listeners = new Set<(m: HostMessage) => void>();
  private readonly hostUpListeners = new Set<() => void>();
  private counter = 0;

  constructor(
    private readonly channel: BroadcastChannel,
    readonly user: UserId,
    private readonly timeoutMs = 1500,
  ) {
    channel.addEventListener("message", (ev: MessageEvent<Packet>) => {
      const packet = ev.data;
      if (packet.kind === "rep" && packet.to === user) this.waiting.get(packet.id)?.(packet.reply);
      else if (packet.kind === "push" && packet.to === user) for (const l of this.listeners) l(packet.message);
      else if (packet.kind === "host-up") for (const l of this.hostUpListeners) l();
    });
  }

  request(request: ClientRequest): Promise<HostReply> {
    const id = `${this.user}-${Date.now().toString(36)}-${++this.counter}`;
    return new Promise((resolve) => {
      // No reply in time: the request, its reply or the GM tab itself may be gone. NoAnswer, so the
      // TableClient sends the request again with its id (a repeat the host answers once).
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve(refuse(Errors.noAnswer));
      }, this.timeoutMs);
      this.waiting.set(id, (reply) => {
        clearTimeout(timer);
        this.waiting.delete(id);
        resolve(reply);
      });
      this.channel.postMessage({ kind: "req", id, from: this.user, request } satisfies Packet);
    });
  }

  onMessage(handler: (m: HostMessage) => void): () => void {
    this.listeners.add(handler);
    return () => this.listeners.delete(handler);
  }

  onHostUp(handler: () => void): void {
    this.hostUpListeners.add(handler);
  }
}
