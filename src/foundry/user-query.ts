/**
 * Foundry v13's point-to-point queries (`CONFIG.queries`, `User#query`), as read in the v13 client
 * (`client/documents/user.mjs` `User#query`, `client/documents/collections/users.mjs`
 * `#handleUserQuery`; docs/foundry.md, "Requests and replies to their recipient only"):
 *  - the sender needs the query registered in its own `CONFIG.queries` and the QUERY_USER
 *    permission (players have it by default), and the target user active, or `query` throws
 *    before anything is sent;
 *  - it emits `userQuery` naming the target user; the server hands it to that user's client and
 *    the client's acknowledgement (`{status, value}` or `{status: "rejected", reason}`) back to the
 *    sender alone. The client itself has no timeout: `timeout` travels to the server;
 *  - the receiving client runs `CONFIG.queries[name](data, {timeout})`: the handler is NOT told
 *    who asked, and a client without that handler throws and never answers.
 * Foundry globals touched: `CONFIG.queries`, `game.users`, `game.user`.
 */
import { MODULE_ID } from "./api";

/** The module's one query: a sealed request to the hosting GM, answered with its sealed reply. */
export const REQUEST_QUERY = `${MODULE_ID}.request` as const;

type QueryHandler = (data: unknown, options: { readonly timeout?: number }) => Promise<unknown>;

/** Registers this client's handler of the module's query (at socketlib.ready, with the socket handlers). */
export function registerRequestQuery(handler: QueryHandler): boolean {
  const queries = (globalThis as { CONFIG?: { queries?: Record<string, QueryHandler> } }).CONFIG?.queries;
  if (!queries) return false;
  queries[REQUEST_QUERY] = handler;
  return true;
}

/** Whether `User#query` would send from this client: a v13 client, the query registered here, the permission. */
export function canQuery(): boolean {
  const queries = (globalThis as { CONFIG?: { queries?: Record<string, unknown> } }).CONFIG?.queries;
  const user = game.user as { hasPermission?: (p: string) => boolean } | undefined | null;
  return !!queries && REQUEST_QUERY in queries && user?.hasPermission?.("QUERY_USER") === true;
}

/** Thrown by `queryUser` when the query did not go out (no such user, a client without `User#query`). */
export class QueryNotSentError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "QueryNotSentError";
  }
}

/**
 * `User#query` of the module's query to `userId`: resolves with the handler's value; rejects with
 * `QueryNotSentError` when it could not be sent, or with Foundry's error (target not active,
 * handler failed or missing, the server's timeout).
 */
export async function queryUser(userId: string, data: unknown, timeoutMs: number): Promise<unknown> {
  const user = game.users?.get(userId) as
    | { active?: boolean; query?: (name: string, data: unknown, options: { timeout: number }) => Promise<unknown> }
    | undefined;
  if (!user || typeof user.query !== "function") throw new QueryNotSentError("no User#query");
  return user.query(REQUEST_QUERY, data, { timeout: timeoutMs });
}
