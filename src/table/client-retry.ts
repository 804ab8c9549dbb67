/**
 * How the TableClient sends a request again when no answer came, and which replies say that no GM
 * is there to answer (src/table/client.ts).
 */
import { type HostReply, Errors } from "./protocol";
import { systemWait } from "./timer-service";

/**
 * How a request that got no answer (`Errors.noAnswer`: it or its reply was lost, or the host was
 * too slow) is sent again: with its first id, after each wait in turn, then the last NoAnswer is
 * the final answer. The host answers a repeat with its first answer, so a retry never applies twice.
 */
export interface RetryPolicy {
  /** The waits before each re-send, in ms; their count is how many times a request is sent again. */
  readonly delaysMs: readonly number[];
  /** Waits `ms` (tests pass one that resolves at once, or on their own clock). */
  readonly wait: (ms: number) => Promise<void>;
}

/** Re-sends after 0.3 s, 1 s and 2.5 s: four tries over a few seconds more than the transport's deadlines. */
export const RETRY_DELAYS_MS: readonly number[] = [300, 1000, 2500];

export const DEFAULT_RETRY: RetryPolicy = {
  delaysMs: RETRY_DELAYS_MS,
  wait: systemWait,
};

/** Whether a reply says no GM is there to answer (none connected, or none answered even after the retries). */
export const noGM = (reply: HostReply): boolean =>
  !reply.ok && (reply.error.code === Errors.noHost || reply.error.code === Errors.noAnswer);

/** Whether a reply says no answer came, so the same request may be sent again. */
export const unanswered = (reply: HostReply): boolean => !reply.ok && reply.error.code === Errors.noAnswer;
