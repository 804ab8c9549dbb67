/**
 * Settings from the one-click install (issue 35, "Roll20's idiom"): script.json declares
 * `useroptions` (Roll20's schema) as the script reads them; the script takes them from `globalconfig`
 * (keyed `cantinagames`, each option by its name, `lastsaved`), or from `!cantina config` for a GM who
 * pasted the file; `modifies` lists every object type and property the script writes.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { CONFIG_KEY } from "../../src/roll20/idiom";
import { DEFAULT_SETTINGS, USER_OPTIONS, storedSettings } from "../../src/roll20/settings";
import { buildRoll20, builtScript } from "./built";
import { ALICE, BOB, GM, night, root } from "./harness";
import { FakeRoll20 } from "./sandbox";

let script = "";
let dir = "";
beforeAll(async () => {
  dir = await buildRoll20();
  script = await builtScript();
}, 120_000);

const settingsIn = (r20: FakeRoll20): ReturnType<typeof storedSettings> =>
  storedSettings(root(r20).extras?.[CONFIG_KEY]);

function withOneClick(values: Record<string, unknown>, lastsaved: number): FakeRoll20 {
  const r20 = new FakeRoll20([script]);
  r20.addPlayer(GM, "Game Master", true);
  r20.addPlayer(ALICE, "Alice");
  r20.addPlayer(BOB, "Bob");
  r20.globalconfig = { cantinagames: { version: "1", lastsaved, ...values } };
  r20.start();
  return r20;
}

describe("script.json's useroptions and modifies", () => {
  it("declares the options the script reads, in Roll20's schema", () => {
    const json = JSON.parse(readFileSync(join(dir, "script.json"), "utf8")) as {
      useroptions: { name: string; type: string; default: string; description: string; options?: string[] }[];
    };
    expect(json.useroptions.map((o) => o.name)).toEqual(USER_OPTIONS.map((o) => o.name));
    for (const [i, option] of json.useroptions.entries()) {
      const mine = USER_OPTIONS[i];
      expect(["text", "number", "select", "checkbox"]).toContain(option.type);
      expect(option.type).toBe(mine?.type);
      expect(option.default).toBe(mine?.default);
      expect(option.options).toEqual(mine?.options);
      expect(option.description.length).toBeGreaterThan(10);
    }
  });

  it("lists in modifies every object property the script writes (board, handouts, pages)", async () => {
    const json = JSON.parse(readFileSync(join(dir, "script.json"), "utf8")) as { modifies: Record<string, string> };
    const r20 = night(script);
    r20.addPage("Cantina");
    r20.type(GM, `!cantina new ulwan ${ALICE} ${BOB}`);
    await r20.settle();
    const tableId = Object.keys(root(r20).tables)[0] ?? "";
    r20.type(GM, `!cantina setup ${tableId} Cantina`);
    r20.type(GM, "!cantina handout");
    await r20.settle();
    expect(r20.writes.length).toBeGreaterThan(0);
    const written = new Set(
      // What the script wrote (the players and pages are the GM's, made by the test).
      r20.writes
        .filter((w) => w.type !== "player" && w.type !== "page")
        .flatMap((w) =>
          Object.keys(w.props)
            .filter((k) => !["_id", "_type", "_pageid", "_subtype"].includes(k))
            .map((k) => `${w.type}.${k.replace(/^_/, "")}`),
        ),
    );
    expect([...written].filter((key) => !(key in json.modifies))).toEqual([]);
    for (const [key, how] of Object.entries(json.modifies)) if (written.has(key)) expect(how, key).toMatch(/write/);
  });
});

describe("the one-click install's settings", () => {
  it("takes the options from globalconfig: the chat language, bot delay, archive delay, tables kept", async () => {
    const r20 = withOneClick(
      { Language: "de", "Bot delay": "0", "Archive delay": "1", "Finished tables kept": "3", "Board art": "" },
      1000,
    );
    await r20.settle();
    expect(settingsIn(r20)).toMatchObject({ lang: "de", botdelay: 0, archivedelay: 1, kept: 3, lastsaved: 1000 });
    r20.type(ALICE, "!cantina");
    await r20.settle();
    expect(r20.seenBy(ALICE).at(-1)?.content).toContain("die offenen Tische");
  });

  it("a value it does not take is named to the GM and left as it was", async () => {
    const r20 = withOneClick({ "Bot delay": "soon" }, 1000);
    await r20.settle();
    expect(settingsIn(r20).botdelay).toBe(DEFAULT_SETTINGS.botdelay);
    expect(r20.seenBy(GM).some((m) => m.whisper && m.content.includes("Bot delay"))).toBe(true);
  });

  it("a GM's `!cantina config` change outlives a restart until the one-click options are saved again", async () => {
    const r20 = withOneClick({ "Bot delay": "2" }, 1000);
    await r20.settle();
    r20.type(GM, "!cantina config botdelay 4");
    await r20.settle();
    expect(settingsIn(r20).botdelay).toBe(4);
    r20.restart();
    await r20.settle();
    expect(settingsIn(r20).botdelay).toBe(4);
    r20.globalconfig = { cantinagames: { lastsaved: 2000, "Bot delay": "3" } };
    r20.restart();
    await r20.settle();
    expect(settingsIn(r20).botdelay).toBe(3);
  });
});

describe("`!cantina config` for a GM who pasted the file", () => {
  it("shows each setting with a button, changes one, and refuses a player or a bad value changing nothing", async () => {
    const r20 = night(script);
    r20.type(GM, "!cantina config");
    await r20.settle();
    const shown = r20.seenBy(GM).at(-1)?.content ?? "";
    for (const key of ["lang", "botdelay", "archivedelay", "kept", "art"])
      expect(shown).toContain(`!cantina config ${key} ?{`);
    r20.type(GM, "!cantina config kept 7");
    await r20.settle();
    expect(settingsIn(r20).kept).toBe(7);
    const before = JSON.stringify(r20.state);
    r20.type(ALICE, "!cantina config kept 9");
    r20.type(GM, "!cantina config kept 900");
    r20.type(GM, "!cantina config art https://example.com/x.png");
    await r20.settle();
    expect(JSON.stringify(r20.state)).toBe(before);
    expect(r20.seenBy(GM).at(-1)?.content).toMatch(/image|Bild/i);
  });
});
