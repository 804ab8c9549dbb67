/**
 * Requests and replies to their recipient only (issue 34): a player's request goes to the hosting
 * GM as a `User#query` (standins-query.ts models how Foundry v13 routes it) and its reply comes back
 * to that player alone, neither relayed to the other clients nor padded; socketlib (which emits to
 * every client and filters on arrival) stays the route where a query cannot go. What each tab's
 * socket RECEIVED is inspected: nothing sealed for another user, no other user's request or reply.
 */
import { afterEach, describe, expect, it } from "vitest";
import { MemoryKeyStore } from "../../src/foundry/keys";
import type { CantinaRuntime } from "../../src/foundry/runtime";
import { Sealer, generateKeyPair, isSealedMessage, type SealedMessage } from "../../src/foundry/crypto";
import { type FakeClient, type FakeWorld, Roles, fakeUser, fakeWorld } from "./standins";
import { QUICK_ELECTION, closeTabsOf, openTable, removeFoundryGlobals, startRuntime, worldOf } from "./world";

afterEach(() => removeFoundryGlobals());

const PLAYERS = ["alice", "bob", "carol", "dave", "erin"];
const QUICK = { handoverWaitMs: 100, deadlineMs: 60_000, election: QUICK_ELECTION };

/** Every sealed message inside what a tab received (socketlib's envelopes, query frames, push frames). */
function sealedIn(value: unknown, out: SealedMessage[] = []): SealedMessage[] {
  if (isSealedMessage(value)) out.push(value);
  else if (Array.isArray(value)) for (const v of value) sealedIn(v, out);
  else if (typeof value === "object" && value !== null) for (const v of Object.values(value)) sealedIn(v, out);
  return out;
}

/** A world of the GM and five players, each on a runtime of their own; the GM hosts. */
async function table(players = PLAYERS): Promise<{ world: FakeWorld; gm: CantinaRuntime; runtimes: CantinaRuntime[] }> {
  const world = worldOf(players);
  const gm = await startRuntime(world, "gm", new MemoryKeyStore(), QUICK);
  const runtimes: CantinaRuntime[] = [];
  for (const p of players) runtimes.push(await startRuntime(world, p, new MemoryKeyStore(), QUICK));
  world.install("gm");
  return { world, gm, runtimes };
}

/** Waits until the host and every player's runtime is idle and every push has arrived. */
async function settle(world: FakeWorld, gm: CantinaRuntime): Promise<void> {
  await gm.settle();
  await world.pushesDelivered();
  await new Promise((r) => setTimeout(r, 10));
}

const mine = (world: FakeWorld, user: string): FakeClient[] => world.tabs.filter((t) => t.user === user && t.connected);

describe("a player's request and its reply", () => {
  it("go to the hosting GM and back to the player alone: no other client receives a byte of them", async () => {
    const { world, gm, runtimes } = await table();
    const tableId = await openTable(gm, "ulwan");
    await settle(world, gm);
    for (const t of world.tabs) t.received.length = 0;
    // Whoever of alice and bob is to act moves.
    const [who, mover] = PLAYERS.slice(0, 2)
      .map((p, i) => [p, runtimes[i]!] as const)
      .find(([, r]) => {
        const t = r.client!.tables.get(tableId)!;
        return t.seat !== null && t.table.toAct.includes(t.seat);
      })!;
    const move = mover.client!.tables.get(tableId)!.legalMoves[0];
    expect(await world.as(who, () => mover.client!.move(tableId, move))).toMatchObject({ ok: true });
    await settle(world, gm);

    // The request reached the GM's tab as a query, sealed for the GM, from the mover.
    const atGM = mine(world, "gm").flatMap((t) => t.received.map((m) => m.payload));
    const requests = sealedIn(atGM).filter((m) => m.kind === "request");
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ from: who, to: "gm" });
    // Its reply reached the mover alone; every other player received only their own pushes.
    for (const user of PLAYERS) {
      const got = sealedIn(mine(world, user).flatMap((t) => t.received.map((m) => m.payload)));
      for (const m of got) expect(m.to, `${user} received a message for ${m.to}`).toBe(user);
      expect(
        got.filter((m) => m.kind === "request"),
        user,
      ).toEqual([]);
      expect(got.filter((m) => m.kind === "reply").length, user).toBe(user === who ? 1 : 0);
    }
    // Nothing of it went through socketlib (which every client receives).
    const relayed = world.tabs.flatMap((t) => t.received).filter((m) => "handlerName" in (m.payload as object));
    expect(relayed).toEqual([]);
  });

  it("at a True Sabacc table no client receives anything sealed for another, and the reply is its JSON unpadded", async () => {
    const { world, gm, runtimes } = await table(["alice", "bob", "carol"]);
    const tableId = await openTable(gm, "sabacc-true");
    await settle(world, gm);
    for (const t of world.tabs) t.received.length = 0;
    const alice = runtimes[0]!;
    const view = alice.client!.tables.get(tableId)!;
    expect(view.legalMoves.length).toBeGreaterThan(0);
    expect(await world.as("alice", () => alice.client!.move(tableId, view.legalMoves[0]))).toMatchObject({
      ok: true,
    });
    await settle(world, gm);
    for (const user of ["alice", "bob", "carol"])
      for (const m of sealedIn(mine(world, user).flatMap((t) => t.received.map((r) => r.payload))))
        expect(m.to).toBe(user);
    // The reply is far under the 8 KiB bucket a relayed reply is padded to.
    const reply = mine(world, "alice")
      .flatMap((t) => t.received)
      .find((m) => sealedIn(m.payload).some((s) => s.kind === "reply"))!;
    expect(reply.bytes).toBeLessThan(2048);
  });

  it("a player without Foundry's permission to query users still plays, through socketlib, padded", async () => {
    const { world, gm, runtimes } = await table(["alice", "bob"]);
    world.users.find((u) => u.id === "alice")!.permissions.QUERY_USER = false;
    await openTable(gm, "ulwan");
    await settle(world, gm);
    for (const t of world.tabs) t.received.length = 0;
    expect(await world.as("alice", () => runtimes[0]!.client!.sync())).toMatchObject({ ok: true });
    await settle(world, gm);
    // socketlib's request reached bob too (every client), padded to the 8 KiB bucket.
    const atBob = mine(world, "bob").flatMap((t) => t.received);
    const request = atBob.find((m) => sealedIn(m.payload).some((s) => s.kind === "request"));
    expect(request?.bytes).toBeGreaterThan(8192);
  });

  it("through socketlib, a request reaches the active GM of the lowest id (socketlib's choice), who passes it on to the host", async () => {
    const world = fakeWorld([
      fakeUser("gm", "GM", true, Roles.gamemaster),
      fakeUser("agm", "Assistant", true, Roles.assistant),
      fakeUser("alice", "Alice", false),
    ]);
    const gm = await startRuntime(world, "gm", new MemoryKeyStore(), QUICK);
    await startRuntime(world, "agm", new MemoryKeyStore(), QUICK);
    const alice = await startRuntime(world, "alice", new MemoryKeyStore(), QUICK);
    world.users.find((u) => u.id === "alice")!.permissions.QUERY_USER = false;
    world.install("gm");
    expect(gm.isHost).toBe(true);
    await openTable(gm, "ulwan");
    expect(await world.as("alice", () => alice.client!.sync())).toMatchObject({ ok: true });
    // The Assistant GM (id "agm" < "gm") took it and forwarded it to the Gamemaster who hosts.
    expect(world.wire.socket.filter((m) => m.handler === "forward" && m.recipients === "gm")).toHaveLength(1);
  });

  it("the host refuses a query whose request is sealed with a key its sender did not publish (the query names nobody)", async () => {
    const { world, gm } = await table(["alice", "bob"]);
    const gmKey = gm.sealer!.publicJwk;
    // Bob seals a request that says it is alice's, with a key of his own.
    const forger = await Sealer.create("alice", await generateKeyPair());
    const forged = await forger.seal("request", "gm", gmKey, { type: "sync" });
    expect(await world.as("bob", () => gm.onQuery(forged))).toEqual({
      plain: { ok: false, error: { code: "CANTINA.Error.Malformed" } },
    });
  });
});

describe("two tabs of the hosting GM", () => {
  for (const routing of ["every", "newest"] as const) {
    it(`a query the server hands to ${routing === "every" ? "every tab" : "the viewing tab alone"} is answered by the host tab once`, async () => {
      const world = worldOf(["alice", "bob"]);
      world.queryTabs = routing;
      const keys = new MemoryKeyStore();
      const first = await startRuntime(world, "gm", keys, QUICK);
      const second = await startRuntime(world, "gm", keys, QUICK);
      expect([first.isHost, second.isHost]).toEqual([true, false]);
      const alice = await startRuntime(world, "alice", new MemoryKeyStore(), QUICK);
      world.install("gm");
      await openTable(first, "ulwan");
      await settle(world, first);
      const answers = world.wire.socket.length;
      expect(await world.as("alice", () => alice.client!.sync())).toMatchObject({ ok: true });
      expect(second.host).toBeNull();
      // One answer reached alice: the host tab's (the viewing tab's refusal, if any, came too late to count).
      const replies = world.wire.socket.slice(answers).filter((m) => m.handler === "(query answer)");
      expect(replies.length).toBe(1);
    });
  }
});

describe("the hosting GM leaves while another GM is connected", () => {
  it("a request waiting for the GM who left goes to the new host at once, not after its deadline", async () => {
    // The deadline is a minute: a request that waited it out would time this test out.
    const world = fakeWorld([
      fakeUser("gm", "GM", true, Roles.gamemaster),
      fakeUser("agm", "Assistant", true, Roles.assistant),
      fakeUser("alice", "Alice", false),
      fakeUser("bob", "Bob", false),
    ]);
    const gm = await startRuntime(world, "gm", new MemoryKeyStore(), QUICK);
    const assistant = await startRuntime(world, "agm", new MemoryKeyStore(), QUICK);
    const alice = await startRuntime(world, "alice", new MemoryKeyStore(), QUICK);
    world.install("gm");
    expect([gm.isHost, assistant.isHost]).toEqual([true, false]);
    const tableId = await openTable(gm, "ulwan");
    await settle(world, gm);

    // Alice's request is on its way to the GM, who closes the browser before it arrives.
    world.network.lose = (name, to) => name === "userQuery" && to === "gm";
    const sync = world.as("alice", () => alice.client!.sync());
    await new Promise((r) => setTimeout(r, 20));
    world.network.lose = () => false;
    closeTabsOf(world, "gm");
    world.users[0]!.active = false;
    // Every client's userConnected: the Assistant GM hosts from storage, alice follows the authority.
    await world.as("agm", () => assistant.refreshAuthority());
    await world.as("alice", () => alice.refreshAuthority());
    expect(assistant.isHost).toBe(true);
    expect(await sync).toMatchObject({ ok: true });
    expect(alice.client!.tables.get(tableId)?.table.gameId).toBe("ulwan");
  });
});
