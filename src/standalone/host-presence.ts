/**
 * Whether the GM tab (the standalone page's host) is there, for the players' "Waiting for a GM"
 * banner: the GM tab says goodbye when it closes and beats while it lives; a player's tab counts
 * the GM as gone at the goodbye, or when no beat came for several beats' time (a crashed tab).
 */

/** What the presence packets look like on the page's BroadcastChannel (the transport ignores them). */
type PresencePacket =
  | { readonly kind: "host-beat" }
  | { readonly kind: "host-gone" }
  /** A GM tab opening asks whether another already hosts (issue 33: a second GM tab follows the first). */
  | { readonly kind: "host-query" };

const kindOf = (data: unknown): unknown =>
  typeof data === "object" && data !== null ? (data as { kind?: unknown }).kind : undefined;

const isPresence = (data: unknown): data is PresencePacket =>
  kindOf(data) === "host-beat" || kindOf(data) === "host-gone";

/** How often the GM tab beats, and how many missed beats count it as gone. */
export const HOST_BEAT_MS = 2000;
const MISSED_BEATS = 3;

/** The GM tab's side: a beat now and then, and a goodbye when the tab goes (`pagehide`). */
export function announceHost(channel: BroadcastChannel, page: Pick<Window, "addEventListener">): void {
  const beat = (): void => channel.postMessage({ kind: "host-beat" } satisfies PresencePacket);
  beat();
  // A GM tab opening asks: it is answered at once, so it knows it is a second one.
  channel.addEventListener("message", (ev: MessageEvent<unknown>) => {
    if (kindOf(ev.data) === "host-query") beat();
  });
  setInterval(beat, HOST_BEAT_MS);
  page.addEventListener("pagehide", () => channel.postMessage({ kind: "host-gone" } satisfies PresencePacket));
}

/**
 * A player's side: `onChange(false)` when the GM tab says goodbye or stops beating, `onChange(true)`
 * at its next beat. `now` is the clock the missed beats are read on.
 */
export function watchHost(
  channel: BroadcastChannel,
  onChange: (present: boolean) => void,
  now: () => number = Date.now,
): void {
  let lastBeat: number | null = null;
  let present: boolean | null = null;
  const set = (value: boolean): void => {
    if (value === present) return;
    present = value;
    onChange(value);
  };
  channel.addEventListener("message", (ev: MessageEvent<unknown>) => {
    if (!isPresence(ev.data)) return;
    if (ev.data.kind === "host-gone") {
      lastBeat = null;
      set(false);
    } else {
      lastBeat = now();
      set(true);
    }
  });
  setInterval(() => {
    if (lastBeat !== null && now() - lastBeat > HOST_BEAT_MS * MISSED_BEATS) {
      lastBeat = null;
      set(false);
    }
  }, HOST_BEAT_MS);
}

/** How long a GM tab opening waits for another GM tab's answer before it hosts itself. */
export const HOST_QUERY_MS = 400;

/**
 * Whether another tab already hosts (it answers the query with a beat within `waitMs`): then this GM
 * tab is a second one and follows the first instead of hosting the same tables twice.
 */
export function otherHostAnswers(channel: BroadcastChannel, waitMs = HOST_QUERY_MS): Promise<boolean> {
  return new Promise((resolve) => {
    const heard = (ev: MessageEvent<unknown>): void => {
      if (kindOf(ev.data) !== "host-beat") return;
      clearTimeout(timer);
      channel.removeEventListener("message", heard);
      resolve(true);
    };
    const timer = setTimeout(() => {
      channel.removeEventListener("message", heard);
      resolve(false);
    }, waitMs);
    channel.addEventListener("message", heard);
    channel.postMessage({ kind: "host-query" } satisfies PresencePacket);
  });
}
