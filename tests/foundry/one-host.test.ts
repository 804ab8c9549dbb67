/**
 * One host per world whatever the number of the GM's tabs (issue 25): two clients of the same GM
 * user (two tabs of one browser, sharing its key store) elect one host; the other answers no
 * request, posts nothing, writes nothing, and says it only views; when the host tab closes, the
 * other takes over from storage.
 */
import { afterEach, describe, expect, it } from "vitest";
import { MemoryKeyStore } from "../../src/foundry/keys";
import { OTHER_TAB_HOSTS } from "../../src/foundry/runtime";
import { playerClient } from "./standins";
import { closeTab, openTable, removeFoundryGlobals, settleAll, startRuntime, worldOf } from "./world";

afterEach(() => removeFoundryGlobals());

/** Waits (polling; the test's own timeout bounds it) until `holds`. */
async function until(holds: () => boolean): Promise<void> {
  while (!holds()) await new Promise((r) => setTimeout(r, 5));
}

describe("two tabs of the same GM", () => {
  it("one host: every roll is posted once, one ledger is written, the other tab says it only views", async () => {
    const world = worldOf(["alice", "bob"]);
    const keys = new MemoryKeyStore();
    const first = await startRuntime(world, "gm", keys);
    const second = await startRuntime(world, "gm", keys);
    expect([first.isHost, second.isHost]).toEqual([true, false]);
    expect(second.otherTabHosts).toBe(true);
    expect(world.wire.notifications.filter((n) => n.text === "CANTINA.Foundry.Notify.OtherTabHosts")).toHaveLength(1);
    // The viewing tab's own requests are refused, clearly, and change nothing.
    expect(await second.client!.createEvent("Nova night", 500)).toEqual({
      ok: false,
      error: { code: OTHER_TAB_HOSTS },
    });

    const alice = await playerClient(world, "alice");
    const bob = await playerClient(world, "bob");
    const tableId = await openTable(first, "sabacc-super-simplified");
    expect(await first.client!.createEvent("Nova night", 500)).toMatchObject({ ok: true });
    for (const p of [alice, bob]) {
      await settleAll(first, [alice, bob]);
      expect(await p.client.move(tableId, { type: "roll-order" })).toMatchObject({ ok: true });
    }
    await settleAll(first, [alice, bob]);
    // Each roll once in chat: no two messages alike.
    const lines = world.wire.chat.map((c) => JSON.stringify([c.data.flavor, c.data.content, c.data.rolls]));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(new Set(lines).size).toBe(lines.length);
    // One ledger: the table and the event stored once each, by the host tab alone.
    expect(second.host).toBeNull();
    const indexWrites = world.wire.settings.filter((w) => w.key === "cantina-games.vault-index");
    const last = indexWrites.at(-1)!.value as { tables: string[]; events: string[] };
    expect(last.tables).toEqual([tableId]);
    expect(last.events).toHaveLength(Object.keys(first.host!.currentLedger().events).length);

    // The host tab closes: the other takes over, with the table and the ledger from storage.
    closeTab(world, first);
    await until(() => !first.isHost && second.isHost);
    expect(second.host!.record(tableId)?.version).toBe(2);
    expect(Object.values(second.host!.currentLedger().events).map((e) => e.name)).toContain("Nova night");
    expect(second.otherTabHosts).toBe(false);
  });
});
