/**
 * A sandbox restart in the middle (memory and timers lost, `state` from JSON, `ready` again): the
 * hourglass and the bots are re-armed from `state` and run out on time; and the store's one key
 * keeps its versioned layout (a newer layout is refused at start, untouched, and the GM told).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { games } from "../../src/games";
import { STATE_KEY, migrate } from "../../src/roll20/store";
import { builtScript } from "./built";
import { ALICE, BOB, ChatReader, GM, click, night, tables } from "./harness";

let script = "";
beforeAll(async () => {
  script = await builtScript();
}, 120_000);

describe("Roll20 restarts", () => {
  it("the hourglass runs out after a restart: the timeout is applied from state", async () => {
    const r20 = night(script);
    r20.type(GM, `!cantina new ubongo ${ALICE} ${BOB} hourglass=60`);
    await r20.settle();
    const reader = new ChatReader(r20);
    // Someone turns the hourglass (the round's first move: the die).
    for (let i = 0; i < 5 && !tables(r20)[0]?.clock; i++) {
      const record = tables(r20)[0];
      const who = [ALICE, BOB]
        .map((p) => ({ p, b: reader.moveButtons(p, record?.id ?? "", record?.version ?? -1)[0] }))
        .find((x) => x.b);
      if (!who?.b) break;
      click(r20, who.p, who.b);
      await r20.settle();
    }
    const running = tables(r20)[0];
    expect(running?.clock).toBeDefined();
    const version = running?.version ?? 0;
    await r20.advance(20_000);
    r20.restart();
    await r20.settle();
    expect(r20.pendingTimers()).toBeGreaterThan(0);
    await r20.advance(45_000);
    const after = tables(r20)[0];
    expect(after?.version).toBeGreaterThan(version);
    expect(after?.log.some((e) => e.timeout === true)).toBe(true);
  });

  it("a bot's move waits on a timer that a restart re-arms", async () => {
    const r20 = night(script);
    r20.type(GM, `!cantina new hununga bot ${ALICE}`);
    await r20.settle();
    const first = tables(r20)[0];
    expect(first && games.hununga?.status(first.state).toAct).toEqual(["seat-1"]);
    r20.restart();
    await r20.advance(10_000);
    expect(tables(r20)[0]?.version).toBeGreaterThan(first?.version ?? 0);
  });

  it("state written by a newer version is refused at start and left as it was; the GM is told why in the lang file's words", async () => {
    const r20 = night(script);
    r20.state[STATE_KEY] = { schema: 99, tables: {} };
    r20.restart();
    await r20.settle();
    expect(r20.state[STATE_KEY]).toEqual({ schema: 99, tables: {} });
    const toGM = r20.chat.filter((m) => m.to !== "all" && m.to.includes(GM)).map((m) => m.content);
    // In words of the lang file, not the error's English inside another sentence (chat escapes the brackets).
    const why = /written by a newer version of this script .{1,6}layout 99; this script reads layout 1/;
    expect(toGM.some((c) => why.test(c))).toBe(true);
    expect(toGM.some((c) => c.includes("schema 99"))).toBe(false);
    r20.type(ALICE, `!cantina new ulwan ${ALICE} ${BOB}`);
    await r20.settle();
    expect(r20.state[STATE_KEY]).toEqual({ schema: 99, tables: {} });
  });

  it("reads an empty state as empty books, and the current layout as it is", () => {
    expect(migrate(undefined)).toEqual({ schema: 1, tables: {}, archives: [], ledger: null, requests: [] });
    expect(() => migrate({ tables: [] })).toThrow();
    expect(
      migrate({ schema: 1, tables: {}, archives: [], ledger: null, requests: [], extras: { lang: "de" } }).extras,
    ).toEqual({ lang: "de" });
  });

  it("reads a stored ledger back only when it has a ledger's shape (events with their accounts)", () => {
    const root = { schema: 1, tables: {}, archives: [], requests: [] };
    const ledger = { events: { e1: { id: "e1", accounts: {} } } };
    expect(migrate({ ...root, ledger }).ledger).toEqual(ledger);
    expect(migrate({ ...root, ledger: { events: { e1: "damaged" } } }).ledger).toBeNull();
    expect(migrate({ ...root, ledger: { records: {} } }).ledger).toBeNull();
  });
});
