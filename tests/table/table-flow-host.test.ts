/**
 * The table flow through the host (issue 27): seated players vote to play a finished table again,
 * everyone sees the votes, and the last vote deals the table again in one stored change (a
 * spectator's vote and a vote on a table still playing are refused with a reason, changing
 * nothing); the GM alone gives a seat to another user mid-game, who then sees that seat's view.
 */
import { describe, expect, it } from "vitest";
import { type AnyBot, type AnyGame, SeededRandom } from "../../src/rules/core";
import { games as registry, bots as registryBots } from "../../src/games";
import { TableClient } from "../../src/table/client";
import { PlayAgainErrors } from "../../src/table/concerns/play-again/play-again-op";
import { Errors } from "../../src/table/protocol";
import { TURN_MS, turns } from "../helpers/turns-game";
import { FakeTime } from "../helpers/fake-time";
import { countingIds, startMemoryHost } from "../helpers/memory-host";

const firstMove: AnyBot = { choose: (_view, legal) => legal[0] };
const games: Readonly<Record<string, AnyGame>> = { ...registry, [turns.id]: turns as unknown as AnyGame };
const bots = { ...registryBots, [turns.id]: { first: firstMove } };

async function twoSeatTable() {
  const time = new FakeTime();
  const { host, network, store } = await startMemoryHost({
    games,
    bots,
    users: ["gm", "alice", "bob", "zed"],
    random: new SeededRandom(3),
    ...time.hostClock,
    newId: countingIds(),
  });
  const client = (user: string) => new TableClient(network.client(user), () => time.now);
  const clients = { gm: client("gm"), alice: client("alice"), bob: client("bob"), zed: client("zed") };
  const created = await clients.gm.create({
    gameId: turns.id,
    seats: [
      { kind: "person", userId: "alice", name: "Alice" },
      { kind: "person", userId: "bob", name: "Bob" },
    ],
    options: { hourglass: true },
  });
  const tableId = created.ok ? (created.tableId ?? "") : "";
  return { host, store, time, clients, tableId };
}

describe("play again through the host", () => {
  it("refuses a vote while the match is still playing, and a spectator's vote, storing nothing", async () => {
    const w = await twoSeatTable();
    const writes = w.store.writes;
    expect(await w.clients.alice.playAgain(w.tableId)).toEqual({ ok: false, error: { code: PlayAgainErrors.notOver } });
    for (let i = 0; i < 3; i++) {
      w.time.advance(TURN_MS); // three timeouts end the test game
      await w.host.idle();
    }
    const storedBefore = w.store.writes;
    expect(await w.clients.zed.playAgain(w.tableId)).toEqual({ ok: false, error: { code: PlayAgainErrors.notSeated } });
    expect(w.store.writes).toBe(storedBefore);
    expect(storedBefore).toBeGreaterThan(writes);
  });

  it("shows each vote to everyone and deals again with the same seats when the last seated player votes", async () => {
    const w = await twoSeatTable();
    for (let i = 0; i < 3; i++) {
      w.time.advance(TURN_MS);
      await w.host.idle();
    }
    expect(w.clients.alice.tables.get(w.tableId)?.table.over).toBe(true);
    expect(await w.clients.alice.playAgain(w.tableId)).toMatchObject({ ok: true });
    // Everyone (a spectator too) sees who voted; the table stays until the last vote.
    expect(w.clients.bob.tables.get(w.tableId)?.table.playAgain).toEqual(["seat-1"]);
    expect(w.clients.zed.tables.get(w.tableId)?.table.playAgain).toEqual(["seat-1"]);
    const writes = w.store.writes;
    const reply = await w.clients.bob.playAgain(w.tableId);
    expect(reply).toMatchObject({ ok: true, version: 0 });
    const fresh = reply.ok ? (reply.tableId ?? "") : "";
    expect(w.store.writes).toBe(writes + 1);
    expect(w.host.record(w.tableId)).toBeUndefined();
    expect(w.store.archives.has(w.tableId)).toBe(true);
    expect(w.host.record(fresh)?.seats.map((s) => s.userId)).toEqual(["alice", "bob"]);
    expect(w.clients.alice.tables.has(fresh)).toBe(true);
    expect(w.clients.alice.tables.has(w.tableId)).toBe(false);
    // Alice's click arriving late (another request) names the new table and stores nothing.
    expect(await w.clients.alice.playAgain(w.tableId)).toMatchObject({ ok: true, tableId: fresh });
    expect(w.store.writes).toBe(writes + 1);
  });
});

describe("a seat given to another user through the host", () => {
  it("is the GM's alone; Zed then holds Alice's seat and its view, Alice watches, in one stored change", async () => {
    const w = await twoSeatTable();
    const writes = w.store.writes;
    expect(await w.clients.bob.seatUser(w.tableId, "seat-1", "zed")).toEqual({
      ok: false,
      error: { code: Errors.gmOnly },
    });
    expect(w.store.writes).toBe(writes);
    expect(await w.clients.gm.seatUser(w.tableId, "seat-1", "zed")).toMatchObject({ ok: true });
    expect(w.store.writes).toBe(writes + 1);
    expect(w.host.record(w.tableId)?.seats[0]).toMatchObject({ userId: "zed", account: "alice" });
    expect(w.clients.zed.tables.get(w.tableId)?.seat).toBe("seat-1");
    expect(w.clients.alice.tables.get(w.tableId)?.seat).toBeNull();
  });
});
