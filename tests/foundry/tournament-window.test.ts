/**
 * The Sabacc tournament's window in Foundry (issue 37): the shared app's templates drawn as an
 * ApplicationV2's parts (happy-dom Foundry: application.ts), a player buying in from the window with
 * the sheet's credits shown, a refusal in words, and the GM's final summary posted to chat (a message
 * the GM authors) or written to one journal entry (written again, never twice). Stand-ins: standins.ts,
 * journal-standin.ts, tests/tournament/foundry-actor.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CantinaRuntime } from "../../src/foundry/runtime";
import type { TournamentWindow as TournamentWindowClass } from "../../src/foundry/tournament-window";
import { TournamentErrors as E } from "../../src/tournament";
import { type FoundryDom, installFoundryDom } from "./application";
import { installJournal } from "./journal-standin";
import { type TournamentWorld, account, sheet, tournamentWorld } from "./tournament-world";
import { removeFoundryGlobals } from "./world";

let TournamentWindow: typeof TournamentWindowClass;
let dom: FoundryDom;

beforeAll(async () => {
  dom = installFoundryDom();
  ({ TournamentWindow } = await import("../../src/foundry/tournament-window"));
});

afterAll(() => removeFoundryGlobals());

type Win = TournamentWindowClass & { element: HTMLElement; render(options?: { force?: boolean }): Promise<unknown> };

/** The GM's window over the hosting runtime; tables it opens are noted. */
function gmWindow(t: TournamentWorld, opened: string[] = []): Win {
  return new TournamentWindow(t.gm, (id) => opened.push(id)) as Win;
}

/** Alice's window over her own client (a player's runtime is its client and the views it feeds). */
function aliceWindow(t: TournamentWorld): Win {
  const runtime = { client: t.alice.client, addView: () => undefined } as unknown as CantinaRuntime;
  return new TournamentWindow(runtime, () => undefined) as Win;
}

/** Runs `fn` as `user` (game.user), then goes on as the GM, once what it started is settled. */
async function as(t: TournamentWorld, user: string, fn: () => unknown): Promise<void> {
  t.world.install(user);
  await fn();
  await new Promise((r) => setTimeout(r, 0));
  await t.gm.settle();
  await t.alice.transport.settled();
  t.world.install("gm");
}

const click = (win: Win, selector: string): void => dom.click(win.element.querySelector(selector)!);

describe("the tournament window in Foundry", () => {
  it("a player buys in from the window: the sheet's credits shown, then moved; the GM's summary buttons are not theirs", async () => {
    const t = await tournamentWorld();
    const win = aliceWindow(t);
    await as(t, "alice", () => win.render({ force: true }));
    expect(win.element.querySelector('[data-purse="kira"] [data-sheet-credits]')?.textContent).toBe("2000");
    expect(win.element.querySelector("[data-tournament-post]")).toBeNull();
    expect(win.element.querySelector('[data-purse="zed"]')).toBeNull();
    await as(t, "alice", async () => {
      win.element.querySelector<HTMLInputElement>('[data-tournament-transfer] [name="credits"]')!.value = "300";
      click(win, '[data-action="tournamentTransfer"][data-kind="buy-in"]');
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(sheet(t.kira)).toBe(1700);
    expect(account(t, "kira")).toBe(300);
    await as(t, "alice", () => win.render());
    expect(win.element.querySelector('[data-purse="kira"] [data-sheet-credits]')?.textContent).toBe("1700");
    expect(win.element.querySelector('[data-purse="kira"] [data-ledger-credits]')?.textContent).toBe("300");
  });

  it("buying in above the sheet from the window shows the refusal in words and moves nothing", async () => {
    const t = await tournamentWorld(400);
    const win = aliceWindow(t);
    await as(t, "alice", () => win.render({ force: true }));
    await as(t, "alice", async () => {
      win.element.querySelector<HTMLInputElement>('[data-tournament-transfer] [name="credits"]')!.value = "500";
      click(win, '[data-action="tournamentTransfer"][data-kind="buy-in"]');
      await new Promise((r) => setTimeout(r, 0));
    });
    await expect
      .poll(() => win.element.querySelector("[data-tournament-error]")?.textContent)
      .toBe(`${E.sheetTooLow} ${JSON.stringify({ name: "Kira", have: "400" })}`);
    expect(sheet(t.kira)).toBe(400);
  });

  it("the GM posts the final summary to chat as a message they author", async () => {
    const t = await tournamentWorld();
    const win = gmWindow(t);
    await win.render({ force: true });
    expect(win.element.querySelector("#cantina-tournament-title")?.textContent).toContain("Nova Cup");
    click(win, '[data-action="tournamentChat"]');
    await expect.poll(() => t.world.wire.chat.length).toBe(1);
    const posted = t.world.wire.chat[0]!.data;
    expect(posted.author).toBe("gm");
    expect(posted.flags).toEqual({ "cantina-games": { tournament: t.tournamentId } });
    expect(String(posted.content)).toContain("Kira");
    expect(String(posted.content)).toContain("Zed");
    expect(String(posted.content)).toMatch(/^<h2>/);
  });

  it("the GM writes the summary to one journal entry everyone may read, written again when posted again", async () => {
    const t = await tournamentWorld();
    const entries = installJournal(t.world);
    const win = gmWindow(t);
    await win.render({ force: true });
    click(win, '[data-action="tournamentJournal"]');
    await expect.poll(() => entries.length).toBe(1);
    const entry = entries[0]!;
    expect(entry.name).toBe(`CANTINA.Tournament.Foundry.Summary.JournalName ${JSON.stringify({ name: "Nova Cup" })}`);
    expect(entry.ownership.default).toBe(2);
    expect(entry.pages.contents[0]?.text.content).toContain("Kira");
    await t.bob.client.tournament({
      type: "tournament-sign-up",
      tournamentId: t.tournamentId,
      circuit: "electrum",
      participant: "zed",
      sign: true,
    });
    await t.gm.settle();
    const before = entry.pages.contents[0]?.text.content;
    await win.render();
    click(win, '[data-action="tournamentJournal"]');
    await expect
      .poll(() =>
        t.world.wire.notifications.some((n) => n.text.startsWith("CANTINA.Tournament.Foundry.Summary.Updated")),
      )
      .toBe(true);
    expect(entries).toHaveLength(1);
    expect(entry.pages.contents).toHaveLength(1);
    // Zed signed up for Electrum since: the circuit's standings name him now.
    expect(entry.pages.contents[0]?.text.content).not.toBe(before);
    expect(entry.pages.contents[0]?.text.content).toContain(
      `CANTINA.Tournament.UI.Summary.Circuit {&#34;circuit&#34;:&#34;CANTINA.Tournament.Circuit.Electrum&#34;,&#34;rounds&#34;:&#34;0&#34;}<br>CANTINA.Tournament.UI.Summary.RowLuck`,
    );
  });

  it("a summary the world refuses to write is said to the GM, not lost silently", async () => {
    const t = await tournamentWorld();
    installJournal(t.world);
    (globalThis as unknown as { JournalEntry: unknown }).JournalEntry = {
      create: async () => {
        throw new Error("the database is full");
      },
    };
    const win = gmWindow(t);
    await win.render({ force: true });
    click(win, '[data-action="tournamentJournal"]');
    await expect
      .poll(() => t.world.wire.notifications.map((n) => n.text))
      .toContain(
        `CANTINA.Tournament.Foundry.Error.SummaryFailed ${JSON.stringify({ reason: "the database is full" })}`,
      );
  });
});
