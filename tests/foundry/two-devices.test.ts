/**
 * A player on two browsers or devices (issue 25): each publishes its own key, and the host seals
 * pushes for the key of the one that asked last; the other is told it cannot open them.
 */
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { Sealer, generateKeyPair } from "../../src/foundry/crypto";
import { openSealedRoll, sealRoll } from "../../src/foundry/sealed-chat";
import { SecureClientTransport } from "../../src/foundry/secure-transport";
import { directoryOf, playerClient } from "./standins";
import { gmWorld, openTable, removeFoundryGlobals, settleAll } from "./world";

afterAll(() => removeFoundryGlobals());
afterEach(() => {
  SecureClientTransport.onUnreadable = () => undefined;
});

describe("one player, two devices", () => {
  it("the device whose key is not the one the host seals for is told, once", async () => {
    const { world, runtime } = await gmWorld(["alice", "bob"]);
    let told = 0;
    SecureClientTransport.onUnreadable = () => (told += 1);
    const laptop = await playerClient(world, "alice");
    const tableId = await openTable(runtime, "ulwan");
    const bob = await playerClient(world, "bob");
    expect(await laptop.client.sync()).toMatchObject({ ok: true });
    await settleAll(runtime, [laptop, bob]);
    expect(told).toBe(0);
    // The phone loads the world: its own key replaces the laptop's on alice's User, and it asks.
    const phone = await playerClient(world, "alice");
    world.deliverPush.set("alice", (sealed, from) => {
      void laptop.transport.receive(sealed, from);
      void phone.transport.receive(sealed, from);
    });
    expect(await phone.client.sync()).toMatchObject({ ok: true });
    // Alice rolls from the phone: every push about it is sealed for the phone's key.
    expect(await phone.client.move(tableId, { type: "roll" })).toMatchObject({ ok: true });
    await settleAll(runtime, [laptop, phone, bob]);
    expect(phone.client.tables.get(tableId)?.table.version).toBe(runtime.host!.record(tableId)!.version);
    expect(told).toBe(1);
  });

  it("a private roll sealed for the other device's key is not opened here, and the user is told", async () => {
    const { world, runtime } = await gmWorld(["alice", "bob"]);
    let told = 0;
    SecureClientTransport.onUnreadable = () => (told += 1);
    const laptop = await playerClient(world, "alice");
    const phone = await Sealer.create("alice", await generateKeyPair());
    const roll = { class: "Roll", formula: "1d6", total: 4, terms: [], evaluated: true } as const;
    const directory = directoryOf(world.users);
    // Sealed for the key alice's User holds now: the laptop's.
    const sealing = { sealer: runtime.sealer!, publicKey: (u: string) => directory.publicKey(u) };
    const flags = {
      "cantina-games": { sealedRoll: await sealRoll(sealing, "m1", ["alice"], "A roll", roll as never) },
    };
    expect(await openSealedRoll({ id: "m1", flags }, "cantina-games", laptop.sealer, directory)).not.toBeNull();
    expect(told).toBe(0);
    expect(await openSealedRoll({ id: "m1", flags }, "cantina-games", phone, directory)).toBeNull();
    expect(told).toBe(1);
  });
});
