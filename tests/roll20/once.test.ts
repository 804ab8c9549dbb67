/**
 * A retried command applies once (issue 35): every button that changes money or creates something
 * carries a one-time id, kept in `state` with the change, so clicking it again (its answer lost in a
 * restart, or a double click) answers the first result and applies nothing again.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { parseCommand, requestIdIn } from "../../src/roll20/commands";
import { builtScript } from "./built";
import { ALICE, BOB, ChatReader, GM, SPECTATOR, buttonsIn, click, night, root, tables } from "./harness";
import type { FakeRoll20 } from "./sandbox";

let script = "";
beforeAll(async () => {
  script = await builtScript();
}, 120_000);

/** The spectator's credits in the first event. */
function credits(r20: FakeRoll20, account: string): number | undefined {
  const event = Object.values(root(r20).ledger?.events ?? {})[0];
  return event?.accounts[account]?.credits;
}

describe("Roll20 buttons apply once", () => {
  it("the GM menu's new-table button clicked again (after a restart) opens no second table", async () => {
    const r20 = night(script);
    r20.type(GM, "!cantina help");
    await r20.settle();
    const menu = r20.chat.filter((m) => m.to !== "all" && m.to.includes(GM)).pop()?.content ?? "";
    const ulwan = buttonsIn(menu).find((b) => b.command.startsWith("!cantina new ulwan "));
    expect(ulwan).toBeDefined();
    // The GM answers each seat's drop-down: Alice, then Bob.
    const answers = [ALICE, BOB];
    const command = (ulwan?.command ?? "").replace(/\?\{[^}]*\}/g, () => answers.shift() ?? "bot");
    r20.type(GM, command);
    await r20.settle();
    expect(tables(r20)).toHaveLength(1);
    r20.restart();
    await r20.settle();
    const at = r20.chat.length;
    r20.type(GM, command);
    await r20.settle();
    expect(tables(r20)).toHaveLength(1);
    const answer = r20.chat.slice(at).filter((m) => m.to !== "all" && m.to.includes(GM));
    expect(answer.some((m) => m.content.includes("already used"))).toBe(true);
  });

  it("the `!cantina` menu's new-event and new-table buttons, clicked twice, open one event and one table", async () => {
    const r20 = night(script);
    const at = r20.chat.length;
    r20.type(GM, "!cantina");
    await r20.settle();
    // The menu comes as several cards (the tables, the games, the rest).
    const menu = r20.chat
      .slice(at)
      .filter((m) => m.to !== "all" && m.to.includes(GM))
      .map((m) => m.content)
      .join("");
    const event = buttonsIn(menu).find((b) => b.command.startsWith("!cantina event "));
    const ulwan = buttonsIn(menu).find((b) => b.command.startsWith("!cantina new ulwan "));
    expect(requestIdIn(event?.command ?? "")).not.toBeNull();
    expect(requestIdIn(ulwan?.command ?? "")).not.toBeNull();
    // The GM answers the drop-downs as Roll20 would: the credits and the name; then each seat, then no, no.
    const eventAnswers = ["500", "Night"];
    const eventCommand = (event?.command ?? "").replace(/\?\{[^}]*\}/g, () => eventAnswers.shift() ?? "");
    for (let i = 0; i < 2; i++) {
      r20.type(GM, eventCommand);
      await r20.settle();
    }
    expect(Object.keys(root(r20).ledger?.events ?? {})).toHaveLength(1);
    // Each seat's drop-down, then every other question at its default (the free number's, or "No").
    const seatAnswers = [ALICE, BOB];
    const tableCommand = (ulwan?.command ?? "").replace(
      /\?\{[^|}]*\|([^}]*)\}/g,
      (_q, choices: string) => seatAnswers.shift() ?? (choices.includes(",") ? "false" : choices),
    );
    for (let i = 0; i < 2; i++) {
      r20.type(GM, tableCommand);
      await r20.settle();
    }
    expect(tables(r20)).toHaveLength(1);
  });

  it("a spectator's bet button clicked twice takes the stake once", async () => {
    const r20 = night(script);
    r20.type(GM, "!cantina event 1000 Night");
    await r20.settle();
    r20.type(GM, `!cantina new seven-ulwan ${ALICE} ${BOB} betting=10`);
    await r20.settle();
    const eventId = Object.keys(root(r20).ledger?.events ?? {})[0] ?? "";
    r20.type(GM, `!cantina join ${eventId} ${SPECTATOR}`);
    await r20.settle();
    const tableId = tables(r20)[0]?.id ?? "";
    const reader = new ChatReader(r20);
    const bet = reader.betButtons(tableId)[0];
    expect(bet).toBeDefined();
    if (!bet) return;
    click(r20, SPECTATOR, bet, 5);
    await r20.settle();
    const after = credits(r20, SPECTATOR);
    expect(after).toBeDefined();
    r20.restart();
    await r20.settle();
    click(r20, SPECTATOR, bet, 5);
    await r20.settle();
    expect(credits(r20, SPECTATOR)).toBe(after);
  });

  it("a GM's adjustment sent twice with one id is applied once", async () => {
    const r20 = night(script);
    r20.type(GM, "!cantina event 100 Night");
    await r20.settle();
    const eventId = Object.keys(root(r20).ledger?.events ?? {})[0] ?? "";
    r20.type(GM, `!cantina join ${eventId} ${ALICE}`);
    await r20.settle();
    const adjust = `!cantina adjust ${eventId} ${ALICE} 10 0 found credits once:abcdefgh12`;
    r20.type(GM, adjust);
    await r20.settle();
    r20.type(GM, adjust);
    await r20.settle();
    expect(credits(r20, ALICE)).toBe(110);
  });

  it("reads the one-time id off the end of a command, and nothing else as one", () => {
    expect(requestIdIn("!cantina bet t1 p1 o1 5 once:abcdefgh12")).toBe("abcdefgh12");
    expect(requestIdIn("!cantina bet t1 p1 o1 5")).toBeNull();
    expect(requestIdIn("!cantina bet t1 p1 o1 5 once:ab")).toBeNull();
    expect(parseCommand("!cantina bet t1 p1 o1 5 once:abcdefgh12")).toEqual(parseCommand("!cantina bet t1 p1 o1 5"));
    // The reason of an adjustment is free text: only a last word of the exact form is an id.
    expect(parseCommand("!cantina adjust e1 a1 5 0 once upon a time")).toMatchObject({
      ok: true,
      command: { reason: "once upon a time" },
    });
  });
});
