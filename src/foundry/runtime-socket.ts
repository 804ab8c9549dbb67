/**
 * The socketlib handlers every client registers under the same names, each told who called it.
 */
import * as env from "./env";
import { NoHostError, type WireReply } from "./secure-transport";
import { directory } from "./user-directory";
import { Errors } from "../table/protocol";

export const Handlers = { request: "request", forward: "forward", push: "push", handover: "handover" } as const;

/** What the runtime does with each call; `caller` is the user socketlib names, or null. */
export interface SocketCallbacks {
  onRequest(caller: string | null, sealed: unknown, mayForward: boolean): Promise<WireReply>;
  onPush(sealed: unknown, sender: string | null): Promise<void>;
  onHandover(caller: string | null, key: unknown): Promise<boolean>;
}

/** socketlib.ready: registers "request", "forward", "push" and "handover" on `socket`. */
export function registerHandlers(socket: SocketlibSocket, callbacks: SocketCallbacks): void {
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
        return Promise.resolve({ plain: { ok: false, error: { code: Errors.malformed } } });
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

/** Sends a sealed request to the host: a player through executeAsGM, a GM to `host` directly. */
export async function sendRequest(socket: SocketlibSocket | null, host: string, sealed: unknown): Promise<unknown> {
  const errors = globalThis.socketlib?.errors;
  if (!socket) throw new NoHostError();
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
