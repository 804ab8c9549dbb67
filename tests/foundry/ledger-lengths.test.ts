/**
 * No secret in the event ledger's length (issue 10): a stored event and each user's ledger push are
 * padded to a bound of public facts (how many accounts, tables, entries and GM adjustments), so two
 * evenings that differ only in hidden amounts, reasons and whose account a GM adjusted seal to the
 * same lengths, message by message. docs/security.md, "What lengths reveal".
 */
import { describe, expect, it } from "vitest";
import { type PublicJwk, Sealer, generateKeyPair, isSealedRecord } from "../../src/foundry/crypto";
import { SealedStore, type VaultBackend } from "../../src/foundry/sealed-store";
import { eventParts, readEvent } from "../../src/foundry/vault-ledger";
import { type Directory, SecureHostTransport } from "../../src/foundry/secure-transport";
import { games, markets } from "../../src/games";
import { SeededRandom } from "../../src/rules/core";
import { TableHost } from "../../src/table/host";
import { type EventLedger, adjust, emptyEvent, ensureAccount, eventBound } from "../../src/table/ledger";
import { plainText } from "../../src/table/parse-request";

const USERS = ["gm", "alice", "bob", "carol"];

/** One GM adjustment of the evening: its account, amounts and reason are the hidden part. */
interface Adjustment {
  readonly account: string;
  readonly credits: number;
  readonly luck: number;
  readonly reason: string;
}

/** Every sealed length a non-recipient sees, in order: pushes by recipient, stored records by key. */
async function evening(adjustments: readonly Adjustment[]): Promise<{ lengths: string[]; events: EventLedger[] }> {
  const sealers: Record<string, Sealer> = {};
  for (const u of USERS) sealers[u] = await Sealer.create(u, await generateKeyPair());
  const directory: Directory = { publicKey: (u) => sealers[u]?.publicJwk ?? null, isGM: (u) => u === "gm" };
  const gm = sealers.gm!;
  const lengths: string[] = [];
  const events: EventLedger[] = [];
  const transport = new SecureHostTransport(gm, directory, async (to, sealed) => {
    lengths.push(`push to ${to}: ${sealed.ct.length}`);
  });
  const vault: VaultBackend & { map: Map<string, unknown> } = {
    map: new Map(),
    read(key) {
      return this.map.get(key) ?? null;
    },
    async write(key, value) {
      this.map.set(key, value);
      if (!isSealedRecord(value)) return;
      lengths.push(`stored ${key}: ${value.ct.length}`);
      if (value.kind !== "ledger") return;
      // The event whole again from its head and the parts written before it.
      const open = async (key: string, kind: string): Promise<unknown> => {
        const part = this.map.get(key) ?? this.map.get(`f-${key}~0`);
        if (!isSealedRecord(part)) throw new Error(`no record ${key}`);
        return gm.openRecord(part, kind);
      };
      events.push(await readEvent(await gm.openRecord(value, value.kind), open));
    },
  };
  const gmKeys: Record<string, PublicJwk> = { gm: gm.publicJwk };
  let clock = 1_000;
  let ids = 0;
  await TableHost.start({
    games,
    store: new SealedStore(gm, () => gmKeys, vault),
    transport,
    hostUser: "gm",
    isGM: (u) => u === "gm",
    users: () => USERS,
    random: new SeededRandom(1),
    bettingRandom: new SeededRandom(2),
    markets,
    now: () => (clock += 1000),
    archiveAfterMs: () => 3600_000,
    newId: () => `id${++ids}`,
  });
  const request = transport.localClient().request;
  // Pushes are sealed one after another per user: wait for them before the next step.
  const drain = async (): Promise<void> => {
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  };
  const created = await request({ type: "event-create", name: "Game night", startingCredits: 1000, requestId: "c" });
  expect(created.ok).toBe(true);
  const eventId = (created as { eventId: string }).eventId;
  for (const [n, user] of ["alice", "bob", "carol"].entries()) {
    const joined = await request({ type: "event-join", eventId, account: user, name: user, requestId: `j${n}` });
    expect(joined.ok).toBe(true);
    await drain();
  }
  for (const [n, a] of adjustments.entries()) {
    const reply = await request({ type: "ledger-adjust", eventId, ...a, requestId: `a${n}` });
    expect(reply.ok, JSON.stringify(reply)).toBe(true);
    await drain();
  }
  await drain();
  return { lengths, events };
}

// A 500-character reason with every kind of character JSON makes longest (quotes, backslashes,
// 3-byte characters, control characters, lone surrogates).
const LONG_REASON = `"\\€\u0001\ud800`.repeat(100);

describe("no secret in the event ledger's length", () => {
  it("two evenings with different hidden amounts, reasons and accounts seal to the same lengths", async () => {
    const small = Array.from({ length: 14 }, (_, i) => ({ account: "alice", credits: 1, luck: 0, reason: `r${i}` }));
    const large = Array.from({ length: 14 }, (_, i) => ({
      account: i % 2 ? "bob" : "carol",
      credits: i % 3 ? 999_999_999_999 : -1000,
      luck: i % 2 ? 3 : 1_000_000,
      reason: LONG_REASON,
    }));
    const a = await evening(small);
    const b = await evening(large);
    expect(b.lengths).toEqual(a.lengths);
    // Both evenings stored and pushed the whole ledger, its entries in more than one chunk.
    expect(a.lengths.filter((l) => l.startsWith("push to alice")).length).toBeGreaterThan(12);
    expect(a.lengths.filter((l) => l.startsWith("stored e-")).length).toBeGreaterThan(12);
    expect(
      new Set(a.lengths.filter((l) => l.startsWith("stored n-")).map((l) => l.split(":")[0])).size,
    ).toBeGreaterThan(1);
    expect(JSON.stringify(a.events.at(-1))).not.toEqual(JSON.stringify(b.events.at(-1)));
    // The bounds hold the longest event: nothing spills past them into a bucket of its own.
    for (const event of b.events) {
      expect(new TextEncoder().encode(JSON.stringify(event)).length).toBeLessThanOrEqual(eventBound(event));
      for (const part of eventParts(event))
        expect(new TextEncoder().encode(JSON.stringify(part.value)).length, part.key).toBeLessThanOrEqual(part.bound);
    }
  });

  it("how many bets won a pool (one payout entry each) never changes an event's bound", () => {
    let event = emptyEvent("e1", "Night", 1000, 0);
    for (const user of ["alice", "bob", "carol"]) event = ensureAccount(event, user, user, 1000, 0, "gm");
    for (const user of ["alice", "bob", "carol"]) {
      const staked = adjust(event, user, -10, 0, "bet t1/p1", 1, user, "bet", {
        table: "t1",
        bet: "stake",
        pool: "p1",
      });
      if (staked.ok) event = staked.event;
    }
    const bounds = new Set<number>();
    for (const winners of [0, 1, 3]) {
      let paid = event;
      for (const user of ["alice", "bob", "carol"].slice(0, winners)) {
        const payout = adjust(paid, user, 30 / winners, 0, "payout t1/p1", 2, "gm", "bet", {
          table: "t1",
          bet: "payout",
        });
        if (payout.ok) paid = payout.event;
      }
      expect(paid.entries.length).toBe(event.entries.length + winners);
      bounds.add(eventBound(paid));
      expect(new TextEncoder().encode(JSON.stringify(paid)).length).toBeLessThanOrEqual(eventBound(paid));
    }
    expect(bounds.size).toBe(1);
  });

  it("a GM's reason is stored without control characters or lone surrogates, 3 bytes a unit at most", () => {
    expect(plainText("a\nb\u0000c\ud800d\u{1F600}")).toBe("a b c\ufffdd\u{1F600}");
    const stored = JSON.stringify(plainText(LONG_REASON));
    expect(new TextEncoder().encode(stored).length).toBeLessThanOrEqual(3 * LONG_REASON.length + 2);
  });
});
