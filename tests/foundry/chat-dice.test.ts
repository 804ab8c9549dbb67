/**
 * Foundry's chat cards draw a roll as its dice (issue 33), with the drawing every host shares
 * (src/apps/core/dice-faces.ts): a public roll's content is that drawing, in a module-classed box the
 * module's scoped styles reach, its roll kept for Dice So Nice; a private roll's drawing never leaves
 * its sealed envelope, and its recipient's client draws the opened roll the same way.
 */
import { readFileSync } from "node:fs";
import { Window } from "happy-dom";
import { afterEach, describe, expect, it } from "vitest";
import en from "../../lang/en.json";
import { scopeCss } from "../../scripts/css-scope.mjs";
import { dictionaryLocalizer } from "../../src/apps/core/i18n";
import { chatMessageData, planChat } from "../../src/foundry/chat";
import { SealedChatView, tumbleNewDice } from "../../src/foundry/chat-view";
import { Sealer, generateKeyPair } from "../../src/foundry/crypto";
import { rollJson, rollJsonFaces } from "../../src/foundry/roll-json";
import type { Directory } from "../../src/foundry/secure-transport";
import type { RollEvent } from "../../src/rules/core";
import type { LogEntry } from "../../src/table/protocol";
import { fakeUser, fakeWorld } from "./standins";

const i18n = dictionaryLocalizer(en);
const ctx = { hostUser: "gm", gmIds: ["gm"], format: i18n.format.bind(i18n), localize: i18n.localize.bind(i18n) };
const record = {
  gameId: "ulwan",
  seats: [{ seat: "seat-1", name: "Alice", kind: "person" as const, userId: "alice", account: "alice" }],
};
const entry = (event: RollEvent): LogEntry[] => [
  { version: 3, seat: "seat-1", move: null, dice: event.dice, events: [event] },
];
const page = new Window({ url: "http://cantina.test/game" }).document as unknown as Document;
const parse = (html: string): HTMLElement => {
  const div = page.createElement("div");
  div.innerHTML = html;
  return div;
};

afterEach(() => {
  const g = globalThis as unknown as Record<string, unknown>;
  for (const k of ["game", "ui", "socketlib", "Roll", "ChatMessage", "CONFIG"]) delete g[k];
});

describe("dice in Foundry's chat cards", () => {
  it("a public 4d2>2 shows four coins, the successes marked, and the total; the roll stays for Dice So Nice", async () => {
    const event: RollEvent = {
      kind: "roll",
      seat: "seat-1",
      purpose: "CANTINA.Ulwan.Roll",
      notation: "4d2>2",
      dice: [2, 1, 2, 1],
      total: 2,
    };
    const [plan] = planChat(record, entry(event), ctx);
    const post = (await chatMessageData(plan!, null))!;
    const content = parse(String(post.data.content));
    // Foundry keeps a roll message's content when it holds elements, and renders its rolls only otherwise.
    expect(content.childElementCount).toBeGreaterThan(0);
    expect(content.querySelector(".cantina-games.cantina-chat-card")).not.toBeNull();
    const dice = [...content.querySelectorAll("[data-die-face]")];
    expect(dice.map((d) => d.querySelector("svg")!.getAttribute("data-die-kind"))).toEqual([
      "coin",
      "coin",
      "coin",
      "coin",
    ]);
    expect(dice.map((d) => d.getAttribute("data-success"))).toEqual(["true", "false", "true", "false"]);
    expect(content.querySelector("[data-roll-total]")!.textContent).toBe("= 2");
    expect(post.data.rolls).toEqual([rollJson("4d2>2", [2, 1, 2, 1])]);
    // The module's sheet (every selector scoped under its classes) reaches the card's dice.
    const sheet = scopeCss("dice.css", readFileSync("styles/dice.css", "utf8")).replace(/\/\*[\s\S]*?\*\//g, "");
    const selectors = [...sheet.matchAll(/^\s*([^{}@]+?)\s*\{/gm)].flatMap((m) =>
      m[1]!.split(",").map((x) => x.trim()),
    );
    for (const reached of [".cantina-roll", ".cantina-die-face", ".cantina-total"])
      expect(
        selectors.filter((sel) => sel.endsWith(reached) && content.querySelector(sel) !== null),
        reached,
      ).not.toEqual([]);
    for (const sel of selectors.filter((x) => x.includes("cantina-chat-card")))
      expect(content.querySelector(sel), sel).not.toBeNull();
  });

  it("a private roll's drawing stays sealed; its recipient's client draws the opened roll as dice", async () => {
    const gm = await Sealer.create("gm", await generateKeyPair());
    const alice = await Sealer.create("alice", await generateKeyPair());
    const keys = { gm: gm.publicJwk, alice: alice.publicJwk };
    const directory: Directory = { publicKey: (u) => keys[u as keyof typeof keys] ?? null, isGM: (u) => u === "gm" };
    const event: RollEvent = {
      kind: "roll",
      seat: "seat-1",
      purpose: "CANTINA.Sabacc.Roll.Hand",
      notation: "1d23",
      dice: [19],
      total: 19,
      audience: ["seat-1"],
    };
    const plan = planChat(record, entry(event), ctx).find((p) => p.whisper !== null)!;
    const { data } = (await chatMessageData(plan, { sealer: gm, publicKey: directory.publicKey }))!;
    expect(String(data.content)).not.toContain("data-die-face");
    expect(String(data.content)).not.toContain("19");

    fakeWorld([fakeUser("gm", "GM", true), fakeUser("alice", "Alice", false)]).install("alice");
    const li = page.createElement("li");
    li.innerHTML = `<header class="message-header"></header><div class="message-content">${data.content}</div>`;
    await new SealedChatView(Promise.resolve(alice), directory, i18n).render(
      { id: data._id!, flags: data.flags, author: "gm" },
      li,
    );
    const die = li.querySelector('.message-content .cantina-chat-card [data-die-face] svg[data-die-kind="number"]');
    expect(die?.textContent).toBe("19");
  });

  it("reads a Foundry roll's dice back as faces: each die, its sides, its success", () => {
    const faces = rollJsonFaces(rollJson("4d2>2", [2, 1, 2, 2]));
    expect(faces.counts).toBe(true);
    expect(faces.total).toBe(3);
    expect(faces.dice.map((d) => [d.kind, d.value, d.success])).toEqual([
      ["coin", 2, true],
      ["coin", 1, false],
      ["coin", 2, true],
      ["coin", 2, true],
    ]);
    expect(rollJsonFaces(rollJson("2d6", [3, 5])).dice.map((d) => d.kind)).toEqual(["pips", "pips"]);
  });
});

describe("a new roll's dice in Foundry's chat", () => {
  async function card(): Promise<HTMLElement> {
    const event: RollEvent = {
      kind: "roll",
      seat: "seat-1",
      purpose: "CANTINA.Ulwan.Roll",
      notation: "4d2>2",
      dice: [2, 1, 2, 1],
      total: 2,
    };
    const post = (await chatMessageData(planChat(record, entry(event), ctx)[0]!, null))!;
    const li = page.createElement("li");
    li.innerHTML = `<div class="message-content">${post.data.content}</div>`;
    return li;
  }

  it("tumble when the message is new and Dice So Nice is absent; not from the log loaded at start, not under Dice So Nice", async () => {
    fakeWorld([fakeUser("gm", "GM", true)]).install("gm");
    const now = 1_000_000;
    const fresh = await card();
    expect(tumbleNewDice({ timestamp: now - 500 }, fresh, now)).toBe(4);
    expect(fresh.querySelectorAll(".cantina-die-rolling")).toHaveLength(4);
    const old = await card();
    expect(tumbleNewDice({ timestamp: now - 60_000 }, old, now)).toBe(0);
    expect(old.querySelectorAll(".cantina-die-rolling")).toHaveLength(0);
    (globalThis as unknown as { game: Record<string, unknown> }).game.dice3d = { showForRoll: async () => true };
    expect(tumbleNewDice({ timestamp: now - 500 }, await card(), now)).toBe(0);
  });
});
