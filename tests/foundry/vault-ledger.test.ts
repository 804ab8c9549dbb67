/**
 * The ledger in Foundry's vault (issue 23): a ledger change writes what changed (its event's head
 * and the chunk its entries fall in, never every entry of the night), an event's parts read back
 * to the event in its order, how many bets won never changes which parts are written nor their
 * bounds, and an event stored whole (the layout before) is read and stored in parts at its next write.
 */
import { describe, expect, it } from "vitest";
import { Sealer, generateKeyPair } from "../../src/foundry/crypto";
import { SealedStore, type VaultBackend } from "../../src/foundry/sealed-store";
import { ENTRY_CHUNK, eventParts, readEvent } from "../../src/foundry/vault-ledger";
import { games } from "../../src/games";
import { SeededRandom } from "../../src/rules/core";
import { TableHost } from "../../src/table/host";
import { type EventLedger, adjust, emptyEvent, ensureAccount, eventBound } from "../../src/table/ledger";
import { MemoryNetwork } from "../../src/table/transport";

/** The world's settings as a Map, every write recorded (game.settings.set: one value per key). */
class RecordingBackend implements VaultBackend {
  readonly map: Map<string, unknown>;
  readonly writes: { key: string; value: unknown }[] = [];
  constructor(entries: ReadonlyMap<string, unknown> = new Map()) {
    this.map = new Map(entries);
  }
  read(key: string): unknown {
    return this.map.get(key) ?? null;
  }
  async write(key: string, value: unknown): Promise<void> {
    const copy = JSON.parse(JSON.stringify(value ?? null)) as unknown;
    this.writes.push({ key, value: copy });
    this.map.set(key, copy);
  }
}

async function hostOn(sealer: Sealer, backend: VaultBackend): Promise<TableHost> {
  let id = 0;
  return TableHost.start({
    games,
    store: new SealedStore(sealer, () => ({}), backend),
    transport: new MemoryNetwork().host(),
    hostUser: "gm",
    isGM: (u) => u === "gm",
    users: () => ["gm", "alice", "bob", "carol"],
    random: new SeededRandom(3),
    now: () => 1_000,
    newId: () => `x${++id}`,
  });
}

const must = (r: ReturnType<typeof adjust>): EventLedger => {
  if (!r.ok) throw new Error("refused");
  return r.event;
};

/** An event with three accounts, stakes on a table's pool, GM adjustments, and `winners` payouts among them. */
function bettingEvent(winners: number): EventLedger {
  let event = emptyEvent("e1", "Night", 1000, 0);
  for (const user of ["alice", "bob", "carol"]) event = ensureAccount(event, user, user, 1000, 0, "gm");
  for (const user of ["alice", "bob", "carol"])
    event = must(adjust(event, user, -10, 0, "bet t1/p1", 1, user, "bet", { table: "t1", bet: "stake", pool: "p1" }));
  event = must(adjust(event, "bob", 7, 0, "Quiz", 2, "gm"));
  for (const user of ["alice", "bob", "carol"].slice(0, winners))
    event = must(adjust(event, user, 30 / winners, 0, "payout t1/p1", 3, "gm", "bet", { table: "t1", bet: "payout" }));
  return must(adjust(event, "carol", -3, 0, "Spilled a drink", 4, "gm"));
}

/** Opens the parts as `eventParts` gives them (plain, by key), as the store's reader does. */
function openParts(event: EventLedger): { head: unknown; open: (key: string) => Promise<unknown> } {
  const parts = new Map(eventParts(event).map((p) => [p.key, p.value]));
  return { head: parts.get("e-e1"), open: async (key) => parts.get(key) };
}

describe("the ledger in Foundry's vault", () => {
  it("a ledger change writes its event's head and last chunk: its bytes do not grow with the night's entries", async () => {
    const sealer = await Sealer.create("gm", await generateKeyPair());
    const backend = new RecordingBackend();
    const host = await hostOn(sealer, backend);
    const created = await host.handle("gm", {
      type: "event-create",
      name: "Night",
      startingCredits: 100,
      requestId: "c",
    });
    const eventId = (created as { eventId: string }).eventId;
    expect(
      (await host.handle("gm", { type: "event-join", eventId, account: "alice", name: "A", requestId: "j" })).ok,
    ).toBe(true);
    let n = 0;
    const adjustment = async (): Promise<{ bytes: number; keys: string[] }> => {
      const from = backend.writes.length;
      const request = { type: "ledger-adjust", eventId, account: "alice", credits: 1, luck: 0, reason: `r${n}` };
      expect((await host.handle("gm", { ...request, requestId: `a${n++}` })).ok).toBe(true);
      const written = backend.writes.slice(from);
      return {
        bytes: written.reduce((sum, w) => sum + JSON.stringify(w.value).length, 0),
        keys: [...new Set(written.map((w) => w.key))].sort(),
      };
    };
    const early = await adjustment();
    for (let i = 0; i < 4 * ENTRY_CHUNK; i++) await adjustment();
    const late = await adjustment();
    expect(host.currentLedger().events[eventId]!.entries.length).toBeGreaterThan(4 * ENTRY_CHUNK);
    // The journal, the event's head, the chunk the new entry falls in, the answered requests.
    const chunk = Math.floor((host.currentLedger().events[eventId]!.entries.length - 1) / ENTRY_CHUNK);
    expect(late.keys).toEqual([`e-${eventId}`, "journal", `n-${eventId}-${chunk}`, "requests"]);
    // Each record is padded to an 8 KiB bucket at least: compared with the first change's bytes.
    expect(late.bytes).toBeLessThan(early.bytes * 1.5);
    // And it all reads back.
    const again = await hostOn(sealer, new RecordingBackend(backend.map));
    expect(again.currentLedger()).toEqual(host.currentLedger());
  });

  it("a ledger change writes its entry chunk once, before the journal and not in it (issue 34)", async () => {
    const sealer = await Sealer.create("gm", await generateKeyPair());
    const backend = new RecordingBackend();
    const host = await hostOn(sealer, backend);
    const created = await host.handle("gm", {
      type: "event-create",
      name: "Night",
      startingCredits: 100,
      requestId: "c",
    });
    const eventId = (created as { eventId: string }).eventId;
    await host.handle("gm", { type: "event-join", eventId, account: "alice", name: "A", requestId: "j" });
    const from = backend.writes.length;
    const request = { type: "ledger-adjust", eventId, account: "alice", credits: 1, luck: 0, reason: "r" };
    expect((await host.handle("gm", { ...request, requestId: "a" })).ok).toBe(true);
    const written = backend.writes.slice(from);
    const chunk = `n-${eventId}-0`;
    const journal = written.find((w) => w.key === "journal" && w.value !== null)!.value as { puts: object };
    expect(Object.keys(journal.puts)).not.toContain(chunk);
    expect(Object.keys(journal.puts)).toContain(`e-${eventId}`);
    expect(written.filter((w) => w.key === chunk)).toHaveLength(1);
    expect(written.findIndex((w) => w.key === chunk)).toBeLessThan(written.findIndex((w) => w.key === "journal"));
    const again = await hostOn(sealer, new RecordingBackend(backend.map));
    expect(again.currentLedger()).toEqual(host.currentLedger());
  });

  it("an event's parts read back to the event, bet returns in their places among the entries", async () => {
    const event = bettingEvent(2);
    const { head, open } = openParts(event);
    expect(await readEvent(head, open)).toEqual(event);
  });

  it("how many bets won never changes which parts are written nor their bounds", () => {
    const shapes = [0, 1, 3].map((winners) =>
      JSON.stringify(eventParts(bettingEvent(winners)).map((p) => [p.key, p.kind, p.bound])),
    );
    expect(new Set(shapes).size).toBe(1);
    for (const winners of [0, 1, 3])
      for (const part of eventParts(bettingEvent(winners)))
        expect(new TextEncoder().encode(JSON.stringify(part.value)).length).toBeLessThanOrEqual(part.bound);
  });

  it("an event stored whole (the layout before) loads, and its next change stores it in parts", async () => {
    const sealer = await Sealer.create("gm", await generateKeyPair());
    const event = bettingEvent(2);
    const whole = await sealer.sealRecord("ledger", { gm: sealer.publicJwk }, event, eventBound(event));
    const backend = new RecordingBackend(
      new Map<string, unknown>([
        ["index", { v: 2, tables: [], events: ["e1"], archived: [] }],
        ["e-e1", whole],
      ]),
    );
    expect((await new SealedStore(sealer, () => ({}), backend).load()).ledger?.events.e1).toEqual(event);
    const host = await hostOn(sealer, backend);
    const request = { type: "ledger-adjust", eventId: "e1", account: "bob", credits: 5, luck: 0, reason: "Late" };
    expect((await host.handle("gm", { ...request, requestId: "late" })).ok).toBe(true);
    const head = (await sealer.openRecord(backend.map.get("e-e1") as never, "ledger")) as Record<string, unknown>;
    expect(head.entries).toBeUndefined();
    // Its first chunk, full, is on the shelf (here kept in the settings as `f-<name>`); a chunk not full stays a setting.
    expect(backend.map.get("n-e1-0") ?? backend.map.get("f-n-e1-0~0") ?? null).not.toBeNull();
    expect(backend.map.get("b-e1-t1")).not.toBeNull();
    const again = await hostOn(sealer, new RecordingBackend(backend.map));
    expect(again.currentLedger().events.e1).toEqual(host.currentLedger().events.e1);
    expect(again.currentLedger().events.e1!.entries).toHaveLength(event.entries.length + 1);
  });
});
