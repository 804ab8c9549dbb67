/**
 * Spectator betting: the parimutuel pools (src/table/concerns/betting/book.ts) with Seven Ulwan's markets, and
 * the host's plumbing: only users holding no seat may bet, stakes come from their event account,
 * payouts and the winner's share go back into the ledger, and every credit is accounted for.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SeededRandom } from "../../../src/rules/core";
import { type UlwanMove, type UlwanState, sevenUlwanMarkets } from "../../../src/rules/ulwan";
import { type Pool, advance, newBook, placeBet, settlePool } from "../../../src/table/concerns/betting/book";
import type { TableHost } from "../../../src/table/host";
import type { TableUpdate } from "../../../src/table/protocol";
import { setPieces, startSeven } from "./helpers";
import { clientsOf, sevenUlwanBetting, startMemoryHost } from "../../helpers/memory-host";

function pool(bets: [string, string, number][]): Pool {
  return {
    id: "p",
    kind: "short",
    market: "landings",
    outcomes: ["aurek", "besh", "even"],
    status: "counting",
    openedAt: 0,
    closesAt: 1,
    settlesAt: 2,
    atClose: null,
    result: null,
    paid: {},
    share: 0,
    bets: bets.map(([account, outcome, amount], seq) => ({ user: account, account, outcome, amount, seq })),
  };
}

describe("spectator betting: pools", () => {
  it("payout rule: a pool pays the winning stakes pro rata at the odds it settles at, after the winner's share", () => {
    const r = settlePool(
      pool([
        ["x", "aurek", 30],
        ["y", "aurek", 10],
        ["z", "besh", 60],
      ]),
      "aurek",
      5,
    );
    // 100 staked, 5 to the match winner, 95 to the Aurek stakes 30:10.
    expect(r.share).toBe(5);
    expect(r.pool.paid).toEqual({ x: 72, y: 23 }); // 71.25 and 23.75 rounded down, the credit left to the first bet
    expect(r.credits.reduce((a, c) => a + c.amount, 0) + r.share).toBe(100);
  });

  it("payout rule: a pool nobody won is refunded in full, no share taken", () => {
    const r = settlePool(
      pool([
        ["x", "aurek", 30],
        ["z", "besh", 60],
      ]),
      "even",
      5,
    );
    expect(r.pool.status).toBe("refunded");
    expect(r.share).toBe(0);
    expect(r.pool.paid).toEqual({ x: 30, z: 60 });
  });

  it("credits conserved: stakes in = payouts + refunds + shares, for any bets", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.constantFrom("a", "b", "c", "d"),
            fc.constantFrom("aurek", "besh", "even"),
            fc.integer({ min: 1, max: 10_000 }),
          ),
          { maxLength: 30 },
        ),
        fc.constantFrom("aurek", "besh", "even"),
        fc.integer({ min: 0, max: 50 }),
        (bets, result, pct) => {
          const r = settlePool(pool(bets), result, pct);
          const staked = bets.reduce((a, b) => a + b[2], 0);
          expect(r.credits.reduce((a, c) => a + c.amount, 0) + r.share).toBe(staked);
          expect(r.credits.every((c) => c.amount > 0)).toBe(true);
        },
      ),
    );
  });

  it("short pools: Aurek against Besh landings decide the landings market; tile activations and captures their own", () => {
    const [landings, activation, capture] = sevenUlwanMarkets.short;
    expect(landings!.decide({ aurek: 2, besh: 5 }, { aurek: 5, besh: 6 })).toBe("aurek");
    expect(landings!.decide({ aurek: 2, besh: 5 }, { aurek: 3, besh: 6 })).toBe("even");
    expect(activation!.decide({ activations: 1 }, { activations: 1 })).toBe("no");
    expect(capture!.decide({ captures: 1 }, { captures: 2 })).toBe("yes");
  });

  it("short pools open and close at random intervals; bets are refused once a pool has closed", () => {
    const die = (n: number) => new SeededRandom(3).die(n);
    let book = newBook("t", 5, ["a", "b"], sevenUlwanMarkets, 0, die);
    expect(book.pools.map((p) => p.id)).toEqual(["long-winner", "long-score", "long-activations"]);
    const s = startSeven();
    for (let v = 1; v <= 12 && !book.pools.some((p) => p.kind === "short"); v++)
      book = advance(book, sevenUlwanMarkets, s, v, ["a", "b"], die, () => null).book;
    const short = book.pools.find((p) => p.kind === "short");
    expect(short?.status).toBe("open");
    const placed = placeBet(book, short!.id, "c", "c", short!.outcomes[0]!, 10, 100, short!.closesAt - 1);
    expect(placed.ok).toBe(true);
    expect(placeBet(book, short!.id, "c", "c", short!.outcomes[0]!, 10, 100, short!.closesAt)).toEqual({
      ok: false,
      error: { code: "CANTINA.Betting.Error.Closed" },
    });
    expect(placeBet(book, short!.id, "c", "c", short!.outcomes[0]!, 101, 100, 0)).toEqual({
      ok: false,
      error: { code: "CANTINA.Betting.Error.Funds" },
    });
    expect(placeBet(book, short!.id, "c", "c", "nothing", 1, 100, 0)).toEqual({
      ok: false,
      error: { code: "CANTINA.Betting.Error.Outcome" },
    });
  });

  it("a short pool still taking bets when the match ends is refunded in full", () => {
    const die = () => 1;
    let book = newBook("t", 5, ["a", "b"], sevenUlwanMarkets, 0, die);
    const s = startSeven();
    for (let v = 1; !book.pools.some((p) => p.kind === "short"); v++)
      book = advance(book, sevenUlwanMarkets, s, v, ["a", "b"], die, () => null).book;
    const short = book.pools.find((p) => p.kind === "short")!;
    const placed = placeBet(book, short.id, "c", "c", "aurek", 40, 100, short.openedAt);
    if (!placed.ok) throw new Error(placed.error.code);
    const end: UlwanState = { ...s, phase: "over", winner: 1, seats: ["a", "b"] };
    const r = advance(placed.book, sevenUlwanMarkets, end, short.openedAt + 1, ["a", "b"], die, () => "acct-b");
    expect(r.book.pools.find((p) => p.id === short.id)?.status).toBe("refunded");
    expect(r.credits).toContainEqual({
      account: "c",
      amount: 40,
      reason: "refund",
      pool: short.id,
      market: short.market,
    });
  });

  it("long pools: the winner, the final score and total activations settle at the end; the winner receives the shares", () => {
    const die = () => 1;
    let book = newBook("t", 10, ["a", "b"], sevenUlwanMarkets, 0, die);
    for (const [account, outcome, amount] of [
      ["x", "a", 50],
      ["y", "b", 50],
    ] as const) {
      const r = placeBet(book, "long-winner", account, account, outcome, amount, 1000, 1);
      if (!r.ok) throw new Error(r.error.code);
      book = r.book;
    }
    const end: UlwanState = {
      ...setPieces(startSeven(), [], ["c3"], { offA: 7, offB: 3 }),
      phase: "over",
      winner: 0,
      seats: ["a", "b"],
    };
    const r = advance(book, sevenUlwanMarkets, end, 200, ["a", "b"], die, (seat) => `acct-${seat}`);
    expect(r.book.over).toBe(true);
    expect(r.book.pools.find((p) => p.id === "long-winner")?.paid).toEqual({ x: 90 });
    expect(r.credits).toContainEqual({ account: "acct-a", amount: 10, reason: "share", pool: "" });
    expect(r.book.pools.find((p) => p.id === "long-score")?.result).toBe("3-4");
  });
});

const USERS = ["gm", "alice", "bob", "carol"];

async function world() {
  const { host, network } = await startMemoryHost({
    users: USERS,
    random: new SeededRandom(11),
    ...sevenUlwanBetting(5),
    now: () => 1_000,
    newId: () => "t1",
  });
  const clients = clientsOf(network, USERS);
  return { network, host, clients };
}

/** Credits in the ledger plus the seats' purses at the table until it settles, stakes held in unsettled pools, and winner's shares held. */
function totalCredits(host: TableHost): number {
  const ledger = Object.values(host.currentLedger().events)
    .flatMap((e) => Object.values(e.accounts))
    .reduce((a, acc) => a + acc.credits, 0);
  const record = host.record("t1");
  const purses = record && !record.settled ? Object.values(record.purses ?? {}) : [];
  const atTable = purses.reduce((a, p) => a + p.credits, 0);
  const book = record?.betting;
  const held = (book?.pools ?? [])
    .filter((p) => p.status === "open" || p.status === "counting")
    .flatMap((p) => p.bets)
    .reduce((a, b) => a + b.amount, 0);
  return ledger + atTable + held + (book?.shareHeld ?? 0);
}

describe("spectator betting: the table host", () => {
  it("a spectator bets from the same window; a seated player cannot; every credit is accounted for over a whole match", async () => {
    const w = await world();
    const created = await w.clients.gm!.create({
      gameId: "seven-ulwan",
      options: {},
      betting: { winnerShare: 10 },
      seats: [
        { kind: "person", userId: "alice", name: "Alice" },
        { kind: "person", userId: "bob", name: "Bob" },
      ],
    });
    expect(created.ok).toBe(true);
    // Joining the event is the GM's act: the spectators bet from accounts the GM opened.
    const eventId = w.host.record("t1")!.eventId;
    // Before: Carol may watch but has no account, so she is not offered a bet (the host would refuse it).
    expect(w.clients.carol!.tables.get("t1")?.canBet).toBe(false);
    expect((await w.clients.gm!.joinEvent(eventId, "carol", "Carol")).ok).toBe(true);
    expect((await w.clients.gm!.joinEvent(eventId, "gm", "GM")).ok).toBe(true);
    const carolView = w.clients.carol!.tables.get("t1") as TableUpdate;
    expect(carolView.canBet).toBe(true);
    expect(carolView.betting?.pools.map((p) => p.id)).toContain("long-winner");
    expect(w.clients.alice!.tables.get("t1")?.canBet).toBe(false);

    expect(await w.clients.alice!.bet("t1", "long-winner", "seat-1", 10)).toMatchObject({
      ok: false,
      error: { code: "CANTINA.Betting.Error.Seated" },
    });
    expect((await w.clients.carol!.bet("t1", "long-winner", "seat-1", 100)).ok).toBe(true);
    expect((await w.clients.gm!.bet("t1", "long-winner", "seat-2", 300)).ok).toBe(true);
    expect(await w.clients.carol!.bet("t1", "long-winner", "seat-1", 10_000)).toMatchObject({
      ok: false,
      error: { code: "CANTINA.Betting.Error.Funds" },
    });
    expect(
      w.clients.carol!.tables.get("t1")?.betting?.pools.find((p) => p.id === "long-winner")?.outcomes[0]?.mine,
    ).toBe(100);
    const before = totalCredits(w.host);

    // Play the match out with random legal moves; spectators keep betting on short pools as they open.
    const random = new SeededRandom(99);
    for (let n = 0; n < 5000; n++) {
      const t = w.clients.alice!.tables.get("t1")!;
      if (t.table.over) break;
      const actor = t.table.toAct[0] === "seat-1" ? w.clients.alice! : w.clients.bob!;
      const legal = actor.tables.get("t1")!.legalMoves as UlwanMove[];
      expect((await actor.move("t1", legal[random.die(legal.length) - 1])).ok).toBe(true);
      const open = w.clients
        .carol!.tables.get("t1")
        ?.betting?.pools.find((p) => p.kind === "short" && p.open && p.outcomes.every((o) => o.mine === 0));
      if (open)
        expect(
          (await w.clients.carol!.bet("t1", open.id, open.outcomes[random.die(open.outcomes.length) - 1]!.outcome, 5))
            .ok,
        ).toBe(true);
      expect(totalCredits(w.host)).toBe(before);
    }
    const final = w.host.record("t1")!;
    expect(final.betting?.over).toBe(true);
    expect(final.betting?.pools.every((p) => p.status === "settled" || p.status === "refunded")).toBe(true);
    expect(final.betting?.shareHeld).toBe(0);
    // The match moves credits between the players and the pools between spectators and the winner: none appear or vanish.
    expect(totalCredits(w.host)).toBe(before);
    const winnerSeat = (final.state as UlwanState).winner === 0 ? "alice" : "bob";
    const entries = Object.values(w.host.currentLedger().events)[0]!.entries;
    expect(entries.some((e) => e.account === winnerSeat && e.reason.startsWith("share t1"))).toBe(true);
  });
});
