/**
 * The shelf on Foundry's world pack (src/foundry/vault-pack.ts), on the stand-in of 13.351's packs
 * (pack-standin.ts): items in pages of volumes named by a catalog, so the pack's index (what every
 * client downloads at load) holds the catalog and one volume per 4 MiB of items, never an entry per
 * item; every page under the socket's limit; an emptied volume deleted.
 */
import { afterAll, describe, expect, it } from "vitest";
import { SHELF_PART_CHARS, VOLUME_CHARS, existingPack, packShelf } from "../../src/foundry/vault-pack";
import { type FakeWorldPack, installWorldPacks } from "./pack-standin";
import { removeFoundryGlobals, worldOf } from "./world";

afterAll(() => removeFoundryGlobals());

/** An item of about `chars` characters of JSON. */
const item = (seed: string, chars: number) => ({ seed, text: seed.repeat(Math.ceil(chars / seed.length)) });

describe("the shelf on the world pack", () => {
  it("puts items in pages of a volume until it holds 4 MiB, then in a new one; the index names volumes, not items", async () => {
    const world = worldOf(["alice"]);
    installWorldPacks(world);
    const size = Math.floor(VOLUME_CHARS * 0.4);
    const values = { "a~0": item("a", size), "b~0": item("b", size), "c~0": item("c", size) };
    for (const [name, value] of Object.entries(values)) await packShelf.write(name, value);
    const pack = world.packs.get("world.cantina-games-tables") as FakeWorldPack;
    const names = () => [...pack.index.values()].map((e) => e.name).sort();
    // a and b fill the first volume up to 80 %; c would pass 4 MiB: a second volume.
    expect(names()).toEqual(["catalog", "volume-0", "volume-1"]);
    expect(pack.pageCount()).toBe(3 * Math.ceil((size + 20) / SHELF_PART_CHARS));
    expect(Math.max(...pack.broadcast.map((b) => b.bytes))).toBeLessThanOrEqual(256 * 1024);
    expect([...(await packShelf.list())].sort()).toEqual(["a~0", "b~0", "c~0"]);
    for (const [name, value] of Object.entries(values)) expect(await packShelf.read(name)).toEqual(value);

    // The first volume's items go: the volume goes with them; the other items stay readable.
    await packShelf.remove("a~0");
    await packShelf.remove("b~0");
    expect(names()).toEqual(["catalog", "volume-1"]);
    expect(await packShelf.read("a~0")).toBeNull();
    expect(await packShelf.read("c~0")).toEqual(values["c~0"]);
    expect(await packShelf.list()).toEqual(["c~0"]);
  });

  it("two finished tables shelved at once in a world with no pack yet: one pack is created and both are stored", async () => {
    removeFoundryGlobals();
    const world = worldOf(["alice"]);
    installWorldPacks(world);
    const values = { "a~0": item("a", 1000), "b~0": item("b", 1000) };
    // Foundry refuses a second pack of the same name (the stand-in throws): both writes wait for one creation.
    await Promise.all(Object.entries(values).map(([name, value]) => packShelf.write(name, value)));
    expect([...world.packs.keys()]).toEqual(["world.cantina-games-tables"]);
    for (const [name, value] of Object.entries(values)) expect(await packShelf.read(name)).toEqual(value);
  });

  it("takes the world's pack only when it is shaped as a CompendiumCollection the shelf can use", async () => {
    removeFoundryGlobals();
    const world = worldOf(["alice"]);
    installWorldPacks(world);
    await packShelf.write("a~0", item("a", 100));
    const pack = world.packs.get("world.cantina-games-tables");
    expect(existingPack()).toBe(pack);
    // A pack of that name that cannot fetch or create documents (not a CompendiumCollection) is not the shelf.
    world.packs.set("world.cantina-games-tables", { collection: "world.cantina-games-tables", index: new Map() });
    expect(existingPack()).toBeNull();
  });
});
