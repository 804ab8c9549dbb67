/**
 * What Foundry stores and sends per move, for `npm run bench` (bench/storage.bench.ts). Twenty bot tables (every game) play to
 * their end through the Foundry storage path: the SealedStore over the vault settings
 * (src/foundry/env.ts) on the test stand-ins for `game.settings`, in Node; each push is sealed by
 * the SecureHostTransport for its one recipient (five players watching every table). Socket bytes
 * are counted per recipient as Foundry's server sends them: a world setting's every change to
 * every connected client (6 clients: bytes written times 6); a push on the module's event with
 * `recipients` to that recipient only (its frame's JSON). The night is played twice: as main sent
 * it (whole updates padded to their public bound) and with deltas padded by who receives them
 * (docs/foundry.md, "Cost per move"). The figures are in docs/foundry.md.
 */
import { Sealer, generateKeyPair } from "../src/foundry/crypto";
import * as env from "../src/foundry/env";
import { SealedStore } from "../src/foundry/sealed-store";
import { SecureHostTransport, pushFrame } from "../src/foundry/secure-transport";
import { SeededRandom } from "../src/rules/core";
import { bots, games, openInformation } from "../src/games";
import { sevenUlwanMarkets } from "../src/rules/ulwan";
import { TableHost } from "../src/table/host";
import type { TableRecord } from "../src/table/store";
import { MemoryNetwork } from "../src/table/transport";
import type { HostMessage, TableSpec } from "../src/table/protocol";
import { type FakeWorldPack, installWorldPacks } from "../tests/foundry/pack-standin";
import type { SettingDocuments } from "../tests/foundry/setting-documents";
import { type FakeWorld, fakeUser, fakeWorld } from "../tests/foundry/standins";

const CLIENTS = 6;
const GAMES = [
  ...Array<string>(5).fill("sabacc-super-simplified"),
  ...Array<string>(4).fill("sabacc-simplified"),
  ...Array<string>(3).fill("sabacc-true"),
  ...Array<string>(3).fill("ulwan"),
  ...Array<string>(2).fill("ulwan-finkel"),
  ...Array<string>(3).fill("seven-ulwan"),
];

const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;
const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s[Math.floor(s.length / 2)]!;
};

/** What one push cost on the socket: its recipient, its game, its frame's bytes. */
interface Push {
  readonly to: string;
  readonly gameId: string | null;
  readonly bytes: number;
}

const gameOf = (m: HostMessage): string | null =>
  m.type === "table" ? m.table.gameId : m.type === "table-delta" ? m.gameId : null;

/** One night of the twenty tables; `deltas`: this branch's pushes (deltas, padding by recipient), else main's. */
export async function night(deltas: boolean) {
  const users = Array.from({ length: CLIENTS }, (_, i) => fakeUser(i === 0 ? "gm" : `p${i}`, `User ${i}`, i === 0));
  const world = fakeWorld(users);
  // Finished tables go to the world pack, as in Foundry (not the settings fallback of the unit tests).
  installWorldPacks(world);
  const sealers = new Map<string, Sealer>();
  for (const u of users) sealers.set(u.id, await Sealer.create(u.id, await generateKeyPair()));
  const sealer = sealers.get("gm")!;
  const pushes: Push[] = [];
  // Each recipient's pushes are sealed and delivered in the order they were sent: their games, in that order.
  const gamesTo = new Map<string, (string | null)[]>();
  const transport = new SecureHostTransport(
    sealer,
    { publicKey: (u) => sealers.get(u)?.publicJwk ?? null, isGM: (u) => u === "gm" },
    async (to, sealed) => {
      const gameId = gamesTo.get(to)?.shift() ?? null;
      pushes.push({ to, gameId, bytes: JSON.stringify(pushFrame(sealed)).length });
    },
    () => undefined,
    () => deltas,
  );
  const send = transport.send.bind(transport);
  transport.send = (to, message) => {
    if (to !== "gm") gamesTo.set(to, [...(gamesTo.get(to) ?? []), gameOf(message)]);
    send(to, message);
  };
  let ids = 0;
  /** Finished tables are archived once the night's play is measured (the GM's time set to 0 then). */
  let archiveNow = false;
  const host = await TableHost.start({
    games,
    store: new SealedStore(sealer, () => ({}), env.vaultBackend),
    transport,
    hostUser: "gm",
    isGM: (u) => u === "gm",
    users: () => users.map((u) => u.id),
    allowSpectators: () => true,
    random: new SeededRandom(2026),
    bettingRandom: new SeededRandom(7),
    bots,
    markets: { "seven-ulwan": sevenUlwanMarkets },
    botDelayMs: 0,
    archiveAfterMs: () => (archiveNow ? 0 : null),
    newId: () => `b${++ids}`,
    deltas,
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
  await transport.flush();
  const opened = world.wire.settings.length;
  const pushedAtStart = pushes.length;
  await host.idle();
  await transport.flush();
  const moves = host.summaries().reduce((n, t) => n + t.version, 0);
  const over = host.summaries().filter((t) => t.over).length;
  // A deletion counts its message (the document's id, sent to every client).
  const sizes = world.wire.settings.slice(opened).map((s) => (s.deleted ? s.bytes : JSON.stringify(s.value).length));
  // What the bytes written were, by record kind (the key's prefix: s- a log part, t- a table's record...).
  const byKind = new Map<string, { writes: number; bytes: number }>();
  for (const s of world.wire.settings.slice(opened)) {
    const key = s.key.replace("cantina-games.vault-", "");
    const light = (s.value as { light?: boolean } | null)?.light;
    const kind = s.deleted
      ? "deleted"
      : key.startsWith("s-")
        ? light
          ? "step"
          : "log part"
        : key.includes("-")
          ? key.slice(0, 1)
          : key;
    const k = byKind.get(kind) ?? { writes: 0, bytes: 0 };
    byKind.set(kind, { writes: k.writes + 1, bytes: k.bytes + (s.deleted ? s.bytes : JSON.stringify(s.value).length) });
  }
  const written = sizes.reduce((a, b) => a + b, 0);
  const storedSize = (): number =>
    [...world.settings]
      .filter(([key]) => key.startsWith("cantina-games.vault-"))
      .reduce((n, [, v]) => n + JSON.stringify(v).length, 0);
  const stored = storedSize();
  const records = host.summaries().map((t) => host.record(t.id)!);
  const nightPushes = pushes.slice(pushedAtStart);
  archiveNow = true;
  await host.handle("gm", { type: "sync" });
  await host.idle();
  return {
    moves,
    over,
    sizes,
    byKind,
    written,
    stored,
    archived: storedSize(),
    records,
    pushes: nightPushes,
    world,
    opened,
  };
}

/** The per-move figures of one night. */
export function figures(n: Awaited<ReturnType<typeof night>>, label: string): string[] {
  const pushed = n.pushes.reduce((a, p) => a + p.bytes, 0);
  const perRecipient = new Map<string, number>();
  for (const p of n.pushes) perRecipient.set(p.to, (perRecipient.get(p.to) ?? 0) + p.bytes);
  const byGame = new Map<string, number[]>();
  for (const p of n.pushes) if (p.gameId) byGame.set(p.gameId, [...(byGame.get(p.gameId) ?? []), p.bytes]);
  const medians = [...byGame]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([g, xs]) => `${g}${openInformation.has(g) ? " (open)" : ""} ${kb(median(xs))}`);
  return [
    `${label}: ${GAMES.length} bot tables (${n.over} played to the end), ${n.moves} moves, ${CLIENTS} clients:`,
    `  written per move: ${kb(n.written / n.moves)} (${(n.sizes.length / n.moves).toFixed(1)} setting writes per move), broadcast ${kb((n.written * CLIENTS) / n.moves)}`,
    `  pushed per move: ${kb(pushed / n.moves)} in all, ${kb(pushed / n.moves / perRecipient.size)} per recipient (${perRecipient.size} recipients, each only its own)`,
    `  socket bytes per move (settings broadcast + pushes): ${kb((n.written * CLIENTS + pushed) / n.moves)}`,
    `  median push per game: ${medians.join(", ")}`,
    `  written by kind, per move: ${[...n.byKind].map(([k, v]) => `${k} ${kb(v.bytes / n.moves)} (${v.writes} writes)`).join(", ")}`,
    `  largest single setting write: ${kb(Math.max(...n.sizes))}`,
    `  stored at the end: ${kb(n.stored)}; ${kb(n.archived)} once the finished tables are archived`,
  ];
}
/**
 * A campaign (issue 34): ten nights of the same twenty bot tables in one world, on the stand-ins of
 * Foundry 13.351's Setting documents (JSON strings with their stats, found by a linear search) and of
 * its world pack of finished tables. Each night's tables play to their end and are archived.
 */
export async function campaign(nights: number) {
  const users = Array.from({ length: CLIENTS }, (_, i) => fakeUser(i === 0 ? "gm" : `p${i}`, `User ${i}`, i === 0));
  const world = fakeWorld(users);
  installWorldPacks(world);
  const sealer = await Sealer.create("gm", await generateKeyPair());
  const loads: ({ settings: number } & ClientLoad)[] = [];
  /** The last night's tables at their end, for the timing bench. */
  const records: TableRecord[] = [];
  let moves = 0;
  let ids = 0;
  for (let n = 1; n <= nights; n++) {
    let archiveNow = false;
    const host = await TableHost.start({
      games,
      store: new SealedStore(sealer, () => ({}), env.vaultBackend),
      transport: new MemoryNetwork().host(),
      hostUser: "gm",
      isGM: (u) => u === "gm",
      users: () => users.map((u) => u.id),
      allowSpectators: () => true,
      random: new SeededRandom(2026 + n),
      bettingRandom: new SeededRandom(7 + n),
      bots,
      markets: { "seven-ulwan": sevenUlwanMarkets },
      botDelayMs: 0,
      archiveAfterMs: () => (archiveNow ? 0 : null),
      newId: () => `c${++ids}`,
    });
    if (n === 1) await host.handle("gm", { type: "event-create", name: "Campaign", startingCredits: 100_000 });
    for (const [i, gameId] of GAMES.entries()) {
      const seats: TableSpec["seats"] = (gameId === "sabacc-true" ? [1, 2, 3] : [1, 2]).map((k) => ({
        kind: "bot",
        userId: null,
        name: `Bot ${i}-${k}`,
      }));
      const reply = await host.handle("gm", { type: "create", spec: { gameId, seats, options: {} } });
      if (!reply.ok) throw new Error(reply.error.code);
    }
    await host.idle();
    moves += host.summaries().reduce((m, t) => m + t.version, 0);
    if (n === nights) records.push(...host.summaries().map((t) => host.record(t.id)!));
    archiveNow = true;
    await host.handle("gm", { type: "sync" });
    await host.idle();
    if (n === 1 || n === nights) loads.push({ settings: vaultDocuments(world), ...clientLoad(world) });
  }
  const pack = world.packs.get("world.cantina-games-tables") as FakeWorldPack;
  const settingsWrites = world.wire.settings.filter((w) => !w.deleted);
  // By the record's kind: its key's prefix (s- a log part or step, t- a table's record, e- an event's head...).
  const byKind: Record<string, number> = {};
  for (const w of settingsWrites) {
    const key = w.key.replace("cantina-games.vault-", "");
    const kind = key.startsWith("s-")
      ? (w.value as { light?: boolean } | null)?.light
        ? "step"
        : "log part"
      : key.includes("-")
        ? key.slice(0, 2)
        : key;
    byKind[kind] = (byKind[kind] ?? 0) + w.bytes;
  }
  for (const kind of Object.keys(byKind)) byKind[kind] = Math.round(byKind[kind]! / moves);
  return {
    writtenPerMoveByKind: byKind,
    moves,
    written: settingsWrites.reduce((a, w) => a + w.bytes, 0),
    shelf: pack.broadcast.reduce((a, b) => a + b.bytes, 0),
    maxSetting: Math.max(...settingsWrites.map((w) => w.bytes)),
    maxShelf: Math.max(...pack.broadcast.map((b) => b.bytes)),
    loads,
    packIndexBytes: pack.indexBytes(),
    packIndexEntries: pack.index.size,
    records,
  };
}

/** The module's world Setting documents. */
const vaultDocuments = (world: FakeWorld): number =>
  (world.settings as SettingDocuments).documents().filter((d) => d.key.startsWith("cantina-games.")).length;

/** What every client downloads at load that the module adds to: the world settings and the packs' indexes. */
function loadPayload(world: FakeWorld): string {
  return JSON.stringify({
    settings: (world.settings as SettingDocuments).documents(),
    packs: [...world.packs.values()].map((p) => [...(p as FakeWorldPack).index.values()]),
  });
}

/** What a client downloads at load (`payload`) and the module's settings it then finds by key. */
export interface ClientLoad {
  readonly payload: string;
  readonly registered: readonly string[];
}

const clientLoad = (world: FakeWorld): ClientLoad => ({
  payload: loadPayload(world),
  registered: (world.settings as SettingDocuments).documents().map((d) => d.key),
});

/**
 * What a client's load costs of the world settings, as Foundry does it: the documents arrive as one
 * JSON payload, each document's value is parsed from its string (Setting's JSONField), and each of
 * the module's registered settings is found by a linear search; the world pack's index arrives with
 * them. A load takes microseconds: timed in batches of 200 (a timer's grain is coarser), the loads
 * compared taking turns batch by batch (so a busy moment of the machine falls on each alike), the
 * median of 41 batches each, in ms a load.
 */
export function clientLoadMs(loads: readonly ClientLoad[]): number[] {
  const once = ({ payload, registered }: ClientLoad): void => {
    const data = JSON.parse(payload) as { settings: { key: string; value: string }[]; packs: unknown[][] };
    const docs = data.settings.map((d) => ({ ...d, parsed: JSON.parse(d.value) as unknown }));
    for (const key of registered) if (!docs.find((d) => d.key === key)) throw new Error(key);
  };
  const runs = loads.map((): number[] => []);
  for (let r = 0; r < 41; r++)
    loads.forEach((load, i) => {
      const start = performance.now();
      for (let k = 0; k < 200; k++) once(load);
      runs[i]!.push((performance.now() - start) / 200);
    });
  return runs.map(median);
}
