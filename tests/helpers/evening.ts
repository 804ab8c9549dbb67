/**
 * A scripted evening for the crash tests: a table of each game played by seeded legal moves,
 * spectator bets, ledger adjustments, early ends, a table dealt again before its end and a solo
 * game's personal record; and the balance of the books it must keep.
 */
import { expect } from "vitest";
import { SeededRandom } from "../../src/rules/core";
import { gameById, games } from "../../src/games";
import { type TableHost, pursesOf } from "../../src/table/host";
import type { Ledger } from "../../src/table/ledger";
import type { HostReply, TableSpec } from "../../src/table/protocol";
import { replay } from "../../src/table/replay";
import { type UbongoState, solutionFor } from "../../src/rules/ubongo";
import type { TableRecord } from "../../src/table/store";

/** Plays legal moves chosen by a seeded source for the seats' users, at most `moves` of them. */
export async function play(
  host: TableHost,
  tableId: string,
  moves: number,
  pick: SeededRandom,
  bets?: () => Promise<void>,
) {
  for (let n = 0; n < moves; n++) {
    const record = host.record(tableId)!;
    const game = gameById(record.gameId)!;
    const status = game.status(record.state);
    if (status.over) return;
    const seat = record.seats.find((s) => status.toAct.includes(s.seat))!;
    // A bot's turn: the host plays it on its own timer.
    if (seat.kind === "bot") {
      await host.idle();
      await new Promise((r) => setTimeout(r, 1));
      continue;
    }
    const legal = game.legalMoves(record.state, seat.seat);
    const move = legal[pick.die(legal.length) - 1];
    const reply = await host.handle(seat.userId!, {
      type: "intent",
      tableId,
      version: record.version,
      seat: seat.seat,
      move,
      requestId: `m${tableId}-${record.version}`,
    });
    expect(reply.ok).toBe(true);
    await bets?.();
  }
}

const two = (): TableSpec["seats"] => [
  { kind: "person", userId: "alice", name: "Alice" },
  { kind: "person", userId: "bob", name: "Bob" },
];

async function ok(reply: Promise<HostReply>): Promise<HostReply> {
  const r = await reply;
  expect(r.ok ? r : JSON.stringify(r)).toMatchObject({ ok: true });
  return r;
}

/** A solo Ubongo game of 5 puzzles played to its end by `user`: it sets their personal record. */
export async function solo(host: TableHost, user: string): Promise<string> {
  const spec = {
    gameId: "ubongo-solo",
    seats: [{ kind: "person", userId: user, name: user }],
    options: { mode: "count", puzzles: 5 },
  };
  const created = await ok(host.handle("gm", { type: "create", spec, requestId: `solo-${user}` }));
  const tableId = (created as { tableId: string }).tableId;
  // The player presses Start: the first card is shown and the stopwatch starts.
  const begin = { type: "intent", tableId, version: host.record(tableId)!.version, move: { type: "start" } };
  await ok(host.handle(user, { ...begin, requestId: `solo-${tableId}-start` }));
  for (let n = 0; n < 5; n++) {
    const record = host.record(tableId)!;
    const move = { type: "claim", pieces: solutionFor(record.state as UbongoState, "seat-1") };
    const request = { type: "intent", tableId, version: record.version, move, requestId: `solo-${tableId}-${n}` };
    await ok(host.handle(user, request));
  }
  expect(Object.keys(host.currentLedger().records?.[user] ?? {})).toHaveLength(1);
  return tableId;
}

/**
 * The evening: every kind of change the host stores. `short` plays less of each table (the Foundry
 * store's crash test opens every sealed record after each write).
 */
export async function evening(host: TableHost, short = false): Promise<void> {
  const pick = new SeededRandom(17);
  const gm = (request: Record<string, unknown>) =>
    ok(host.handle("gm", { ...request, requestId: `gm-${pick.die(1e9)}` }));
  const { eventId } = (await gm({ type: "event-create", name: "Nova night", startingCredits: 5000 })) as {
    eventId: string;
  };
  for (const [account, name] of [
    ["alice", "Alice"],
    ["bob", "Bob"],
    ["carol", "Carol"],
    ["dave", "Dave"],
  ])
    await gm({ type: "event-join", eventId, account, name });
  const create = async (gameId: string, seats: TableSpec["seats"], betting?: TableSpec["betting"]) =>
    (
      (await gm({
        type: "create",
        spec: { gameId, eventId, seats, options: {}, ...(betting ? { betting } : {}) },
      })) as {
        tableId: string;
      }
    ).tableId;

  // A Super Simplified Sabacc match to its end, settled into the ledger.
  await play(host, await create("sabacc-super-simplified", two()), 500, pick);
  // Simplified Sabacc dealt again before its end (its purses back, new ones out, in one change),
  // the new table played a little and ended; a solo game setting a personal record.
  const dealt = await create("sabacc-simplified", two());
  await play(host, dealt, 2, pick);
  const again = ((await gm({ type: "rematch", tableId: dealt })) as { tableId: string }).tableId;
  await play(host, again, 2, pick);
  await gm({ type: "end", tableId: again });
  await solo(host, "carol");
  if (short) {
    const seven = await create("seven-ulwan", two(), { winnerShare: 10 });
    const pool = host.record(seven)!.betting!.pools[0]!;
    const request = { type: "side-bet", tableId: seven, pool: pool.id, outcome: pool.outcomes[0], amount: 30 };
    await ok(host.handle("carol", { ...request, requestId: "short-bet" }));
    await play(host, seven, 6, pick);
    await gm({ type: "ledger-adjust", eventId, account: "bob", credits: 10, luck: 0, reason: "Quiz" });
    await gm({ type: "end", tableId: seven });
    return;
  }
  // Bots on the house's purse: one on a GM-set stake played to the end, one on the event's
  // starting credits at a table ended early (its stake goes back to the house as it came).
  const droid = { kind: "bot" as const, userId: null, name: "Droid", stake: 300 };
  await play(
    host,
    await create("sabacc-super-simplified", [{ kind: "person", userId: "dave", name: "Dave" }, droid]),
    500,
    pick,
  );
  await gm({ type: "ledger-adjust", eventId, account: "dave", credits: 2000, luck: 0, reason: "A loan from Watto" });
  const early = await create("sabacc-true", [
    { kind: "person", userId: "carol", name: "Carol" },
    { kind: "bot", userId: null, name: "Astromech", stake: 1500 },
  ]);
  await play(host, early, 3, pick);
  await gm({ type: "end", tableId: early });
  await gm({
    type: "ledger-adjust",
    eventId,
    account: "alice",
    credits: 150,
    luck: 1,
    reason: "Won the costume prize",
  });
  await gm({ type: "ledger-adjust", eventId, account: "bob", credits: -40, luck: 0, reason: "Spilled a drink" });
  // True Sabacc to its end (its Sabacc Pot goes to the house when nobody wins it).
  const three = [...two(), { kind: "person" as const, userId: "carol", name: "Carol" }];
  await play(host, await create("sabacc-true", three), 800, pick);
  // Simplified Sabacc ended early: the purses go back as they came.
  const simplified = await create("sabacc-simplified", two());
  await play(host, simplified, 4, pick);
  await gm({ type: "end", tableId: simplified });
  // Seven Ulwan with spectator bets: short pools open, close and pay out as it plays; ended early,
  // the stakes still in pools are refunded and the winner's share held goes to the house.
  const seven = await create("seven-ulwan", two(), { winnerShare: 10 });
  const bet = async (user: string, amount: number) => {
    const book = host.record(seven)?.betting;
    const version = host.record(seven)!.version;
    for (const pool of book?.pools ?? []) {
      if (pool.status !== "open" || version >= pool.closesAt || book?.over) continue;
      const outcome = pool.outcomes[pick.die(pool.outcomes.length) - 1]!;
      const request = {
        type: "side-bet",
        tableId: seven,
        pool: pool.id,
        outcome,
        amount,
        requestId: `b${pick.die(1e9)}`,
      };
      await ok(host.handle(user, request));
    }
  };
  await bet("carol", 100);
  await bet("dave", 60);
  let n = 0;
  await play(host, seven, 60, pick, async () => {
    if (++n % 3 === 0) await bet(n % 2 === 0 ? "carol" : "dave", 7 + (n % 5));
  });
  const pools = host.record(seven)!.betting!.pools;
  expect(pools.some((p) => p.status === "settled" && Object.keys(p.paid).length > 0)).toBe(true);
  await gm({ type: "end", tableId: seven });
  // Finkel's Ur (no ledger) ended early.
  const finkel = await create("ulwan-finkel", two());
  await play(host, finkel, 6, pick);
  await gm({ type: "end", tableId: finkel });
  // Plain Ulwan (no ledger) ended early.
  const plain = await create("ulwan", two());
  await play(host, plain, 10, pick);
  await gm({ type: "end", tableId: plain });
}

/**
 * Credits the books account for, per event: accounts (the house's among them), the purses at
 * tables not settled, stakes in pools not settled and shares held; and what came in (accounts
 * opened, adjustments). The two must be equal.
 */
export function balance(ledger: Ledger, tables: readonly TableRecord[]): { held: number; came: number }[] {
  return Object.values(ledger.events).map((event) => {
    let held = Object.values(event.accounts).reduce((a, acc) => a + acc.credits, 0);
    for (const t of tables) {
      if (t.eventId !== event.id) continue;
      if (!t.settled) held += Object.values(pursesOf(t)).reduce((a, p) => a + p.credits, 0);
      const book = t.betting;
      if (!book) continue;
      for (const pool of book.pools)
        if (pool.status === "open" || pool.status === "counting") held += pool.bets.reduce((a, b) => a + b.amount, 0);
      held += book.shareHeld;
    }
    const came = event.entries
      .filter((e) => e.kind === "opened" || e.kind === "adjustment")
      .reduce((a, e) => a + e.credits, 0);
    return { held, came };
  });
}

/**
 * What a recovered host must hold: books that balance, tables whose logs replay to their stored
 * states, and tables and ledger agreeing on which results are in. `replayed` caches replays.
 */
export function expectSound(recovered: TableHost, label: string, replayed: Map<string, boolean>): void {
  const tables = recovered.summaries().map((s) => recovered.record(s.id)!);
  for (const { held, came } of balance(recovered.currentLedger(), tables)) expect(held, label).toBe(came);
  for (const record of tables) {
    const raw = JSON.stringify(record);
    if (!replayed.has(raw)) {
      const again = replay(record, games);
      replayed.set(raw, again.ok && JSON.stringify(again.state) === JSON.stringify(record.state));
    }
    expect(replayed.get(raw), `table ${record.id} ${label}`).toBe(true);
    const event = recovered.currentLedger().events[record.eventId];
    if (gameById(record.gameId)!.usesLedger)
      expect(event?.settledTables.includes(record.id), `table ${record.id} ${label}`).toBe(record.settled);
  }
}
