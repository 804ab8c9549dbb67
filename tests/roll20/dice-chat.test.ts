/**
 * Roll20's chat draws every roll as the dice it is (issue 33, "Dice are dice"): the table's card draws
 * each die from the window's dice model (a d2 a coin, a d6 its pips, other dice numbered, the successes
 * of `4d2>2` marked gold with a tick, the total) with inline styles in the palette's colours; Roll20's
 * own roll (its template, tooltip and 3D dice) is still posted, and the card draws exactly its dice.
 */
import { beforeAll, describe, expect, it } from "vitest";
import en from "../../lang/en.json";
import { chatEntry } from "../../src/apps/core/chat";
import { dictionaryLocalizer } from "../../src/apps/core/i18n";
import { ROLL_WAIT_MS } from "../../src/roll20/roll20-dice";
import { rollCard } from "../../src/roll20/dice-chat";
import { colour } from "../../src/palette";
import { builtScript } from "./built";
import type { Delivered, FakeRoll20 } from "./sandbox";
import { click, night, tables, ulwanRoll } from "./harness";

let script = "";
beforeAll(async () => {
  script = await builtScript();
}, 120_000);

interface DrawnDie {
  readonly kind: string;
  readonly value: number;
  readonly success: string | null;
  readonly style: string;
  /** The pips drawn filled inside it (a d6). */
  readonly pips: number;
}

/** Each die a chat message draws, in order, as Roll20 would show it (its kind, face, mark and style). */
function drawnDice(content: string): DrawnDie[] {
  const found: DrawnDie[] = [];
  const die = /<span data-die-kind="(\w+)" data-die-value="(-?\d+)"(?: data-success="(true|false)")? style="([^"]*)">/g;
  for (let m = die.exec(content); m; m = die.exec(content)) {
    // The die's inside runs to its closing span after the last pip row (a d6) or its number.
    const rest = content.slice(m.index + m[0].length);
    const inside = m[1] === "pips" ? rest.slice(0, rest.indexOf("</span></span></span>")) : "";
    found.push({
      kind: m[1] ?? "",
      value: Number(m[2]),
      success: m[3] ?? null,
      style: m[4] ?? "",
      pips: (inside.match(/data-pip="true"/g) ?? []).length,
    });
  }
  return found;
}

/** Each die of a posted message's inline rolls, in order. */
function postedDice(message: Delivered): number[] {
  const rolls = (message.inlinerolls ?? []) as { results: { rolls: { type: string; results?: { v: number }[] }[] } }[];
  return rolls.flatMap((r) =>
    r.results.rolls.filter((p) => p.type === "R").flatMap((p) => (p.results ?? []).map((d) => d.v)),
  );
}

/** A fresh Ulwan table and its player to roll, who rolls `4d2>2`: where the chat stood before the roll. */
async function ulwanRolled(r20: FakeRoll20): Promise<number> {
  const { player, button } = await ulwanRoll(r20);
  const from = r20.chat.length;
  click(r20, player, button);
  return from;
}

describe("Roll20's chat draws each roll as its dice", () => {
  it("a 4d2>2 rolled by Roll20: its template is still posted, and the table's card draws those four coins, the successes gold and ticked, the count", async () => {
    const r20 = night(script);
    const from = await ulwanRolled(r20);
    await r20.settle();
    const since = r20.chat.slice(from).filter((m) => m.to === "all");
    const posted = since.find((m) => m.options?.use3d === true && m.content.startsWith("&{template:default}"));
    expect(posted?.content, "Roll20's own roll, verifiable by its tooltip").toContain("[[4d2>2]]");
    const rolled = posted ? postedDice(posted) : [];
    expect(rolled).toHaveLength(4);
    const card = since.find((m) => m !== posted && drawnDice(m.content).length > 0);
    const dice = drawnDice(card?.content ?? "");
    expect(dice.map((d) => d.kind)).toEqual(["coin", "coin", "coin", "coin"]);
    expect(dice.map((d) => d.value)).toEqual(rolled);
    for (const d of dice) {
      expect(d.style).toContain("border-radius:50%");
      expect(d.success).toBe(String(d.value >= 2));
      expect(d.style).toContain(`background:${colour(d.value >= 2 ? "dice-gold" : "dice-miss")}`);
    }
    const successes = rolled.filter((v) => v >= 2).length;
    expect(card?.content).toContain(`= ${successes} successes`);
    expect((card?.content.match(/&#10003;/g) ?? []).length, "a tick by each success").toBe(successes);
    expect(card?.content).toContain("Roll20&#39;s own dice, as rolled above");
  });

  it("a roll the generator made (Roll20 did not answer in time): the card draws the dice the rules applied", async () => {
    const r20 = night(script);
    r20.answerRolls = false;
    const from = await ulwanRolled(r20);
    await r20.settle();
    await r20.advance(ROLL_WAIT_MS);
    const applied = tables(r20)[0]?.log.at(-1)?.dice ?? [];
    expect(applied).toHaveLength(4);
    const card = r20.chat.slice(from).find((m) => m.to === "all" && drawnDice(m.content).length > 0);
    expect(drawnDice(card?.content ?? "").map((d) => d.value)).toEqual(applied);
    expect(card?.content).not.toContain("as rolled above");
  });
});

describe("a roll's card in Roll20's chat, from the window's dice model", () => {
  const i18n = dictionaryLocalizer(en);
  const cardOf = (notation: string, dice: number[], total: number): string =>
    rollCard(
      "Table",
      chatEntry(
        { kind: "roll", seat: "a", purpose: "CANTINA.Ulwan.Roll", notation, dice, total },
        { a: "Ana" },
        i18n,
        [],
      ),
      i18n,
    );

  it("a d6 is drawn with its pips, each face its own count", () => {
    const dice = drawnDice(cardOf("2d6", [3, 6], 9));
    expect(dice.map((d) => [d.kind, d.value, d.pips])).toEqual([
      ["pips", 3, 3],
      ["pips", 6, 6],
    ]);
    expect(cardOf("2d6", [3, 6], 9)).toContain("= 9");
  });

  it("a d2 is a coin, a 1-23 or 1-100 roll one numbered die with its value, the total after", () => {
    expect(drawnDice(cardOf("1d2", [2], 2)).map((d) => [d.kind, d.value])).toEqual([["coin", 2]]);
    const range = cardOf("1-23", [17], 17);
    expect(drawnDice(range).map((d) => [d.kind, d.value, d.success])).toEqual([["number", 17, null]]);
    expect(range).toContain("1-23");
    expect(range).toContain("= 17");
    expect(drawnDice(cardOf("1-100", [100], 100)).map((d) => [d.kind, d.value])).toEqual([["number", 100]]);
  });

  it("draws only in the palette's colours and with no markup a player could have typed", () => {
    const html = cardOf("4d2>2", [2, 1, 2, 2], 3);
    const colours = html.match(/(?<!&)#[0-9a-f]{3,6}\b/gi) ?? [];
    const palette = new Set(
      (
        [
          "dice-face",
          "dice-ink",
          "dice-gold",
          "dice-miss",
          "dice-success",
          "chat-card-edge",
          "chat-card-ground",
          "chat-card-ink",
        ] as const
      ).map((t) => colour(t).toLowerCase()),
    );
    expect(colours.filter((c) => !palette.has(c.toLowerCase()))).toEqual([]);
    expect(html).not.toMatch(/<svg|\[\[|\{\{/);
  });
});
