/**
 * The seat lobby and the watchers list through the host (issue 27): invited players sit down from
 * their own clients and the game starts with its purses in one stored change; a spectator who opens
 * the window is listed to everyone, and a user who may not see the table never is.
 */
import { describe, expect, it } from "vitest";
import { SeededRandom } from "../../../../src/rules/core";
import { bots, games } from "../../../../src/games";
import { TableClient } from "../../../../src/table/client";
import { LobbyErrors } from "../../../../src/table/protocol";
import { countingIds, startMemoryHost } from "../../../helpers/memory-host";

async function lobbyTable(allowSpectators = true, users = ["gm", "alice", "bob", "zed"]) {
  const { host, network, store } = await startMemoryHost({
    games,
    bots,
    users,
    connected: (user) => users.includes(user),
    random: new SeededRandom(3),
    newId: countingIds(),
    allowSpectators: () => allowSpectators,
  });
  const client = (user: string) => new TableClient(network.client(user));
  const clients = { gm: client("gm"), alice: client("alice"), bob: client("bob"), zed: client("zed") };
  for (const c of Object.values(clients)) await c.sync();
  const created = await clients.gm.create({
    gameId: "sabacc-super-simplified",
    seats: [
      { kind: "person", userId: "alice", name: "Alice" },
      { kind: "person", userId: "bob", name: "Bob" },
    ],
    options: {},
    sitDown: true,
  });
  const tableId = created.ok ? (created.tableId ?? "") : "";
  await host.idle();
  return { host, store, clients, tableId };
}

describe("the seat lobby through the host", () => {
  it("waits for the invited players, then starts with every purse taken in the one change of the last sit-down", async () => {
    const w = await lobbyTable();
    expect(w.clients.alice.tables.get(w.tableId)?.table.lobby).toMatchObject({ seated: [], version: 0 });
    expect(w.clients.alice.tables.get(w.tableId)?.legalMoves).toEqual([]);
    expect(w.clients.gm.events.flatMap((e) => e.entries).filter((e) => e.kind === "seated")).toEqual([]);
    // A move before the start is refused with a reason.
    expect(await w.clients.alice.move(w.tableId, { type: "fold" })).toEqual({
      ok: false,
      error: { code: LobbyErrors.notStarted },
    });
    expect(await w.clients.alice.sitDown(w.tableId, "seat-1", true)).toMatchObject({ ok: true });
    expect(w.clients.bob.tables.get(w.tableId)?.table.lobby?.seated).toEqual(["seat-1"]);
    const writes = w.store.writes;
    expect(await w.clients.bob.sitDown(w.tableId, "seat-2", true)).toMatchObject({ ok: true, tableId: w.tableId });
    expect(w.store.writes).toBe(writes + 1);
    await w.host.idle();
    const started = w.clients.alice.tables.get(w.tableId);
    expect(started?.table.lobby).toBeUndefined();
    expect(started?.table.toAct.length).toBeGreaterThan(0);
    const seated = w.clients.gm.events.flatMap((e) => e.entries).filter((e) => e.kind === "seated");
    expect(seated.map((e) => e.account).sort()).toEqual(["alice", "bob"]);
  });

  it("lists a spectator who opens the window to everyone, and no longer once they close it", async () => {
    const w = await lobbyTable();
    expect(await w.clients.zed.watch(w.tableId, true)).toEqual({ ok: true });
    expect(w.clients.alice.tables.get(w.tableId)?.table.watchers).toEqual(["zed"]);
    expect(w.clients.zed.tables.get(w.tableId)?.table.watchers).toEqual(["zed"]);
    // A seated (or invited) player with the window open is a player, not a watcher.
    await w.clients.alice.watch(w.tableId, true);
    expect(w.clients.bob.tables.get(w.tableId)?.table.watchers).toEqual(["zed"]);
    await w.clients.zed.watch(w.tableId, false);
    expect(w.clients.alice.tables.get(w.tableId)?.table.watchers).toBeUndefined();
  });

  it("drops a watcher who left (no longer connected) without their saying so", async () => {
    const users = ["gm", "alice", "bob", "zed"];
    const w = await lobbyTable(true, users);
    await w.clients.zed.watch(w.tableId, true);
    expect(w.host.summaries()[0]?.watchers).toEqual(["zed"]);
    users.pop(); // zed's client went (a Foundry user gone inactive): no "closed" ever came
    expect(w.host.summaries()[0]?.watchers).toBeUndefined();
    await w.clients.alice.sitDown(w.tableId, "seat-1", true);
    expect(w.clients.alice.tables.get(w.tableId)?.table.watchers).toBeUndefined();
  });

  it("never lists a user who may not see the table, whatever they told the host", async () => {
    const w = await lobbyTable(false);
    await w.clients.zed.watch(w.tableId, true);
    expect(w.host.summaries()[0]?.watchers).toBeUndefined();
    expect(w.clients.zed.tables.has(w.tableId)).toBe(false);
  });
});
