/**
 * What the length test notes of one sealed push (tests/helpers/lengths-match.ts): its length, the
 * length its public facts alone give, its size and bound. A push that reaches its recipient only
 * (public-size.ts `pushPadding`) goes unpadded: its expected length is then its own size, which
 * tells its one recipient nothing they do not read in it, and nobody else receives it.
 */
import { paddedSize } from "../../src/foundry/crypto";
import { pushBound } from "../../src/foundry/public-size";
import type { SealedMessage } from "../../src/foundry/crypto";
import { type EventLedger, ledgerPushBound } from "../../src/table/ledger";
import type { HostMessage, TableUpdate } from "../../src/table/protocol";

/** The length of base64 of `bytes` bytes: what a sealed `ct` of a padded plaintext measures. */
export const b64 = (bytes: number): number => 4 * Math.ceil(bytes / 3);
export const TAG = 16;
export const sealedLength = (bound: number): number => b64(paddedSize(bound) + TAG);
export const bytes = (value: unknown): number => new TextEncoder().encode(JSON.stringify(value)).length;

/** How the host of a length match sends: deltas or whole updates; to the recipient only or relayed to everyone. */
export interface Delivery {
  readonly deltas: boolean;
  readonly recipientOnly: boolean;
}

/**
 * What a non-recipient sees of one sealed message (`length`), the length the public facts alone
 * give (`expected`), the plaintext's real size and its public bound, and what it hid (for the test).
 */
export interface Seen {
  readonly kind: string;
  readonly game: string;
  readonly length: number;
  readonly expected: number;
  readonly size: number;
  readonly bound: number;
  readonly hidden: string;
  /** The public facts its bound was computed from (for the report of sizes). */
  readonly facts?: { version: number; pools: number; bets: number; full?: boolean; entries?: number };
}

/** A push's bound from its public facts alone: a spectator's skeleton of the same update. */
function publicPushBound(m: TableUpdate): number {
  const skeleton = {
    type: "table",
    table: { gameId: m.table.gameId, version: m.table.version },
    full: m.full,
    ...(m.betting ? { betting: { pools: m.betting.pools.map(() => null) } } : {}),
  } as unknown as HostMessage;
  return pushBound(skeleton);
}

/**
 * The expected length of a push: that of its public bound's bucket; unpadded (its own size) when
 * it went to its recipient only, who reads it whole and is the only one to receive its bytes
 * (issue 34: padding stays only where another client receives them).
 */
function expectedLength(message: HostMessage, bound: number, recipientOnly: boolean): number {
  return recipientOnly ? b64(bytes(message) + 4 + TAG) : sealedLength(bound);
}

/** What one push `to` a user shows of itself. */
export function notePush(
  gameId: string,
  to: string,
  message: HostMessage,
  sealed: SealedMessage,
  storedEvents: ReadonlyMap<string, EventLedger>,
  recipientOnly: boolean,
): Seen {
  if (message.type === "table") {
    const bound = publicPushBound(message);
    const mine = (message.betting?.pools ?? []).flatMap((p) => p.outcomes.map((o) => o.mine));
    return {
      kind: message.full ? "push: full table" : "push: a move's update",
      game: gameId,
      length: sealed.ct.length,
      expected: expectedLength(message, bound, recipientOnly),
      size: bytes(message),
      bound,
      hidden: `${to} ${JSON.stringify(message.view).length} stakes ${mine.join(",")}`,
      facts: {
        version: message.table.version,
        pools: message.betting?.pools.length ?? 0,
        bets: 0,
        full: message.full,
      },
    };
  }
  if (message.type === "table-delta") {
    // Its bound from public facts alone: the game, the version, how many pools.
    const bound = pushBound({ ...message, delta: [] });
    return {
      kind: "push: a move's delta",
      game: gameId,
      length: sealed.ct.length,
      expected: expectedLength(message, bound, recipientOnly),
      size: bytes(message),
      bound,
      hidden: `${to} ${JSON.stringify(message.delta)}`,
      facts: { version: message.version, pools: message.pools ?? 0, bets: 0 },
    };
  }
  if (message.type === "ledger") {
    // Its bound from what every client knows: the stored events' counts (the plain index names them).
    const bound = ledgerPushBound(storedEvents.values(), Object.keys(message.records ?? {}).length);
    return {
      kind: "push: ledger",
      game: gameId,
      length: sealed.ct.length,
      expected: expectedLength(message, bound, recipientOnly),
      size: bytes(message),
      bound,
      hidden: `${to} ${message.events.map((e) => e.entries.map((x) => `${x.credits}:${x.reason}`).join(",")).join(";")}`,
    };
  }
  return {
    kind: `push: ${message.type}`,
    game: gameId,
    length: sealed.ct.length,
    expected: expectedLength(message, 0, recipientOnly),
    size: bytes(message),
    bound: 0,
    hidden: to,
  };
}
