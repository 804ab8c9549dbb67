/**
 * Ubongo through the host's clock: claims are stamped with the host's time (a solo stopwatch no
 * client can forge), and a thinking bot moves after its own delay on the host's timers, so one
 * player can race it.
 */
import { describe, expect, it } from "vitest";
import { type AnyBot, SeededRandom } from "../../src/rules/core";
import { type UbongoState, solutionFor, ubongoBots } from "../../src/rules/ubongo";
import { MemoryStore } from "../../src/table/store";
import { FakeTime } from "../helpers/fake-time";
import { RefusingStore, clientsOf, countingIds, noticesTo, startMemoryHost } from "../helpers/memory-host";
import { BOT_WRITE_TRIES } from "../../src/table/host";

/** Lets the host's queue run what the timers enqueued. */
const settle = () => new Promise((r) => setTimeout(r, 5));

/** The quick bot's own move, but always after exactly 30 s of thinking. */
const THINK_MS = 30_000;
const thirtySeconds: AnyBot = {
  choose: (view, legal, random) => (ubongoBots.quick as unknown as AnyBot).choose(view, legal, random),
  think: (view, legal, random) => {
    const move = (ubongoBots.quick as unknown as AnyBot).choose(view, legal, random);
    return { move, delayMs: (move as { type: string }).type === "start" ? 1000 : THINK_MS };
  },
};

/** A host on its own fake clock (the bots above among Ubongo's), with a client per user on that clock. */
async function world(users: readonly string[], store = new MemoryStore()) {
  const time = new FakeTime(5_000_000);
  const { host, network } = await startMemoryHost({
    users,
    store,
    random: new SeededRandom(11),
    newId: countingIds(),
    ...time.hostClock,
    bots: { ubongo: { thirty: thirtySeconds, steady: ubongoBots.steady as unknown as AnyBot } },
    botRetryMs: 1_000,
  });
  return { time, host, network, clients: clientsOf(network, users, () => time.now) };
}

type Clients = Awaited<ReturnType<typeof world>>["clients"];

/** The GM opens a solo table for Rey with these options and (unless `start` is false) Rey presses Start; its id. */
async function openSolo(clients: Clients, options: Record<string, unknown>, start = true): Promise<string> {
  const created = await clients.gm!.create({
    gameId: "ubongo-solo",
    seats: [{ kind: "person", userId: "rey", name: "Rey" }],
    options,
  });
  expect(created.ok, JSON.stringify(created)).toBe(true);
  const id = (created as { tableId: string }).tableId;
  if (start) expect((await clients.rey!.move(id, { type: "start" })).ok).toBe(true);
  return id;
}

/** The GM opens a race of Rey against a bot of this level with these options; its id. */
async function openRace(clients: Clients, botLevel: string, options: Record<string, unknown>): Promise<string> {
  const created = await clients.gm!.create({
    gameId: "ubongo",
    seats: [
      { kind: "person", userId: "rey", name: "Rey" },
      { kind: "bot", userId: null, name: "BB", botLevel },
    ],
    options,
  });
  expect(created.ok, JSON.stringify(created)).toBe(true);
  return (created as { tableId: string }).tableId;
}

/** Whoever rolls starts the race's round: Rey at once, or the bot after its 1 s. */
async function startRound(time: FakeTime, clients: Clients, id: string): Promise<void> {
  if (clients.rey!.tables.get(id)?.legalMoves.length) await clients.rey!.move(id, { type: "start" });
  else {
    time.advance(1_000);
    await settle();
  }
}

describe("Ubongo on the host's clock", () => {
  it("solo count mode: every claim carries the host's time since the game began, not the client's", async () => {
    const { time, host, clients } = await world(["gm", "rey"]);
    const id = await openSolo(clients, { mode: "count", puzzles: 5 });
    const claim = async (forged: number) => {
      const record = host.record(id)!;
      const pieces = solutionFor(record.state as UbongoState, "seat-1");
      expect(pieces).not.toBeNull();
      const reply = await clients.rey!.move(id, { type: "claim", pieces, at: forged });
      expect(reply.ok, JSON.stringify(reply)).toBe(true);
    };
    time.advance(42_000);
    await claim(5);
    time.advance(10_000);
    await claim(1);
    const record = host.record(id)!;
    const logged = record.log.filter((e) => (e.move as { type?: string } | null)?.type === "claim");
    expect(logged.map((e) => (e.move as { at: number }).at)).toEqual([42_000, 52_000]);
    expect((record.state as UbongoState).lastAt).toBe(52_000);
    await host.idle();
  });

  it("solo count mode: each update carries the stopwatch's time run, set on the client's clock, and none once over", async () => {
    const { time, host, clients } = await world(["gm", "rey"]);
    const id = await openSolo(clients, { mode: "count", puzzles: 5 });
    const started = time.now;
    expect(clients.rey!.tables.get(id)?.stopwatch).toEqual({ elapsedMs: 0, startedAt: started });
    time.advance(42_000);
    const pieces = solutionFor(host.record(id)!.state as UbongoState, "seat-1");
    expect((await clients.rey!.move(id, { type: "claim", pieces })).ok).toBe(true);
    // The time the host stamped the claim with, and the same start on this client's clock.
    expect(clients.rey!.tables.get(id)?.stopwatch).toEqual({ elapsedMs: 42_000, startedAt: started });
    expect(clients.gm!.tables.get(id)?.deadline).toBeUndefined();
    for (let i = 0; i < 4; i++) {
      time.advance(1_000);
      const next = solutionFor(host.record(id)!.state as UbongoState, "seat-1");
      expect((await clients.rey!.move(id, { type: "claim", pieces: next })).ok).toBe(true);
    }
    expect(clients.rey!.tables.get(id)?.table.over).toBe(true);
    expect(clients.rey!.tables.get(id)?.stopwatch).toBeUndefined();
    await host.idle();
  });

  it("solo count mode: the stopwatch stands while the table is paused (not shown), and claims are stamped without the pause", async () => {
    const { time, host, clients } = await world(["gm", "rey"]);
    const id = await openSolo(clients, { mode: "count", puzzles: 5 });
    time.advance(10_000);
    expect((await clients.gm!.pause(id, true)).ok).toBe(true);
    expect(clients.rey!.tables.get(id)?.stopwatch).toBeUndefined();
    time.advance(60_000);
    expect((await clients.gm!.pause(id, false)).ok).toBe(true);
    expect(clients.rey!.tables.get(id)?.stopwatch?.elapsedMs).toBe(10_000);
    time.advance(5_000);
    const pieces = solutionFor(host.record(id)!.state as UbongoState, "seat-1");
    expect((await clients.rey!.move(id, { type: "claim", pieces })).ok).toBe(true);
    const claim = host.record(id)!.log.find((e) => (e.move as { type?: string } | null)?.type === "claim");
    expect((claim?.move as { at: number }).at).toBe(15_000);
    expect(clients.rey!.tables.get(id)?.stopwatch?.elapsedMs).toBe(15_000);
    await host.idle();
  });

  it("solo: neither clock runs before Rey presses Start; both run from then, not from the table's creation", async () => {
    const { time, host, clients } = await world(["gm", "rey"]);
    const counted = await openSolo(clients, { mode: "count", puzzles: 5 }, false);
    const timed = await openSolo(clients, { mode: "clock", minutes: 5 }, false);
    time.advance(60_000);
    for (const id of [counted, timed]) {
      expect(clients.rey!.tables.get(id)?.stopwatch).toBeUndefined();
      expect(clients.rey!.tables.get(id)?.deadline).toBeUndefined();
      expect((await clients.rey!.move(id, { type: "start" })).ok).toBe(true);
    }
    expect(clients.rey!.tables.get(counted)?.stopwatch).toEqual({ elapsedMs: 0, startedAt: time.now });
    expect(clients.rey!.tables.get(timed)?.deadline?.remainingMs).toBe(300_000);
    for (let i = 0; i < 5; i++) {
      time.advance(8_000);
      const pieces = solutionFor(host.record(counted)!.state as UbongoState, "seat-1");
      expect((await clients.rey!.move(counted, { type: "claim", pieces })).ok).toBe(true);
      if (i === 0) expect(clients.rey!.tables.get(counted)?.stopwatch?.elapsedMs).toBe(8_000);
    }
    expect((host.record(counted)!.state as UbongoState).record?.value).toBe(40_000);
    await host.idle();
  });

  it("solo clock mode and the race have no stopwatch (their hourglass is a countdown)", async () => {
    const { host, clients } = await world(["gm", "rey"]);
    const id = await openSolo(clients, { mode: "clock", minutes: 5 });
    expect(clients.rey!.tables.get(id)?.stopwatch).toBeUndefined();
    expect(clients.rey!.tables.get(id)?.deadline?.remainingMs).toBe(300_000);
    await host.idle();
  });

  it("a thinking bot claims only once its own delay has run, so a player can beat it", async () => {
    const { time, host, clients } = await world(["gm", "rey"]);
    const id = await openRace(clients, "thirty", { hourglass: 120 });
    const state = () => host.record(id)!.state as UbongoState;
    await startRound(time, clients, id);
    expect(state().phase).toBe("solve");
    time.advance(THINK_MS - 1);
    await settle();
    expect(state().finished).toEqual([]);
    // Rey is quicker: her board first.
    const pieces = solutionFor(state(), "seat-1");
    const reply = await clients.rey!.move(id, { type: "claim", pieces });
    expect(reply.ok, JSON.stringify(reply)).toBe(true);
    expect(state().finished).toEqual(["seat-1"]);
    time.advance(THINK_MS);
    await settle();
    const round = host.record(id)!.log.filter((e) => (e.move as { type?: string } | null)?.type === "claim");
    expect(round.map((e) => e.seat)).toEqual(["seat-1", "seat-2"]);
    await host.idle();
  });

  it("a thinking bot whose claim cannot be stored retries on the host's clock with back-off, then its bots stop and the GM is told", async () => {
    const store = new RefusingStore();
    const { time, host, network, clients } = await world(["gm", "rey"], store);
    const id = await openRace(clients, "thirty", { hourglass: 120 });
    await startRound(time, clients, id);
    expect((host.record(id)!.state as UbongoState).phase).toBe("solve");
    const record = host.record(id);
    store.refuse = "connection lost";
    time.advance(THINK_MS);
    await settle();
    // The tries after the first wait 1, 2 and 4 s (botRetryMs doubled each time).
    for (const wait of [999, 1, 2_000, 4_000]) {
      expect(noticesTo(network, "gm").at(-1)).toMatchObject({ error: { code: "CANTINA.Error.StoreFailed" } });
      time.advance(wait);
      await settle();
    }
    const notices = noticesTo(network, "gm");
    expect(notices.filter((n) => n.type === "notice" && n.error.code === "CANTINA.Error.StoreFailed")).toHaveLength(
      BOT_WRITE_TRIES,
    );
    expect(notices.at(-1)).toMatchObject({ error: { code: "CANTINA.Error.BotsStopped", params: { table: id } } });
    // Stopped: with the store back, the bot writes nothing more.
    store.refuse = null;
    time.advance(10_000);
    await settle();
    expect(host.record(id)).toBe(record);
    await host.idle();
  });

  it("a bot thinks for the time the GM set for its speed in the table's options", async () => {
    const { time, host, clients } = await world(["gm", "rey"]);
    const id = await openRace(clients, "steady", { hourglass: 120, steadySeconds: 5, steadySpread: 0 });
    const state = () => host.record(id)!.state as UbongoState;
    await clients.rey!.move(id, { type: "start" });
    expect(state().phase).toBe("solve");
    // Blue puzzles, no spread: exactly the GM's 5 seconds, not the steady default of 40.
    time.advance(4_999);
    await settle();
    expect(state().finished).toEqual([]);
    time.advance(1);
    await settle();
    expect(state().finished).toEqual(["seat-2"]);
    await host.idle();
  });

  it("a finished solo game keeps each user's best per record key, stored with the books and sent only to them", async () => {
    const store = new MemoryStore();
    const { time, host, clients } = await world(["gm", "rey", "finn"], store);
    /** Rey plays a 5-puzzle count game, one solve every `everyMs`. */
    const play = async (everyMs: number) => {
      const id = await openSolo(clients, { mode: "count", puzzles: 5 });
      for (let i = 0; i < 5; i++) {
        time.advance(everyMs);
        const pieces = solutionFor(host.record(id)!.state as UbongoState, "seat-1");
        expect((await clients.rey!.move(id, { type: "claim", pieces })).ok).toBe(true);
      }
      expect((host.record(id)!.state as UbongoState).phase).toBe("over");
      return id;
    };
    const key = "ubongo-solo:count:5:blue:standard";
    const first = await play(10_000);
    expect(clients.rey!.records[key]).toMatchObject({ value: 50_000, better: "lower", tableId: first });
    await play(12_000); // slower: the record stands
    expect(clients.rey!.records[key]).toMatchObject({ value: 50_000, tableId: first });
    const third = await play(8_000); // quicker: a new record
    expect(clients.rey!.records[key]).toMatchObject({ value: 40_000, tableId: third });
    // Stored with the books (a restarted host has it), and no one else is sent Rey's records.
    expect(store.ledger && (JSON.parse(store.ledger) as { records: unknown }).records).toMatchObject({
      rey: { [key]: { value: 40_000 } },
    });
    // The solo window's update carries them too (for the record line), for Rey only.
    expect(clients.rey!.tables.get(third)?.records?.[key]?.value).toBe(40_000);
    expect(clients.gm!.tables.get(third)?.records).toEqual({});
    expect(clients.finn!.records).toEqual({});
    expect(clients.gm!.records).toEqual({});
    await host.idle();
  });
});
