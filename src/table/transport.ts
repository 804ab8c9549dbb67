/**
 * How clients reach the host. Implementations: in memory (tests, and the GM's own client),
 * BroadcastChannel (standalone page), socketlib (Foundry). The transport, never the payload,
 * says who sent a request.
 */
import type { ClientRequest, HostMessage, HostReply, UserId } from "./protocol";
import { Errors } from "./protocol";
import { refuse } from "../rules/core";

export type RequestHandler = (from: UserId, request: unknown) => Promise<HostReply>;

export interface HostTransport {
  /** Starts answering requests; the handler gets the caller as the transport identifies them. */
  serve(handler: RequestHandler): void;
  /** Sends to one user only. */
  send(to: UserId, message: HostMessage): void;
}

export interface ClientTransport {
  readonly user: UserId;
  /** Resolves with a NoHost error when no host answers. */
  request(request: ClientRequest): Promise<HostReply>;
  onMessage(handler: (message: HostMessage) => void): () => void;
}

/** Copies like a wire would, so no side shares objects with another. */
function wire<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** What a lossy network drops of one request: the request itself (the host never sees it), or its reply. */
export type Loss = "request" | "reply";

const noAnswer: HostReply = refuse(Errors.noAnswer);

export interface SentRecord {
  readonly to: UserId;
  readonly message: HostMessage;
}

/**
 * An in-memory network: one host endpoint and any number of client endpoints. Every message sent
 * is recorded in `sent` so tests can inspect exactly what each user received, and every request
 * that reached the host in `requests`.
 */
export class MemoryNetwork {
  readonly sent: SentRecord[] = [];
  readonly requests: { from: UserId; request: unknown }[] = [];
  /**
   * Per request, what this network loses of it (null: nothing), as a socket or a BroadcastChannel
   * can. A loss is answered NoAnswer at once: what a real client transport answers once its
   * deadline passes (BroadcastClientTransport's timer, SecureClientTransport's withDeadline). A
   * request whose reply is lost still runs on the host, and may still be running when it is sent again.
   */
  lose: (from: UserId, request: unknown) => Loss | null = () => null;
  private handler: RequestHandler | null = null;
  private readonly listeners = new Map<UserId, Set<(m: HostMessage) => void>>();

  host(): HostTransport {
    return {
      serve: (handler) => {
        this.handler = handler;
      },
      send: (to, message) => {
        const copy = wire(message);
        this.sent.push({ to, message: copy });
        for (const l of this.listeners.get(to) ?? []) l(wire(copy));
      },
    };
  }

  /** The host goes away (its client closed); requests now fail with NoHost. */
  disconnectHost(): void {
    this.handler = null;
  }

  client(user: UserId): ClientTransport {
    return {
      user,
      request: async (request) => this.deliver(user, request),
      onMessage: (handler) => {
        const set = this.listeners.get(user) ?? new Set();
        set.add(handler);
        this.listeners.set(user, set);
        return () => set.delete(handler);
      },
    };
  }

  /** Sends anything, even what the types forbid, as a hostile client could. */
  async deliver(from: UserId, request: unknown): Promise<HostReply> {
    const loss = this.lose(from, request);
    if (loss === "request") return noAnswer;
    this.requests.push({ from, request: wire(request) });
    if (!this.handler) return refuse(Errors.noHost);
    const answer = this.handler(from, wire(request));
    if (loss === "reply") {
      // The host goes on; only its reply never arrives.
      void answer.catch(() => undefined);
      return noAnswer;
    }
    return wire(await answer);
  }

  receivedBy(user: UserId): HostMessage[] {
    return this.sent.filter((s) => s.to === user).map((s) => s.message);
  }
}
