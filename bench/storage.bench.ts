/**
 * `npm run bench`: what Foundry stores and sends per move. Twenty bot tables (every game) play to
 * their end through the Foundry storage path: the SealedStore over the vault settings
 * (src/foundry/env.ts) on the test stand-ins for `game.settings`, in Node. A world setting's every
 * change is sent by the server to every connected client: with 6 clients, bytes broadcast are the
 * bytes written times 6. Printed: bytes written and broadcast per move, the largest single change,
 * and the stored size at the end. The figures are in docs/foundry.md.
 */
import { bench, describe } from "vitest";
import { Sealer, generateKeyPair } from "../src/foundry/crypto";
import * as env from "../src/foundry/env";
import { SealedStore } from "../src/foundry/sealed-store";
import { SeededRandom } from "../src/rules/core";
import { bots, games } from "../src/games";
import { sevenUlwanMarkets } from "../src/rules/ulwan";
import { TableHost } from "../src/table/host";
import type { TableSpec } from "../src/table/protocol";
import { MemoryNetwork } from "../src/table/transport";
import { fakeUser, fakeWorld } from "../tests/foundry/standins";

const CLIENTS = 6;
const GAMES = [
  ...Array<string>(5).fill("sabacc-super-simplified"),
  ...Array<string>(4).fill("sabacc-simplified"),
  ...Array<string>(3).fill("sabacc-true"),
  ...Array<string>(3).fill("ulwan"),
  ...Array<string>(2).fill("ulwan-finkel"),
  ...Array<string>(3).fill("seven-ulwan"),
];

const users = Array.from({ length: CLIENTS }, (_, i) => fakeUser(i === 0 ? "gm" : `p${i}`, `User ${i}`, i === 0));
const world = fakeWorld(users);
const sealer = await Sealer.create("gm", await generateKeyPair());
let ids = 0;
/** Finished tables are archived once the night's play is measured (the GM's time set to 0 then). */
let archiveNow = false;
const host = await TableHost.start({
  games,
  store: new SealedStore(sealer, () => ({}), env.vaultBackend),
  transport: new MemoryNetwork().host(),
  hostUser: "gm",
  isGM: (u) => u === "gm",
  users: () => users.map((u) => u.id),
  random: new SeededRandom(2026),
  bettingRandom: new SeededRandom(7),
  bots,
  markets: { "seven-ulwan": sevenUlwanMarkets },
  botDelayMs: 0,
  archiveAfterMs: () => (archiveNow ? 0 : null),
  newId: () => `b${++ids}`,
});
await host.handle("gm", { type: "event-create", name: "Bench night", startingCredits: 100_000 });
for (const [i, gameId] of GAMES.entries()) {
  const seats: TableSpec["seats"] = (gameId === "sabacc-true" ? [1, 2, 3] : [1, 2]).map((n) => ({
    kind: "bot",
    userId: null,
    name: `Bot ${i}-${n}`,
  }));
  const reply = await host.handle("gm", { type: "create", spec: { gameId, seats, options: {} } });
  if (!reply.ok) throw new Error(reply.error.code);
}
const opened = world.wire.settings.length;
await host.idle();
const moves = host.summaries().reduce((n, t) => n + t.version, 0);
const over = host.summaries().filter((t) => t.over).length;
const sizes = world.wire.settings.slice(opened).map((s) => JSON.stringify(s.value).length);
const written = sizes.reduce((a, b) => a + b, 0);
const storedSize = (): number =>
  [...world.settings]
    .filter(([key]) => key.startsWith("cantina-games.vault-"))
    .reduce((n, [, v]) => n + JSON.stringify(v).length, 0);
const stored = storedSize();
const records = host.summaries().map((t) => host.record(t.id)!);
archiveNow = true;
await host.handle("gm", { type: "sync" });
await host.idle();
const archived = storedSize();
// The single vault setting this replaced was rewritten whole on every move: its size then was about
// what all the records hold at that moment (the same sealed records, whole).
const sizeNow = new Map<string, number>();
let whole = 0;
let wholeSum = 0;
let wholeWrites = 0;
for (const [i, s] of world.wire.settings.entries()) {
  if (s.key === "cantina-games.vault-journal") continue;
  const size = JSON.stringify(s.value).length;
  whole += size - (sizeNow.get(s.key) ?? 0);
  sizeNow.set(s.key, size);
  if (i < opened) continue;
  wholeSum += whole;
  wholeWrites++;
}
const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;
console.log(
  [
    `Foundry storage, ${GAMES.length} bot tables (${over} played to the end), ${moves} moves, ${CLIENTS} clients:`,
    `  written per move: ${kb(written / moves)} (${(sizes.length / moves).toFixed(1)} setting writes per move)`,
    `  broadcast per move: ${kb((written * CLIENTS) / moves)}`,
    `  (one setting rewritten whole per move, as before: about ${kb(wholeSum / wholeWrites)} written, ${kb((wholeSum * CLIENTS) / wholeWrites)} broadcast per move)`,
    `  largest single setting write: ${kb(Math.max(...sizes))}`,
    `  stored at the end: ${kb(stored)}; ${kb(archived)} once the finished tables are archived`,
  ].join("\n"),
);

/** A store that has every finished table stored already: committing one again is one move's change. */
const timing = new SealedStore(sealer, () => ({}), { read: () => null, write: async () => undefined });
await timing.commit({ tables: records });

describe("Foundry storage", () => {
  let table = 0;
  bench(
    "one move's change sealed and written (its log's last chunk, the table's record)",
    async () => {
      await timing.commit({ tables: [records[table++ % records.length]!] });
    },
    { time: 1000 },
  );
});
