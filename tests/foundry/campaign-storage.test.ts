/**
 * A world that does not grow night after night (issue 34). Bot tables play to their end through the
 * Foundry vault on the stand-ins of 13.351's Setting documents and world packs: after each night the
 * module's world settings are the same few (no table's record or log part, none holding `null`), the
 * finished tables are on the GM-only world pack, compacted, and still replay and export. An earlier
 * world (archives as settings, a finished table in the settings, settings emptied to `null`) is put
 * right on the GM's next load without losing a table, whichever of its writes is refused.
 */
import { afterAll, describe, expect, it } from "vitest";
import { Sealer, generateKeyPair } from "../../src/foundry/crypto";
import * as env from "../../src/foundry/env";
import { recordBound } from "../../src/foundry/public-size";
import { SealedStore } from "../../src/foundry/sealed-store";
import { planTable } from "../../src/foundry/vault-tables";
import { games, bots } from "../../src/games";
import { SeededRandom } from "../../src/rules/core";
import { TableHost } from "../../src/table/host";
import type { TableSpec } from "../../src/table/protocol";
import { exportRecord, importRecord, replaySteps } from "../../src/table/record-file";
import { type TableRecord, archiveOf } from "../../src/table/store";
import { MemoryNetwork } from "../../src/table/transport";
import { type FakeWorldPack, installWorldPacks } from "./pack-standin";
import type { FakeWorld } from "./standins";
import { longRecord } from "../helpers/long-record";
import { removeFoundryGlobals, worldOf } from "./world";

afterAll(() => removeFoundryGlobals());

const PACK = "world.cantina-games-tables";
const VAULT = "cantina-games.vault-";

/** The module's world settings as stored: every client downloads them at load. */
const vaultSettings = (world: FakeWorld): [string, unknown][] =>
  [...world.settings].filter(([key]) => key.startsWith(VAULT));

async function gmHost(world: FakeWorld, sealer: Sealer, archiveNow: () => boolean, tag: string) {
  let ids = 0;
  const store = new SealedStore(sealer, () => ({}), env.vaultBackend);
  const host = await TableHost.start({
    games,
    store,
    transport: new MemoryNetwork().host(),
    hostUser: "gm",
    isGM: (u) => u === "gm",
    users: () => world.users.map((u) => u.id),
    random: new SeededRandom(11),
    bots,
    botDelayMs: 0,
    archiveAfterMs: () => (archiveNow() ? 0 : null),
    newId: () => `${tag}${++ids}`,
  });
  return { host, store };
}

/** One night: three bot tables played to their end, then archived. */
async function night(world: FakeWorld, sealer: Sealer, n: number): Promise<string[]> {
  let archiveNow = false;
  const { host } = await gmHost(world, sealer, () => archiveNow, `n${n}-`);
  const opened: string[] = [];
  for (const gameId of ["sabacc-super-simplified", "ulwan", "sabacc-super-simplified"]) {
    const seats: TableSpec["seats"] = [1, 2].map((i) => ({ kind: "bot", userId: null, name: `Bot ${i}` }));
    const reply = await host.handle("gm", { type: "create", spec: { gameId, seats, options: {} } });
    if (!reply.ok) throw new Error(JSON.stringify(reply.error));
    opened.push((reply as { tableId: string }).tableId);
  }
  await host.idle();
  expect(host.summaries().every((t) => t.over)).toBe(true);
  archiveNow = true;
  await host.handle("gm", { type: "sync" });
  await host.idle();
  expect(host.summaries()).toEqual([]);
  return opened;
}

describe("a campaign's world storage", () => {
  it("night after night the module's world settings stay the same few, none null; finished tables on the GM-only pack still replay and export", async () => {
    const world = worldOf(["alice"]);
    installWorldPacks(world);
    const sealer = await Sealer.create("gm", await generateKeyPair());
    const tables: string[] = [];
    const counts: number[] = [];
    for (let n = 1; n <= 2; n++) {
      tables.push(...(await night(world, sealer, n)));
      const stored = vaultSettings(world);
      counts.push(stored.length);
      expect(
        stored.filter(([, v]) => v === null).map(([k]) => k),
        `night ${n}`,
      ).toEqual([]);
      expect(
        stored.filter(([k]) => /vault-(t|s|l|a)-/.test(k)).map(([k]) => k),
        `night ${n}: no table's record or log part`,
      ).toEqual([]);
      expect(stored.length, `night ${n}`).toBeLessThanOrEqual(50);
    }
    // The same settings every night: the index, the answered requests (none here: bots), no growth.
    expect(new Set(counts).size).toBe(1);
    const pack = world.packs.get(PACK) as FakeWorldPack;
    expect(pack.ownership).toMatchObject({ PLAYER: "NONE", TRUSTED: "NONE" });
    // What every client downloads of the pack: its catalog and one volume, whatever the tables
    // (each finished table and full ledger chunk is pages of the volume, never in the index).
    expect([...pack.index.values()].map((e) => e.name).sort()).toEqual(["catalog", "volume-0"]);
    expect(pack.pageCount()).toBeGreaterThanOrEqual(tables.length);
    // Every message the shelf sent stayed under the module's limit.
    expect(Math.max(...pack.broadcast.map((b) => b.bytes))).toBeLessThanOrEqual(256 * 1024);

    // The next GM load: every finished table replays and exports from the pack.
    const { host, store } = await gmHost(world, sealer, () => false, "again-");
    expect(host.summaries()).toEqual([]);
    for (const id of tables) {
      const archived = await store.readArchive(id);
      expect(
        archived,
        `${id} of ${[...pack.index.values()]
          .map((e) => e.name)
          .sort()
          .join(" ")}`,
      ).not.toBeNull();
      const replayed = replaySteps(archived!, games);
      expect(replayed.ok, id).toBe(true);
      const file = exportRecord(archived!);
      expect(importRecord(file, games).ok, id).toBe(true);
    }
  }, 60_000);
});

describe("a campaign's pack of finished tables (issue 34)", () => {
  it("after ten nights what every client downloads of the pack is the same as after the first: no entry per table", async () => {
    const world = worldOf(["alice"]);
    installWorldPacks(world);
    const sealer = await Sealer.create("gm", await generateKeyPair());
    const tables: string[] = [];
    const indexSizes: number[] = [];
    for (let n = 1; n <= 10; n++) {
      let archiveNow = false;
      const { host } = await gmHost(world, sealer, () => archiveNow, `ten${n}-`);
      const seats: TableSpec["seats"] = [1, 2].map((i) => ({ kind: "bot", userId: null, name: `Bot ${i}` }));
      const spec = { gameId: "sabacc-super-simplified", seats, options: {} };
      const reply = await host.handle("gm", { type: "create", spec });
      tables.push((reply as { tableId: string }).tableId);
      await host.idle();
      archiveNow = true;
      await host.handle("gm", { type: "sync" });
      await host.idle();
      indexSizes.push((world.packs.get(PACK) as FakeWorldPack).index.size);
    }
    expect(indexSizes[9]).toBe(indexSizes[0]);
    expect(indexSizes[0]).toBeLessThanOrEqual(2);
    const { store } = await gmHost(world, sealer, () => false, "ten-again-");
    for (const id of tables) expect(replaySteps((await store.readArchive(id))!, games).ok, id).toBe(true);
  }, 60_000);
});

/** The layout an earlier version left: a table whole in the settings (its record and log parts). */
async function storeInSettings(world: FakeWorld, sealer: Sealer, record: TableRecord): Promise<void> {
  const plan = planTable(undefined, record, false, games);
  for (const [key, part] of plan.parts) world.settings.set(`${VAULT}${key}`, part);
  const head = await sealer.sealRecord("table", { gm: sealer.publicJwk }, plan.head, recordBound(record));
  world.settings.set(`${VAULT}t-${record.id}`, head);
}

describe("an earlier world on the GM's next load", () => {
  /** A world as an earlier version left it: a finished table whole in the settings, an archive as a setting, nulls. */
  async function earlierWorld() {
    const world = worldOf(["alice"]);
    installWorldPacks(world);
    const sealer = await Sealer.create("gm", await generateKeyPair());
    const finished = longRecord({ gameId: "ulwan", seed: 4 });
    const archived = longRecord({ gameId: "sabacc-super-simplified", seed: 6 });
    // Not marked finished: a table still live for its host (its match at its end or not).
    const live = longRecord({ gameId: "ulwan", seed: 8 });
    const ids = { finished: "old-finished", archived: "old-archived", live: "old-live" };
    await storeInSettings(world, sealer, { ...finished, id: ids.finished, finishedAt: 5 });
    await storeInSettings(world, sealer, { ...live, id: ids.live });
    const archive = { ...archiveOf(archived), id: ids.archived, finishedAt: 7 };
    const sealed = await sealer.sealRecord("archive", { gm: sealer.publicJwk }, archive, recordBound(archive, true));
    world.settings.set(`${VAULT}a-${ids.archived}`, sealed);
    for (const k of ["s-gone-0", "s-gone-8", "t-gone", "journal"]) world.settings.set(`${VAULT}${k}`, null);
    const index = { v: 2, tables: [ids.finished, ids.live], events: [], archived: [ids.archived], records: [] };
    world.settings.set(`${VAULT}index`, index);
    return { world, sealer, ids, records: { finished, archived: archive, live } };
  }

  it("moves its finished and archived tables to the pack, deletes what held null, and loses no table", async () => {
    const { world, sealer, ids, records } = await earlierWorld();
    const { host, store } = await gmHost(world, sealer, () => false, "m-");
    expect(
      host
        .summaries()
        .map((t) => t.id)
        .sort(),
    ).toEqual([ids.finished, ids.live].sort());
    expect(host.record(ids.finished)!.log).toEqual(records.finished.log);
    expect((await store.readArchive(ids.archived))!.log).toEqual(records.archived.log);
    const stored = vaultSettings(world);
    expect(stored.filter(([, v]) => v === null)).toEqual([]);
    expect(
      stored.map(([k]) => k.slice(VAULT.length)).filter((k) => /^(a|t|s)-old-(finished|archived)/.test(k)),
    ).toEqual([]);
    // A second load finds the same.
    const again = await gmHost(world, sealer, () => false, "m2-");
    expect(again.host.record(ids.finished)).toEqual(host.record(ids.finished));
    expect(again.host.record(ids.live)).toEqual(host.record(ids.live));
    expect((await again.store.readArchive(ids.archived))!.log).toEqual(records.archived.log);
  });

  it("whichever of the migration's writes is refused, the next load still has every table", async () => {
    for (let refuseAt = 1; refuseAt <= 12; refuseAt++) {
      const { world, sealer, ids, records } = await earlierWorld();
      let writes = 0;
      world.refuseSetting = () => (++writes === refuseAt ? "the server refused the write" : null);
      const pack = () => world.packs.get(PACK) as FakeWorldPack | undefined;
      await gmHost(world, sealer, () => false, `r${refuseAt}-`).catch(() => undefined);
      world.refuseSetting = () => null;
      if (pack()) pack()!.refuse = () => null;
      const { host, store } = await gmHost(world, sealer, () => false, `z${refuseAt}-`);
      const label = `refused write ${refuseAt}`;
      expect(host.record(ids.finished)?.log, label).toEqual(records.finished.log);
      expect(host.record(ids.live)?.log, label).toEqual(records.live.log);
      expect((await store.readArchive(ids.archived))?.log, label).toEqual(records.archived.log);
      expect(
        vaultSettings(world).filter(([, v]) => v === null),
        label,
      ).toEqual([]);
    }
  }, 60_000);
});

describe("a pack of finished tables in the layout before (a document per table) on the GM's next load", () => {
  /** Archived tables as an earlier version left them: each a document a part, one of them in two parts. */
  async function earlierPack() {
    const world = worldOf(["alice"]);
    installWorldPacks(world);
    const sealer = await Sealer.create("gm", await generateKeyPair());
    const g = globalThis as unknown as { foundry: { documents: { collections: { CompendiumCollection: Factory } } } };
    const pack = await g.foundry.documents.collections.CompendiumCollection.createCompendium({
      type: "JournalEntry",
      name: "cantina-games-tables",
      label: "Cantina Games: finished tables",
      ownership: { PLAYER: "NONE", TRUSTED: "NONE" },
    });
    const logs = new Map<string, TableRecord["log"]>();
    for (const [i, gameId] of ["ulwan", "sabacc-super-simplified", "ulwan"].entries()) {
      const record = { ...longRecord({ gameId, seed: 20 + i }), id: `old${i}`, finishedAt: 9 };
      const sealed = await sealer.sealRecord("finished", { gm: sealer.publicJwk }, record, recordBound(record, true));
      const text = JSON.stringify(sealed);
      const parts = i === 0 ? [text.slice(0, 1000), text.slice(1000)] : [text];
      for (const [k, part] of parts.entries())
        await pack.documentClass.createDocuments(
          [{ name: `old${i}~0#${k}/${parts.length}`, flags: { "cantina-games": { part } } }],
          { pack: pack.collection },
        );
      logs.set(record.id, record.log);
    }
    // A part of an item never written whole (a crash then): nothing can read it.
    await pack.documentClass.createDocuments([{ name: "gone~0#0/2", flags: { "cantina-games": { part: "{" } } }], {
      pack: pack.collection,
    });
    return { world, sealer, pack, logs };
  }
  interface Factory {
    createCompendium(metadata: object): Promise<FakeWorldPack>;
  }

  it("moves every table into one volume named by the catalog, and each still replays", async () => {
    const { world, sealer, pack, logs } = await earlierPack();
    expect(pack.index.size).toBe(5);
    const { store } = await gmHost(world, sealer, () => false, "p-");
    expect([...pack.index.values()].map((e) => e.name).sort()).toEqual(["catalog", "volume-0"]);
    for (const [id, log] of logs) expect((await store.readArchive(id))?.log, id).toEqual(log);
    const again = await gmHost(world, sealer, () => false, "p2-");
    for (const [id, log] of logs) expect((await again.store.readArchive(id))?.log, id).toEqual(log);
  });

  it("whichever of the move's writes is refused, every table still replays, and the next load finishes it", async () => {
    for (let refuseAt = 1; refuseAt <= 14; refuseAt++) {
      const { world, sealer, pack, logs } = await earlierPack();
      let ops = 0;
      pack.refuse = () => (++ops === refuseAt ? "the server refused the write" : null);
      const first = await gmHost(world, sealer, () => false, `q${refuseAt}-`).catch(() => null);
      pack.refuse = () => null;
      const label = `refused pack write ${refuseAt}`;
      if (first) for (const [id, log] of logs) expect((await first.store.readArchive(id))?.log, label).toEqual(log);
      const { store } = await gmHost(world, sealer, () => false, `z${refuseAt}-`);
      for (const [id, log] of logs) expect((await store.readArchive(id))?.log, label).toEqual(log);
      expect([...pack.index.values()].map((e) => e.name).sort(), label).toEqual(["catalog", "volume-0"]);
    }
  }, 60_000);
});
