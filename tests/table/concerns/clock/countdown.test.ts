/**
 * The host's clock: a state's deadline runs on the host's (fake) time; when it runs out the game's
 * timeout move is applied, logged and replayable; a move in time cancels it; a keyed deadline (an
 * hourglass) keeps running across moves; players cannot send the timeout move themselves.
 */
import { describe, expect, it } from "vitest";
import type { AnyGame } from "../../../../src/rules/core";
import { TableClient } from "../../../../src/table/client";
import { replay } from "../../../../src/table/replay";
import { MemoryStore } from "../../../../src/table/store";
import { SeededRandom } from "../../../../src/rules/core";
import { TURN_MS, type TurnsState, turns } from "../../../helpers/turns-game";
import { FakeTime } from "../../../helpers/fake-time";
import { startMemoryHost } from "../../../helpers/memory-host";

// The host receives its games: here only the test game.
const games: Readonly<Record<string, AnyGame>> = { [turns.id]: turns as unknown as AnyGame };

async function world(hourglass = false, store = new MemoryStore(), time = new FakeTime()) {
  const { host, network } = await startMemoryHost({
    games,
    store,
    users: ["gm", "alice", "bob"],
    random: new SeededRandom(1),
    ...time.hostClock,
    newId: () => "t1",
  });
  const client = (user: string) => new TableClient(network.client(user), () => time.now + 500);
  const clients = { gm: client("gm"), alice: client("alice"), bob: client("bob") };
  if (store.tables.size === 0) {
    const created = await clients.gm.create({
      gameId: "test-turns",
      seats: [
        { kind: "person", userId: "alice", name: "Alice" },
        { kind: "person", userId: "bob", name: "Bob" },
      ],
      options: { hourglass },
    });
    expect(created).toMatchObject({ ok: true, tableId: "t1" });
  } else {
    await clients.gm.sync();
  }
  return { host, store, time, clients, network };
}

/** A store whose next `refusals` writes are refused (a full quota), as a real one may. */
class RefusingStore extends MemoryStore {
  refusals = 0;
  override async commit(change: Parameters<MemoryStore["commit"]>[0]): Promise<void> {
    if (this.refusals > 0) {
      this.refusals--;
      throw new Error("quota full");
    }
    return super.commit(change);
  }
}

const stateOf = (w: Awaited<ReturnType<typeof world>>) => w.host.record("t1")!.state as TurnsState;

describe("the host's clock", () => {
  it("rule: a deadline that runs out becomes the game's timeout move, logged and replayable", async () => {
    const w = await world();
    w.time.advance(TURN_MS - 1);
    await w.host.idle();
    expect(w.host.record("t1")!.version).toBe(0);
    w.time.advance(1);
    await w.host.idle();
    const record = w.host.record("t1")!;
    expect(record.version).toBe(1);
    expect(record.log[1]).toMatchObject({ seat: "seat-1", move: { type: "timeout" }, timeout: true });
    expect(stateOf(w).timeouts).toEqual(["seat-1"]);
    const replayed = replay(record, games);
    expect(replayed.ok && replayed.state).toEqual(record.state);
    // The players were told: the new state, with Bob's countdown.
    expect(w.clients.alice.tables.get("t1")?.table.version).toBe(1);
    expect(w.clients.bob.tables.get("t1")?.deadline).toMatchObject({ remainingMs: TURN_MS, seat: "seat-2" });
  });

  it("a timeout move whose write is refused is tried again after the host's retry wait, and stored once", async () => {
    const store = new RefusingStore();
    const w = await world(false, store);
    store.refusals = 1;
    w.time.advance(TURN_MS);
    await w.host.idle();
    expect(w.host.record("t1")!.version).toBe(0);
    expect(w.host.pendingTimers()).toContainEqual(expect.objectContaining({ concern: "deadline", tableId: "t1" }));
    w.time.advance(500);
    await w.host.idle();
    const record = w.host.record("t1")!;
    expect(record.version).toBe(1);
    expect(record.log.filter((entry) => entry.timeout)).toHaveLength(1);
  });

  it("a move in time cancels the countdown; the next state's countdown starts from that move", async () => {
    const w = await world();
    w.time.advance(6_000);
    expect(await w.clients.alice.move("t1", { type: "pass" })).toMatchObject({ ok: true, version: 1 });
    w.time.advance(6_000); // 12 s after the start: Alice's old deadline would have passed
    await w.host.idle();
    expect(w.host.record("t1")!.version).toBe(1);
    expect(w.time.pending).toBe(1);
    w.time.advance(4_000); // Bob's ten seconds
    await w.host.idle();
    expect(w.host.record("t1")!.log[2]).toMatchObject({ seat: "seat-2", timeout: true });
  });

  it("a keyed deadline (an hourglass) keeps running across moves", async () => {
    const w = await world(true);
    w.time.advance(4_000);
    await w.clients.alice.move("t1", { type: "pass" });
    w.time.advance(4_000);
    await w.clients.bob.move("t1", { type: "pass" });
    expect(w.clients.alice.tables.get("t1")?.deadline?.remainingMs).toBe(2_000);
    w.time.advance(2_000);
    await w.host.idle();
    expect(w.host.record("t1")!.log[3]).toMatchObject({ seat: "seat-1", timeout: true });
  });

  it("refuses the timeout move from a player, changing nothing", async () => {
    const w = await world();
    const before = JSON.stringify([...w.store.tables.entries()]);
    expect(await w.clients.alice.move("t1", { type: "timeout" })).toEqual({
      ok: false,
      error: { code: "CANTINA.Error.TimeoutMove" },
    });
    expect(JSON.stringify([...w.store.tables.entries()])).toBe(before);
  });

  it("sends each viewer the time left; the client counts it from the update's arrival on its own clock", async () => {
    const w = await world();
    w.time.advance(3_000);
    await w.clients.bob.sync();
    const deadline = w.clients.bob.tables.get("t1")?.deadline;
    expect(deadline).toEqual({ remainingMs: 7_000, ms: TURN_MS, seat: "seat-1", endsAt: w.time.now + 500 + 7_000 });
  });

  it("keeps a countdown's start across a host restart, and a stopped host applies nothing", async () => {
    const first = await world();
    first.time.advance(8_000);
    first.host.stop();
    expect(first.time.pending).toBe(0);
    const second = await world(false, first.store, first.time);
    expect(second.time.pending).toBe(1);
    second.time.advance(2_000);
    await second.host.idle();
    expect(second.host.record("t1")!.log[1]).toMatchObject({ timeout: true });
  });

  it("a game over has no deadline, and the timers stop with it", async () => {
    const w = await world();
    for (let i = 0; i < 3; i++) {
      w.time.advance(TURN_MS);
      await w.host.idle();
    }
    expect(stateOf(w).timeouts).toHaveLength(3);
    expect(w.time.pending).toBe(0);
    expect(w.clients.alice.tables.get("t1")?.deadline).toBeUndefined();
  });
});
