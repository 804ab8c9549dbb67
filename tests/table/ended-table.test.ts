/**
 * "End the table" mid-game (issue 27): the host says the table was ended, not just removed, and
 * each player's client writes a chat line for it and tells its listeners (the pages show a notice).
 */
import { describe, expect, it } from "vitest";
import { SeededRandom } from "../../src/rules/core";
import { TABLE_ENDED_KEY } from "../../src/table/client";
import type { TableUpdate } from "../../src/table/protocol";
import { clientsOf, startMemoryHost } from "../helpers/memory-host";

const USERS = ["gm", "alice", "bob"];

async function openedTable() {
  const { host, network } = await startMemoryHost({
    users: USERS,
    random: new SeededRandom(3),
    now: () => 1_000,
    newId: () => "t1",
  });
  const clients = clientsOf(network, USERS);
  const reply = await clients.gm!.create({
    gameId: "sabacc-super-simplified",
    seats: [
      { kind: "person", userId: "alice", name: "Alice" },
      { kind: "person", userId: "bob", name: "Bob" },
    ],
    options: {},
  });
  expect(reply).toMatchObject({ ok: true });
  await host.idle();
  return { host, network, clients };
}

describe("a table the GM ends mid-game", () => {
  it("is sent to every user as removed and ended", async () => {
    const { host, network, clients } = await openedTable();
    expect(await clients.gm!.end("t1")).toEqual({ ok: true });
    await host.idle();
    for (const user of USERS)
      expect(network.receivedBy(user)).toContainEqual({ type: "table-removed", tableId: "t1", ended: true });
  });

  it("leaves each player one chat line saying the GM ended it, and tells the client's listeners", async () => {
    const { host, clients } = await openedTable();
    const alice = clients.alice!;
    const lastVersion = alice.tables.get("t1")!.table.version;
    const told: TableUpdate[] = [];
    alice.onEnded((last) => told.push(last));
    await clients.gm!.end("t1");
    await host.idle();
    expect(alice.tables.has("t1")).toBe(false);
    expect(told.map((u) => u.table.id)).toEqual(["t1"]);
    expect(alice.chat).toEqual([
      { tableId: "t1", version: lastVersion + 1, event: { kind: "notice", key: TABLE_ENDED_KEY, params: {} } },
    ]);
  });

  it("is not announced when a table is only archived or replaced (a removal without `ended`)", async () => {
    const { clients, network } = await openedTable();
    const alice = clients.alice!;
    const told: string[] = [];
    alice.onEnded((last) => told.push(last.table.id));
    const chatBefore = alice.chat.length;
    // What the host sends for an archived table (host.ts archiveFinished), straight to Alice.
    network.host().send("alice", { type: "table-removed", tableId: "t1" });
    expect(alice.tables.has("t1")).toBe(false);
    expect(told).toEqual([]);
    expect(alice.chat.length).toBeLessThanOrEqual(chatBefore);
    expect(alice.chat.some((l) => l.event.kind === "notice" && l.event.key === TABLE_ENDED_KEY)).toBe(false);
  });
});
