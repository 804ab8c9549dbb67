/**
 * Opening, settling and calling off a table of many seats: the ledger's batch changes (one copy of
 * the event, ./ledger-draft.ts) give exactly what the changes one at a time gave, and a table of
 * 2,000 seats opens through the host with every purse in place and the books balanced.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { SeededRandom } from "../../src/rules/core";
import {
  HOUSE_ACCOUNT,
  adjust,
  emptyEvent,
  ensureAccount,
  ensureAccounts,
  orSame,
  seatPurses,
  voidTable,
  withHouse,
} from "../../src/table/ledger";
import type { EventLedger } from "../../src/table/ledger";
import type { SeatAssignment } from "../../src/table/protocol";
import { clientsOf, countingIds, startMemoryHost } from "../helpers/memory-host";

/** Seating one seat at a time with `adjust`, as seatPurses did before it wrote through one draft. */
function seatOneByOne(event: EventLedger, tableId: string, seats: readonly SeatAssignment[], at: number) {
  let next = event;
  const purses: Record<string, { credits: number; luck: number }> = {};
  for (const seat of seats) {
    if (seat.stake !== undefined) {
      next = withHouse(next, at, "gm");
      purses[seat.seat] = { credits: seat.stake, luck: 3 };
      const detail = { table: tableId, seat: seat.name };
      next = orSame(adjust(next, HOUSE_ACCOUNT, -seat.stake, 0, tableId, at, "gm", "stake", detail), next);
      continue;
    }
    const account = next.accounts[seat.account];
    if (!account) continue;
    purses[seat.seat] = { credits: account.credits, luck: account.luck };
    next = orSame(
      adjust(next, seat.account, -account.credits, -account.luck, tableId, at, "gm", "seated", { table: tableId }),
      next,
    );
  }
  return { event: next, purses };
}

const seatArb = fc.record({
  account: fc.constantFrom("a", "b", "c", "__proto__", "missing"),
  stake: fc.option(fc.integer({ min: 0, max: 500 }), { nil: undefined }),
});

describe("the ledger's batch changes", () => {
  it("ensureAccounts opens what ensureAccount one at a time opens (the first of an id listed twice)", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("a", "b", "c", "__proto__", HOUSE_ACCOUNT), { maxLength: 8 }), (ids) => {
        const start = withHouse(emptyEvent("e", "", 100, 0), 0, "gm");
        const accounts = ids.map((id, i) => ({ id, name: `${id}${i}` }));
        let oneByOne = start;
        for (const a of accounts) oneByOne = ensureAccount(oneByOne, a.id, a.name, 100, 1, "gm");
        expect(ensureAccounts(start, accounts, 100, 1, "gm")).toEqual(oneByOne);
      }),
    );
  });

  it("seatPurses and voidTable give, in one copy, what one change at a time gave", () => {
    fc.assert(
      fc.property(fc.array(seatArb, { maxLength: 8 }), (specs) => {
        let event = emptyEvent("e", "", 100, 0);
        for (const id of ["a", "b", "c", "__proto__"]) event = ensureAccount(event, id, id, 100 + id.length, 0, "gm");
        const seats: SeatAssignment[] = specs.map((s, i) => ({
          seat: `seat-${i + 1}`,
          name: `S${i}`,
          kind: s.stake === undefined ? "person" : "bot",
          userId: null,
          account: s.stake === undefined ? s.account : HOUSE_ACCOUNT,
          ...(s.stake !== undefined ? { stake: s.stake } : {}),
        }));
        const batch = seatPurses(event, "t1", seats, 2, "gm");
        expect(batch).toEqual(seatOneByOne(event, "t1", seats, 2));
        // Called off: every purse back as it came, the accounts as before the table.
        const back = voidTable(batch.event, "t1", seats, batch.purses, 3, "gm");
        for (const [id, account] of Object.entries(event.accounts))
          expect(back.accounts[id]).toMatchObject({ credits: account.credits, luck: account.luck });
      }),
    );
  });
});

describe("a table of 2,000 seats", () => {
  it("opens with every seat's purse taken from its account, two entries per seat, and the books balanced", async () => {
    const n = 2_000;
    const { host, network } = await startMemoryHost({
      users: ["gm"],
      random: new SeededRandom(3),
      now: () => 10,
      newId: countingIds(),
    });
    const gm = clientsOf(network, ["gm"]).gm!;
    const seats = Array.from({ length: n }, (_, i) => ({ kind: "person" as const, userId: `u${i}`, name: `P${i}` }));
    const opened = await gm.create({ gameId: "sabacc-super-simplified", seats, options: {} });
    expect(opened.ok).toBe(true);
    const tableId = opened.ok ? (opened.tableId ?? "") : "";
    const record = host.record(tableId)!;
    const event = Object.values(host.currentLedger().events)[0]!;
    const people = Object.values(event.accounts).filter((a) => a.id !== HOUSE_ACCOUNT);
    expect(people).toHaveLength(n);
    expect(people.every((a) => a.credits === 0 && a.luck === 0)).toBe(true);
    expect(Object.keys(record.purses ?? {})).toHaveLength(n);
    const atTable = Object.values(record.purses ?? {}).reduce((sum, p) => sum + p.credits, 0);
    expect(atTable).toBe(n * event.startingCredits);
    expect(event.entries.filter((e) => e.kind === "opened" && e.account !== HOUSE_ACCOUNT)).toHaveLength(n);
    expect(event.entries.filter((e) => e.kind === "seated")).toHaveLength(n);
    // Called off: every credit back where it came from.
    expect(await gm.end(tableId)).toMatchObject({ ok: true });
    const after = Object.values(host.currentLedger().events)[0]!;
    const held = Object.values(after.accounts).filter((a) => a.id !== HOUSE_ACCOUNT);
    expect(held.every((a) => a.credits === event.startingCredits)).toBe(true);
  });
});
