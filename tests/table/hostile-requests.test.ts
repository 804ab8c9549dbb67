/**
 * Hostile requests are refused, not thrown (issue 23): every request kind through the host, with
 * a deep (to 100,000 levels), wide or huge value in any of its fields, is answered with the bounded
 * walker's refusal, throws nothing, and leaves the stored books, the ledger and the tables as they were.
 */
import { beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { bots } from "../../src/games";
import { JsonErrors, SeededRandom } from "../../src/rules/core";
import type { TableHost } from "../../src/table/host";
import type { MemoryStore } from "../../src/table/store";
import { clientsOf, countingIds, sevenUlwanBetting, startMemoryHost } from "../helpers/memory-host";
import { deepValue, hostileValue, isBoundRefusal } from "../helpers/hostile";

const USERS = ["gm", "alice", "bob", "carol"];

interface Night {
  host: TableHost;
  store: MemoryStore;
  tableId: string;
  eventId: string;
  /** The user who made the table's first move, at version 0. */
  mover: string;
}

/** A Seven Ulwan table with spectator betting between Alice and Bob, one move played (request "m1"). */
async function nightWithOneMove(): Promise<Night> {
  const { host, network, store } = await startMemoryHost({
    users: USERS,
    random: new SeededRandom(7),
    bots,
    now: () => 1_000,
    newId: countingIds(),
    ...sevenUlwanBetting(3),
  });
  const clients = clientsOf(network, USERS);
  const created = await clients.gm!.create({
    gameId: "seven-ulwan",
    seats: [
      { kind: "person", userId: "alice", name: "Alice" },
      { kind: "person", userId: "bob", name: "Bob" },
    ],
    options: {},
    betting: { winnerShare: 10 },
  });
  if (!created.ok || created.tableId === undefined) throw new Error("no table");
  const tableId = created.tableId;
  const eventId = host.record(tableId)!.eventId;
  await host.idle();
  const mover = ["alice", "bob"].find((u) => (clients[u]!.tables.get(tableId)?.legalMoves.length ?? 0) > 0)!;
  const move = clients[mover]!.tables.get(tableId)!.legalMoves[0];
  const moved = await host.handle(mover, { type: "intent", requestId: "m1", tableId, version: 0, move });
  expect(moved).toMatchObject({ ok: true, version: 1 });
  await host.idle();
  return { host, store, tableId, eventId, mover };
}

/** Everything stored and held: compared before and after each hostile request. */
function books(night: Night) {
  return {
    writes: night.store.writes,
    tables: [...night.store.tables.entries()],
    ledger: night.store.ledger,
    requests: night.store.requests,
    held: JSON.stringify(night.host.record(night.tableId)),
    heldLedger: JSON.stringify(night.host.currentLedger()),
  };
}

let requestCount = 0;

/** Every request kind, well-formed, with `hostile` put in one of its fields (`at`: which). */
function requestsWith(night: Night, hostile: unknown): readonly { at: string; from: string; request: unknown }[] {
  const { tableId, eventId, mover } = night;
  // A new request id each time: a repeated id is answered with its first answer, unread.
  const id = (): string => `h${++requestCount}`;
  const seat = "seat-1";
  return [
    {
      at: "intent.move",
      from: mover,
      request: { type: "intent", requestId: id(), tableId, version: 1, move: hostile },
    },
    {
      at: "stale intent.move",
      from: mover,
      request: { type: "intent", requestId: id(), tableId, version: 0, move: hostile },
    },
    { at: "intent.tableId", from: mover, request: { type: "intent", tableId: hostile, version: 1, move: {} } },
    { at: "sync.extra", from: "carol", request: { type: "sync", extra: hostile } },
    {
      at: "create.options",
      from: "gm",
      request: {
        type: "create",
        requestId: id(),
        spec: { gameId: "seven-ulwan", seats: [{ kind: "bot", userId: null, name: "B" }], options: hostile },
      },
    },
    {
      at: "create.options.board",
      from: "gm",
      request: {
        type: "create",
        spec: {
          gameId: "ulwan",
          seats: [
            { kind: "person", userId: "carol", name: "C" },
            { kind: "bot", userId: null, name: "B" },
          ],
          options: { board: hostile },
        },
      },
    },
    {
      at: "create.seat.name",
      from: "gm",
      request: {
        type: "create",
        spec: { gameId: "ulwan", seats: [{ kind: "bot", userId: null, name: hostile }], options: {} },
      },
    },
    { at: "end.tableId", from: "gm", request: { type: "end", requestId: id(), tableId: hostile } },
    { at: "end.extra", from: "gm", request: { type: "end", requestId: id(), tableId, extra: hostile } },
    { at: "rematch.extra", from: "gm", request: { type: "rematch", tableId, extra: hostile } },
    { at: "replay.tableId", from: "alice", request: { type: "replay", tableId: hostile } },
    { at: "pause.paused", from: "gm", request: { type: "pause", tableId, paused: hostile } },
    { at: "pause.extra", from: "gm", request: { type: "pause", tableId, paused: true, extra: hostile } },
    { at: "seat-bot.seat", from: "gm", request: { type: "seat-bot", tableId, seat: hostile, bot: true } },
    { at: "seat-bot.extra", from: "gm", request: { type: "seat-bot", tableId, seat, bot: true, extra: hostile } },
    { at: "remove-player.extra", from: "gm", request: { type: "remove-player", tableId, seat, extra: hostile } },
    { at: "event-create.name", from: "gm", request: { type: "event-create", name: hostile, startingCredits: 5 } },
    {
      at: "event-create.extra",
      from: "gm",
      request: { type: "event-create", name: "N", startingCredits: 5, extra: hostile },
    },
    { at: "event-join.name", from: "gm", request: { type: "event-join", eventId, account: "carol", name: hostile } },
    {
      at: "ledger-adjust.reason",
      from: "gm",
      request: { type: "ledger-adjust", eventId, account: "alice", credits: 5, luck: 0, reason: hostile },
    },
    {
      at: "ledger-adjust.extra",
      from: "gm",
      request: { type: "ledger-adjust", eventId, account: "alice", credits: 5, luck: 0, reason: "r", extra: hostile },
    },
    {
      at: "side-bet.outcome",
      from: "carol",
      request: { type: "side-bet", tableId, pool: "p1", outcome: hostile, amount: 5 },
    },
    {
      at: "side-bet.extra",
      from: "carol",
      request: { type: "side-bet", tableId, pool: "p1", outcome: "o", amount: 5, extra: hostile },
    },
    {
      at: "requestId",
      from: mover,
      request: { type: "intent", requestId: id(), tableId, version: 1, move: {}, extra: hostile },
    },
    { at: "the request itself", from: mover, request: hostile },
  ];
}

describe("hostile requests through the host", () => {
  let night: Night;
  beforeAll(async () => {
    night = await nightWithOneMove();
  });

  it("a stale repeated move carrying a 5,000-deep value is refused as too deep, not thrown in the move comparison", async () => {
    const before = books(night);
    const request = { type: "intent", requestId: "m2", tableId: night.tableId, version: 0, move: deepValue(5_000) };
    const reply = await night.host.handle(night.mover, request);
    expect(reply).toEqual({ ok: false, error: { code: JsonErrors.tooDeep, params: { limit: 64 } } });
    expect(books(night)).toEqual(before);
  });

  it("every request kind with a deep, wide or huge value in any field: a bound refusal, no exception, the books unchanged", async () => {
    await fc.assert(
      fc.asyncProperty(hostileValue, fc.nat(), async (hostile, pick) => {
        const all = requestsWith(night, hostile.value);
        const { at, from, request } = all[pick % all.length]!;
        const before = books(night);
        const reply = await night.host.handle(from, request);
        await night.host.idle();
        expect(reply.ok, `${hostile.what} at ${at}`).toBe(false);
        expect(isBoundRefusal(reply.ok ? undefined : reply.error.code), `${hostile.what} at ${at}`).toBe(true);
        expect(books(night)).toEqual(before);
      }),
      { numRuns: 20 },
    );
  });

  it("each request kind, every field in turn, refuses a 100,000-deep value", async () => {
    const deep = deepValue(100_000, "object");
    for (const { at, from, request } of requestsWith(night, deep)) {
      const before = books(night);
      const reply = await night.host.handle(from, request);
      expect(reply, at).toEqual({ ok: false, error: { code: JsonErrors.tooDeep, params: { limit: 64 } } });
      expect(books(night), at).toEqual(before);
    }
  });
});
