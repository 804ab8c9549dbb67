/**
 * The optional journal entry of a finished table, against stand-ins for `game` and `JournalEntry`:
 * written only with the world setting on and on a GM's client, as one text page with the players,
 * who won and a link whose click opens that table's replay.
 */
import { Window } from "happy-dom";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as JournalModule from "../../src/foundry/replay-journal";
import { games } from "../../src/games";
import { botRecord } from "../helpers/replay-record";

let mod: typeof JournalModule;
const created: {
  name: string;
  ownership?: { default: number };
  pages: { name: string; type: string; text: { content: string } }[];
}[] = [];
const world = { isGM: true, setting: true };

beforeAll(async () => {
  const g = globalThis as unknown as Record<string, unknown>;
  g.game = {
    user: {
      get isGM() {
        return world.isGM;
      },
    },
    settings: { get: (_m: string, key: string) => (key === "replayJournal" ? world.setting : undefined) },
    i18n: {
      localize: (k: string) => k,
      format: (k: string, data: Record<string, string>) => `${k} ${JSON.stringify(data)}`,
    },
  };
  g.CONST = { DOCUMENT_OWNERSHIP_LEVELS: { OBSERVER: 2 } };
  g.JournalEntry = { create: async (data: (typeof created)[number]) => created.push(data) };
  mod = await import("../../src/foundry/replay-journal");
});

afterAll(() => {
  const g = globalThis as unknown as Record<string, unknown>;
  for (const k of ["game", "JournalEntry", "CONST"]) delete g[k];
});

beforeEach(() => {
  created.length = 0;
  world.isGM = true;
  world.setting = true;
});

const finished = () => botRecord("sabacc-super-simplified", 3);

describe("the replay journal entry", () => {
  it("is written on a GM's client with the setting on: one text page, the players, the winners, the replay link", async () => {
    const record = finished();
    expect(await mod.writeReplayJournal(record)).toBe(true);
    expect(created).toHaveLength(1);
    const entry = created[0]!;
    expect(entry.pages).toHaveLength(1);
    expect(entry.ownership).toEqual({ default: 2 });
    const page = entry.pages[0]!;
    expect(page.type).toBe("text");
    expect(page.text.content).toContain("Bot 1, Bot 2, Bot 3");
    const winners = games[record.gameId]!.status(record.state).result!.winners;
    const winnerNames = winners.map((w) => record.seats.find((s) => s.seat === w)!.name).join(", ");
    expect(page.text.content).toContain(`CANTINA.Replay.Journal.Winners {&#34;winners&#34;:&#34;${winnerNames}&#34;}`);
    expect(page.text.content).toContain(`${mod.REPLAY_LINK}="${record.id}"`);
  });

  it("is not written with the setting off, on a player's client, or for an unfinished table", async () => {
    world.setting = false;
    expect(await mod.writeReplayJournal(finished())).toBe(false);
    world.setting = true;
    world.isGM = false;
    expect(await mod.writeReplayJournal(finished())).toBe(false);
    world.isGM = true;
    const { finishedAt: _f, ...unfinished } = finished();
    expect(await mod.writeReplayJournal(unfinished)).toBe(false);
    expect(created).toHaveLength(0);
  });

  it("a click on the page's link opens that table's replay", async () => {
    const record = finished();
    await mod.writeReplayJournal(record);
    const window = new Window();
    const document = window.document as unknown as Document;
    document.body.innerHTML = created[0]!.pages[0]!.text.content;
    const opened: string[] = [];
    mod.bindReplayLinks(document, (id) => opened.push(id));
    document.querySelector<HTMLElement>(".cantina-replay-link")!.click();
    expect(opened).toEqual([record.id]);
  });
});
