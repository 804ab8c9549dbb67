/**
 * A sealed push too long for one socket message, sent in parts and joined by its recipient
 * (issue 34: no message the module sends over 256 KB; socket.io closes a connection over 1e6 bytes).
 */
import type { SealedMessage } from "./crypto";

/**
 * One part of a sealed push too long for one message (a full resync of a table of thousands of
 * steps): its JSON cut into PUSH_PART_CHARS slices, sent in order to the same recipient, which
 * joins them (issue 34: no message over 256 KB, socket.io closes a connection over 1e6 bytes).
 */
export interface PushPart {
  readonly cantina: "part";
  readonly id: string;
  readonly i: number;
  readonly n: number;
  readonly data: string;
}

/** A part's slice of the sealed JSON: with its frame, well under the module's 256 KB. */
export const PUSH_PART_CHARS = 192 * 1024;
/** The most parts a push is joined from (48 MB): a sender claiming more is not listened to. */
const MAX_PUSH_PARTS = 256;

let pushes = 0;

/** `sealed` as the messages that carry it: itself when it fits, else its parts in order. */
export function pushPieces(sealed: SealedMessage): (SealedMessage | PushPart)[] {
  const json = JSON.stringify(sealed);
  if (json.length <= PUSH_PART_CHARS) return [sealed];
  const id = `${Date.now().toString(36)}.${++pushes}`;
  const n = Math.ceil(json.length / PUSH_PART_CHARS);
  return Array.from({ length: n }, (_, i) => ({
    cantina: "part" as const,
    id,
    i,
    n,
    data: json.slice(i * PUSH_PART_CHARS, (i + 1) * PUSH_PART_CHARS),
  }));
}

function isPushPart(x: unknown): x is PushPart {
  if (typeof x !== "object" || x === null) return false;
  const p = x as Partial<PushPart>;
  return (
    p.cantina === "part" &&
    typeof p.id === "string" &&
    typeof p.data === "string" &&
    p.data.length <= PUSH_PART_CHARS &&
    Number.isInteger(p.i) &&
    Number.isInteger(p.n) &&
    (p.n ?? 0) > 1 &&
    (p.n ?? 0) <= MAX_PUSH_PARTS
  );
}

/**
 * Joins the parts of each sender's pushes as they arrive (one socket: in order). A part out of
 * order or of another push drops what was gathered; the whole push is returned once its last part is in.
 */
export class PushJoiner {
  private readonly gathering = new Map<string, { id: string; n: number; data: string[] }>();

  /** The sealed push `raw` completes (itself if not a part), or null while parts are missing. */
  take(raw: unknown, sender: string): unknown {
    if (!isPushPart(raw)) return raw;
    let open = this.gathering.get(sender);
    if (raw.i === 0) this.gathering.set(sender, (open = { id: raw.id, n: raw.n, data: [] }));
    if (!open || open.id !== raw.id || open.n !== raw.n || open.data.length !== raw.i) {
      this.gathering.delete(sender);
      return null;
    }
    open.data.push(raw.data);
    if (open.data.length < open.n) return null;
    this.gathering.delete(sender);
    try {
      return JSON.parse(open.data.join("")) as unknown;
    } catch {
      return null;
    }
  }
}
