/**
 * A table host as the table tests start it: run by the GM "gm" over a fresh in-memory network and
 * store, with the registry's games unless told; and clients for the users on the same network.
 */
import { bots, games } from "../../src/games";
import { type Random, SeededRandom } from "../../src/rules/core";
import { sevenUlwanMarkets } from "../../src/rules/ulwan";
import { TableClient } from "../../src/table/client";
import { type HostOptions, TableHost } from "../../src/table/host";
import { MemoryStore, type StoreChange, type TableStore } from "../../src/table/store";
import type { HostMessage } from "../../src/table/protocol";
import { MemoryNetwork } from "../../src/table/transport";

/** The host's options a test chooses: its users and dice, and any option that differs from the defaults. */
export type MemoryHostOptions<S extends TableStore> = Omit<Partial<HostOptions>, "store" | "users" | "transport"> & {
  readonly users: readonly string[];
  readonly random: Random;
  readonly store?: S;
};

/** A store whose writes can be refused, as Foundry refuses an Assistant GM's or a full quota does. */
export class RefusingStore extends MemoryStore {
  refuse: string | null = null;
  override async commit(change: StoreChange): Promise<void> {
    if (this.refuse !== null) throw new Error(this.refuse);
    return super.commit(change);
  }
}

/** The notices the host sent this user over the network, in order. */
export const noticesTo = (network: MemoryNetwork, user: string): HostMessage[] =>
  network.sent.filter((s) => s.to === user && s.message.type === "notice").map((s) => s.message);

/** Starts a host run by "gm" (the only GM) over a new in-memory network, on a new memory store unless given one. */
export async function startMemoryHost<S extends TableStore = MemoryStore>(
  options: MemoryHostOptions<S>,
): Promise<{ host: TableHost; network: MemoryNetwork; store: S }> {
  const { users, store = new MemoryStore() as TableStore as S, ...rest } = options;
  const network = new MemoryNetwork();
  const host = await TableHost.start({
    games,
    transport: network.host(),
    hostUser: "gm",
    isGM: (u) => u === "gm",
    users: () => users,
    store,
    ...rest,
  });
  return { host, network, store };
}

/** Host options for spectator betting on Seven Ulwan, the pools' timings drawn from a die seeded with `seed`. */
export function sevenUlwanBetting(seed: number): Pick<HostOptions, "bettingRandom" | "markets"> {
  return { bettingRandom: new SeededRandom(seed), markets: { "seven-ulwan": sevenUlwanMarkets } };
}

/** A client on this network for each user, by user id (on the given clock, if any). */
export function clientsOf(network: MemoryNetwork, users: readonly string[], now?: () => number) {
  return Object.fromEntries(users.map((u) => [u, new TableClient(network.client(u), now)])) as Record<
    string,
    TableClient
  >;
}

/** New ids in turn for the host's `newId`: t1, t2, ... (or with another prefix). */
export function countingIds(prefix = "t"): () => string {
  let count = 0;
  return () => `${prefix}${++count}`;
}

/** The client plays until its table is over (at most `tries` moves), never folding while it has another move; the host's bots answer. */
export async function playWithoutFolding(host: TableHost, client: TableClient, tableId: string, tries: number) {
  for (let i = 0; i < tries && !client.tables.get(tableId)?.table.over; i++) {
    await host.idle();
    const update = client.tables.get(tableId);
    const move = update?.legalMoves.find((m) => (m as { type: string }).type !== "fold") ?? update?.legalMoves[0];
    if (update && !update.table.over && move) await client.move(tableId, move);
  }
  await host.idle();
}

/**
 * Alice's Super-simplified Sabacc match against the bot Droid on a house stake of 250, opened by the
 * GM and played to its end (see playWithoutFolding); every user in `users` has a client.
 */
export async function aliceAgainstStakedDroid(users: readonly string[] = ["gm", "alice"]) {
  const { host, network } = await startMemoryHost({
    users,
    random: new SeededRandom(5),
    bots,
    now: () => 1_000,
    newId: countingIds(),
  });
  const clients = clientsOf(network, users);
  const created = await clients.gm!.create({
    gameId: "sabacc-super-simplified",
    seats: [
      { kind: "person", userId: "alice", name: "Alice" },
      { kind: "bot", userId: null, name: "Droid", stake: 250 },
    ],
    options: {},
  });
  const tableId = created.ok ? (created.tableId ?? "") : "";
  await playWithoutFolding(host, clients.alice!, tableId, 30);
  return { host, clients, tableId };
}
