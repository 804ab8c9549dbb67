/**
 * No secret in a message's length (issue 10): every Foundry client sees the length of every sealed
 * message. Random matches of Sabacc (True Sabacc's keep or reroll and cheats,
 * Simplified Sabacc's private 1d23 rolls) are played through the table layer with the real
 * sealing; for each message kind a non-recipient can see, the sealed lengths must not depend on
 * any hidden value. docs/security.md, "What lengths reveal", says what growing messages reveal.
 */
import { describe, expect, it } from "vitest";
import { planChat, rollJson } from "../../src/foundry/chat";
import { type PublicJwk, Sealer, generateKeyPair, paddedSize } from "../../src/foundry/crypto";
import { sealRoll } from "../../src/foundry/sealed-chat";
import { games } from "../../src/games";
import { type Directory, SecureClientTransport, SecureHostTransport } from "../../src/foundry/secure-transport";
import { SeededRandom } from "../../src/rules/core";
import { TableClient } from "../../src/table/client";
import { TableHost } from "../../src/table/host";
import type { HostMessage } from "../../src/table/protocol";
import { MemoryStore, type StoreChange, type TableRecord } from "../../src/table/store";

const SEATS: Record<string, string> = { alice: "seat-1", bob: "seat-2" };
const USERS = ["gm", "alice", "bob", "dave"]; // dave watches

/** The length of base64 of `bytes` bytes: what a sealed `ct` of a padded plaintext measures. */
const b64 = (bytes: number): number => 4 * Math.ceil(bytes / 3);
const TAG = 16;

/** What a non-recipient sees of one sealed message, and what it was (known to the test only). */
interface Seen {
  readonly kind: string;
  readonly length: number;
  readonly hidden: string;
}

async function playMatch(gameId: string, seed: number, seen: Seen[]): Promise<void> {
  const sealers: Record<string, Sealer> = {};
  for (const u of USERS) sealers[u] = await Sealer.create(u, await generateKeyPair());
  const directory: Directory = { publicKey: (u) => sealers[u]?.publicJwk ?? null, isGM: (u) => u === "gm" };
  const gm = sealers.gm!;
  // Each push is classed by what the test knows it is (a move's update, a full sync, the ledger).
  const pending = new Map<string, string[]>();
  const remotes = new Map<string, SecureClientTransport>();
  const transport = new SecureHostTransport(gm, directory, async (to, sealed) => {
    const what = pending.get(to)?.shift() ?? "push";
    seen.push({ kind: what, length: sealed.ct.length, hidden: to });
    // Opened by its recipient's client, so that client's view stays current.
    await remotes.get(to)?.receive(sealed, "gm");
  });
  const send = transport.send.bind(transport);
  transport.send = (to: string, message: HostMessage) => {
    const what =
      message.type === "table"
        ? message.full
          ? "push: full table"
          : "push: a move's update"
        : `push: ${message.type}`;
    if (to !== "gm") pending.set(to, [...(pending.get(to) ?? []), what]);
    send(to, message);
  };
  // Stored records and chat envelopes, sealed as the Foundry host seals them.
  const gmKeys: Record<string, PublicJwk> = { gm: gm.publicJwk };
  const inner = new MemoryStore();
  const seenVersion = new Map<string, number>();
  const store = Object.create(inner) as MemoryStore;
  store.commit = async (change: StoreChange) => {
    await inner.commit(change);
    for (const record of change.tables ?? []) await sealStored(record);
  };
  const sealStored = async (record: TableRecord): Promise<void> => {
    const sealed = await gm.sealRecord("table", gmKeys, record);
    seen.push({ kind: "stored table", length: sealed.ct.length, hidden: `v${record.version}` });
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
        seen.push({ kind: "chat: private roll", length: e.ct.length, hidden: String(plan.roll.total) });
    }
  };
  await TableHost.start({
    games,
    store,
    transport,
    hostUser: "gm",
    isGM: (u) => u === "gm",
    users: () => USERS,
    random: new SeededRandom(seed),
    newId: () => "t1",
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
        seen.push({ kind: "request", length: sealed.ct.length, hidden });
        const reply = await transport.receive(u, sealed);
        if ("ct" in reply) seen.push({ kind: "reply", length: reply.ct.length, hidden });
        return reply;
      },
    );
    remotes.set(u, remote);
    clients[u] = new TableClient(remote);
  }
  for (const u of USERS) if (u !== "gm") await clients[u]!.sync();
  await transport.flush();
  const created = await clients.gm!.create({
    gameId,
    seats: Object.keys(SEATS).map((u) => ({ kind: "person" as const, userId: u, name: u })),
    options: { defaultCredits: 20000 },
  });
  expect(created.ok, JSON.stringify(created)).toBe(true);
  const pick = new SeededRandom(seed * 31 + 7);
  for (let step = 0; step < 1000; step++) {
    await transport.flush();
    for (const r of remotes.values()) await r.settled();
    const table = clients.gm!.tables.get("t1");
    if (!table || table.table.over) break;
    const user = Object.keys(SEATS).find((u) => SEATS[u] === table.table.toAct[0])!;
    const update = clients[user]!.tables.get("t1")!;
    // A move type at random, then a move of that type: keep and reroll, cheat and not, alike.
    // Nobody folds (the matches reach the cheat and the show).
    let types = [...new Set(update.legalMoves.map((m) => (m as { type: string }).type))];
    if (types.length > 1) types = types.filter((t) => t !== "fold");
    // Alice never rerolls, so she keeps the Luck/Force points a cheat needs.
    if (user === "alice" && types.length > 1) types = types.filter((t) => t !== "reroll");
    const type = types[pick.die(types.length) - 1];
    const ofType = update.legalMoves.filter((m) => (m as { type: string }).type === type);
    const move = ofType[pick.die(ofType.length) - 1];
    const reply = await clients[user]!.move("t1", move);
    expect(reply.ok, JSON.stringify(reply)).toBe(true);
  }
  // A player reloads: a full sync.
  await clients.bob!.sync();
  await transport.flush();
  expect(clients.gm!.tables.get("t1")?.table.over).toBe(true);
}

describe("no secret in a sealed message's length", () => {
  it("a private 1d23 roll's envelope has one length for every value (600 and 604 characters before)", async () => {
    const gm = await Sealer.create("gm", await generateKeyPair());
    const alice = await Sealer.create("alice", await generateKeyPair());
    const keys: Record<string, PublicJwk> = { alice: alice.publicJwk };
    const lengths = new Set<number>();
    for (let value = 1; value <= 23; value++) {
      const envelopes = await sealRoll(
        { sealer: gm, publicKey: (u) => keys[u] ?? null },
        "0123456789abcdef",
        ["alice", "gm"],
        "Simplified Sabacc · Alice: hand (1d23)",
        rollJson("1d23", [value]),
      );
      for (const e of Object.values(envelopes)) lengths.add(e.ct.length);
    }
    expect([...lengths]).toEqual([b64(paddedSize(0) + TAG)]);
  });

  it("over random matches of True and Simplified Sabacc, each kind has one sealed length, whatever is hidden in it", async () => {
    const seen: Seen[] = [];
    for (const [game, seed] of [
      ["sabacc-true", 1],
      ["sabacc-simplified", 3],
    ] as const)
      await playMatch(game, seed, seen);
    const byKind = new Map<string, Seen[]>();
    for (const s of seen) byKind.set(s.kind, [...(byKind.get(s.kind) ?? []), s]);
    // What the matches held: keep and reroll, cheats, every kind of message.
    const requests = (byKind.get("request") ?? []).map((s) => s.hidden).join("\n");
    for (const move of ['"type":"keep"', '"type":"reroll"', '"type":"cheat"', '"type":"no-cheat"'])
      expect(requests, move).toContain(move);
    const totals = new Set((byKind.get("chat: private roll") ?? []).map((s) => s.hidden));
    expect(totals.size, "private rolls of different values").toBeGreaterThan(1);
    for (const kind of ["request", "reply", "push: a move's update", "push: ledger", "chat: private roll"]) {
      const lengths = new Set((byKind.get(kind) ?? []).map((s) => s.length));
      expect(byKind.get(kind)?.length ?? 0, kind).toBeGreaterThan(3);
      expect([...lengths], `${kind}: one length for every hidden value`).toEqual([b64(paddedSize(0) + TAG)]);
    }
    // Messages that grow with the match (a full sync, a stored table) show only their size bucket.
    const buckets = new Set([8192, 16384, 32768, 65536, 98304].map((b) => b64(b + TAG)));
    for (const kind of ["push: full table", "stored table"]) {
      expect(byKind.get(kind)?.length ?? 0, kind).toBeGreaterThan(5);
      for (const s of byKind.get(kind) ?? []) expect(buckets.has(s.length), `${kind}: ${s.length}`).toBe(true);
    }
  });
});
