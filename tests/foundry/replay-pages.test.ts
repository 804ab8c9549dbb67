/**
 * Long replays open everywhere (issue 23): every game's replay, on the longest matches its own move
 * limits allow, travels in pages whose bound (public-size.ts, from public facts only) holds each page,
 * is the same for every viewer, and seals far under the 8,000,000 characters every client accepts;
 * through the host with the real sealing, a player and a GM who is not hosting open a long Hununga
 * and a long Takat replay page by page, every page under the limit, and get exactly
 * the steps as their eyes saw them.
 */
import { describe, expect, it } from "vitest";
import type { ReplayPages } from "../../src/apps/replay/pages";
import { Sealer, generateKeyPair, isSealedMessage, paddedSize } from "../../src/foundry/crypto";
import {
  MAX_MESSAGE_BYTES,
  REPLAY_PAGE_BYTES,
  replayPageBound,
  replayPageSteps,
  replyBound,
} from "../../src/foundry/public-size";
import { hostReplayPages } from "../../src/foundry/replay-pages";
import { type Directory, SecureClientTransport, SecureHostTransport } from "../../src/foundry/secure-transport";
import { games } from "../../src/games";
import { type Viewer, SeededRandom } from "../../src/rules/core";
import { TableClient } from "../../src/table/client";
import type { HostReply, ViewedReplay } from "../../src/table/protocol";
import { replaySteps } from "../../src/table/record-file";
import { replayPage, viewReplay } from "../../src/table/replay-view";
import { TableHost } from "../../src/table/host";
import { MemoryStore, type TableRecord } from "../../src/table/store";
import { jsonBytes, longRecord, viewersOf } from "../helpers/long-record";

/** What every client accepts of a sealed message's ciphertext (crypto.ts `isSealedMessage`). */
const CLIENT_LIMIT = 8_000_000;
const TAG = 16;
const sealedLength = (bound: number): number => 4 * Math.ceil((paddedSize(bound) + TAG) / 3);

/** Each game's options for its longest match: the largest move limits, no early draw. */
const LONGEST: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  hununga: { target: 9, maxTurns: 2000 },
  "defiance-and-domain": { maxMoves: 5000, paired: true, repetitionDraw: false },
  porrika: { maxMoves: 5000, paired: true, repetitionDraw: false },
  takat: { maxMoves: 5000, paired: true, repetitionDraw: false },
  // The most puzzles (the clock mode ends by its timer, which no move here runs out).
  "ubongo-solo": { mode: "count", puzzles: 20 },
};

/** Every page of one viewer's replay, fetched as the Foundry window fetches them, from `ask`. */
async function everyPage(ask: (from: number, count?: number) => Promise<HostReply>): Promise<ReplayPages> {
  const opened = await hostReplayPages({ replay: (_id, from, count) => ask(from ?? 0, count) }, "t");
  if (!opened.ok) throw new Error(opened.error.code);
  const { pages } = opened;
  for (let i = 0; i < pages.header.total; i++) {
    const fetched = await pages.ensure(i);
    if (!fetched.ok) throw new Error(`step ${i}: ${fetched.error.code}`);
  }
  return pages;
}

describe("a long replay's pages", () => {
  for (const gameId of Object.keys(games))
    it(`${gameId}: on a long match every step and every page fits its bound, the same for every viewer, far under the client limit`, async () => {
      const game = games[gameId]!;
      const seats = Math.min(game.maxSeats, Math.max(2, game.minSeats, gameId.startsWith("sabacc") ? 3 : 0));
      // Ubongo's solo player only ends by solving (random placements would not): its bot plays.
      const bot = gameId.startsWith("ubongo") ? { bot: "quick" } : {};
      const options = LONGEST[gameId] ? { options: LONGEST[gameId] } : {};
      const record = longRecord({ gameId, seed: 3, seats, ...bot, ...options });
      const replayed = replaySteps(record, games);
      if (!replayed.ok) throw new Error(replayed.error.code);
      const bucketsAt = new Map<number, Set<number>>();
      for (const viewer of viewersOf(record)) {
        const pages = await everyPage(async (from, count) => {
          const page = replayPage(record, replayed.game, replayed.steps, viewer, from, count);
          if (!page.ok) return page;
          const reply: HostReply = { ok: true, tableId: record.id, replay: page.replay };
          const bound = replyBound(reply);
          expect(jsonBytes(reply), `${gameId} page from ${from}`).toBeLessThanOrEqual(bound);
          expect(sealedLength(bound)).toBeLessThan(CLIENT_LIMIT);
          bucketsAt.set(from, (bucketsAt.get(from) ?? new Set()).add(paddedSize(bound)));
          // Each step within its own bound (the page bound of that step alone, its header apart).
          page.replay.steps.forEach((step, i) => {
            const own = replayPageBound(gameId, seats, from + i, 1) - replayPageBound(gameId, seats, 0, 0);
            expect(jsonBytes(step), `${gameId} step ${from + i}`).toBeLessThanOrEqual(own);
          });
          return reply;
        });
        expect(pages.replay.steps).toEqual(viewReplay(record, replayed.game, replayed.steps, viewer).steps);
      }
      for (const [from, buckets] of bucketsAt) expect(buckets.size, `page from ${from}`).toBe(1);
    });

  it("a page's bound stays within the page budget wherever it starts, up to the longest matches' 10,001 steps", () => {
    for (const gameId of Object.keys(games)) {
      const seats = Math.min(games[gameId]!.maxSeats, 8);
      for (const from of [0, 1, 500, 2_000, 4_001, 10_000]) {
        const count = replayPageSteps(gameId, seats, from);
        expect(count, `${gameId} from ${from}`).toBeGreaterThan(0);
        const bound = replayPageBound(gameId, seats, from, count);
        expect(bound, `${gameId} from ${from}`).toBeLessThanOrEqual(REPLAY_PAGE_BYTES);
        expect(sealedLength(bound)).toBeLessThan(CLIENT_LIMIT);
        // Sealed, with room for its envelope (keys, ids, socketlib's): under the socket's message limit.
        expect(sealedLength(bound) + 4096, `${gameId} from ${from}`).toBeLessThanOrEqual(MAX_MESSAGE_BYTES);
      }
    }
  });

  it("a page asked past the last step is refused with a localized reason", () => {
    const record = longRecord({ gameId: "takat", seed: 1 });
    const replayed = replaySteps(record, games);
    if (!replayed.ok) throw new Error(replayed.error.code);
    const page = replayPage(record, replayed.game, replayed.steps, { role: "gm" }, replayed.steps.length);
    expect(page).toEqual({
      ok: false,
      error: {
        code: "CANTINA.Replay.Error.NoSuchStep",
        params: { step: replayed.steps.length, total: replayed.steps.length },
      },
    });
  });
});

describe("a long replay through the host, sealed", () => {
  /** A host run by "gm" with the record stored; alice holds seat s1; "gm2" is a GM who does not host. */
  async function sealedHost(record: TableRecord) {
    const users = ["gm", "gm2", "alice"];
    const sealers: Record<string, Sealer> = {};
    for (const u of users) sealers[u] = await Sealer.create(u, await generateKeyPair());
    const directory: Directory = {
      publicKey: (u) => sealers[u]?.publicJwk ?? null,
      isGM: (u) => u === "gm" || u === "gm2",
    };
    const transport = new SecureHostTransport(sealers.gm!, directory, async () => undefined);
    const store = new MemoryStore();
    store.tables.set(record.id, JSON.stringify(record));
    await TableHost.start({
      games,
      store,
      transport,
      hostUser: "gm",
      isGM: directory.isGM,
      users: () => users,
      random: new SeededRandom(1),
    });
    const lengths: number[] = [];
    const client = (user: string) =>
      new TableClient(
        new SecureClientTransport(
          sealers[user]!,
          directory,
          () => "gm",
          async (_host, sealed) => {
            const reply = await transport.receive(user, sealed);
            if ("ct" in reply) {
              lengths.push(reply.ct.length);
              // What every client checks before it opens a message.
              expect(isSealedMessage(reply), `a sealed reply of ${reply.ct.length} characters`).toBe(true);
            }
            return reply;
          },
        ),
      );
    return { client, lengths };
  }

  for (const match of [
    { gameId: "hununga", seed: 5, options: LONGEST.hununga! },
    { gameId: "takat", seed: 1, options: LONGEST.takat! },
  ])
    it(`${match.gameId}: a player and a GM who is not hosting open a ${match.gameId} replay of hundreds of steps, page by page`, async () => {
      const played = longRecord(match);
      const record: TableRecord = {
        ...played,
        seats: played.seats.map((s, i) => (i === 0 ? { ...s, kind: "person" as const, userId: "alice" } : s)),
      };
      const replayed = replaySteps(record, games);
      if (!replayed.ok) throw new Error(replayed.error.code);
      expect(record.log.length).toBeGreaterThan(150);
      const { client, lengths } = await sealedHost(record);
      for (const [user, viewer] of [
        ["alice", { role: "seat", seat: "s1" }],
        ["gm2", { role: "gm" }],
      ] as const) {
        const asker = client(user);
        lengths.length = 0;
        const pages = await everyPage((from, count) => asker.replay(record.id, from, count));
        const expected: ViewedReplay = viewReplay(record, replayed.game, replayed.steps, viewer as Viewer);
        expect(pages.header.viewer).toEqual(viewer);
        expect(pages.replay.steps).toEqual(expected.steps);
        expect(lengths.length, `${user}: pages`).toBeGreaterThanOrEqual(2);
        for (const length of lengths) expect(length).toBeLessThan(CLIENT_LIMIT);
      }
    });
});
