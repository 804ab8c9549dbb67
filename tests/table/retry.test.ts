/**
 * A request that gets no answer is sent again with its first id (issue 23): over a network that
 * loses a request or its reply, a bet, a move, a ledger adjustment, an event join and a table
 * operation each apply once, also when the host restarts between two tries; the client says it is
 * sending until the answer or the final NoAnswer.
 */
import { describe, expect, it } from "vitest";
import { games } from "../../src/games";
import { SeededRandom } from "../../src/rules/core";
import { type RetryPolicy, TableClient } from "../../src/table/client";
import { TableHost } from "../../src/table/host";
import { Errors, type HostReply } from "../../src/table/protocol";
import { MemoryStore } from "../../src/table/store";
import type { Loss, MemoryNetwork } from "../../src/table/transport";
import { countingIds, sevenUlwanBetting, startMemoryHost } from "../helpers/memory-host";

const USERS = ["gm", "alice", "bob", "carol"];

/** Re-sends at once (the waits are recorded): the policy's shape, without time passing. */
function instantRetry(delaysMs: readonly number[] = [300, 1000, 2500]) {
  const waits: number[] = [];
  const policy: RetryPolicy = { delaysMs, wait: async (ms) => void waits.push(ms) };
  return { policy, waits };
}

/** Loses what `loss` says of the first `times` requests of `type` (by any user), then nothing. */
function loseFirst(network: MemoryNetwork, type: string, loss: Loss, times = 1): { readonly ids: string[] } {
  const ids: string[] = [];
  let left = times;
  network.lose = (_from, request) => {
    const r = request as { type?: unknown; requestId?: unknown };
    if (r.type !== type) return null;
    ids.push(String(r.requestId));
    if (left === 0) return null;
    left--;
    return loss;
  };
  return { ids };
}

/** Seven Ulwan for Alice and Bob with spectator betting in a new event Carol joined; clients retry at once. */
async function bettingWorld(store = new MemoryStore()) {
  const started = await startMemoryHost({
    users: USERS,
    store,
    random: new SeededRandom(7),
    ...sevenUlwanBetting(2),
    now: () => 1_000,
    newId: countingIds(),
  });
  const retry = instantRetry();
  const clients = Object.fromEntries(
    USERS.map((u) => [u, new TableClient(started.network.client(u), () => 1_000, retry.policy)]),
  ) as Record<string, TableClient>;
  const event = await clients.gm!.createEvent("Nova night", 1000);
  const eventId = (event as { eventId: string }).eventId;
  const created = await clients.gm!.create({
    gameId: "seven-ulwan",
    eventId,
    seats: [
      { kind: "person", userId: "alice", name: "Alice" },
      { kind: "person", userId: "bob", name: "Bob" },
    ],
    options: {},
    betting: { winnerShare: 0 },
  });
  const tableId = (created as { tableId: string }).tableId;
  expect((await clients.gm!.joinEvent(eventId, "carol", "Carol")).ok).toBe(true);
  await started.host.idle();
  return { ...started, store, clients, eventId, tableId, waits: retry.waits };
}

type World = Awaited<ReturnType<typeof bettingWorld>>;

const creditsOf = (w: World, account: string): number =>
  w.host.currentLedger().events[w.eventId]!.accounts[account]!.credits;

const carolsBets = (w: World) =>
  w.host
    .record(w.tableId)!
    .betting!.pools.flatMap((p) => p.bets)
    .filter((b) => b.account === "carol");

/** The seat to act and the user holding it, with a legal move for it. */
function nextMove(w: World): { user: string; move: unknown } {
  const record = w.host.record(w.tableId)!;
  const game = games[record.gameId]!;
  const seat = game.status(record.state).toAct[0]!;
  const holder = record.seats.find((s) => s.seat === seat && s.kind === "person") as { userId: string };
  return { user: holder.userId, move: game.legalMoves(record.state, seat)[0] };
}

/**
 * `user`'s client whose one wait before re-sending is a restart of the GM's tab: a new host over
 * the same store, with nothing in memory (`host()` gives it once it started).
 */
function restartingClient(w: World, store: MemoryStore, user: string) {
  let second: TableHost | null = null;
  const client = new TableClient(w.network.client(user), () => 1_000, {
    delaysMs: [300],
    wait: async () => {
      await w.host.idle();
      w.network.disconnectHost();
      second = await TableHost.start({
        games,
        store,
        transport: w.network.host(),
        hostUser: "gm",
        isGM: (u) => u === "gm",
        users: () => USERS,
        random: new SeededRandom(7),
        ...sevenUlwanBetting(2),
      });
    },
  });
  const host = (): TableHost => {
    if (!second) throw new Error("the host did not restart");
    return second;
  };
  return { client, host };
}

describe("a request with no answer is sent again with its id and applies once", () => {
  it("a bet whose reply is lost is retried with the same id: one bet, one stake, the first answer", async () => {
    const w = await bettingWorld();
    const lost = loseFirst(w.network, "side-bet", "reply");
    const reply = await w.clients.carol!.bet(w.tableId, "long-winner", "seat-1", 40);
    await w.host.idle();
    expect(reply.ok).toBe(true);
    expect(lost.ids).toHaveLength(2);
    expect(lost.ids[1]).toBe(lost.ids[0]);
    expect(w.waits).toEqual([300]);
    expect(carolsBets(w)).toHaveLength(1);
    expect(creditsOf(w, "carol")).toBe(1000 - 40);
  });

  it("a bet whose request is lost is retried and placed once", async () => {
    const w = await bettingWorld();
    const lost = loseFirst(w.network, "side-bet", "request", 2);
    expect((await w.clients.carol!.bet(w.tableId, "long-winner", "seat-1", 40)).ok).toBe(true);
    expect(new Set(lost.ids).size).toBe(1);
    expect(w.waits).toEqual([300, 1000]);
    expect(carolsBets(w)).toHaveLength(1);
    expect(creditsOf(w, "carol")).toBe(960);
  });

  it("a move whose reply is lost is retried with the same id and made once (the version moves by one)", async () => {
    const w = await bettingWorld();
    const before = w.host.record(w.tableId)!.version;
    const { user, move } = nextMove(w);
    const lost = loseFirst(w.network, "intent", "reply");
    const reply = await w.clients[user]!.move(w.tableId, move);
    await w.host.idle();
    expect(reply).toMatchObject({ ok: true, version: before + 1 });
    expect(lost.ids).toEqual([lost.ids[0], lost.ids[0]]);
    const humanEntries = w.host.record(w.tableId)!.log.filter((e) => e.version > before && e.seat !== null);
    expect(humanEntries[0]?.version).toBe(before + 1);
    expect(w.host.record(w.tableId)!.log.filter((e) => e.version === before + 1)).toHaveLength(1);
  });

  it("a ledger adjustment whose reply is lost is retried and credited once (one adjustment entry)", async () => {
    const w = await bettingWorld();
    loseFirst(w.network, "ledger-adjust", "reply");
    expect((await w.clients.gm!.adjustLedger(w.eventId, "carol", 25, 0, "Prize")).ok).toBe(true);
    await w.host.idle();
    expect(creditsOf(w, "carol")).toBe(1025);
    const entries = w.host.currentLedger().events[w.eventId]!.entries.filter((e) => e.kind === "adjustment");
    expect(entries).toHaveLength(1);
  });

  it("an event join, a table pause and a rematch whose replies are lost are applied once", async () => {
    const w = await bettingWorld();
    loseFirst(w.network, "event-join", "reply");
    const joined = await w.clients.gm!.joinEvent(w.eventId, "dora", "Dora");
    expect(joined).toEqual({ ok: true, eventId: w.eventId });
    const opened = w.host
      .currentLedger()
      .events[w.eventId]!.entries.filter((e) => e.kind === "opened" && e.account === "dora");
    expect(opened).toHaveLength(1);
    loseFirst(w.network, "pause", "reply");
    expect((await w.clients.gm!.pause(w.tableId, true)).ok).toBe(true);
    await w.host.idle();
    expect(w.host.record(w.tableId)!.ops?.filter((o) => o.op === "pause")).toHaveLength(1);
    const tablesBefore = w.host.summaries().length;
    const lost = loseFirst(w.network, "rematch", "reply");
    const rematch = await w.clients.gm!.rematch(w.tableId);
    await w.host.idle();
    expect(lost.ids).toEqual([lost.ids[0], lost.ids[0]]);
    expect(rematch).toMatchObject({ ok: true });
    // The old table is called off and one new one dealt: as many tables as before.
    expect(w.host.summaries()).toHaveLength(tablesBefore);
    expect(w.host.record((rematch as { tableId: string }).tableId)).toBeDefined();
  });

  it("a bet retried after the host restarted from its store gets the first answer and is not placed again", async () => {
    const store = new MemoryStore();
    const w = await bettingWorld(store);
    // The reply is lost; before the client tries again, the GM's tab reloads over the same store.
    loseFirst(w.network, "side-bet", "reply");
    const restart = restartingClient(w, store, "carol");
    expect((await restart.client.bet(w.tableId, "long-winner", "seat-1", 40)).ok).toBe(true);
    const second = restart.host();
    expect(second.currentLedger().events[w.eventId]!.accounts.carol!.credits).toBe(960);
    const bets = second
      .record(w.tableId)!
      .betting!.pools.flatMap((p) => p.bets)
      .filter((b) => b.account === "carol");
    expect(bets).toHaveLength(1);
  });

  it("a rematch retried after the host restarted gets the first answer: one new table, not two", async () => {
    const store = new MemoryStore();
    const w = await bettingWorld(store);
    const tablesBefore = w.host.summaries().length;
    loseFirst(w.network, "rematch", "reply");
    const restart = restartingClient(w, store, "gm");
    const reply = await restart.client.rematch(w.tableId);
    expect(reply).toMatchObject({ ok: true });
    const second = restart.host();
    expect(second.summaries()).toHaveLength(tablesBefore);
    expect(second.record((reply as { tableId: string }).tableId)).toBeDefined();
  });

  it("when no try is answered the final answer is NoAnswer, after one try and one per delay, all with one id", async () => {
    const w = await bettingWorld();
    const lost = loseFirst(w.network, "side-bet", "request", 10);
    const reply = await w.clients.carol!.bet(w.tableId, "long-winner", "seat-1", 40);
    expect(reply).toEqual({ ok: false, error: { code: Errors.noAnswer } });
    expect(lost.ids).toHaveLength(4);
    expect(new Set(lost.ids).size).toBe(1);
    expect(w.waits).toEqual([300, 1000, 2500]);
    expect(creditsOf(w, "carol")).toBe(1000);
  });

  it("a refusal is final at once: only NoAnswer is tried again", async () => {
    const w = await bettingWorld();
    const lost = loseFirst(w.network, "side-bet", "request", 0);
    const reply = await w.clients.carol!.bet(w.tableId, "long-winner", "seat-1", 100_000);
    expect(reply.ok).toBe(false);
    expect(lost.ids).toHaveLength(1);
    expect(w.waits).toEqual([]);
  });

  it("the client says it is sending, for that table only, from the first try to the answer", async () => {
    const w = await bettingWorld();
    loseFirst(w.network, "side-bet", "reply", 2);
    const seen: { table: boolean; other: boolean; ledger: boolean }[] = [];
    const during: boolean[] = [];
    const client = new TableClient(w.network.client("carol"), () => 1_000, {
      delaysMs: [300, 1000],
      wait: async () => void during.push(client.sending(w.tableId)),
    });
    client.onSending(() =>
      seen.push({ table: client.sending(w.tableId), other: client.sending("t-other"), ledger: client.sendingLedger() }),
    );
    const pending: Promise<HostReply> = client.bet(w.tableId, "long-winner", "seat-1", 40);
    expect(client.sending(w.tableId)).toBe(true);
    expect(client.sending()).toBe(true);
    expect((await pending).ok).toBe(true);
    expect(during).toEqual([true, true]);
    expect(client.sending(w.tableId)).toBe(false);
    expect(seen).toEqual([
      { table: true, other: false, ledger: false },
      { table: false, other: false, ledger: false },
    ]);
  });
});
