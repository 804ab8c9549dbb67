/**
 * A move made while no GM hosts the table (the GM's client closed) is kept by the player's client and
 * sent, with its first request id, when a GM hosts again: applied once, nothing lost; meanwhile the
 * table says it waits (its sending state) and a second move is refused with why.
 */
import { describe, expect, it } from "vitest";
import { SeededRandom } from "../../src/rules/core";
import { TableHost } from "../../src/table/host";
import { Errors } from "../../src/table/protocol";
import { MemoryStore } from "../../src/table/store";
import { type CountState, countingBots, countingGames } from "../helpers/free-turns-game";
import { clientsOf, startMemoryHost } from "../helpers/memory-host";

const USERS = ["gm", "alice", "bob"];

async function table() {
  const store = new MemoryStore();
  const { host, network } = await startMemoryHost({
    games: countingGames,
    bots: countingBots,
    store,
    users: USERS,
    random: new SeededRandom(1),
    newId: () => "t1",
  });
  const clients = clientsOf(network, USERS);
  await clients.gm!.create({
    gameId: "test-count",
    seats: [
      { kind: "person", userId: "alice", name: "Alice" },
      { kind: "person", userId: "bob", name: "Bob" },
    ],
    options: {},
  });
  return { host, network, store, alice: clients.alice!, bob: clients.bob! };
}

describe("a move made while no GM hosts", () => {
  it("is kept, said to be waiting, and applied once when a GM hosts again", async () => {
    const w = await table();
    w.host.stop();
    w.network.disconnectHost();
    const reply = await w.alice.move("t1", { add: 2 });
    expect(reply).toEqual({ ok: true, kept: true });
    expect(w.alice.keptMove("t1")).toBe(true);
    expect(w.alice.sending("t1")).toBe(true);
    // One move waits at a time: a second is refused with why, not lost in silence.
    expect(await w.alice.move("t1", { add: 1 })).toEqual({ ok: false, error: { code: Errors.moveKept } });
    const back = await TableHost.start({
      games: countingGames,
      transport: w.network.host(),
      hostUser: "gm",
      isGM: (u) => u === "gm",
      users: () => USERS,
      store: w.store,
      random: new SeededRandom(2),
    });
    expect(await w.alice.sync()).toEqual({ ok: true });
    await back.idle();
    expect(back.record("t1")!.version).toBe(1);
    expect(back.record("t1")!.log[1]).toMatchObject({ seat: "seat-1", move: { add: 2 } });
    expect((back.record("t1")!.state as CountState).count).toBe(2);
    expect(w.alice.keptMove("t1")).toBe(false);
    expect(w.alice.sending("t1")).toBe(false);
    // Sent again (another sync) it is not applied twice.
    await w.alice.sync();
    await back.idle();
    expect(back.record("t1")!.version).toBe(1);
  });
});
