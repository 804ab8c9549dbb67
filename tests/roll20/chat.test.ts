/**
 * Roll20's chat idiom: dice as roll cards written as the texts write them, the event ledger run by
 * GM commands (open an event, add a participant, adjust with a reason) and read by `!cantina purse`,
 * and chat text made inert (no markup, roll, macro, query or button syntax from a typed name).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { escapeChat } from "../../src/roll20/render";
import { parseCommand } from "../../src/roll20/commands";
import { builtScript } from "./built";
import { ALICE, BOB, ChatReader, GM, SPECTATOR, click, night, root, tables } from "./harness";

let script = "";
beforeAll(async () => {
  script = await builtScript();
}, 120_000);

describe("Roll20 chat", () => {
  it("a roll goes to chat as Roll20's own roll (the notation as the texts write it), then the card drawing its dice", async () => {
    const r20 = night(script);
    r20.type(GM, `!cantina new ulwan ${ALICE} ${BOB}`);
    await r20.settle();
    const reader = new ChatReader(r20);
    const record = tables(r20)[0];
    const who =
      [ALICE, BOB].find((p) => reader.moveButtons(p, record?.id ?? "", record?.version ?? 0).length > 0) ?? ALICE;
    const roll = reader.moveButtons(who, record?.id ?? "", record?.version ?? 0).find((b) => b.label === "Roll");
    expect(roll).toBeDefined();
    if (roll) click(r20, who, roll);
    await r20.settle();
    const [posted] = r20.chat.filter((m) => m.to === "all" && m.content.startsWith("&{template:default}"));
    expect(posted?.content).toContain("{{Dice=[[4d2>2]]}}");
    expect(posted?.options).toEqual({ use3d: true });
    // The table's card: the notation, the four dice drawn (tests/roll20/dice-chat.test.ts), the successes counted.
    const card = r20.chat.filter((m) => m.to === "all" && m.content.includes('data-roll-notation="4d2&gt;2"')).pop();
    expect(card?.content).toMatch(/= [0-4] successes/);
  });

  it("the GM opens an event, adds a participant, adjusts with a reason; the player reads their purse", async () => {
    const r20 = night(script);
    r20.type(GM, "!cantina event 500 Friday Night");
    await r20.settle();
    const eventId = Object.keys(root(r20).ledger?.events ?? {})[0] ?? "";
    expect(eventId).not.toBe("");
    r20.type(GM, `!cantina join ${eventId} ${SPECTATOR}`);
    r20.type(GM, `!cantina adjust ${eventId} ${SPECTATOR} 25 1`);
    await r20.settle();
    const lastToGM = r20.chat.filter((m) => m.to !== "all" && m.to.includes(GM)).pop()?.content ?? "";
    expect(lastToGM).toContain("a ledger change needs a reason");
    r20.type(GM, `!cantina adjust ${eventId} ${SPECTATOR} 25 1 won the pod race`);
    r20.type(SPECTATOR, `!cantina adjust ${eventId} ${SPECTATOR} 1000 0 because`);
    r20.type(SPECTATOR, "!cantina purse");
    await r20.settle();
    const purse = r20.chat.filter((m) => m.to !== "all" && m.to.includes(SPECTATOR)).map((m) => m.content);
    expect(purse.some((c) => c.includes("Only a GM"))).toBe(true);
    expect(purse[purse.length - 1]).toContain("525 credits, 4 Luck&#47;Force points".replace("&#47;", "/"));
    expect(r20.chat.filter((m) => m.to === "all")).toEqual([]);
  });

  it("typed text becomes inert: no markup, inline roll, macro, attribute, query or button", () => {
    const text = 'x<img src=y>[[1d20]] @{target|hp} %{a|b} ?{Q|1} #macro [b](!cantina end t) &{template:x} "q"';
    const safe = escapeChat(text);
    for (const piece of ["<", ">", "[[", "@{", "%{", "?{", "#m", "[b]", "](", "&{", '"'])
      expect(safe.includes(piece), piece).toBe(false);
  });

  it("commands arrive HTML-escaped from Roll20 and are read back", () => {
    const parsed = parseCommand("!cantina event 100 Jabba&#39;s &quot;Palace&quot;");
    expect(parsed).toEqual({ ok: true, command: { verb: "event", startingCredits: 100, name: `Jabba's "Palace"` } });
  });

  it("reads a board drop with cell ids like 5,7 and a choice index, and refuses a choice that is no number", () => {
    expect(parseCommand("!cantina drop t1 7 5,7 hand-0 1")).toEqual({
      ok: true,
      command: { verb: "drop", tableId: "t1", version: 7, from: "5,7", to: "hand-0", choice: 1 },
    });
    expect(parseCommand("!cantina drop t1 7 5,7 6,7 a|b").ok).toBe(false);
    expect(parseCommand("!cantina setup t1 Big Board")).toEqual({
      ok: true,
      command: { verb: "setup", tableId: "t1", page: "Big Board" },
    });
  });
});
