/**
 * The length test's match (issue 10): a random match of one game played through the table layer
 * with the real sealing and the real sealed store, every sealed message and record a client can
 * see noted with its length and the length its public facts alone give (public-size.ts). Used by
 * tests/foundry/lengths.test.ts (short) and tests/soak/lengths.soak.test.ts (whole matches).
 */
import { expect } from "vitest";
import { planChat } from "../../src/foundry/chat";
import { type PublicJwk, Sealer, generateKeyPair, isSealedRecord, paddedSize } from "../../src/foundry/crypto";
import { logChunkBound, recordBound, requestsBound } from "../../src/foundry/public-size";
import { sealRoll } from "../../src/foundry/sealed-chat";
import { SealedStore, type VaultBackend } from "../../src/foundry/sealed-store";
import { eventParts as partsOfEvent, readEvent, recordsPart } from "../../src/foundry/vault-ledger";
import { type StoredPart, logKeyOf, openPart, partBound } from "../../src/foundry/vault-steps";
import { type Directory, SecureClientTransport, SecureHostTransport } from "../../src/foundry/secure-transport";
import { type Delivery, type Seen, TAG, b64, bytes, notePush, sealedLength } from "./lengths-push";
import { bots, games, markets } from "../../src/games";
import { SeededRandom } from "../../src/rules/core";
import type { Book } from "../../src/table/concerns/betting/book";
import type { EventLedger } from "../../src/table/ledger";
import { TableClient } from "../../src/table/client";
import { TableHost } from "../../src/table/host";
import type { HostMessage, LogEntry, UserRecords } from "../../src/table/protocol";
import type { StoreChange, TableRecord, TableStore } from "../../src/table/store";

const PLAYERS = ["alice", "bob", "erin"];

export { TAG, b64, type Seen } from "./lengths-push";

/** The settings as a Map, each write handed to `onWrite`. */
class WatchedVault implements VaultBackend {
  readonly map = new Map<string, unknown>();
  constructor(private readonly onWrite: (key: string, value: unknown) => Promise<void>) {}
  read(key: string): unknown {
    return this.map.get(key) ?? null;
  }
  async write(key: string, value: unknown): Promise<void> {
    this.map.set(key, value);
    await this.onWrite(key, value);
  }
}

/** A record's bound from its public facts alone: game, version, each pool's number of bets. */
function publicRecordBound(r: { gameId: string; version: number; betting?: Book }, withLog: boolean): number {
  const betting = r.betting
    ? ({ pools: r.betting.pools.map((p) => ({ bets: p.bets.map(() => null) })) } as unknown as Book)
    : undefined;
  return recordBound({ gameId: r.gameId, version: r.version, ...(betting ? { betting } : {}) }, withLog);
}

/**
 * Plays `gameId` from `seed` for at most `maxSteps` moves (a whole match if it ends before).
 * `delivery`: whether the host sends deltas, and whether its pushes reach their recipient only.
 */
export async function playMatch(
  gameId: string,
  seed: number,
  seen: Seen[],
  maxSteps = 1500,
  delivery: Delivery = { deltas: false, recipientOnly: false },
): Promise<void> {
  const game = games[gameId]!;
  const seated = PLAYERS.slice(0, Math.min(game.maxSeats, Math.max(2, game.minSeats)));
  const USERS = ["gm", ...seated, "dave"]; // dave watches (and bets where he may)
  const sealers: Record<string, Sealer> = {};
  for (const u of USERS) sealers[u] = await Sealer.create(u, await generateKeyPair());
  const directory: Directory = { publicKey: (u) => sealers[u]?.publicJwk ?? null, isGM: (u) => u === "gm" };
  const gm = sealers.gm!;
  const remotes = new Map<string, SecureClientTransport>();
  // The events as last stored: their counts are what a ledger push's bound comes from.
  const storedEvents = new Map<string, EventLedger>();
  const transport = new SecureHostTransport(
    gm,
    directory,
    async (to, sealed) => {
      const message = (await sealers[to]!.open(sealed, "push")) as HostMessage;
      seen.push(notePush(gameId, to, message, sealed, storedEvents, delivery.recipientOnly));
      // Opened by its recipient's client, so that client's view stays current.
      await remotes.get(to)?.receive(sealed, "gm");
    },
    undefined,
    () => delivery.recipientOnly,
  );
  // Every stored record as the Foundry host seals it; its public facts read back by the test.
  const gmKeys: Record<string, PublicJwk> = { gm: gm.publicJwk };
  // Parts of an event written before its head: their bounds are known once the head is.
  const eventParts = new Map<string, { length: number; size: number; kind: string }>();
  // A table's log parts are sealed with its log key, which its record (written after the first ones) holds.
  const logKeys = new Map<string, { key: Uint8Array; seats: number }>();
  const pendingParts: [string, StoredPart][] = [];
  const noteParts = (): void => {
    for (const [key, part] of pendingParts.splice(0)) {
      const table = key.slice(2, key.lastIndexOf("-"));
      const known = logKeys.get(table);
      if (!known) {
        pendingParts.push([key, part]);
        continue;
      }
      const opened = openPart(known.key, table, part.at, part);
      expect(opened, key).not.toBeNull();
      // Its bound from public facts alone: the game, how many entries, a step or not, how many seats.
      const bound = partBound(gameId, part.n, part.light, known.seats);
      seen.push({
        kind: part.light ? "stored step" : "stored log",
        game: gameId,
        length: part.ct.length,
        expected: b64(bound + 4 + TAG),
        size: bytes(opened!.body),
        bound,
        hidden: key,
        facts: { version: 0, pools: 0, bets: 0, entries: part.n },
      });
    }
  };
  const vault = new WatchedVault(async (written, value) => {
    // An item of the shelf kept in the settings (`f-<name>~<generation>`): counted as the record it holds.
    const key = written.startsWith("f-") ? written.slice(2).replace(/~\d+$/, "") : written;
    if (key.startsWith("s-") && value !== null) {
      pendingParts.push([key, value as StoredPart]);
      return noteParts();
    }
    if (!isSealedRecord(value)) return;
    const opened = await gm.openRecord(value, value.kind);
    if (value.kind === "table") {
      const head = opened as { id: string; logKey?: string; seats: unknown[] };
      const logKey = logKeyOf(head.logKey);
      if (logKey) logKeys.set(head.id, { key: logKey, seats: head.seats.length });
      noteParts();
    }
    let bound = 0;
    let facts: Seen["facts"];
    if (value.kind === "table" || value.kind === "archive" || value.kind === "finished") {
      const r = opened as { gameId: string; version: number; betting?: Book; log?: LogEntry[] };
      // A finished table on the shelf is whole, its log with it (an archive stored before: the same without its state).
      bound = publicRecordBound(r, value.kind !== "table");
      const pools = r.betting?.pools ?? [];
      facts = { version: r.version, pools: pools.length, bets: pools.reduce((a, p) => a + p.bets.length, 0) };
    } else if (value.kind === "entries" || value.kind === "returns") {
      // An event's part comes before its head, which gives the counts its bound is made of.
      eventParts.set(key, { length: value.ct.length, size: bytes(opened), kind: value.kind });
      return;
    } else if (value.kind === "ledger") {
      const open = async (part: string, kind: string): Promise<unknown> => {
        const sealed = vault.map.get(part) ?? vault.map.get(`f-${part}~0`);
        if (!isSealedRecord(sealed)) throw new Error(`no record ${part}`);
        return gm.openRecord(sealed, kind);
      };
      const event = await readEvent(opened, open);
      storedEvents.set(event.id, event);
      const bounds = new Map(partsOfEvent(event).map((p) => [p.key, p.bound]));
      for (const [part, written] of eventParts) {
        const partBound = bounds.get(part) ?? 0;
        seen.push({
          kind: `stored ${written.kind}`,
          game: gameId,
          length: written.length,
          expected: sealedLength(partBound),
          size: written.size,
          bound: partBound,
          hidden: part,
        });
      }
      eventParts.clear();
      bound = bounds.get(key) ?? 0;
      facts = { version: 0, pools: 0, bets: 0, entries: event.entries.length };
    } else if (value.kind === "records") bound = recordsPart(key.slice(2), opened as UserRecords).bound;
    else if (value.kind === "requests") bound = requestsBound();
    else if (value.kind === "log") {
      bound = logChunkBound(gameId, (opened as LogEntry[]).length);
      facts = { version: 0, pools: 0, bets: 0, entries: (opened as LogEntry[]).length };
    }
    seen.push({
      kind: `stored ${value.kind}`,
      game: gameId,
      length: value.ct.length,
      expected: sealedLength(bound),
      size: bytes(opened),
      bound,
      hidden: key,
      ...(facts ? { facts } : {}),
    });
  });
  const sealedStore = new SealedStore(gm, () => gmKeys, vault);
  // Private rolls' chat envelopes, sealed as the Foundry host seals them.
  const seenVersion = new Map<string, number>();
  const store: TableStore = {
    load: () => sealedStore.load(),
    commit: async (change: StoreChange) => {
      await sealedStore.commit(change);
      for (const record of change.tables ?? []) await sealChat(record);
    },
  };
  const sealChat = async (record: TableRecord): Promise<void> => {
    const last = seenVersion.get(record.id) ?? -1;
    seenVersion.set(record.id, record.version);
    const plans = planChat(
      record,
      record.log.filter((e) => e.version > last),
      { hostUser: "gm", gmIds: ["gm"], format: (k, p) => `${k} ${JSON.stringify(p)}`, localize: (k) => k },
    );
    for (const plan of plans) {
      if (!plan.whisper || !plan.roll) continue;
      const envelopes = await sealRoll(
        { sealer: gm, publicKey: directory.publicKey },
        "0123456789abcdef",
        plan.whisper,
        plan.flavor,
        plan.roll,
      );
      for (const e of Object.values(envelopes))
        seen.push({
          kind: "chat: private roll",
          game: gameId,
          length: e.ct.length,
          expected: sealedLength(0),
          size: 0,
          bound: 0,
          hidden: String(plan.roll.total),
        });
    }
  };
  let clock = 1_000;
  const host = await TableHost.start({
    games,
    store,
    transport,
    hostUser: "gm",
    isGM: (u) => u === "gm",
    users: () => USERS,
    random: new SeededRandom(seed),
    bettingRandom: new SeededRandom(seed + 1),
    markets,
    now: () => clock,
    archiveAfterMs: () => 3600_000,
    newId: () => "t1",
    deltas: delivery.deltas,
  });
  const clients: Record<string, TableClient> = {};
  for (const u of USERS) {
    if (u === "gm") {
      clients[u] = new TableClient(transport.localClient());
      continue;
    }
    const remote = new SecureClientTransport(
      sealers[u]!,
      directory,
      () => "gm",
      async (_host, sealed) => {
        const hidden = JSON.stringify(await sealers.gm!.open(sealed, "request"));
        seen.push({
          kind: "request",
          game: gameId,
          length: sealed.ct.length,
          expected: sealedLength(0),
          size: 0,
          bound: 0,
          hidden,
        });
        const reply = await transport.receive(u, sealed);
        if ("ct" in reply)
          seen.push({
            kind: "reply",
            game: gameId,
            length: reply.ct.length,
            expected: sealedLength(0),
            size: 0,
            bound: 0,
            hidden,
          });
        return reply;
      },
    );
    remotes.set(u, remote);
    clients[u] = new TableClient(remote);
  }
  const settle = async (): Promise<void> => {
    await host.idle();
    await transport.flush();
    for (const r of remotes.values()) await r.settled();
  };
  for (const u of USERS) if (u !== "gm") await clients[u]!.sync();
  await settle();
  const event = await clients.gm!.createEvent("Nova night", 1_000_000);
  const eventId = (event as { eventId: string }).eventId;
  await clients.gm!.joinEvent(eventId, "dave", "Dave");
  const created = await clients.gm!.create({
    gameId,
    eventId,
    seats: seated.map((u) => ({ kind: "person" as const, userId: u, name: u })),
    options: game.usesLedger ? { defaultCredits: 20000 } : {},
    ...(markets[gameId] ? { betting: { winnerShare: 10 } } : {}),
  });
  expect(created.ok, JSON.stringify(created)).toBe(true);
  const pick = new SeededRandom(seed * 31 + 7);
  // The quickest bot level picks the persons' moves (the strong ones search: too slow for a unit test).
  const levels = bots[gameId] ?? {};
  const brain = levels.greedy ?? levels.weak ?? levels.quick ?? Object.values(levels)[0];
  for (let step = 0; step < maxSteps; step++) {
    await settle();
    const record = host.record("t1");
    if (!record) break;
    const status = game.status(record.state);
    if (status.over) break;
    // A spectator bets now and then, sums of every size (his stakes are his alone).
    const watched = clients.dave!.tables.get("t1");
    const open = (watched?.betting?.pools ?? []).filter((p) => p.open);
    if (open.length > 0 && pick.die(6) === 1) {
      const pool = open[pick.die(open.length) - 1]!;
      const outcome = pool.outcomes[pick.die(pool.outcomes.length) - 1]!.outcome;
      await clients.dave!.bet("t1", pool.id, outcome, [1, 7, 85, 930, 12_345][pick.die(5) - 1]!);
      await settle();
    }
    // Now and then a player reloads: a full resync.
    if (step % 41 === 5) {
      await clients[seated[pick.die(seated.length) - 1]!]!.sync();
      await clients.dave!.sync();
      await settle();
    }
    const seat = status.toAct[0]!;
    const user = record.seats.find((s) => s.seat === seat) as { userId: string };
    const legal = game.legalMoves(record.state, seat);
    let move: unknown;
    if (gameId.startsWith("sabacc")) {
      // A move type at random, then a move of that type: keep and reroll, cheat and not, alike.
      // Nobody folds (the matches reach the cheat and the show); Alice never rerolls, so she
      // keeps the Luck/Force points a cheat needs.
      let types = [...new Set(legal.map((m) => (m as { type: string }).type))];
      if (types.length > 1) types = types.filter((t) => t !== "fold");
      if (user.userId === "alice" && types.length > 1) types = types.filter((t) => t !== "reroll");
      const type = types[pick.die(types.length) - 1];
      const ofType = legal.filter((m) => (m as { type: string }).type === type);
      move = ofType[pick.die(ofType.length) - 1];
    } else {
      const view = game.view(record.state, { role: "seat", seat });
      move = brain?.think ? brain.think(view, legal, pick).move : brain!.choose(view, legal, pick);
    }
    const reply = await clients[user.userId]!.move("t1", move);
    expect(reply.ok, JSON.stringify(reply)).toBe(true);
  }
  await settle();
  if (maxSteps >= 1500) expect(game.status(host.record("t1")?.state ?? null).over, `${gameId} ends`).toBe(true);
  // A player reloads at the end: a full sync.
  await clients[seated[1]!]!.sync();
  await settle();
  if (maxSteps >= 1500) {
    // Days later: the finished table is archived (its record and whole log in one sealed record).
    clock += 400 * 24 * 3600_000;
    await clients.gm!.sync();
    await settle();
    expect(seen.some((s) => s.kind === "stored finished")).toBe(true);
  }
}

export function byKind(seen: readonly Seen[]): Map<string, Seen[]> {
  const out = new Map<string, Seen[]>();
  for (const s of seen) out.set(s.kind, [...(out.get(s.kind) ?? []), s]);
  return out;
}

/** Every message's length is the one its public facts give, and it fits in its public bound. */
export function expectPublicLengths(seen: readonly Seen[]): void {
  for (const s of seen) {
    expect(s.size, `${s.game} ${s.kind}: ${s.size} bytes within its bound ${s.bound}`).toBeLessThanOrEqual(
      Math.max(s.bound, paddedSize(0) - 4),
    );
    expect(s.length, `${s.game} ${s.kind} (${s.hidden})`).toBe(s.expected);
  }
}
