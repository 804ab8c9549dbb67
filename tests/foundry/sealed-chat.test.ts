/**
 * Private rolls in chat, sealed (sealed-chat.ts, chat.ts, chat-view.ts): the ChatMessage data of a
 * private roll holds no dice, no total and no flavour outside its sealed envelopes; the seat's user
 * and every GM with a key open it and get the recorded dice; no other player has an envelope or can
 * open one; a forged or copied envelope is not opened; and the recipient's client shows and
 * animates (Dice So Nice, this client only) the opened roll.
 */
import { Window } from "happy-dom";
import { afterEach, describe, expect, it } from "vitest";
import { type ChatPlan, type RollJson, chatMessageData, planChat, postChat } from "../../src/foundry/chat";
import { SealedChatView, showOpenedRoll } from "../../src/foundry/chat-view";
import { type PublicJwk, type SealedMessage, Sealer, generateKeyPair } from "../../src/foundry/crypto";
import {
  CHAT_ROLL_KIND,
  type SealedRollFlag,
  newMessageId,
  openSealedRoll,
  sealRoll,
  sealedRollOf,
} from "../../src/foundry/sealed-chat";
import type { Directory } from "../../src/foundry/secure-transport";
import type { RollEvent } from "../../src/rules/core";
import type { LogEntry } from "../../src/table/protocol";
import { fakeUser, fakeWorld } from "./standins";

const MODULE = "cantina-games";
const GAME = "sabacc-super-simplified";
const party = async (id: string) => Sealer.create(id, await generateKeyPair());

afterEach(() => {
  const g = globalThis as unknown as Record<string, unknown>;
  for (const k of ["game", "ui", "socketlib", "Roll", "ChatMessage", "CONFIG"]) delete g[k];
});

/** Two GMs with keys, a third GM without one, and three players with keys. */
async function cast() {
  const s = {
    gm: await party("gm"),
    gm2: await party("gm2"),
    alice: await party("alice"),
    bob: await party("bob"),
    carol: await party("carol"),
  };
  const keys: Record<string, PublicJwk> = {};
  for (const [id, sealer] of Object.entries(s)) keys[id] = sealer.publicJwk;
  const gms = new Set(["gm", "gm2", "gm3"]);
  const directory: Directory = { publicKey: (u) => keys[u] ?? null, isGM: (u) => gms.has(u) };
  return { ...s, keys, directory, sealing: { sealer: s.gm, publicKey: directory.publicKey } };
}

const record = {
  gameId: GAME,
  seats: [
    { seat: "seat-1", name: "Alice", kind: "person" as const, userId: "alice", account: "alice" },
    { seat: "seat-2", name: "Bob", kind: "person" as const, userId: "bob", account: "bob" },
  ],
};
const ctx = {
  hostUser: "gm",
  gmIds: ["gm", "gm2", "gm3"],
  format: (k: string, p: object) => `${k} ${JSON.stringify(p)}`,
  localize: (k: string) => k,
};

/** Distinctive values: none of them can be mistaken for anything else in the message. */
const HAND: RollEvent = {
  kind: "roll",
  seat: "seat-1",
  purpose: "CANTINA.Sabacc.Roll.Hand",
  notation: "3d1000",
  dice: [613, 877, 941],
  total: 2431,
  audience: ["seat-1"],
};
const SUCCESSES: RollEvent = {
  kind: "roll",
  seat: "seat-1",
  purpose: "CANTINA.Sabacc.Roll.Hand",
  notation: "5d1000>500",
  dice: [613, 87, 941, 500, 499],
  total: 3,
  audience: ["seat-1"],
};
const SECRETS = ["613", "877", "941", "2431", "499"];

function entry(...events: RollEvent[]): LogEntry[] {
  return [{ version: 4, seat: "seat-1", move: null, dice: events.flatMap((e) => e.dice), events }];
}

function privatePlan(event: RollEvent): ChatPlan {
  const plan = planChat(record, entry(event), ctx).find((p) => p.whisper !== null);
  expect(plan).toBeDefined();
  return plan!;
}

function envelopes(data: { flags?: unknown }): SealedRollFlag {
  return sealedRollOf(data.flags, MODULE) ?? {};
}

/** The message's JSON with every envelope's ciphertext, IV and (public) key cut out. */
function clearText(data: object): string {
  const copy = JSON.parse(JSON.stringify(data)) as {
    flags?: Record<string, Record<string, Record<string, Record<string, unknown>>>>;
  };
  for (const e of Object.values(copy.flags?.[MODULE]?.sealedRoll ?? {})) {
    expect(Object.keys(e).sort()).toEqual(["ct", "from", "iv", "key", "kind", "to", "v"]);
    delete e.ct;
    delete e.iv;
    delete e.key;
  }
  return JSON.stringify(copy);
}

describe("a private roll's ChatMessage", () => {
  it("carries no sound, whatever the host's Dice So Nice: each recipient's client decides (issue 25)", async () => {
    const c = await cast();
    const world = fakeWorld([fakeUser("gm", "GM", true), fakeUser("alice", "Alice", false)]);
    world.install("gm");
    const plans = planChat(record, entry(HAND, SUCCESSES), ctx);
    await postChat(plans, c.sealing);
    const sealed = world.wire.chat.filter((m) => m.data.whisper !== undefined);
    expect(sealed.length).toBeGreaterThan(0);
    for (const m of sealed) expect(m.data.sound).toBeUndefined();
  });

  it("holds no dice, no total and no flavour outside its sealed envelopes", async () => {
    const c = await cast();
    const world = fakeWorld([fakeUser("gm", "GM", true), fakeUser("alice", "Alice", false)]);
    world.install("gm");
    const plans = planChat(record, entry(HAND, SUCCESSES), ctx);
    await postChat(plans, c.sealing);
    const whispered = world.wire.chat.filter((m) => m.data.whisper !== undefined);
    expect(whispered).toHaveLength(2);
    for (const { data, options } of whispered) {
      expect(data.rolls).toBeUndefined();
      expect(data.flavor).toBeUndefined();
      expect([...(data.whisper as string[])].sort()).toEqual(["alice", "gm", "gm2", "gm3"]);
      expect(options).toEqual({ keepId: true });
      expect(data._id).toMatch(/^[a-zA-Z0-9]{16}$/);
      const text = clearText(data);
      for (const secret of SECRETS) expect(text).not.toContain(secret);
      for (const word of ["total", "results", "terms", "formula", "cs>=", "CANTINA.Foundry.Chat.Flavor"])
        expect(text).not.toContain(word);
      // What is visible: a placeholder naming the game, the seat and the notation.
      expect(String(data.content)).toContain("CANTINA.Foundry.Chat.Sealed");
      expect(Object.keys(envelopes(data)).length).toBeGreaterThan(0);
    }
    // Everyone else gets a notice without any roll; nothing else was posted.
    const notices = world.wire.chat.filter((m) => m.data.whisper === undefined);
    expect(notices).toHaveLength(2);
    for (const n of notices) {
      expect(n.data.rolls).toBeUndefined();
      for (const secret of SECRETS) expect(JSON.stringify(n.data)).not.toContain(secret);
    }
  });

  it("a quiet roll (a Luck/Force reroll) is not posted at all: even a sealed message would tell that it happened", () => {
    expect(planChat(record, entry({ ...HAND, quiet: true }), ctx)).toEqual([]);
  });

  it("is never posted in the clear when there is no sealer", async () => {
    expect(await chatMessageData(privatePlan(HAND), null)).toBeNull();
  });
});

describe("opening a sealed roll", () => {
  it("the seat's user opens it and gets the recorded dice, the total and the cs>= formula", async () => {
    const c = await cast();
    for (const [event, formula] of [
      [HAND, "3d1000"],
      [SUCCESSES, "5d1000cs>=500"],
    ] as const) {
      const { data } = (await chatMessageData(privatePlan(event), c.sealing))!;
      const message = { id: data._id!, flags: data.flags };
      const opened = await openSealedRoll(message, MODULE, c.alice, c.directory);
      expect(opened).not.toBeNull();
      const roll: RollJson = opened!.roll;
      expect(roll.formula).toBe(formula);
      expect(roll.total).toBe(event.total);
      const die = roll.terms[0] as unknown as { results: { result: number; success?: boolean }[]; modifiers: string[] };
      expect(die.results.map((r) => r.result)).toEqual(event.dice);
      if (event === SUCCESSES) {
        expect(die.modifiers).toEqual(["cs>=500"]);
        expect(die.results.map((r) => r.success)).toEqual([true, false, true, true, false]);
      }
      expect(opened!.flavor).toContain("CANTINA.Foundry.Chat.Flavor");
      expect(opened!.flavor).toContain(event.notation);
      expect(opened!.from).toBe("gm");
    }
  });

  it("every GM with a key opens it too (the host's own envelope included); a GM without a key has none", async () => {
    const c = await cast();
    const { data } = (await chatMessageData(privatePlan(HAND), c.sealing))!;
    const message = { id: data._id!, flags: data.flags };
    expect(Object.keys(envelopes(data)).sort()).toEqual(["alice", "gm", "gm2"]);
    expect((await openSealedRoll(message, MODULE, c.gm, c.directory))?.roll.total).toBe(2431);
    expect((await openSealedRoll(message, MODULE, c.gm2, c.directory))?.roll.total).toBe(2431);
  });

  it("another player has no envelope and cannot open any, even readdressed to them", async () => {
    const c = await cast();
    const { data } = (await chatMessageData(privatePlan(HAND), c.sealing))!;
    const sealed = envelopes(data);
    for (const other of [c.bob, c.carol]) {
      expect(sealed[other.user]).toBeUndefined();
      expect(await openSealedRoll({ id: data._id!, flags: data.flags }, MODULE, other, c.directory)).toBeNull();
      for (const e of Object.values(sealed)) {
        await expect(other.open(e, CHAT_ROLL_KIND)).rejects.toThrow();
        const readdressed: SealedMessage = { ...e, to: other.user };
        await expect(other.open(readdressed, CHAT_ROLL_KIND)).rejects.toThrow();
        const flags = { [MODULE]: { sealedRoll: { [other.user]: readdressed } } };
        expect(await openSealedRoll({ id: data._id!, flags }, MODULE, other, c.directory)).toBeNull();
      }
    }
  });
});

describe("forged envelopes", () => {
  const roll = (): RollJson => ({
    class: "Roll",
    options: {},
    dice: [],
    formula: "1d23",
    terms: [],
    total: 23,
    evaluated: true,
  });

  it("an envelope sealed by a player is not opened", async () => {
    const c = await cast();
    const id = newMessageId();
    const forged = await sealRoll(
      { sealer: c.carol, publicKey: c.directory.publicKey },
      id,
      ["alice"],
      "forged",
      roll(),
    );
    expect(forged.alice).toBeDefined();
    expect(
      await openSealedRoll({ id, flags: { [MODULE]: { sealedRoll: forged } } }, MODULE, c.alice, c.directory),
    ).toBeNull();
  });

  it("an envelope that names a GM but was sealed with a key that is not that GM's published key is not opened", async () => {
    const c = await cast();
    const id = newMessageId();
    const impostor = await party("gm"); // calls itself "gm", with a key of its own
    const forged = await sealRoll(
      { sealer: impostor, publicKey: c.directory.publicKey },
      id,
      ["alice"],
      "forged",
      roll(),
    );
    expect(forged.alice!.from).toBe("gm");
    expect(
      await openSealedRoll({ id, flags: { [MODULE]: { sealedRoll: forged } } }, MODULE, c.alice, c.directory),
    ).toBeNull();
    // The same envelope opens only where that key is what "gm" published (checks the test itself).
    const fooled: Directory = {
      ...c.directory,
      publicKey: (u) => (u === "gm" ? impostor.publicJwk : c.directory.publicKey(u)),
    };
    expect(
      await openSealedRoll({ id, flags: { [MODULE]: { sealedRoll: forged } } }, MODULE, c.alice, fooled),
    ).not.toBeNull();
  });

  it("a player's envelope relabelled as the GM's, or a GM's envelope copied into another message, is not opened", async () => {
    const c = await cast();
    const id = newMessageId();
    const byCarol = await sealRoll(
      { sealer: c.carol, publicKey: c.directory.publicKey },
      id,
      ["alice"],
      "forged",
      roll(),
    );
    const relabelled = { alice: { ...byCarol.alice!, from: "gm" } };
    expect(
      await openSealedRoll({ id, flags: { [MODULE]: { sealedRoll: relabelled } } }, MODULE, c.alice, c.directory),
    ).toBeNull();

    const { data } = (await chatMessageData(privatePlan(HAND), c.sealing))!;
    expect(await openSealedRoll({ id: newMessageId(), flags: data.flags }, MODULE, c.alice, c.directory)).toBeNull();
    expect(await openSealedRoll({ id: data._id!, flags: data.flags }, MODULE, c.alice, c.directory)).not.toBeNull();
  });
});

/** A chat message's element as Foundry v13 renders it (header, content), on a real DOM. */
const page = new Window({ url: "http://cantina.test/game" }).document as unknown as Document;
function messageElement(placeholder: string): HTMLElement {
  const li = page.createElement("li");
  li.className = "chat-message message";
  li.innerHTML = `<header class="message-header"></header><div class="message-content">${placeholder}</div>`;
  return li;
}

describe("the recipient's chat", () => {
  async function shown(
    viewer: Sealer,
    c: Awaited<ReturnType<typeof cast>>,
    data: { _id?: string; flags?: unknown; content: string },
  ) {
    const view = new SealedChatView(Promise.resolve(viewer), c.directory);
    const html = messageElement(data.content);
    await view.render({ id: data._id ?? null, flags: data.flags, author: "alice" }, html);
    return { view, html };
  }

  it("shows the opened roll in place of the placeholder; others keep the placeholder", async () => {
    const c = await cast();
    const world = fakeWorld([fakeUser("gm", "GM", true), fakeUser("alice", "Alice", false)]);
    world.install("alice");
    (globalThis as unknown as Record<string, unknown>).Roll = {
      fromData: (r: RollJson) => ({
        render: async () => `<div class="dice-roll">${r.terms.length} term(s), total ${r.total}</div>`,
      }),
    };
    const { data } = (await chatMessageData(privatePlan(HAND), c.sealing))!;
    const mine = await shown(c.alice, c, data);
    const content = mine.html.querySelector(".message-content")!;
    expect(content.innerHTML).toBe('<div class="dice-roll">1 term(s), total 2431</div>');
    expect(mine.html.querySelector(".message-header")!.querySelector(".flavor-text")!.textContent).toContain("3d1000");
    expect(mine.html.classList.contains("cantina-sealed-open")).toBe(true);

    const theirs = await shown(c.carol, c, data);
    // Untouched: the placeholder as the DOM holds it.
    const untouched = messageElement(data.content).querySelector(".message-content")!.innerHTML;
    expect(theirs.html.querySelector(".message-content")!.innerHTML).toBe(untouched);
    expect(theirs.html.querySelector(".message-content .cantina-sealed-roll")).not.toBeNull();
    expect(theirs.html.querySelector(".flavor-text")).toBeNull();
  });

  it("the flavour is set as text, next to the content when the message has no header", () => {
    const li = page.createElement("li");
    li.className = "chat-message";
    li.innerHTML = '<div class="message-content"></div>';
    showOpenedRoll(li, "<b>not html</b>", "<div>roll</div>");
    expect([...li.children].map((e) => e.className)).toEqual(["flavor-text", "message-content"]);
    expect(li.children[0]!.textContent).toBe("<b>not html</b>");
    expect(li.children[0]!.innerHTML).toBe("&lt;b&gt;not html&lt;/b&gt;");
  });

  it("Dice So Nice animates a new private roll once, on the recipient's client only, without broadcasting it", async () => {
    const c = await cast();
    const world = fakeWorld([fakeUser("gm", "GM", true), fakeUser("alice", "Alice", false)]);
    world.install("alice");
    (globalThis as unknown as Record<string, unknown>).Roll = {
      fromData: (r: RollJson) => ({ total: r.total, render: async () => "<div></div>" }),
    };
    const shows: { total: number; user: unknown; synchronize: unknown }[] = [];
    (globalThis as unknown as { game: Record<string, unknown> }).game.dice3d = {
      showForRoll: async (roll: { total: number }, user: unknown, synchronize: unknown) => {
        shows.push({ total: roll.total, user, synchronize });
        return true;
      },
    };
    const { data } = (await chatMessageData(privatePlan(HAND), c.sealing))!;
    const message = { id: data._id!, flags: data.flags, author: "alice" };
    const { view } = await shown(c.alice, c, data);
    await view.render(message, messageElement(data.content));
    await view.created(message);
    expect(shows).toEqual([{ total: 2431, user: "alice", synchronize: false }]);

    // A message whose author is gone: Dice So Nice gets undefined (its default, this user), never null.
    await view.created({ ...message, id: data._id!, author: null });
    expect(shows[1]).toEqual({ total: 2431, user: undefined, synchronize: false });
    shows.pop();

    // Carol's client has nothing to open, so nothing to animate.
    await new SealedChatView(Promise.resolve(c.carol), c.directory).created(message);
    expect(shows).toHaveLength(1);
  });

  it("a recipient hears the dice once by its own settings: Dice So Nice's animation, else the dice sound", async () => {
    const c = await cast();
    const world = fakeWorld([fakeUser("gm", "GM", true), fakeUser("alice", "Alice", false)]);
    world.install("alice");
    const g = globalThis as unknown as Record<string, unknown>;
    g.Roll = { fromData: (r: RollJson) => ({ total: r.total, render: async () => "<div></div>" }) };
    // foundry.audio.AudioHelper.play(data, socketOptions): `false` plays on this client only.
    const sounds: { src: string; push: unknown }[] = [];
    g.foundry = {
      audio: { AudioHelper: { play: async (d: { src: string }, push: unknown) => sounds.push({ src: d.src, push }) } },
    };
    // Dice3D#showForRoll resolves false, showing and sounding nothing, when this client's settings turn it off.
    let enabledHere = true;
    let shows = 0;
    const game = g.game as Record<string, unknown>;
    game.dice3d = { showForRoll: async () => (enabledHere ? (shows++, true) : false) };
    const { data } = (await chatMessageData(privatePlan(HAND), c.sealing))!;
    const message = { id: data._id!, flags: data.flags, author: "alice" };
    const view = new SealedChatView(Promise.resolve(c.alice), c.directory);

    await view.created(message);
    expect({ shows, sounds }).toEqual({ shows: 1, sounds: [] });

    enabledHere = false;
    await view.created(message);
    expect({ shows, sounds }).toEqual({ shows: 1, sounds: [{ src: "sounds/dice.wav", push: false }] });

    delete game.dice3d;
    await view.created(message);
    expect(sounds).toHaveLength(2);
    delete g.foundry;
  });
});

describe("chat text is escaped where Foundry reads HTML", () => {
  it("a seat named with markup appears as text in a public roll's flavour and a hidden roll's notice", async () => {
    const plan: ChatPlan = {
      roll: null,
      flavor: 'Sabacc · <img src=x onerror="alert(1)"> rolls 1d23 in private (hand).',
      alias: "x",
      actor: null,
      author: "gm",
      whisper: null,
      placeholder: null,
    };
    const notice = (await chatMessageData(plan, null))!;
    expect(String(notice.data.content)).not.toContain("<img");
    expect(String(notice.data.content)).toContain("&#60;img");
    const roll: RollJson = { formula: "1d6", total: 3, evaluated: true, terms: [] } as unknown as RollJson;
    const rolled = (await chatMessageData({ ...plan, roll }, null))!;
    expect(String(rolled.data.flavor)).not.toContain("<img");
  });
});
