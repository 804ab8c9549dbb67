/**
 * Private rolls in chat, sealed: the message carries a placeholder, and the roll with its flavour is
 * sealed by the host for each recipient with a published key (flags["cantina-games"].sealedRoll).
 * Details: docs/foundry-adapter.md, "src/foundry/sealed-chat.ts".
 */
import type { RollJson } from "./roll-json";
import { randomId } from "../apps/core/crypto-random";
import { type PublicJwk, type SealedMessage, type Sealer, isSealedMessage } from "./crypto";
import { type Directory, SecureClientTransport } from "./secure-transport";

export const CHAT_ROLL_KIND = "chat-roll";

/** Where the envelopes live in a ChatMessage's flags. */
export const SEALED_ROLL_FLAG = "sealedRoll";

/** One envelope per recipient user id. */
export type SealedRollFlag = Readonly<Record<string, SealedMessage>>;

/** What an envelope holds. */
export interface SealedRollPayload {
  readonly v: 1;
  /** The ChatMessage id this roll was sealed for. */
  readonly message: string;
  /** The flavour the message would have shown above the dice. */
  readonly flavor: string;
  readonly roll: RollJson;
}

/** What the host needs to seal: its own sealer and the keys the users published. */
export interface RollSealing {
  readonly sealer: Sealer;
  readonly publicKey: (user: string) => PublicJwk | null;
}

/** The roll sealed for each recipient that has a key (the host's own key is always known). */
export async function sealRoll(
  sealing: RollSealing,
  message: string,
  recipients: readonly string[],
  flavor: string,
  roll: RollJson,
): Promise<SealedRollFlag> {
  const { sealer } = sealing;
  const payload: SealedRollPayload = { v: 1, message, flavor, roll };
  const out: Record<string, SealedMessage> = {};
  for (const user of new Set(recipients)) {
    const key = user === sealer.user ? sealer.publicJwk : sealing.publicKey(user);
    if (!key) continue; // no key yet: that user sees the placeholder
    out[user] = await sealer.seal(CHAT_ROLL_KIND, user, key, payload);
  }
  return out;
}

/** The envelopes of a ChatMessage's flags, or null when it has none. */
export function sealedRollOf(flags: unknown, moduleId: string): SealedRollFlag | null {
  if (typeof flags !== "object" || flags === null) return null;
  const ours = (flags as Record<string, unknown>)[moduleId];
  if (typeof ours !== "object" || ours === null) return null;
  const sealed = (ours as Record<string, unknown>)[SEALED_ROLL_FLAG];
  if (typeof sealed !== "object" || sealed === null || Array.isArray(sealed)) return null;
  const out: Record<string, SealedMessage> = {};
  for (const [user, envelope] of Object.entries(sealed as Record<string, unknown>))
    if (isSealedMessage(envelope)) out[user] = envelope;
  return out;
}

function isRollJson(x: unknown): x is RollJson {
  if (typeof x !== "object" || x === null) return false;
  const r = x as Record<string, unknown>;
  return (
    r.class === "Roll" &&
    typeof r.formula === "string" &&
    typeof r.total === "number" &&
    Array.isArray(r.terms) &&
    r.evaluated === true
  );
}

function isPayload(x: unknown): x is SealedRollPayload {
  if (typeof x !== "object" || x === null) return false;
  const p = x as Record<string, unknown>;
  return p.v === 1 && typeof p.message === "string" && typeof p.flavor === "string" && isRollJson(p.roll);
}

/** A roll opened from a message: what the recipient's client shows and animates. */
export interface OpenedRoll {
  readonly flavor: string;
  readonly roll: RollJson;
  /** The GM who sealed it. */
  readonly from: string;
}

/**
 * Opens the envelope of `message` meant for the sealer's user, or null: no envelope for this user,
 * not from a GM, not sealed with that GM's published key, made for another message, or altered.
 */
export async function openSealedRoll(
  message: { readonly id: string | null | undefined; readonly flags: unknown },
  moduleId: string,
  sealer: Sealer,
  directory: Directory,
): Promise<OpenedRoll | null> {
  if (!message.id) return null;
  const envelope = sealedRollOf(message.flags, moduleId)?.[sealer.user];
  if (!envelope || envelope.to !== sealer.user || envelope.kind !== CHAT_ROLL_KIND) return null;
  if (!directory.isGM(envelope.from)) return null;
  // The host may open its own envelopes before its key shows in the directory.
  const key = envelope.from === sealer.user ? sealer.publicJwk : directory.publicKey(envelope.from);
  if (!key) return null;
  let payload: unknown;
  try {
    payload = await sealer.open(envelope, CHAT_ROLL_KIND, key);
  } catch {
    // Meant for this user by a GM, yet not for this browser's key: the user's other device's.
    SecureClientTransport.onUnreadable();
    return null;
  }
  if (!isPayload(payload) || payload.message !== message.id) return null;
  return { flavor: payload.flavor, roll: payload.roll, from: envelope.from };
}

/** A fresh document id in Foundry's form (16 letters and digits), made before the message exists. */
export function newMessageId(): string {
  return randomId(16);
}
