/**
 * Money a player can follow, as the windows show it: the ledger's history as sentences with signs
 * and table names (never ids), its CSV and journal exports, the lobby's bot stakes and single
 * "starting credits", and a spectator's own bets kept in the betting panel after the match.
 */
import { describe, expect, it } from "vitest";
import de from "../../lang/de.json";
import en from "../../lang/en.json";
import { dictionaryLocalizer } from "../../src/apps/core/i18n";
import {
  ledgerContext,
  ledgerCsv,
  ledgerJournalHtml,
  ledgerLines,
  sendLedgerForm,
  tableName,
} from "../../src/apps/core/ledger";
import { createRenderer } from "../../src/standalone/render";
import { trueSabacc } from "../../src/rules/sabacc/true-sabacc";
import { bettingContext } from "../../src/apps/table/betting";
import { lobbyCatalogue, lobbyContext, lobbySpec, newLobby, readLobby } from "../../src/apps/table/lobby";
import { bots, games, markets } from "../../src/games";
import type { BookView } from "../../src/table/concerns/betting/book";
import type { EventView, LedgerEntryView, TableUpdate } from "../../src/table/protocol";

const i18n = dictionaryLocalizer(en);
const i18nDe = dictionaryLocalizer(de);

const entry = (
  e: Partial<LedgerEntryView> & Pick<LedgerEntryView, "account" | "kind" | "credits">,
): LedgerEntryView => ({
  at: 1,
  luck: 0,
  reason: "",
  by: "gm",
  ...e,
});

const night: EventView = {
  id: "e1",
  name: "Nova night",
  createdAt: 1,
  startingCredits: 1000,
  houseTakings: 10,
  tables: { tx9: { number: 2, gameId: "sabacc-true", nameKey: "CANTINA.Games.sabacc-true" } },
  accounts: [
    { id: "u-greedo", name: "Greedo", credits: 1035, luck: 3 },
    { id: "u-watto", name: "Watto", credits: 540, luck: 3 },
    { id: "house", name: "house", credits: -290, luck: 0 },
  ],
  entries: [
    entry({ account: "u-greedo", kind: "opened", credits: 1000, luck: 3 }),
    entry({ account: "house", kind: "opened", credits: 0 }),
    entry({ account: "u-greedo", kind: "seated", credits: -1000, luck: -3, reason: "tx9", detail: { table: "tx9" } }),
    entry({ account: "house", kind: "stake", credits: -300, reason: "tx9", detail: { table: "tx9", seat: "Droid" } }),
    entry({
      account: "u-watto",
      kind: "bet",
      credits: -20,
      reason: "bet tx9/long-winner",
      detail: { table: "tx9", bet: "stake", pool: "long-winner", market: "winner" },
    }),
    entry({ account: "u-greedo", kind: "match", credits: 1035, luck: 3, reason: "tx9", detail: { table: "tx9" } }),
    entry({ account: "house", kind: "match", credits: 310, reason: "tx9", detail: { table: "tx9", seat: "Droid" } }),
    entry({
      account: "u-watto",
      kind: "bet",
      credits: 40,
      reason: "payout tx9/long-winner",
      detail: { table: "tx9", bet: "payout", pool: "long-winner", market: "winner" },
    }),
    entry({ account: "u-watto", kind: "adjustment", credits: -5, reason: 'Spilled a "drink", twice' }),
  ],
};

describe("the ledger history reads as sentences", () => {
  it("with signs, names and table names, never an internal id", () => {
    const lines = ledgerLines(night, i18n);
    expect(lines.map((l) => `${l.signedCredits} ${l.text}`)).toEqual([
      "+1000 Greedo joined the event with 1000 credits and 3 Luck/Force points.",
      "±0 The house opened its account.",
      "−1000 Greedo took 1000 credits to Table 2 (Sabacc: True Sabacc (Nova Circuit)).",
      "−300 The house staked Droid with 300 credits at Table 2 (Sabacc: True Sabacc (Nova Circuit)).",
      "−20 Watto bet 20 credits on “The winner” at Table 2 (Sabacc: True Sabacc (Nova Circuit)).",
      "+1035 Greedo came back from Table 2 (Sabacc: True Sabacc (Nova Circuit)) with 1035 credits: +35 over the match.",
      "+310 Droid brought 310 credits back to the house from Table 2 (Sabacc: True Sabacc (Nova Circuit)): +10 over the match.",
      "+40 Watto won 40 credits from “The winner” at Table 2 (Sabacc: True Sabacc (Nova Circuit)).",
      '−5 The GM changed Watto\'s balance: Spilled a "drink", twice',
    ]);
    for (const l of lines) expect(l.text).not.toMatch(/tx9|u-greedo|u-watto|long-winner/);
  });

  it("in German too", () => {
    const lines = ledgerLines(night, i18nDe);
    expect(lines[2]?.text).toBe(
      "Greedo hat 1000 Credits an Tisch 2 (Sabacc: Echtes Sabacc (Nova Circuit)) mitgenommen.",
    );
    expect(lines[5]?.text).toContain("+35 in der Partie");
  });

  it("a table the event has no number for (stored before numbers) is 'a table'", () => {
    expect(tableName(night, "old", i18n)).toBe("a table");
  });

  it("the panel shows the newest first, the house's balance, and offers the journal only where there is one", () => {
    const context = ledgerContext([night], null, true, [], i18n) as {
      event: { entries: { text: string; minus: boolean }[]; house: { signedCredits: string } };
      canJournal: boolean;
    };
    expect(context.event.entries[0]?.text).toContain("Spilled");
    expect(context.event.entries[0]?.minus).toBe(true);
    expect(context.event.house.signedCredits).toBe("−290");
    expect(context.canJournal).toBe(false);
    expect((ledgerContext([night], null, true, [], i18n, "", true) as { canJournal: boolean }).canJournal).toBe(true);
  });
});

describe("a player follows their own money", () => {
  it("their entries as sentences under their balance", () => {
    const mine: EventView = {
      ...night,
      accounts: night.accounts.filter((a) => a.id === "u-greedo"),
      entries: night.entries.filter((e) => e.account === "u-greedo"),
    };
    const context = ledgerContext([mine], null, false, [], i18n) as { events: { lines: { text: string }[] }[] };
    expect(context.events[0]?.lines.map((l) => l.text)).toEqual([
      "Greedo came back from Table 2 (Sabacc: True Sabacc (Nova Circuit)) with 1035 credits: +35 over the match.",
      "Greedo took 1000 credits to Table 2 (Sabacc: True Sabacc (Nova Circuit)).",
      "Greedo joined the event with 1000 credits and 3 Luck/Force points.",
    ]);
  });
});

describe("a GM exports an event's ledger", () => {
  it("as CSV: a header, one row per entry, cells quoted where they hold commas or quotes", () => {
    const csv = ledgerCsv(night, i18n, (at) => `T${at}`);
    const rows = csv.split("\r\n");
    expect(rows[0]).toBe("Time,Account,Credits,Luck/Force,Table,Entry");
    expect(rows[3]).toBe(
      "T1,Greedo,-1000,-3,Table 2 (Sabacc: True Sabacc (Nova Circuit)),Greedo took 1000 credits to Table 2 (Sabacc: True Sabacc (Nova Circuit)).",
    );
    expect(rows[9]).toBe(`T1,Watto,-5,0,,"The GM changed Watto's balance: Spilled a ""drink"", twice"`);
    expect(rows).toHaveLength(night.entries.length + 2);
  });

  it("as a journal page: standings and history, with what people typed escaped", () => {
    const html = ledgerJournalHtml(
      { ...night, accounts: [...night.accounts, { id: "x", name: "<b>Bad</b>", credits: 1, luck: 0 }] },
      i18n,
      () => "now",
    );
    expect(html).toContain("<td>Greedo</td><td>1035</td>");
    expect(html).toContain("&#60;b&#62;Bad");
    expect(html).not.toContain("<b>Bad");
    expect(html).toContain("<strong>+40</strong> Watto won 40 credits");
  });
});

describe("the lobby: one starting credits, bots on the house's stake", () => {
  const catalogue = lobbyCatalogue(games, bots, markets);
  const names = { user: (id: string) => id, bot: (n: number) => `Bot ${n}` };
  const form =
    (values: Record<string, string>) =>
    (name: string): string | null =>
      values[name] ?? null;

  it("a game that uses the ledger offers no starting credits of its own (the event's apply); others keep theirs", () => {
    const sabacc = lobbyContext(newLobby(catalogue, "sabacc-true", ["a"]), catalogue, []) as {
      fields: { key: string }[];
      usesLedger: boolean;
    };
    expect(sabacc.fields.map((f) => f.key)).not.toContain("defaultCredits");
    expect(sabacc.usesLedger).toBe(true);
  });

  it("a bot's stake from the house goes into the spec; a bad one is refused with the seat named", () => {
    const lobby = newLobby(catalogue, "sabacc-super-simplified", ["a"]);
    readLobby(lobby, catalogue, form({ "seat1.kind": "bot", "seat1.stake": "250" }), () => "a");
    const seats = (lobbyContext(lobby, catalogue, []) as { seats: { hasStake: boolean; stake: string }[] }).seats;
    expect(seats.map((s) => s.hasStake)).toEqual([false, true]);
    const asked = lobbySpec(lobby, catalogue, names);
    expect("spec" in asked && asked.spec.seats[1]).toMatchObject({ kind: "bot", stake: 250 });
    readLobby(lobby, catalogue, form({ "seat1.kind": "bot", "seat1.stake": "12.5" }), () => "a");
    expect(lobbySpec(lobby, catalogue, names)).toEqual({
      ok: false,
      error: { code: "CANTINA.Lobby.BadStake", params: { n: 2 } },
    });
    // Empty: the event's starting credits (the host decides).
    readLobby(lobby, catalogue, form({ "seat1.kind": "bot", "seat1.stake": "" }), () => "a");
    const plain = lobbySpec(lobby, catalogue, names);
    expect("spec" in plain && plain.spec.seats[1]?.stake).toBeUndefined();
  });
});

describe("a spectator's bets after the match", () => {
  const pool = (id: string, kind: "short" | "long", mine: number, myPayout: number): BookView["pools"][number] => ({
    id,
    kind,
    market: kind === "long" ? "winner" : "capture",
    status: "settled",
    open: false,
    closesAt: 1,
    settlesAt: 2,
    total: 100,
    result: kind === "long" ? "seat-1" : "yes",
    myPayout,
    share: 5,
    outcomes: [{ outcome: kind === "long" ? "seat-1" : "yes", staked: 100, mine, odds: 1 }],
  });

  it("keeps every pool they staked on (the winning long bet among them) and tells their totals", () => {
    const betting: BookView = {
      sharePct: 5,
      shareHeld: 0,
      sharePaid: 5,
      pools: [pool("long-winner", "long", 20, 50), ...[1, 2, 3, 4].map((n) => pool(`short-${n}`, "short", 0, 0))],
    };
    const update = {
      table: { id: "t1", seats: [{ seat: "seat-1", name: "Han" }] },
      betting,
      canBet: true,
    } as unknown as TableUpdate;
    const context = bettingContext(update) as { pools: { id: string }[]; myTotals: { net: string } };
    expect(context.pools.map((p) => p.id)).toEqual(["long-winner", "short-4", "short-3", "short-2"]);
    expect(context.myTotals).toEqual({ staked: 20, paid: 50, net: "+30" });
  });

  it('says "every stake was refunded" only for a pool that held stakes and gave them back (issue 33)', () => {
    const empty = { ...pool("short-1", "short", 0, 0), status: "refunded" as const, total: 0, share: 0 };
    const backed = {
      ...pool("short-2", "short", 10, 10),
      status: "refunded" as const,
      total: 10,
      share: 0,
      outcomes: [{ outcome: "no", staked: 10, mine: 10, odds: 1 }],
    };
    const render = (p: BookView["pools"][number]): string => {
      const betting: BookView = { sharePct: 5, shareHeld: 0, sharePaid: 0, pools: [p] };
      const update = {
        table: { id: "t1", seats: [{ seat: "seat-1", name: "Han" }] },
        betting,
        canBet: true,
      } as unknown as TableUpdate;
      // What a reader sees: the text, not the attributes.
      return createRenderer(i18n)("table/betting.hbs", bettingContext(update) ?? {}).replace(/<[^>]*>/g, "");
    };
    // Nobody staked on the pool: nothing was refunded; it shows its result and that it closed without bets.
    const none = render(empty);
    expect(none).not.toContain("refunded");
    expect(none).toContain(i18n.localize("CANTINA.Betting.Status.empty"));
    expect(none).toContain(i18n.localize("CANTINA.Betting.Result"));
    // Stakes were placed and none on the result: they were given back, and the pool says so.
    const back = render(backed);
    expect(back).toContain("every stake was refunded");
    expect(back).toContain(i18n.localize("CANTINA.Betting.Status.refunded"));
  });

  it("each pool says in words what it holds: nothing yet while open, nobody bet once closed, so far, or what it held", () => {
    const line = (p: BookView["pools"][number]): string => {
      const betting: BookView = { sharePct: 5, shareHeld: 0, sharePaid: 0, pools: [p] };
      const update = { table: { id: "t1", seats: [] }, betting, canBet: false } as unknown as TableUpdate;
      const html = createRenderer(i18n)("table/betting.hbs", bettingContext(update) ?? {});
      return /data-pool-total="\d+">([^<]*)</.exec(html)?.[1] ?? "";
    };
    const settled = pool("long-winner", "long", 0, 0);
    const empty = { ...settled, total: 0, outcomes: [{ outcome: "seat-1", staked: 0, mine: 0, odds: null }] };
    expect(line({ ...empty, status: "open", open: true })).toBe("Nothing staked yet: the odds show once someone bets.");
    expect(line({ ...empty, status: "counting" })).toBe("Nobody bet in this pool.");
    expect(line({ ...settled, status: "open", open: true })).toBe(
      "100 credits in the pool so far; a winning bet is paid at its outcome&#x27;s odds when the pool settles.",
    );
    expect(line(settled)).toBe("100 credits were in the pool.");
  });

  it("after the match every long pool stays listed, beside the newest short ones, staked on or not", () => {
    const unstaked = (id: string, kind: "short" | "long"): BookView["pools"][number] => ({
      ...pool(id, kind, 0, 0),
      outcomes: [{ outcome: "yes", staked: 100, mine: 0, odds: 1 }],
    });
    const shorts = [1, 2, 3, 4, 5].map((n) => unstaked(`short-${n}`, "short"));
    const betting: BookView = {
      sharePct: 5,
      shareHeld: 0,
      sharePaid: 5,
      pools: [unstaked("long-winner", "long"), ...shorts],
    };
    const update = { table: { id: "t1", seats: [] }, betting, canBet: false } as unknown as TableUpdate;
    const context = bettingContext(update) as { pools: { id: string }[] };
    expect(context.pools.map((p) => p.id)).toEqual(["long-winner", "short-5", "short-4", "short-3"]);
  });

  it("a closed pool nobody bet in shows its line and result, no table of zeros; an open one keeps its table", () => {
    const empty = {
      ...pool("short-1", "short", 0, 0),
      total: 0,
      outcomes: [{ outcome: "no", staked: 0, mine: 0, odds: null }],
    };
    const render = (p: BookView["pools"][number]): string => {
      const betting: BookView = { sharePct: 5, shareHeld: 0, sharePaid: 0, pools: [p] };
      const update = { table: { id: "t1", seats: [] }, betting, canBet: true } as unknown as TableUpdate;
      return createRenderer(i18n)("table/betting.hbs", bettingContext(update) ?? {});
    };
    const closed = render(empty);
    expect(closed).not.toContain("<table");
    expect(closed).toContain("Nobody bet in this pool.");
    expect(render({ ...empty, status: "open", open: true, result: null })).toContain("<table");
  });

  it("a payout explains the match winner's share taken from the pool first", () => {
    const betting: BookView = { sharePct: 5, shareHeld: 0, sharePaid: 5, pools: [pool("long-winner", "long", 20, 50)] };
    const update = {
      table: { id: "t1", seats: [{ seat: "seat-1", name: "Han" }] },
      betting,
      canBet: true,
    } as unknown as TableUpdate;
    const html = createRenderer(i18n)("table/betting.hbs", bettingContext(update) ?? {});
    expect(html).toContain("you received 50");
    expect(html).toContain(
      "(The match winner&#x27;s 5%, 5 of the pool&#x27;s 100 credits, was taken first; the winning stakes shared the rest.)",
    );
  });
});

describe("the README's walkthrough: the ledger's defaults work with every game", () => {
  const render = createRenderer(i18n);
  const users = [{ id: "player1", name: "player1" }];

  it("a new event's starting credits cover True Sabacc's default antes (500 + 1,000) with room to bet", () => {
    const html = render("table/ledger.hbs", ledgerContext([], null, true, users, i18n));
    const credits = Number(/name="startingCredits" value="(\d+)"/.exec(html)?.[1]);
    const { mainAnte, sabaccAnte } = trueSabacc.defaultOptions();
    expect(credits).toBeGreaterThan(mainAnte + sabaccAnte);
  });

  it("where users are not a fixed list (the standalone page), the GM adds any user id, such as a watcher 'rey'", async () => {
    const html = render("table/ledger.hbs", ledgerContext([night], null, true, users, i18n, "", false, true));
    expect(html).toMatch(/<input type="text" name="account" list="cantina-ledger-users"/);
    expect(html).toContain('<option value="player1">');
    const joined: string[] = [];
    const sender = {
      createEvent: () => Promise.resolve({ ok: true as const }),
      adjustLedger: () => Promise.resolve({ ok: true as const }),
      joinEvent: (_event: string, account: string, name: string) => {
        joined.push(`${account}:${name}`);
        return Promise.resolve({ ok: true as const });
      },
    };
    const fields: Record<string, string> = { account: " rey ", name: "" };
    await sendLedgerForm(
      "eventJoin",
      (n) => fields[n] ?? null,
      sender,
      "e1",
      (a) => a,
    );
    expect(joined).toEqual(["rey:rey"]);
  });

  it("a host with a fixed list of users (Foundry's world users) keeps the choice of them", () => {
    const html = render("table/ledger.hbs", ledgerContext([night], null, true, users, i18n));
    expect(html).toMatch(/<select name="account"><option value="player1">/);
  });
});

describe("the house's takings read as sentences", () => {
  it("a house whose bots lost more than it took 'lost 918 credits', never 'took -918'", () => {
    const lost = { ...night, houseTakings: -918 };
    const context = ledgerContext([lost], null, true, [], i18n) as { event: { houseTakingsText: string } };
    expect(context.event.houseTakingsText).toContain("lost 918 credits");
    expect(ledgerJournalHtml(lost, i18n, () => "")).not.toContain("-918");
    const took = ledgerContext([night], null, true, [], i18n) as { event: { houseTakingsText: string } };
    expect(took.event.houseTakingsText).toContain("took 10 credits");
  });
});
