/**
 * A request from outside, checked for size before anything walks it (the stored books read back
 * are bounded in ./store.ts, `readStoredBooks`; record files in ./record-file.ts).
 */
import {
  type JsonLimits,
  type Result,
  REQUEST_LIMITS,
  isRecord,
  refuse,
  succeed,
  withinJsonBounds,
} from "../rules/core";
import { type ClientRequest, Errors } from "./protocol";
import { isId, parseRequest } from "./parse-request";

/**
 * A request as the host reads it: refused with its reason when it is too deep, too wide or too
 * long (before the host compares, logs or hands its move to a game), else as `parseRequest` reads it.
 */
export function readRequest(raw: unknown, limits: JsonLimits = REQUEST_LIMITS): Result<{ request: ClientRequest }> {
  const bounded = withinJsonBounds(raw, limits);
  if (!bounded.ok) return bounded;
  const request = parseRequest(raw);
  return request ? succeed({ request }) : refuse(Errors.malformed);
}

/** The id a client gave its request, if any (a sync is never remembered: it only pushes). */
export function requestIdOf(raw: unknown): string | null {
  if (!isRecord(raw)) return null;
  return raw.type !== "sync" && isId(raw.requestId) ? raw.requestId : null;
}
