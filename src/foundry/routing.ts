/**
 * The runtime's routing pieces: the gate that refuses every request but a sync while the stored
 * ledger cannot be opened, and the client transport that follows the authority (in-process while
 * this GM hosts, sealed over the socket otherwise). No Foundry global here.
 */
import type { ClientRequest, HostMessage, HostReply, UserId } from "../table/protocol";
import type { ClientTransport, HostTransport } from "../table/transport";
import type { SecureClientTransport } from "./secure-transport";
import { FoundryErrors } from "./errors";
import { refuse } from "../rules/core";

/** The refusal of every request but a sync while the stored ledger cannot be opened. */
export const LEDGER_UNREADABLE = FoundryErrors.ledgerUnreadable;

/**
 * The host's transport with a gate in front of its request handler: while `locked()` holds, every
 * request but a sync is refused with LEDGER_UNREADABLE before it reaches the host.
 */
export function gated(transport: HostTransport, locked: () => boolean): HostTransport {
  return {
    serve: (handler) =>
      transport.serve((from, request) => {
        const type = typeof request === "object" && request !== null ? (request as { type?: unknown }).type : undefined;
        if (locked() && type !== "sync") return Promise.resolve(refuse(LEDGER_UNREADABLE));
        return handler(from, request);
      }),
    send: (to, message) => transport.send(to, message),
  };
}

/**
 * The client's transport that follows the authority: in-process while this GM hosts, sealed over
 * socketlib otherwise. Listeners hear both.
 */
export class RoutedClientTransport implements ClientTransport {
  private readonly listeners = new Set<(m: HostMessage) => void>();
  local: ClientTransport | null = null;
  private unsubscribeLocal: (() => void) | null = null;

  constructor(private readonly remote: SecureClientTransport) {
    remote.onMessage((m) => this.emit(m));
  }

  get user(): UserId {
    return this.remote.user;
  }

  useLocal(local: ClientTransport | null): void {
    this.unsubscribeLocal?.();
    this.local = local;
    this.unsubscribeLocal = local ? local.onMessage((m) => this.emit(m)) : null;
  }

  request(request: ClientRequest): Promise<HostReply> {
    return this.local ? this.local.request(request) : this.remote.request(request);
  }

  onMessage(handler: (m: HostMessage) => void): () => void {
    this.listeners.add(handler);
    return () => this.listeners.delete(handler);
  }

  private emit(m: HostMessage): void {
    for (const l of this.listeners) l(m);
  }
}
