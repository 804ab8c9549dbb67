/**
 * Random sign-ups, withdrawals, GM changes, rounds, results and transfers (some crashing mid-way) keep:
 * no credit made or lost across ledger and sheets, nobody seated twice, the waiting list in arrival order.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SeededRandom } from "../../src/rules/core";
import {
  type CircuitId,
  type Tournament,
  completePending,
  eventStandings,
  gmAdd,
  gmRemove,
  openCircuit,
  openRound,
  recordMatch,
  runTransfer,
  seatedAt,
  setSignUpsOpen,
  signUp,
  unfinishedTables,
  withdraw,
} from "../../src/tournament";
import {
  Crash,
  Faults,
  GM,
  MemoryBooks,
  MemoryPurse,
  as,
  eventWith,
  inFlight,
  ledgerTotal,
  pid,
  tournamentWith,
} from "./fixtures";

const PLAYERS = 6;
const SHEET = 1000;
const circuit = fc.constantFrom<CircuitId>("electrum", "aurodium", "nova");
const player = fc.integer({ min: 1, max: PLAYERS });

// Sign-ups weigh most, so that circuits fill, waiting lists form and rounds have players.
const action = fc.oneof(
  { arbitrary: fc.record({ do: fc.constant("sign-up" as const), circuit, player }), weight: 8 },
  fc.record({ do: fc.constant("withdraw" as const), circuit, player }),
  fc.record({ do: fc.constant("gm-add" as const), circuit, player }),
  fc.record({ do: fc.constant("gm-remove" as const), circuit, player }),
  fc.record({ do: fc.constant("close" as const), circuit, open: fc.boolean() }),
  {
    arbitrary: fc.record({ do: fc.constant("round" as const), circuit, seed: fc.nat(), bots: fc.boolean() }),
    weight: 3,
  },
  fc.record({ do: fc.constant("result" as const), seed: fc.nat() }),
  fc.record({
    do: fc.constant("transfer" as const),
    player,
    kind: fc.constantFrom("buy-in" as const, "cash-out" as const),
    credits: fc.integer({ min: 1, max: 1200 }),
    crashAt: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }),
  }),
  fc.record({ do: fc.constant("load" as const) }),
);
type Action = typeof action extends fc.Arbitrary<infer A> ? A : never;

function start(): Tournament {
  let t = tournamentWith(PLAYERS);
  t = ensure(openCircuit(t, "electrum", GM), t);
  t = ensure(openCircuit(t, "aurodium", GM, { signUpLimit: 3, seatLimit: 2 }), t);
  return ensure(openCircuit(t, "nova", GM, { signUpLimit: 2, seatLimit: 2 }), t);
}

/** The changed tournament, or the same one when refused (a refusal changes nothing). */
function ensure(result: { ok: boolean; tournament?: Tournament }, t: Tournament): Tournament {
  return result.ok && result.tournament ? result.tournament : t;
}

async function step(books: MemoryBooks, purse: MemoryPurse, a: Action, n: number): Promise<void> {
  const { tournament: t, event } = books.read();
  const at = n + 1;
  const save = async (next: Tournament): Promise<void> => void (await books.write({ tournament: next, event }));
  switch (a.do) {
    case "sign-up":
      return save(ensure(signUp(t, a.circuit, pid(a.player), as(`u${a.player}`), at), t));
    case "withdraw":
      return save(ensure(withdraw(t, a.circuit, pid(a.player), as(`u${a.player}`), at), t));
    case "gm-add":
      return save(ensure(gmAdd(t, a.circuit, pid(a.player), GM, "invited", at), t));
    case "gm-remove":
      return save(ensure(gmRemove(t, a.circuit, pid(a.player), GM, "asked to leave", at), t));
    case "close":
      return save(ensure(setSignUpsOpen(t, a.circuit, a.open, GM, at), t));
    case "round":
      return save(ensure(openRound(t, a.circuit, GM, new SeededRandom(a.seed), a.bots ? { fillTo: 2 } : {}), t));
    case "result": {
      const table = unfinishedTables(t)[a.seed % Math.max(1, unfinishedTables(t).length)];
      if (!table) return;
      const seated = seatedAt(table);
      // A zero-sum result: the first seated wins what the others lose.
      const lines = seated.map((p, i) => ({
        participant: p,
        creditDelta: i === 0 ? 10 * (seated.length - 1) : -10,
        luckSpent: a.seed % 2,
        won: i === 0,
      }));
      return save(ensure(recordMatch(t, table.id, lines, GM), t));
    }
    case "transfer": {
      const faults = new Faults(a.crashAt, "crash-after");
      books.faults = faults;
      purse.faults = faults;
      try {
        await runTransfer(
          books,
          purse,
          { id: `x${n}`, kind: a.kind, participant: pid(a.player), credits: a.credits },
          as(`u${a.player}`),
          at,
        );
      } catch (error) {
        if (!(error instanceof Crash)) throw error;
      } finally {
        books.faults = new Faults();
        purse.faults = new Faults();
      }
      return;
    }
    case "load":
      await completePending(books, purse, at);
  }
}

function check(books: MemoryBooks, purse: MemoryPurse, arrivals: Map<string, number>): void {
  const { tournament: t, event } = books.read();
  expect(ledgerTotal(event) + purse.total() + inFlight({ tournament: t, event }, purse)).toBe(PLAYERS * SHEET);
  const seated = unfinishedTables(t).flatMap(seatedAt);
  expect(new Set(seated).size).toBe(seated.length);
  expect(eventStandings(t).reduce((sum, r) => sum + r.creditsWon, 0)).toBe(0);
  for (const c of Object.values(t.circuits)) {
    if (!c) continue;
    expect(c.signedUp.filter((p) => c.waiting.includes(p))).toEqual([]);
    if (c.signUpLimit !== null && c.signedUp.length < c.signUpLimit) expect(c.waiting).toEqual([]);
    // Arrival order: when each joined the waiting list (the audit's last "waiting" entry for them).
    const order = c.waiting.map((p) => arrivals.get(`${c.id}/${p}`) ?? -1);
    expect(order).toEqual([...order].sort((x, y) => x - y));
  }
}

describe("the tournament under random play", () => {
  it("keeps every credit, seats nobody twice and keeps the waiting list's order (fast-check)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { maxLength: 60 }), async (actions) => {
        const books = new MemoryBooks({ tournament: start(), event: eventWith(PLAYERS, 0) });
        const purse = new MemoryPurse();
        for (let i = 1; i <= PLAYERS; i++) purse.set(`actor-${i}`, SHEET);
        for (const [n, a] of actions.entries()) {
          await step(books, purse, a, n);
          const arrivals = new Map<string, number>();
          books.read().tournament.audit.forEach((e, i) => {
            if (e.kind === "waiting" && e.participant) arrivals.set(`${e.circuit}/${e.participant}`, i);
          });
          check(books, purse, arrivals);
        }
        await completePending(books, purse, 1000);
        expect(inFlight(books.read(), purse)).toBe(0);
        expect(Object.values(books.read().tournament.transfers).filter((x) => x.status === "pending")).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });
});
