/**
 * Roll20's own dice (issue 35, "Roll20's idiom"): a player's roll is posted publicly as Roll20's
 * default roll template with 3D dice, read back from the script's own `chat:message` (the stand-in
 * models both), and the rules apply exactly those dice, recorded in the log so the match replays;
 * a move that rolls nothing asks Roll20 nothing; a player's message imitating the roll is ignored.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { games } from "../../src/games";
import { SeededRandom } from "../../src/rules/core";
import { ROLL_WAIT_MS, diceOf, plannedRoll, roll20Expression } from "../../src/roll20/roll20-dice";
import { escapeChat } from "../../src/roll20/render";
import { builtScript } from "./built";
import type { Delivered, FakeRoll20 } from "./sandbox";
import { ALICE, BOB, ChatReader, GM, click, night, tables, ulwanRoll } from "./harness";

let script = "";
beforeAll(async () => {
  script = await builtScript();
}, 120_000);

/** Each die of a posted message's inline rolls, in order. */
function postedDice(message: Delivered): number[] {
  const rolls = (message.inlinerolls ?? []) as { results: { rolls: { type: string; results?: { v: number }[] }[] } }[];
  return rolls.flatMap((r) =>
    r.results.rolls.filter((p) => p.type === "R").flatMap((p) => (p.results ?? []).map((d) => d.v)),
  );
}

/** Roll20's public rolls the script posted since `from`: 3D dice, the default roll template. */
function postedRolls(r20: FakeRoll20, from: number): Delivered[] {
  return r20.chat
    .slice(from)
    .filter((m) => m.to === "all" && m.options?.use3d === true && m.content.startsWith("&{template:default}"));
}

describe("the rule texts' notations as Roll20's inline rolls", () => {
  it("keeps NdS>T and NdS±K as written and makes a range A-B one shifted die", () => {
    expect(roll20Expression("4d2>2")).toEqual({ expression: "4d2>2", sides: [2, 2, 2, 2] });
    expect(roll20Expression("2d6+1")).toEqual({ expression: "2d6+1", sides: [6, 6] });
    expect(roll20Expression("1-23")).toEqual({ expression: "1d23", sides: [23] });
    expect(roll20Expression("3-8")).toEqual({ expression: "1d6+2", sides: [6] });
    expect(roll20Expression("nonsense")).toBeNull();
  });

  it("reads each die from Roll20's inline rolls and refuses a shape that does not fit the dice asked for", () => {
    const rolls = [{ expression: "2d6", results: { total: 7, rolls: [{ type: "R", results: [{ v: 3 }, { v: 4 }] }] } }];
    expect(diceOf(rolls, [6, 6])).toEqual([3, 4]);
    expect(diceOf(rolls, [6, 6, 6])).toBeNull();
    expect(diceOf(rolls, [2, 2])).toBeNull();
    expect(diceOf(undefined, [6])).toBeNull();
  });

  it("plans a roll only when the roll events name every die the move takes", () => {
    const ulwan = games.ulwan;
    if (!ulwan) throw new Error("ulwan");
    const setup = ulwan.setup(["a", "b"], ulwan.defaultOptions(), new SeededRandom(3));
    if (!setup.ok) throw new Error("setup refused");
    const state = setup.state;
    const seat = ulwan.status(state).toAct[0] ?? "a";
    const roll = ulwan.legalMoves(state, seat).find((m) => (m as { type?: string }).type === "roll");
    expect(roll).toBeDefined();
    const plan = plannedRoll(ulwan, state, seat, roll);
    expect(plan?.expressions.length).toBeGreaterThan(0);
    // A move that is not legal rolls nothing.
    expect(plannedRoll(ulwan, state, seat, { type: "no-such-move" })).toBeNull();
  });
});

describe("a player's roll on Roll20's dice engine", () => {
  it("applies exactly the dice Roll20 rolled for the button, logs them and shows them on the public card", async () => {
    const r20 = night(script);
    r20.type(GM, `!cantina new ulwan ${ALICE} ${BOB}`);
    await r20.settle();
    const table = tables(r20)[0];
    if (!table) throw new Error("no table");
    const reader = new ChatReader(r20);
    let checked = 0;
    for (let step = 0; step < 30 && checked < 3; step++) {
      const record = tables(r20).find((t) => t.id === table.id);
      if (!record) break;
      const player = [ALICE, BOB].find((p) => reader.moveButtons(p, table.id, record.version).length > 0);
      if (!player) break;
      const buttons = reader.moveButtons(player, table.id, record.version);
      const rollButton = buttons.find((b) => /roll/i.test(b.label)) ?? buttons[0];
      if (!rollButton) break;
      const rolledBefore = r20.rolled.length;
      const seatName = record.seats.find((s) => s.userId === player)?.name ?? "";
      const chatBefore = r20.chat.length;
      click(r20, player, rollButton);
      await r20.settle();
      const after = tables(r20).find((t) => t.id === table.id);
      const entry = after?.log.at(-1);
      if (r20.rolled.length === rolledBefore) {
        // No roll asked of Roll20: the move took no die.
        expect(entry?.dice ?? []).toEqual([]);
        continue;
      }
      // Roll20 posted the roll for everyone: its default template, 3D dice, the roller's seat and the table.
      const posts = postedRolls(r20, chatBefore);
      expect(posts.length, "one public Roll20 roll").toBe(1);
      const post = posts[0];
      if (!post) throw new Error("no posted roll");
      expect(post.content).toContain(`{{name=${escapeChat(seatName)}`);
      expect(post.content).toContain(record.id);
      const rolled = postedDice(post);
      expect(rolled).toEqual(r20.rolled.slice(rolledBefore).flatMap((r) => r.dice));
      expect(entry?.version, "the move was applied").toBe(record.version + 1);
      expect(entry?.dice.slice(0, rolled.length), "the rules applied the posted dice").toEqual(rolled);
      const rollEvent = entry?.events.find((e) => e.kind === "roll");
      expect(rollEvent && "dice" in rollEvent ? rollEvent.dice : null).toEqual(rolled);
      // The script's own card draws the dice Roll20 rolled, and is no second roll template.
      const cards = r20.chat.slice(chatBefore).filter((m) => m !== post && m.content.includes("data-roll-notation"));
      expect(cards.length).toBeGreaterThan(0);
      expect(cards.some((m) => m.content.includes("template:default"))).toBe(false);
      expect(cards.some((m) => m.content.includes("as rolled above"))).toBe(true);
      checked++;
    }
    expect(checked, "rolls made by Roll20's engine").toBeGreaterThan(0);
  });

  it("a restart before Roll20's engine answers loses nothing: the same button applies the move once after it", async () => {
    const r20 = night(script);
    r20.type(GM, `!cantina new ulwan ${ALICE} ${BOB}`);
    await r20.settle();
    const table = tables(r20)[0];
    if (!table) throw new Error("no table");
    const reader = new ChatReader(r20);
    const record = tables(r20)[0];
    const player = [ALICE, BOB].find((p) => reader.moveButtons(p, table.id, record?.version ?? 0).length > 0);
    const button = player && reader.moveButtons(player, table.id, record?.version ?? 0)[0];
    if (!player || !button) throw new Error("no button");
    click(r20, player, button);
    // The sandbox restarts before Roll20's engine answers: that callback never comes.
    r20.restart();
    await r20.settle();
    click(r20, player, button);
    await r20.settle();
    expect(tables(r20)[0]?.version).toBe((record?.version ?? 0) + 1);
  });

  it("rolls with randomInteger when Roll20's posted roll does not come back in time, and says so when it comes late", async () => {
    const r20 = night(script);
    const { record, player, button } = await ulwanRoll(r20);
    r20.answerRolls = false;
    click(r20, player, button);
    await r20.settle();
    expect(tables(r20)[0]?.version, "waiting for Roll20's answer").toBe(record.version);
    expect(r20.heldRollTexts().length, "the roll was posted").toBe(1);
    await r20.advance(ROLL_WAIT_MS);
    const after = tables(r20)[0];
    expect(after?.version).toBe(record.version + 1);
    const applied = after?.log.at(-1)?.dice ?? [];
    expect(applied.length).toBeGreaterThan(0);
    // Roll20 showed no dice, so the table's roll card draws each die it applied.
    const card = r20.chat.filter((m) => m.to === "all" && m.content.includes("data-roll-notation")).pop();
    const drawn = [...(card?.content ?? "").matchAll(/data-die-value="(\d+)"/g)].map((m) => Number(m[1]));
    expect(drawn).toEqual(applied);
    // Roll20's roll shows up after all: the table keeps the dice it applied and says so in chat.
    const chatBefore = r20.chat.length;
    r20.releaseRolls();
    await r20.settle();
    expect(tables(r20)[0]?.version).toBe(record.version + 1);
    expect(tables(r20)[0]?.log.at(-1)?.dice).toEqual(applied);
    const note = r20.chat.slice(chatBefore).find((m) => m.to === "all" && m.content.includes("too late"));
    expect(note, "a note that the table used other dice").toBeDefined();
  });

  it("ignores a player's message imitating the posted roll, and applies the dice Roll20 posted", async () => {
    const r20 = night(script);
    const { record, player, button } = await ulwanRoll(r20);
    r20.answerRolls = false;
    click(r20, player, button);
    await r20.settle();
    const [text] = r20.heldRollTexts();
    if (!text) throw new Error("no posted roll");
    // The other player types the very same template, roll id and all: Roll20 names them as its sender.
    r20.typeRoll(player === ALICE ? BOB : ALICE, text);
    r20.typeRoll(player, text);
    await r20.settle();
    expect(tables(r20)[0]?.version, "a player's imitation rolls nothing").toBe(record.version);
    const chatBefore = r20.chat.length;
    r20.releaseRolls();
    await r20.settle();
    const post = postedRolls(r20, chatBefore)[0];
    if (!post) throw new Error("the roll was not posted");
    const dice = postedDice(post);
    const after = tables(r20)[0];
    expect(after?.version).toBe(record.version + 1);
    expect(after?.log.at(-1)?.dice.slice(0, dice.length)).toEqual(dice);
  });
});
