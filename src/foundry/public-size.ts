/**
 * The size every sealed table message and record is padded to, computed from public facts only
 * (the game, the table's version, how many pools and bets its book holds, a replay page's steps), so that its length
 * tells nothing hidden (docs/security.md, "What lengths reveal"). Each bound is an upper bound on
 * what the message can hold: each game family declares its games' `sizes` (measured over random
 * matches, with a margin); tests/foundry/lengths.test.ts checks that every message fits its bound.
 */
import { type HostMessage, type HostReply, REPLAY_PAGE_MAX_STEPS } from "../table/protocol";
import { sizes } from "../games";
import { type Padding, UNPADDED } from "./crypto";
import type { Book } from "../table/concerns/betting/book";
import type { SizeProfile } from "../table/store";
import { STORED_REQUESTS } from "../table/host";

/** What one pool adds to a push (its view: totals, odds, this user's stake and payout). */
export const POOL_VIEW_BYTES = 512;
/**
 * A replay page's own part (ids, the viewer, counts; a reply's envelope): each id up to 200
 * characters, escaped in JSON up to 6 bytes each.
 */
export const REPLAY_HEADER_BYTES = 8192;
/** What one seat's assignment adds to a replay page (its ids, its name of up to 100 characters, a stake). */
export const REPLAY_SEAT_BYTES = 8192;
/**
 * The most one socket message of the module may weigh. socket.io 4's server closes a connection that
 * sends a message over its `maxHttpBufferSize` (1e6 bytes by default), and socketlib relays a reply
 * to every client: a quarter of that leaves room for the envelope and for a server set lower.
 */
export const MAX_MESSAGE_BYTES = 256 * 1024;
/**
 * What one replay page may hold at most, by its bound: padded, it fills exactly 160 KiB (crypto.ts
 * `paddedSize`), so sealed (base64, 4/3) with its envelope it makes a message of about 214 KB, under
 * `MAX_MESSAGE_BYTES`. One step of the longest match any game allows (10,001 steps) fits in it alone.
 */
export const REPLAY_PAGE_BYTES = 160 * 1024 - 4;

/** The bound of the replay steps `from` to `from + count - 1`: each step's bound, which grows with its index by `growth`. */
function replayStepsBound(p: SizeProfile, from: number, count: number): number {
  const step = p.step ?? p.view + p.perShown;
  return count * step + (p.growth ?? 0) * (count * from + (count * (count - 1)) / 2);
}

/**
 * A replay page's bound, from public facts only: the game, how many seats, which steps (every seat
 * saw each move made, so the step count is public; the page is the one asked for).
 */
export function replayPageBound(gameId: string, seats: number, from: number, count: number): number {
  return REPLAY_HEADER_BYTES + REPLAY_SEAT_BYTES * seats + replayStepsBound(profile(gameId), from, count);
}

/**
 * How many steps from `from` a page of `gameId`'s replay asks for: the most whose bound stays within
 * `REPLAY_PAGE_BYTES` (at least one, at most what the host sends in one page).
 */
export function replayPageSteps(gameId: string, seats: number, from: number): number {
  let count = 1;
  while (count < REPLAY_PAGE_MAX_STEPS && replayPageBound(gameId, seats, from, count + 1) <= REPLAY_PAGE_BYTES) count++;
  return count;
}

/** A reply's bound: a replay page its `replayPageBound`; other replies none (the smallest bucket). */
export function replyBound(reply: HostReply): number {
  if (!reply.ok || !reply.replay) return 0;
  const r = reply.replay;
  return replayPageBound(r.gameId, r.seats.length, r.from, r.steps.length);
}

/** What one pool adds to a stored record, bets apart. */
export const POOL_RECORD_BYTES = 384;
/** What one bet adds to a stored record (ids of up to 32 characters, amounts up to 10^15). */
export const BET_BYTES = 192;

/** A game that declares no size profile (its family's `sizes`) gets this one. */
const FALLBACK: SizeProfile = { view: 32000, record: 16000, perMove: 1024, perLogged: 1024, perShown: 512 };

function profile(gameId: string): SizeProfile {
  return Object.prototype.hasOwnProperty.call(sizes, gameId) ? sizes[gameId]! : FALLBACK;
}

/**
 * A push's bound. A table update: its game's `view`, plus `perShown` for each version a full resync
 * covers, plus each pool of its book (the pools are the same for everyone). The ledger: the bound
 * the host gave it. Other pushes (a removal, a notice): none, the smallest bucket holds them.
 */
export function pushBound(message: HostMessage): number {
  // The ledger's bound is computed by the host, which holds every event (`ledgerPushBound`).
  if (message.type === "ledger") return message.bound ?? 0;
  // A delta is never larger than the update it stands for (sent-views.ts): that update's bound.
  if (message.type === "table-delta") {
    const p = profile(message.gameId);
    return p.view + (p.growth ?? 0) * message.version + POOL_VIEW_BYTES * (message.pools ?? 0);
  }
  if (message.type !== "table") return 0;
  const p = profile(message.table.gameId);
  const pools = message.betting?.pools.length ?? 0;
  return (
    p.view +
    (p.growth ?? 0) * message.table.version +
    (message.full ? p.perShown * (message.table.version + 1) : 0) +
    POOL_VIEW_BYTES * pools
  );
}

/**
 * How a push is padded, decided from who receives its bytes (issue 34: padding stays only where
 * another client receives them). Sent to its recipient only (the module's socket event with
 * `recipients`), a push tells its recipient nothing by its length that its content, which they
 * read, does not: it goes unpadded, whatever the game. Relayed to every client (socketlib), it is
 * padded to its public bound (`pushBound`), so its length tells the others nothing hidden.
 */
export function pushPadding(message: HostMessage, recipientOnly: boolean): Padding {
  return recipientOnly ? UNPADDED : pushBound(message);
}

/** How many pools and bets a book holds: public, since every bet changes the totals everyone sees. */
function bookSize(book: Book | undefined): number {
  if (!book) return 0;
  let bytes = 0;
  for (const pool of book.pools) bytes += POOL_RECORD_BYTES + BET_BYTES * pool.bets.length;
  return bytes;
}

/** A stored table record's bound: without its log, or with it (`withLog`: an archive, whose log holds version + 1 entries). */
export function recordBound(
  record: { readonly gameId: string; readonly version: number; readonly betting?: Book },
  withLog = false,
): number {
  const p = profile(record.gameId);
  return (
    p.record +
    (p.growth ?? 0) * record.version +
    (withLog ? p.perLogged * (record.version + 1) : 0) +
    bookSize(record.betting)
  );
}

/**
 * The stored answered requests: always the bound of a full list (a request's user, an id and an
 * answer of up to 192 bytes each), so how many there are, and whose, does not show.
 */
export const REQUEST_BYTES = 192;
export function requestsBound(): number {
  return STORED_REQUESTS * REQUEST_BYTES;
}

/** A stored chunk of `entries` log entries. */
export function logChunkBound(gameId: string, entries: number): number {
  return profile(gameId).perMove * entries;
}
