/**
 * What every Foundry client's socket receives when humans play (issue 34), for `npm run bench`
 * (bench/storage.bench.ts prints it with the storage figures, one JSON line per scenario). Six
 * clients (the GM, in two tabs, and five players), each a full runtime on the stand-ins
 * (tests/foundry/standins.ts: socketlib emits to every client and each filters on arrival; a
 * `User#query` goes to the target user's tab(s) and its answer to the asking tab; a push on the
 * module's event with `recipients` to those users' tabs). Humans move by their window's path (the
 * TableClient, sealed requests), bots by the host. For each human move, every byte every tab
 * received from the move until its pushes arrived is counted (bots, slowed down, move between windows).
 * The figures are in docs/foundry.md ("Requests and replies to their recipient only", "Campaign
 * figures"). `CANTINA_WIRE_SOCKETLIB=1` plays the players without Foundry's QUERY_USER
 * permission, so every request goes through socketlib (the routing before issue 34).
 */
import { MemoryKeyStore } from "../src/foundry/keys";
import type { CantinaRuntime } from "../src/foundry/runtime";
import { SeededRandom } from "../src/rules/core";
import type { TableSpec } from "../src/table/protocol";
import type { FakeWorld } from "../tests/foundry/standins";
import { installWorldPacks } from "../tests/foundry/pack-standin";
import { startRuntime, worldOf } from "../tests/foundry/world";

const PLAYERS = ["p1", "p2", "p3", "p4", "p5"];
const HUMAN_MOVES = 24;
const viaSocketlib = process.env.CANTINA_WIRE_SOCKETLIB === "1";

export interface Scenario {
  readonly name: string;
  readonly gameId: string;
  /** Who sits: a player id (a human) or null (a bot). */
  readonly seats: readonly (string | null)[];
  readonly openInformation: boolean;
}

export const SCENARIOS: readonly Scenario[] = [
  { name: "Ulwan, a human against a bot", gameId: "ulwan", seats: ["p1", null], openInformation: true },
  { name: "Takat, two humans", gameId: "takat", seats: ["p1", "p2"], openInformation: true },
  {
    name: "True Sabacc, two humans and a bot",
    gameId: "sabacc-true",
    seats: ["p1", "p2", null],
    openInformation: false,
  },
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s[Math.floor(s.length / 2)]!;
};

/** Waits until `holds`, polling; gives up after `ms` (a table that cannot go on). */
async function until(holds: () => boolean, ms = 5000): Promise<boolean> {
  for (const end = Date.now() + ms; !holds(); await sleep(2)) if (Date.now() > end) return false;
  return true;
}

/** One scenario played by six clients (the GM in two tabs): what their sockets received per human move. */
export async function play(scenario: Scenario) {
  const world: FakeWorld = worldOf(PLAYERS);
  // Its own world pack: the pack factory left by the campaign's world would make the pack there.
  installWorldPacks(world);
  // Bots wait long enough that a human move's window (its request, reply and pushes) ends before they move.
  world.settings.set("cantina-games.botDelay", 400);
  if (viaSocketlib) for (const u of world.users) u.permissions.QUERY_USER = false;
  const options = { deadlineMs: 60_000, handoverWaitMs: 100 };
  const gmKeys = new MemoryKeyStore();
  const host = await startRuntime(world, "gm", gmKeys, options);
  const viewer = await startRuntime(world, "gm", gmKeys, options);
  if (!host.isHost || viewer.isHost) throw new Error("the GM's first tab should host, the second view");
  const players = new Map<string, CantinaRuntime>();
  for (const p of PLAYERS) players.set(p, await startRuntime(world, p, new MemoryKeyStore(), options));
  world.install("gm");
  const spec: TableSpec = {
    gameId: scenario.gameId,
    seats: scenario.seats.map((userId, i) =>
      userId ? { kind: "person", userId, name: `Human ${i + 1}` } : { kind: "bot", userId: null, name: `Bot ${i + 1}` },
    ),
    options: {},
  };
  const created = await host.client!.create(spec);
  if (!created.ok) throw new Error(created.error.code);
  const tableId = (created as { tableId: string }).tableId;
  const random = new SeededRandom(34);
  const humans = scenario.seats.filter((s): s is string => s !== null);
  /** The human whose turn it is, with the moves their window offers. */
  const humanToAct = () => {
    for (const h of humans) {
      const t = players.get(h)!.client!.tables.get(tableId);
      if (t?.seat && t.table.toAct.includes(t.seat) && t.legalMoves.length > 0 && !t.table.over)
        return { user: h, table: t };
    }
    return null;
  };
  let maxMessageBytes = 0;
  const perMove: number[] = [];
  const perRecipient: number[] = [];
  const settingsPerMove: number[] = [];
  for (let n = 0; n < HUMAN_MOVES; n++) {
    if (!(await until(() => humanToAct() !== null || host.client!.tables.get(tableId)?.table.over === true))) break;
    const next = humanToAct();
    if (!next) break;
    await host.settle();
    await world.pushesDelivered();
    for (const t of world.tabs) {
      for (const m of t.received) maxMessageBytes = Math.max(maxMessageBytes, m.bytes);
      t.received.length = 0;
    }
    const settingsBefore = world.settingsBroadcastBytes();
    const move = next.table.legalMoves[random.die(next.table.legalMoves.length) - 1];
    const reply = await world.as(next.user, () => players.get(next.user)!.client!.move(tableId, move));
    if (!reply.ok) throw new Error(`${scenario.gameId}: ${JSON.stringify(reply.error)}`);
    // The move's pushes: sealed and sent once the host stored it (the host's idle would wait for the bots too).
    await sleep(60);
    await world.pushesDelivered();
    const byTab = world.tabs.map((t) => t.received.reduce((sum, m) => sum + m.bytes, 0));
    for (const t of world.tabs) for (const m of t.received) maxMessageBytes = Math.max(maxMessageBytes, m.bytes);
    perMove.push(byTab.reduce((a, b) => a + b, 0));
    perRecipient.push(...byTab.filter((b) => b > 0));
    settingsPerMove.push(world.settingsBroadcastBytes() - settingsBefore);
  }
  for (const r of [viewer, ...players.values(), host]) r.closeTab();
  const mean = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length));
  return {
    scenario: scenario.name,
    routing: viaSocketlib ? "socketlib" : "queries",
    openInformation: scenario.openInformation,
    clients: 1 + PLAYERS.length,
    tabs: world.tabs.filter((t) => t.connected).length,
    humanMoves: perMove.length,
    wireBytesPerHumanMove: mean(perMove),
    wireBytesPerRecipientMedian: median(perRecipient),
    maxMessageBytes,
    settingsBroadcastBytesPerHumanMove: mean(settingsPerMove),
  };
}
