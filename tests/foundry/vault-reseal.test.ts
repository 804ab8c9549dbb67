/**
 * Sealing the vault again for the GMs' keys (issue 25): a GM connecting or reconnecting rewrites
 * nothing when every record is sealed for the current keys; an archived table is sealed again for a GM on a new browser.
 */
import { afterEach, describe, expect, it } from "vitest";
import { Sealer, generateKeyPair } from "../../src/foundry/crypto";
import { MemoryKeyStore } from "../../src/foundry/keys";
import { SealedStore, TappedStore, type VaultBackend } from "../../src/foundry/sealed-store";
import { ENTRY_CHUNK } from "../../src/foundry/vault-ledger";
import { games } from "../../src/games";
import { SeededRandom } from "../../src/rules/core";
import { TableHost } from "../../src/table/host";
import type { StoreChange } from "../../src/table/store";
import { MemoryNetwork } from "../../src/table/transport";
import { play } from "../helpers/evening";
import { fakeUser, fakeWorld } from "./standins";
import { QUICK_ELECTION, closeTabsOf, openTable, removeFoundryGlobals, startRuntime } from "./world";

afterEach(() => removeFoundryGlobals());

/** The world's settings as a Map, every write counted. */
class CountingBackend implements VaultBackend {
  readonly map = new Map<string, unknown>();
  writes = 0;
  read(key: string): unknown {
    return this.map.get(key) ?? null;
  }
  async write(key: string, value: unknown): Promise<void> {
    this.writes++;
    this.map.set(key, JSON.parse(JSON.stringify(value ?? null)) as unknown);
  }
}

const SEATS = ["alice", "bob"].map((userId) => ({ kind: "person" as const, userId, name: userId }));

describe("a GM connecting or reconnecting", () => {
  it("rewrites nothing when nothing changed: the tapped store over the vault counts zero writes", async () => {
    const gm = await Sealer.create("gm", await generateKeyPair());
    const gm2 = await Sealer.create("gm2", await generateKeyPair());
    const backend = new CountingBackend();
    let gms = { gm2: gm2.publicJwk };
    const store = new SealedStore(gm, () => gms, backend);
    const tapped = new TappedStore(store, () => undefined);
    const host = await TableHost.start({
      games,
      store: tapped,
      transport: new MemoryNetwork().host(),
      hostUser: "gm",
      isGM: (u) => u === "gm" || u === "gm2",
      users: () => ["gm", "gm2", "alice", "bob"],
      random: new SeededRandom(3),
      newId: () => "t1",
    });
    const created = await host.handle("gm", { type: "create", spec: { gameId: "ulwan", seats: SEATS, options: {} } });
    expect(created.ok).toBe(true);
    await play(host, "t1", 12, new SeededRandom(4));
    await host.handle("gm", { type: "event-create", name: "Night", startingCredits: 100 });
    await host.idle();
    // The second GM connects: everything is sealed for the keys once.
    await store.reseal();
    const sealed = backend.writes;
    // It reconnects, with the same key: nothing to write.
    await store.reseal();
    expect(backend.writes).toBe(sealed);
    // The host's GM reloads: its store loads what is stored and greets the connected GM, writing nothing.
    const again = new SealedStore(gm, () => gms, backend);
    const books = await new TappedStore(again, () => undefined).load();
    expect(books.tables.map((t) => t.id)).toEqual(["t1"]);
    await again.reseal();
    expect(backend.writes).toBe(sealed);
    // A new key (a new browser): sealed again for it, once.
    const gm2b = await Sealer.create("gm2", await generateKeyPair());
    gms = { gm2: gm2b.publicJwk };
    await again.reseal();
    expect(backend.writes).toBeGreaterThan(sealed);
    const resealed = backend.writes;
    await again.reseal();
    expect(backend.writes).toBe(resealed);
    // A move after all this is still one step.
    const moved = new SealedStore(gm2b, () => ({ gm: gm.publicJwk }), backend);
    const record = (await moved.load()).tables[0]!;
    expect(record.version).toBe(host.record("t1")!.version);
  });

  it("in a world: a second GM reconnecting and the host's GM reloading write no setting", async () => {
    const world = fakeWorld([
      fakeUser("gm", "GM", true),
      fakeUser("gm2", "Second GM", true),
      fakeUser("alice", "Alice", false),
      fakeUser("bob", "Bob", false),
    ]);
    const gm2 = await Sealer.create("gm2", await generateKeyPair());
    await world.users[1]!.setFlag("cantina-games", "publicKey", gm2.publicJwk);
    const keys = new MemoryKeyStore();
    const quick = { handoverWaitMs: 100, deadlineMs: 1000, election: QUICK_ELECTION };
    const runtime = await startRuntime(world, "gm", keys, quick);
    await openTable(runtime, "sabacc-super-simplified");
    await runtime.settle();
    await runtime.onGMKeyChanged();
    await runtime.settle();
    const settingWrites = (): number => world.wire.settings.filter((s) => s.key.includes(".vault-")).length;
    const before = settingWrites();
    // The second GM reconnects (same key).
    await runtime.onGMKeyChanged();
    await runtime.settle();
    expect(settingWrites()).toBe(before);
    // The host's GM reloads its browser: the new tab loads and greets the connected GM.
    closeTabsOf(world, "gm");
    const reloaded = await startRuntime(world, "gm", keys, quick);
    await reloaded.settle();
    expect(reloaded.isHost).toBe(true);
    expect(settingWrites()).toBe(before);
  });
});

describe("an archived table on a GM's new browser", () => {
  it("is sealed again for its new key, so it replays there", async () => {
    const gm = await Sealer.create("gm", await generateKeyPair());
    const backend = new CountingBackend();
    let gms = {};
    const store = new SealedStore(gm, () => gms, backend);
    const host = await TableHost.start({
      games,
      store,
      transport: new MemoryNetwork().host(),
      hostUser: "gm",
      isGM: (u) => u === "gm" || u === "gm2",
      users: () => ["gm", "gm2", "alice", "bob"],
      random: new SeededRandom(3),
      newId: () => "t1",
    });
    const spec = { gameId: "sabacc-super-simplified", seats: SEATS, options: {} };
    await host.handle("gm", { type: "create", spec });
    await play(host, "t1", 5000, new SeededRandom(4));
    await host.idle();
    expect(host.record("t1")!.finishedAt).toBeDefined();
    const archived: StoreChange = { archived: [host.record("t1")!] };
    await store.commit(archived);
    // The second GM on a new browser publishes a key; the host seals everything again for it.
    const newBrowser = await Sealer.create("gm2", await generateKeyPair());
    gms = { gm2: newBrowser.publicJwk };
    await store.reseal();
    // That GM hosts from its new browser: the archived table replays there.
    const theirs = new SealedStore(newBrowser, () => ({ gm: gm.publicJwk }), backend);
    const second = await TableHost.start({
      games,
      store: theirs,
      readArchive: (id) => theirs.readArchive(id),
      transport: new MemoryNetwork().host(),
      hostUser: "gm2",
      isGM: (u) => u === "gm" || u === "gm2",
      users: () => ["gm", "gm2", "alice", "bob"],
      random: new SeededRandom(5),
    });
    const replay = await second.handle("gm2", { type: "replay", tableId: "t1" });
    expect(replay.ok, JSON.stringify(replay)).toBe(true);
    expect((replay as { replay?: { steps: unknown[] } }).replay?.steps.length).toBeGreaterThan(5);
  });
});

describe("the ledger's full entry chunks on a GM's new browser", () => {
  it("are sealed again for its new key (a chunk on the shelf is entries, not a table), so the ledger opens there", async () => {
    const gm = await Sealer.create("gm", await generateKeyPair());
    const backend = new CountingBackend();
    let gms = {};
    const store = new SealedStore(gm, () => gms, backend);
    const options = {
      games,
      transport: new MemoryNetwork().host(),
      isGM: (u: string) => u === "gm" || u === "gm2",
      users: () => ["gm", "gm2", "alice"],
      random: new SeededRandom(3),
    };
    const host = await TableHost.start({ ...options, store, hostUser: "gm" });
    const created = await host.handle("gm", {
      type: "event-create",
      name: "Night",
      startingCredits: 100,
      requestId: "c",
    });
    const eventId = (created as { eventId: string }).eventId;
    await host.handle("gm", { type: "event-join", eventId, account: "alice", name: "A", requestId: "j" });
    // More than a chunk of entries: the first full chunk leaves the settings for the shelf.
    for (let i = 0; i <= ENTRY_CHUNK; i++) {
      const request = { type: "ledger-adjust", eventId, account: "alice", credits: 1, luck: 0, reason: `r${i}` };
      expect((await host.handle("gm", { ...request, requestId: `a${i}` })).ok).toBe(true);
    }
    await host.idle();
    expect(backend.read(`n-${eventId}-0`)).toBeNull();
    // The second GM on a new browser publishes a key; the host seals everything again for it.
    const newBrowser = await Sealer.create("gm2", await generateKeyPair());
    gms = { gm2: newBrowser.publicJwk };
    await store.reseal();
    // That GM hosts from its new browser: the whole ledger opens there.
    const theirs = new SealedStore(newBrowser, () => ({ gm: gm.publicJwk }), backend);
    const second = await TableHost.start({ ...options, store: theirs, hostUser: "gm2" });
    expect(second.currentLedger()).toEqual(host.currentLedger());
  });
});
