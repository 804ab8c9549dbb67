/**
 * Money a player can follow, in the table layer: bots play on a stake from the house's purse (the
 * books balance, the house may go below zero while it lends), tables are numbered per event,
 * ledger entries say what they are about, and the match's end posts its money in chat.
 */
import { describe, expect, it } from "vitest";
import { type GameResult, SeededRandom } from "../../src/rules/core";
import { bots } from "../../src/games";
import {
  HOUSE_ACCOUNT,
  adjust,
  emptyEvent,
  ensureAccount,
  houseTakings,
  seatPurses,
  settle,
  voidTable,
  withHouse,
  withTable,
} from "../../src/table/ledger";
import { matchSummary, signedAmount } from "../../src/table/match-summary";
import type { SeatAssignment } from "../../src/table/protocol";
import type { Book } from "../../src/table/concerns/betting/book";
import { aliceAgainstStakedDroid, startMemoryHost } from "../helpers/memory-host";

const han: SeatAssignment = { seat: "s1", name: "Han", kind: "person", userId: "han", account: "han" };
const droid: SeatAssignment = {
  seat: "s2",
  name: "Droid",
  kind: "bot",
  userId: null,
  account: HOUSE_ACCOUNT,
  botLevel: "basic",
  stake: 300,
};

function nightWithHan() {
  return ensureAccount(withHouse(emptyEvent("e1", "Night", 1000, 1), 1, "gm"), "han", "Han", 1000, 1, "gm");
}

const credits = (e: ReturnType<typeof nightWithHan>) =>
  Object.values(e.accounts).reduce((sum, a) => sum + a.credits, 0);

describe("bots play on the house's purse", () => {
  it("a house-staked bot takes its stake from the house, which may go below zero, and gives its purse back to it", () => {
    const seated = seatPurses(nightWithHan(), "t1", [han, droid], 2, "gm", 2);
    expect(seated.purses).toEqual({ s1: { credits: 1000, luck: 3 }, s2: { credits: 300, luck: 2 } });
    expect(seated.event.accounts[HOUSE_ACCOUNT]).toMatchObject({ credits: -300, luck: 0 });
    // Nothing is made: what the accounts hold plus the purses at the table is what came in.
    expect(credits(seated.event) + 1000 + 300).toBe(1000);
    const result: GameResult = { winners: ["s2"], creditDelta: { s1: -40, s2: 40 }, luckSpent: { s2: 1 } };
    const settled = settle(seated.event, "t1", [han, droid], seated.purses, result, 3, "gm");
    expect(settled.accounts[HOUSE_ACCOUNT]).toMatchObject({ credits: 40, luck: 0 });
    expect(settled.accounts.han).toMatchObject({ credits: 960 });
    expect(credits(settled)).toBe(1000);
    // The bot's winnings are the house's takings; its stake coming back is not.
    expect(houseTakings(settled)).toBe(40);
    expect(settled.entries.at(-1)).toMatchObject({ kind: "match", account: HOUSE_ACCOUNT, credits: 340 });
  });

  it("a table ended early gives the house its stake back as it came, and the takings stay at zero", () => {
    const seated = seatPurses(nightWithHan(), "t1", [han, droid], 2, "gm");
    const voided = voidTable(seated.event, "t1", [han, droid], seated.purses, 3, "gm");
    expect(voided.accounts[HOUSE_ACCOUNT]).toMatchObject({ credits: 0 });
    expect(houseTakings(voided)).toBe(0);
    // While the stake is out, it counts for nothing yet.
    expect(houseTakings(seated.event)).toBe(0);
  });

  it("a character's balance never goes below zero; the house's does (it is the bank)", () => {
    const event = nightWithHan();
    const han2 = adjust(event, "han", -5000, 0, "fine", 2, "gm");
    expect(han2.ok && han2.event.accounts.han?.credits).toBe(0);
    const house = adjust(event, HOUSE_ACCOUNT, -500, 0, "loan", 2, "gm");
    expect(house.ok && house.event.accounts[HOUSE_ACCOUNT]?.credits).toBe(-500);
  });
});

describe("tables and entries say what they are about", () => {
  it("tables are numbered in the order they open in their event, once each", () => {
    let event = withTable(nightWithHan(), "tA", "sabacc-true", "CANTINA.Games.sabacc-true");
    event = withTable(event, "tB", "seven-ulwan", "CANTINA.Games.seven-ulwan");
    expect(withTable(event, "tA", "x", "y")).toBe(event);
    expect(event.tables).toEqual({
      tA: { number: 1, gameId: "sabacc-true", nameKey: "CANTINA.Games.sabacc-true" },
      tB: { number: 2, gameId: "seven-ulwan", nameKey: "CANTINA.Games.seven-ulwan" },
    });
  });

  it("signs amounts as a reader expects: +35, a true minus, ±0", () => {
    expect([signedAmount(35), signedAmount(-20), signedAmount(0)]).toEqual(["+35", "\u221220", "\u00b10"]);
  });
});

describe("the match's money in chat", () => {
  const result: GameResult = { winners: ["s1"], creditDelta: { s1: 35, s2: -20, s3: -25 }, luckSpent: {} };
  const lando: SeatAssignment = { seat: "s3", name: "Lando", kind: "person", userId: "lando", account: "lando" };
  const purses = { s1: { credits: 100, luck: 3 }, s2: { credits: 300, luck: 3 }, s3: { credits: 100, luck: 3 } };

  it("names the winner and each seat's net change, the bot's stake and the take that goes to the house", () => {
    const events = matchSummary([han, droid, lando], purses, result);
    expect(events).toEqual([
      {
        kind: "notice",
        key: "CANTINA.Money.Summary",
        params: { winners: "s1", nets: "Han +35, Droid \u221220, Lando \u221225" },
      },
      { kind: "notice", key: "CANTINA.Money.SummaryStake", params: { seat: "s2", stake: 300, back: 280 } },
      { kind: "notice", key: "CANTINA.Money.SummaryHouse", params: { amount: 10 } },
    ]);
  });

  it("tells the spectator pools: staked, paid back, the winner's share", () => {
    const book = {
      sharePaid: 6,
      pools: [
        {
          bets: [
            { amount: 40, user: "c", account: "c", outcome: "s1", seq: 0 },
            { amount: 20, user: "d", account: "d", outcome: "s2", seq: 1 },
          ],
          paid: { c: 54 },
        },
      ],
    } as unknown as Book;
    const events = matchSummary([han], { s1: purses.s1 }, { winners: [], creditDelta: {}, luckSpent: {} }, book);
    expect(events).toEqual([
      { kind: "notice", key: "CANTINA.Money.SummaryNoWinner", params: { nets: "Han \u00b10" } },
      { kind: "notice", key: "CANTINA.Money.SummaryBetting", params: { staked: 60, paidBack: 54, share: 6 } },
    ]);
  });

  it("a match against a bot on a GM-set stake ends with its summary in everyone's events, and the net in the table's summary", async () => {
    const { host, clients, tableId } = await aliceAgainstStakedDroid(["gm", "alice", "watcher"]);
    const seen = clients.watcher!.tables.get(tableId)!;
    expect(seen.table.over).toBe(true);
    const delta = seen.table.result!.creditDelta;
    expect(delta["seat-1"]! + delta["seat-2"]!).toBeLessThanOrEqual(0);
    const keys = seen.events.map((e) => (e.event.kind === "notice" ? e.event.key : ""));
    expect(keys).toContain("CANTINA.Money.Summary");
    expect(keys).toContain("CANTINA.Money.SummaryStake");
    const event = Object.values(host.currentLedger().events)[0]!;
    expect(event.tables?.[tableId]).toMatchObject({ number: 1, gameId: "sabacc-super-simplified" });
    expect(event.entries.find((e) => e.kind === "stake")).toMatchObject({
      account: HOUSE_ACCOUNT,
      credits: -250,
      detail: { table: tableId, seat: "Droid" },
    });
    // The bot has no account: Alice's and the house's hold every credit there is.
    expect(Object.keys(event.accounts).sort()).toEqual(["alice", HOUSE_ACCOUNT]);
    expect(Object.values(event.accounts).reduce((sum, a) => sum + a.credits, 0)).toBe(1000);
  });

  it("a stake that is not a whole number of credits, 0 or more, is refused as malformed", async () => {
    const { network } = await startMemoryHost({ users: ["gm"], random: new SeededRandom(5), bots });
    const seats = [
      { kind: "person", userId: "gm", name: "Maz" },
      { kind: "bot", userId: null, name: "Droid", stake: -5 },
    ];
    const reply = await network.deliver("gm", {
      type: "create",
      spec: { gameId: "sabacc-super-simplified", seats, options: {} },
    });
    expect(reply).toMatchObject({ ok: false, error: { code: "CANTINA.Error.Malformed" } });
  });
});
