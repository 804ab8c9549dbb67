// @vitest-environment happy-dom
/**
 * The end-of-game panel (issue 27) in the table controls both hosts draw: who won, each seat's net,
 * the votes to play again and the button for a seated player who has not voted, in both languages.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import de from "../../lang/de.json";
import en from "../../lang/en.json";
import { dictionaryLocalizer, fallbackLocalizer } from "../../src/apps/core/i18n";
import { endSummary } from "../../src/apps/table/end-summary";
import { sendTableOp, tableControls, tableKey } from "../../src/apps/table/tables";
import type { HostReply, TableSummary } from "../../src/table/protocol";
import { createRenderer } from "../../src/standalone/render";
import { HAN_AND_LANDO, tableUpdate } from "../helpers/table-update";

const english = dictionaryLocalizer(en);
const renderers = {
  en: createRenderer(english),
  de: createRenderer(fallbackLocalizer(dictionaryLocalizer(de), english)),
};
const bot: TableSummary["seats"][number] = {
  seat: "seat-3",
  name: "Droid",
  kind: "bot",
  userId: null,
  account: "house",
  botLevel: "easy",
};
const seats = [...HAN_AND_LANDO, bot];
const finished = (playAgain?: readonly string[]): Partial<TableSummary> & { gameId: string } => ({
  gameId: "sabacc-simplified",
  over: true,
  result: { winners: ["seat-2"], creditDelta: { "seat-1": -35, "seat-2": 50, "seat-3": -15 } },
  ...(playAgain ? { playAgain } : {}),
});
const controls = (seat: string | null, votes?: readonly string[]) =>
  tableControls(tableUpdate(finished(votes), seats, seat, {}, []), {
    isGM: false,
    hasHelp: false,
    helpOpen: false,
    hasBots: true,
  });

describe("the end-of-game panel", () => {
  it("is absent while the match runs", () => {
    expect(endSummary(tableUpdate({ gameId: "sabacc-simplified" }, seats, "seat-1", {}, []))).toBeNull();
  });

  it("marks the winner and every seat's signed net, and counts only the seats people hold as voters", () => {
    const summary = endSummary(tableUpdate(finished(["seat-1"]), seats, "seat-2", {}, []));
    expect(summary).toMatchObject({ money: true, votes: 1, voters: 2, waitingFor: "Lando" });
    expect(summary?.rows.map((r) => [r.name, r.won, r.net, r.voted])).toEqual([
      ["Han", false, "\u221235", true],
      ["Lando", true, "+50", false],
      ["Droid", false, "\u221215", false],
    ]);
    expect(summary).toMatchObject({ canVote: true, hasVoted: false });
  });

  it("offers the vote to a seated player who has not voted, not to one who has, nor to a spectator", () => {
    for (const render of Object.values(renderers)) {
      const html = render("table/controls.hbs", controls("seat-2", ["seat-1"]));
      expect(html).toContain('data-op="play-again"');
      expect(html).not.toMatch(/CANTINA\./);
      expect(render("table/controls.hbs", controls("seat-1", ["seat-1"]))).not.toContain('data-op="play-again"');
      expect(render("table/controls.hbs", controls(null, ["seat-1"]))).not.toContain('data-op="play-again"');
    }
    const english = renderers.en("table/controls.hbs", controls("seat-1", ["seat-1"]));
    expect(english).toContain("Votes to play again: 1 of 2.");
    expect(english).toContain("Waiting for Lando.");
  });

  it("leaves saying who won to the game's own line below it: no winners sentence of its own, the winner's row starred", () => {
    for (const [lang, render] of Object.entries(renderers)) {
      document.body.innerHTML = render("table/controls.hbs", controls("seat-2", []));
      const panel = document.querySelector("[data-end-summary]")!;
      const sentences = [...panel.querySelectorAll("p")].map((p) => p.textContent ?? "");
      expect(
        sentences.filter((text) => text.includes("Lando")),
        lang,
      ).toEqual([]);
      expect(panel.querySelector(".cantina-end-won [scope='row']")?.textContent, lang).toContain("Lando");
    }
  });

  it("says which seats a bot finished for their away players, who have their seats back (their vote is not awaited)", () => {
    const han = { ...HAN_AND_LANDO[0]!, finishedBy: "easy" };
    const back = tableUpdate(finished([]), [han, HAN_AND_LANDO[1]!, bot], "seat-1", {}, []);
    const summary = endSummary(back);
    expect(summary).toMatchObject({ botFinished: "Han", voters: 1, waitingFor: "Lando", canVote: true });
    const options = { isGM: false, hasHelp: false, helpOpen: false, hasBots: true };
    expect(renderers.en("table/controls.hbs", tableControls(back, options))).toContain(
      "A bot played the last moves for Han.",
    );
    expect(renderers.de("table/controls.hbs", tableControls(back, options))).toContain(
      "Die letzten Züge für Han hat ein Bot gespielt.",
    );
    // Once Han votes, the table waits for him as for any seated player.
    expect(
      endSummary(tableUpdate(finished(["seat-1"]), [han, HAN_AND_LANDO[1]!, bot], "seat-1", {}, [])),
    ).toMatchObject({ votes: 1, voters: 2, hasVoted: true });
    expect(endSummary(tableUpdate(finished([]), seats, "seat-1", {}, []))?.botFinished).toBe("");
    // Han alone with bots: no vote is awaited, so no "0 of 0" count; his button still offers a new deal.
    const alone = tableControls(tableUpdate(finished([]), [han, bot], "seat-1", {}, []), options);
    expect(renderers.en("table/controls.hbs", alone)).not.toContain("data-play-again-votes");
    expect(renderers.en("table/controls.hbs", alone)).toContain('data-op="play-again"');
  });

  it("draws its table like the rest of the window and reads out whole to a screen reader (issue 33)", () => {
    for (const [lang, render] of Object.entries(renderers)) {
      document.body.innerHTML = render("table/controls.hbs", controls("seat-2", ["seat-1"]));
      const table = document.querySelector<HTMLTableElement>(".cantina-end-table")!;
      // A caption names the table; every cell says something, the winner's row in words as well as the star.
      expect(table.caption?.textContent?.trim()).toBeTruthy();
      const votes = [...table.querySelectorAll("tbody tr")].map((tr) => tr.lastElementChild?.textContent?.trim());
      expect(
        votes.every((text) => text !== "" && text !== undefined),
        lang,
      ).toBe(true);
      expect(new Set(votes).size).toBe(3);
      const won = table.querySelector("[data-end-seat='seat-2'] th")!;
      expect(won.querySelector(".cantina-sr")?.textContent?.trim()).toBeTruthy();
      // The vote button is the shared primary button, reachable by Tab.
      const button = document.querySelector<HTMLButtonElement>('[data-op="play-again"]')!;
      expect(button.classList.contains("cantina-primary")).toBe(true);
      expect(button.tabIndex).toBe(0);
    }
    // The stylesheet draws the table's cells and header, not the browser's bare table.
    const css = readFileSync(join(__dirname, "../../styles/end-summary.css"), "utf8");
    const rule = (selector: string): string =>
      new RegExp(`${selector.replace(/[.*]/g, "\\$&")}[^{]*\\{([^}]*)\\}`).exec(css)?.[1] ?? "";
    expect(rule(".cantina-end-table th,")).toMatch(/border/);
    expect(rule(".cantina-end-table thead th")).toMatch(/background/);
  });

  it("leaves the money column out for a match that moved no credits", () => {
    const update = tableUpdate(
      { gameId: "takat", over: true, result: { winners: ["seat-1"], creditDelta: {} } },
      HAN_AND_LANDO,
      "seat-1",
      {},
      [],
    );
    expect(endSummary(update)?.money).toBe(false);
    expect(
      renderers.en(
        "table/controls.hbs",
        tableControls(update, { isGM: false, hasHelp: false, helpOpen: false, hasBots: false }),
      ),
    ).not.toContain("data-end-net");
  });

  it("redraws the window when a vote arrives, and sends a vote through the client's playAgain", async () => {
    const before = tableUpdate(finished([]), seats, "seat-1", {}, []);
    const after = tableUpdate(finished(["seat-1"]), seats, "seat-1", {}, []);
    expect(tableKey(before)).not.toBe(tableKey(after));
    const asked: string[] = [];
    const answer = async (what: string): Promise<HostReply> => {
      asked.push(what);
      return { ok: true };
    };
    const client = {
      playAgain: (id: string) => answer(`play-again ${id}`),
      rematch: (id: string) => answer(`rematch ${id}`),
      pause: (id: string) => answer(`pause ${id}`),
      end: (id: string) => answer(`end ${id}`),
      seatBot: (id: string) => answer(`seat-bot ${id}`),
      removePlayer: (id: string) => answer(`remove ${id}`),
      seatUser: (id: string, seat: string, user: string) => answer(`seat-user ${id} ${seat} ${user}`),
      markAway: (id: string) => answer(`away ${id}`),
      skipTurn: (id: string) => answer(`skip ${id}`),
      undo: (id: string) => answer(`undo ${id}`),
      sitDown: (id: string, seat: string, sit: boolean) => answer(`sit-down ${id} ${seat} ${sit}`),
      startLobby: (id: string) => answer(`lobby-start ${id}`),
    };
    await sendTableOp(client, "play-again", "t1", "");
    await sendTableOp(client, "seat-user", "t1", "seat-2", "carol");
    expect(asked).toEqual(["play-again t1", "seat-user t1 seat-2 carol"]);
  });
});
