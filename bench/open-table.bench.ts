/**
 * `npm run bench`: opening a table of n seats through the host (memory store and network, the GM
 * the only user), then calling it off. The ledger writes every seat's account and purse through
 * one copy of the event (src/table/ledger-draft.ts), so the cost grows with n, not n²: before it,
 * 2,000 seats took 15 s and 5,000 took 54 s; figures after it are in CHANGELOG.md.
 */
import { bench, describe } from "vitest";
import { SeededRandom } from "../src/rules/core";
import { games } from "../src/games";
import { TableHost } from "../src/table/host";
import { MemoryStore } from "../src/table/store";
import { MemoryNetwork } from "../src/table/transport";

async function openAndEnd(seats: number): Promise<void> {
  const network = new MemoryNetwork();
  await TableHost.start({
    games,
    store: new MemoryStore(),
    transport: network.host(),
    hostUser: "gm",
    isGM: (u) => u === "gm",
    users: () => ["gm"],
    random: new SeededRandom(1),
  });
  const spec = {
    gameId: "sabacc-super-simplified",
    seats: Array.from({ length: seats }, (_, i) => ({ kind: "person", userId: `u${i}`, name: `P${i}` })),
    options: {},
  };
  const opened = await network.deliver("gm", { type: "create", requestId: "open", spec });
  if (!opened.ok || opened.tableId === undefined) throw new Error("the table did not open");
  await network.deliver("gm", { type: "end", requestId: "end", tableId: opened.tableId });
}

describe("open a table of n seats and call it off", () => {
  for (const seats of [1_000, 2_000, 5_000])
    bench(`${seats} seats`, () => openAndEnd(seats), { iterations: 3, warmupIterations: 1 });
});
