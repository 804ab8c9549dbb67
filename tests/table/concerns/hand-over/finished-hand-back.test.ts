/**
 * A match a bot finished for an away player, through the host: the move that ends it gives the seat
 * back to its player (who then sees the end as that seat, told a bot played their last moves), and the
 * table does not wait for an absent player's "Play again" (a rematch keeps a bot for them, as before).
 */
import { describe, expect, it } from "vitest";
import { type AnyBot, type AnyGame, SeededRandom } from "../../../../src/rules/core";
import { games as registry, bots as registryBots } from "../../../../src/games";
import { TableClient } from "../../../../src/table/client";
import { turns } from "../../../helpers/turns-game";
import { FakeTime } from "../../../helpers/fake-time";
import { countingIds, startMemoryHost } from "../../../helpers/memory-host";

/** A bot that lets its seat's time run out at once: three of them end the test game. */
const concede: AnyBot = { choose: () => ({ type: "timeout" }) };
const games: Readonly<Record<string, AnyGame>> = { ...registry, [turns.id]: turns as unknown as AnyGame };
const bots = { ...registryBots, [turns.id]: { concede } };

/** Alice's seat to a bot kept for her, which plays her three turns (the test game's end) between Bob's. */
async function finishedWhileAliceAway() {
  const time = new FakeTime();
  const { host, network } = await startMemoryHost({
    games,
    bots,
    users: ["gm", "alice", "bob"],
    random: new SeededRandom(3),
    ...time.hostClock,
    newId: countingIds(),
  });
  const client = (user: string) => new TableClient(network.client(user), () => time.now);
  const clients = { gm: client("gm"), alice: client("alice"), bob: client("bob") };
  const created = await clients.gm.create({
    gameId: turns.id,
    seats: [
      { kind: "person", userId: "alice", name: "Alice" },
      { kind: "person", userId: "bob", name: "Bob" },
    ],
    options: {},
  });
  const tableId = created.ok ? (created.tableId ?? "") : "";
  expect(await clients.gm.seatBot(tableId, "seat-1", true)).toMatchObject({ ok: true });
  for (let turn = 0; turn < 3; turn++) {
    if (turn > 0) expect(await clients.bob.move(tableId, { type: "pass" })).toMatchObject({ ok: true });
    time.advance(1); // the bot's delay
    await host.idle();
  }
  expect(host.record(tableId)?.log.filter((e) => e.seat === "seat-1")).toHaveLength(3);
  return { host, clients, tableId };
}

describe("a finished table hands a bot-kept seat back to its player", () => {
  it("the ending move gives Alice her seat back, marked as finished by the bot's level, in the same change", async () => {
    const w = await finishedWhileAliceAway();
    const record = w.host.record(w.tableId);
    expect(w.clients.alice.tables.get(w.tableId)?.table.over).toBe(true);
    expect(record?.seats[0]).toEqual({
      seat: "seat-1",
      name: "Alice",
      kind: "person",
      userId: "alice",
      account: "alice",
      finishedBy: "concede",
    });
    expect(record?.ops?.map((o) => [o.op, o.by, o.seat])).toEqual([
      ["seat-bot", "gm", "seat-1"],
      ["seat-player", "gm", "seat-1"],
    ]);
    // Alice sees the end as her seat (a player's window), not as a spectator.
    expect(w.clients.alice.tables.get(w.tableId)?.seat).toBe("seat-1");
    expect(w.clients.alice.tables.get(w.tableId)?.table.seats[0]).toMatchObject({
      kind: "person",
      finishedBy: "concede",
    });
  });

  it("Bob's vote alone deals again (nobody waits for the absent Alice); her seat is a bot's kept for her", async () => {
    const w = await finishedWhileAliceAway();
    const reply = await w.clients.bob.playAgain(w.tableId);
    expect(reply).toMatchObject({ ok: true, version: 0 });
    const fresh = reply.ok ? (reply.tableId ?? "") : "";
    expect(w.host.record(fresh)?.seats[0]).toMatchObject({
      kind: "bot",
      userId: null,
      botLevel: "concede",
      awayUserId: "alice",
    });
    expect(w.host.record(fresh)?.seats[0]?.finishedBy).toBeUndefined();
  });

  it("once Alice votes too, the new deal seats her herself", async () => {
    const w = await finishedWhileAliceAway();
    expect(await w.clients.alice.playAgain(w.tableId)).toMatchObject({ ok: true });
    const reply = await w.clients.bob.playAgain(w.tableId);
    const fresh = reply.ok ? (reply.tableId ?? "") : "";
    expect(w.host.record(fresh)?.seats[0]).toMatchObject({ kind: "person", userId: "alice" });
    expect(w.host.record(fresh)?.seats[0]?.awayUserId).toBeUndefined();
  });
});
