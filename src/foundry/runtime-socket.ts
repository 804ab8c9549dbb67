/**
 * The socketlib handlers every client registers under the same names, each told who called it.
 */
import * as env from "./env";
import { NO_ANSWER_WIRE, NO_HOST_WIRE, REQUEST_DEADLINE_MS, type WireReply } from "./secure-transport";
import { QueryNotSentError, canQuery, queryUser, registerRequestQuery } from "./user-query";
import { directory } from "./user-directory";
import { Errors } from "../table/protocol";
import { refuse } from "../rules/core";

export const Handlers = { request: "request", forward: "forward", push: "push", handover: "handover" } as const;

/** What the runtime does with each call; `caller` is the user socketlib names, or null. */
export interface SocketCallbacks {
  onRequest(caller: string | null, sealed: unknown, mayForward: boolean): Promise<WireReply>;
  onPush(sealed: unknown, sender: string | null): Promise<void>;
  onHandover(caller: string | null, key: unknown): Promise<boolean>;
  /** A request that came as a query (`User#query`): its sender is only what the sealed request says. */
  onQuery(sealed: unknown): Promise<WireReply>;
}

/** socketlib.ready: registers "request", "forward", "push" and "handover" on `socket`, and the request query. */
export function registerHandlers(socket: SocketlibSocket, callbacks: SocketCallbacks): void {
  registerRequestQuery((sealed) => callbacks.onQuery(sealed));
  // Handlers are `function`s so they can read the caller socketlib sets on `this.socketdata`.
  socket.register(Handlers.request, function (this: SocketlibHandlerContext, sealed: unknown): Promise<WireReply> {
    return callbacks.onRequest(callerOf(this), sealed, true);
  });
  socket.register(
    Handlers.forward,
    function (this: SocketlibHandlerContext, caller: unknown, sealed: unknown): Promise<WireReply> {
      // Only a GM may pass a request on for someone else; the socket says who the forwarder is.
      const via = callerOf(this);
      if (!via || !directory.isGM(via) || typeof caller !== "string")
        return Promise.resolve({ plain: refuse(Errors.malformed) });
      return callbacks.onRequest(caller, sealed, false);
    },
  );
  // An older host still pushing through socketlib.
  socket.register(Handlers.push, function (this: SocketlibHandlerContext, sealed: unknown): Promise<void> {
    return callbacks.onPush(sealed, callerOf(this));
  });
  socket.register(Handlers.handover, function (this: SocketlibHandlerContext, key: unknown): Promise<boolean> {
    return callbacks.onHandover(callerOf(this), key);
  });
}

function callerOf(context: SocketlibHandlerContext | undefined): string | null {
  const id = (context as { socketdata?: { userId?: unknown } } | undefined)?.socketdata?.userId;
  return typeof id === "string" && id.length > 0 ? id : null;
}

/**
 * Sends a sealed request to the host. Point to point where it can (`User#query` to the hosting GM:
 * only that GM's client receives the request, only this one the reply; user-query.ts), with
 * `direct()` (the request unpadded: nobody else receives its bytes). Through socketlib otherwise
 * (every client receives it, so the padded `sealed`): a client that cannot query, a request sealed
 * with a key this user did not publish (its other browser: the host accepts a query only with the
 * published key, as the query does not say who sent it), or a tab of the hosting GM that does not
 * host asking it to (`REROUTE`). A player through executeAsGM, a GM to `host` directly.
 */
export async function sendRequest(
  socket: SocketlibSocket | null,
  host: string,
  sealed: unknown,
  direct?: () => Promise<unknown>,
  deadlineMs = REQUEST_DEADLINE_MS,
): Promise<unknown> {
  if (direct && host !== env.myUserId() && canQuery()) {
    if (!env.userById(host)?.active) return NO_HOST_WIRE;
    let reply: unknown;
    try {
      reply = await queryUser(host, await direct(), deadlineMs);
    } catch (error) {
      // Foundry's rejection: the server's timeout, the host's client without the handler (it never answers).
      if (!(error instanceof QueryNotSentError)) return NO_ANSWER_WIRE;
    }
    if (reply !== undefined && !isReroute(reply)) return reply;
  }
  return viaSocketlib(socket, host, sealed);
}

async function viaSocketlib(socket: SocketlibSocket | null, host: string, sealed: unknown): Promise<unknown> {
  const errors = globalThis.socketlib?.errors;
  if (!socket) return NO_HOST_WIRE;
  try {
    return env.amGM()
      ? await socket.executeAsUser(Handlers.request, host, sealed)
      : await socket.executeAsGM(Handlers.request, sealed);
  } catch (error) {
    if (
      errors &&
      (error instanceof errors.SocketlibNoGMConnectedError || error instanceof errors.SocketlibInvalidUserError)
    )
      return NO_HOST_WIRE;
    throw error;
  }
}

/**
 * The answer of a tab of the hosting GM that does not host, to a query that reached it: send it
 * through socketlib, which every tab receives (the host tab answers). Never shown to anyone.
 */
const REROUTE_CODE = "cantina-games.reroute";
export const REROUTE: WireReply = { plain: refuse(REROUTE_CODE) };

function isReroute(reply: unknown): boolean {
  const plain = (reply as { plain?: { ok?: unknown; error?: { code?: unknown } } } | null)?.plain;
  return plain?.ok === false && plain.error?.code === REROUTE_CODE;
}
