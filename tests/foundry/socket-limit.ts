/**
 * What the socket-limit tests (push-socket-limit, replay-socket-limit) share: a world whose hosting GM
 * has published its key, a long finished table with alice in its first seat, and a host of that table alone.
 */
import { Sealer, generateKeyPair } from "../../src/foundry/crypto";
import { games } from "../../src/games";
import { SeededRandom } from "../../src/rules/core";
import { TableHost } from "../../src/table/host";
import type { HostOptions } from "../../src/table/host-options";
import { MemoryStore, type TableRecord } from "../../src/table/store";
import { type LongMatch, longRecord } from "../helpers/long-record";
import type { FakeWorld } from "./standins";
import { worldOf } from "./world";

/** A world of the GM and alice, the GM's key published on its User as the module publishes it. */
export async function worldWithGmKey(): Promise<{ world: FakeWorld; gmSealer: Sealer }> {
  const world = worldOf(["alice"]);
  const gmSealer = await Sealer.create("gm", await generateKeyPair());
  await world.users[0]!.setFlag("cantina-games", "publicKey", gmSealer.publicJwk);
  return { world, gmSealer };
}

/** The long match's record with alice in person in its first seat (the other seats stay the bots they were). */
export function aliceAtLongTable(match: LongMatch): TableRecord {
  const played = longRecord(match);
  return {
    ...played,
    seats: played.seats.map((s, i) => (i === 0 ? { ...s, kind: "person" as const, userId: "alice" } : s)),
  };
}

/** A host run by "gm" (alice the other user) whose store holds `record` alone. */
export function hostOf(
  record: TableRecord,
  transport: HostOptions["transport"],
  more: Partial<HostOptions> = {},
): Promise<TableHost> {
  const store = new MemoryStore();
  store.tables.set(record.id, JSON.stringify(record));
  return TableHost.start({
    games,
    store,
    transport,
    hostUser: "gm",
    isGM: (u) => u === "gm",
    users: () => ["gm", "alice"],
    random: new SeededRandom(1),
    ...more,
  });
}
