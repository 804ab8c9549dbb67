/**
 * The users' published keys and roles, as this client sees them (runtime, hosting, chat-view.ts).
 */
import type { PublicJwk } from "./crypto";
import * as env from "./env";
import type { Directory } from "./secure-transport";

export const directory: Directory = {
  publicKey: (user) => env.userById(user)?.publicKey ?? null,
  isGM: (user) => env.userById(user)?.isGM ?? false,
};

/** Every GM's published key, by user id. */
export function gmKeys(): Record<string, PublicJwk> {
  const out: Record<string, PublicJwk> = {};
  for (const u of env.allUsers()) if (u.isGM && u.publicKey) out[u.id] = u.publicKey;
  return out;
}
