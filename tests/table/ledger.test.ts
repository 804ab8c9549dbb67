import { describe, it, expect } from "vitest";
import {
  EVENT_LUCK_POINTS,
  adjust,
  emptyEvent,
  emptyLedger,
  ensureAccount,
  latestEvent,
  seatPurses,
  settle,
  standings,
  voidTable,
  withEvent,
  type EventLedger,
} from "../../src/table/ledger";
import type { SeatAssignment } from "../../src/table/protocol";
import type { GameResult } from "../../src/rules/core";

/** An adjustment that must succeed. */
function adjusted(...args: Parameters<typeof adjust>): EventLedger {
  const r = adjust(...args);
  if (!r.ok) throw new Error(r.error.code);
  return r.event;
}

function withAccounts(): EventLedger {
  let l = emptyEvent("e1", "Night at Maz's", 1000, 0);
  l = ensureAccount(l, "acc-han", "Han", 1000, 1, "gm");
  l = ensureAccount(l, "acc-lando", "Lando", 500, 2, "gm");
  return l;
}

const seats: SeatAssignment[] = [
  { seat: "s1", name: "Han", kind: "person", userId: "u1", account: "acc-han" },
  { seat: "s2", name: "Lando", kind: "person", userId: "u2", account: "acc-lando" },
];

const result: GameResult = {
  winners: ["s1"],
  creditDelta: { s1: 200, s2: -200 },
  luckSpent: { s1: 1, s2: 0 },
};

describe("ledger", () => {
  it("ensureAccount gives 3 Luck/Force points and records the opening", () => {
    const l = ensureAccount(emptyEvent("e1", "", 1000, 0), "acc-han", "Han", 1000, 5, "gm");
    expect(EVENT_LUCK_POINTS).toBe(3);
    expect(l.accounts["acc-han"]).toEqual({ id: "acc-han", name: "Han", credits: 1000, luck: 3 });
    expect(l.entries).toEqual([
      { at: 5, account: "acc-han", kind: "opened", credits: 1000, luck: 3, reason: "", by: "gm" },
    ]);
  });

  it("ensureAccount leaves an existing account alone (3 points for the whole event)", () => {
    const l = withAccounts();
    const spent = adjusted(l, "acc-han", 0, -2, "rerolls", 3, "gm");
    const again = ensureAccount(spent, "acc-han", "Han again", 9999, 4, "gm");
    expect(again).toBe(spent);
    expect(again.accounts["acc-han"]).toEqual({ id: "acc-han", name: "Han", credits: 1000, luck: 1 });
  });

  it("adjust keeps a reason entry", () => {
    const r = adjust(withAccounts(), "acc-lando", 250, 1, "Won a side bet", 10, "gm");
    expect(r.ok).toBe(true);
    const l = adjusted(withAccounts(), "acc-lando", 250, 1, "Won a side bet", 10, "gm");
    expect(l.accounts["acc-lando"]).toMatchObject({ credits: 750, luck: 4 });
    expect(l.entries.at(-1)).toEqual({
      at: 10,
      account: "acc-lando",
      kind: "adjustment",
      credits: 250,
      luck: 1,
      reason: "Won a side bet",
      by: "gm",
    });
  });

  it("adjust never goes below 0 and records the change actually made", () => {
    const l = adjusted(withAccounts(), "acc-lando", -800, -5, "Debt to the Hutts", 11, "gm");
    expect(l.accounts["acc-lando"]).toMatchObject({ credits: 0, luck: 0 });
    expect(l.entries.at(-1)).toMatchObject({ credits: -500, luck: -3, reason: "Debt to the Hutts" });
  });

  it("adjust refuses an unknown account and does not mutate its input", () => {
    const l = withAccounts();
    const copy = structuredClone(l);
    expect(adjust(l, "nobody", 10, 0, "x", 1, "gm")).toEqual({
      ok: false,
      error: { code: "CANTINA.Error.UnknownAccount" },
    });
    adjust(l, "acc-han", 10, 0, "x", 1, "gm");
    expect(l).toEqual(copy);
  });

  it("a seat's purse goes to the table: the account keeps none of it while the match plays", () => {
    const { event, purses } = seatPurses(withAccounts(), "table-1", seats, 20, "gm");
    expect(purses).toEqual({ s1: { credits: 1000, luck: 3 }, s2: { credits: 500, luck: 3 } });
    expect(event.accounts["acc-han"]).toMatchObject({ credits: 0, luck: 0 });
    expect(event.entries.at(-2)).toEqual({
      at: 20,
      account: "acc-han",
      kind: "seated",
      credits: -1000,
      luck: -3,
      reason: "table-1",
      by: "gm",
      detail: { table: "table-1" },
    });
    // The same credits cannot go to a second table (or a bet): a second table gets an empty purse.
    const again = seatPurses(event, "table-2", seats, 21, "gm");
    expect(again.purses).toEqual({ s1: { credits: 0, luck: 0 }, s2: { credits: 0, luck: 0 } });
  });

  it("settle pays each purse back, changed by the match's result, once per table", () => {
    const { event, purses } = seatPurses(withAccounts(), "table-1", seats, 20, "gm");
    const l = settle(event, "table-1", seats, purses, result, 21, "gm");
    const detail = { table: "table-1" };
    expect(l.accounts["acc-han"]).toMatchObject({ credits: 1200, luck: 2 });
    expect(l.accounts["acc-lando"]).toMatchObject({ credits: 300, luck: 3 });
    expect(l.settledTables).toEqual(["table-1"]);
    expect(l.entries.filter((e) => e.kind === "match")).toEqual([
      { at: 21, account: "acc-han", kind: "match", credits: 1200, luck: 2, reason: "table-1", by: "gm", detail },
      { at: 21, account: "acc-lando", kind: "match", credits: 300, luck: 3, reason: "table-1", by: "gm", detail },
    ]);
    expect(settle(l, "table-1", seats, purses, result, 22, "gm")).toBe(l);
    // A GM's adjustment during the match applies to what stayed in the account, and is kept.
    const changed = adjusted(event, "acc-han", 50, 0, "found a credit chip", 20, "gm");
    expect(settle(changed, "table-1", seats, purses, result, 21, "gm").accounts["acc-han"]).toMatchObject({
      credits: 1250,
    });
  });

  it("a table ended before its match: voidTable gives every purse back as it came", () => {
    const { event, purses } = seatPurses(withAccounts(), "table-1", seats, 20, "gm");
    const l = voidTable(event, "table-1", seats, purses, 21, "gm");
    expect(l.accounts["acc-han"]).toMatchObject({ credits: 1000, luck: 3 });
    expect(l.accounts["acc-lando"]).toMatchObject({ credits: 500, luck: 3 });
    expect(l.entries.at(-1)).toMatchObject({ kind: "voided", reason: "table-1" });
    expect(settle(l, "table-1", seats, purses, result, 22, "gm")).toBe(l);
  });

  it("skips seats without a purse or an account", () => {
    const stray: SeatAssignment[] = [{ seat: "s1", name: "Bot", kind: "bot", userId: null, account: "missing" }];
    expect(seatPurses(withAccounts(), "table-4", stray, 31, "gm").purses).toEqual({});
    const m = settle(withAccounts(), "table-4", stray, {}, result, 31, "gm");
    expect(m.entries.filter((e) => e.kind === "match")).toEqual([]);
    expect(m.settledTables).toEqual(["table-4"]);
  });
});

describe("events", () => {
  it("the event: each event keeps its own accounts, and the newest is where new tables go", () => {
    const first = ensureAccount(emptyEvent("e1", "Electrum night", 1000, 1), "han", "Han", 1000, 1, "gm");
    const second = ensureAccount(emptyEvent("e2", "Nova night", 5000, 2), "han", "Han", 5000, 2, "gm");
    const book = withEvent(withEvent(emptyLedger(), first), second);
    expect(Object.keys(book.events)).toEqual(["e1", "e2"]);
    expect(book.events.e1?.accounts.han?.credits).toBe(1000);
    expect(book.events.e2?.accounts.han?.credits).toBe(5000);
    expect(latestEvent(book)?.id).toBe("e2");
    expect(latestEvent(emptyLedger())).toBeUndefined();
  });

  it("the event: standings put the richest first, ties by name", () => {
    let e = emptyEvent("e1", "", 1000, 0);
    for (const [id, name] of [
      ["c", "Chewie"],
      ["a", "Han"],
      ["b", "Bossk"],
    ] as const)
      e = ensureAccount(e, id, name, 1000, 0, "gm");
    e = adjusted(e, "a", 500, 0, "won", 1, "gm");
    expect(standings(Object.values(e.accounts)).map((a) => a.name)).toEqual(["Han", "Bossk", "Chewie"]);
  });
});
