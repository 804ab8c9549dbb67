/**
 * The sandbox stand-in is as unkind as Roll20 where the puzzle pages rely on it: `createObj` makes no
 * page (Roll20 lists the types a script may create), and `playerspecificpages` is read as a copy and
 * takes a new map only over `false`, as Roll20's own page scripts work around.
 */
import { describe, expect, it } from "vitest";
import { FakeRoll20 } from "./sandbox";

function sandboxGlobals(): Record<string, (...args: unknown[]) => unknown> {
  const r20 = new FakeRoll20([]);
  r20.start();
  const names = ["createObj", "Campaign"];
  return Object.fromEntries(names.map((n) => [n, r20.global(n) as (...args: unknown[]) => unknown]));
}

describe("the Roll20 sandbox stand-in", () => {
  it("refuses a script's createObj of a page", () => {
    const g = sandboxGlobals();
    expect(() => g.createObj?.("page", { name: "Mine" })).toThrow(/cannot create a page/);
  });

  it("takes a new playerspecificpages only over false, and reads it as a copy", () => {
    const g = sandboxGlobals();
    const campaign = g.Campaign?.() as { get(k: string): unknown; set(c: Record<string, unknown>): unknown };
    campaign.set({ playerspecificpages: { a: "p1" } });
    expect(campaign.get("playerspecificpages")).toEqual({ a: "p1" });
    (campaign.get("playerspecificpages") as Record<string, string>).a = "p9";
    expect(campaign.get("playerspecificpages")).toEqual({ a: "p1" });
    campaign.set({ playerspecificpages: { a: "p2" } });
    expect(campaign.get("playerspecificpages")).toEqual({ a: "p1" });
    campaign.set({ playerspecificpages: false });
    campaign.set({ playerspecificpages: { a: "p2" } });
    expect(campaign.get("playerspecificpages")).toEqual({ a: "p2" });
  });
});

// ---- Issue 35: chat, whispers by name, getObj, restarts that lose state, who may drag ----

/** The stand-in with one script that records what its own chat:message sees. */
function recording(): { r20: FakeRoll20; seen: () => { playerid: string; type: string; content: string }[] } {
  const r20 = new FakeRoll20([
    `var seenMessages = []; on("chat:message", function (m) { seenMessages.push({ playerid: m.playerid, type: m.type, content: m.content }); });`,
  ]);
  r20.addPlayer("gm1", "Game Master", true);
  r20.addPlayer("p1", "GM");
  r20.addPlayer("p2", "Ann");
  r20.addPlayer("p3", "ann");
  r20.start();
  return { r20, seen: () => r20.global("seenMessages") as { playerid: string; type: string; content: string }[] };
}

describe("the Roll20 sandbox stand-in (issue 35)", () => {
  it("delivers sendChat later, and the script's own message comes back to chat:message from API", async () => {
    const { r20, seen } = recording();
    const send = r20.global("sendChat") as (who: string, text: string) => void;
    send("Me", "hello");
    expect(r20.chat).toEqual([]);
    await r20.settle();
    expect(r20.chat.map((m) => m.content)).toEqual(["hello"]);
    expect(seen()).toEqual([{ playerid: "API", type: "general", content: "hello" }]);
  });

  it("posts a roll template's inline rolls for all with use3d, hands them back with rolltemplate, and a restart drops an unposted one", async () => {
    const r20 = new FakeRoll20([
      `var seenRolls = []; on("chat:message", function (m) { seenRolls.push({ playerid: m.playerid, content: m.content, rolltemplate: m.rolltemplate, dice: (m.inlinerolls || []).map(function (r) { return r.results.rolls[0].results.map(function (d) { return d.v; }); }) }); });`,
    ]);
    r20.start();
    const send = (): void =>
      (r20.global("sendChat") as (w: string, t: string, c: null, o: object) => void)(
        "Me",
        "&{template:default} {{name=Test}} {{Dice=[[2d6]]}}",
        null,
        { use3d: true },
      );
    send();
    await r20.settle();
    const dice = r20.rolled.at(-1)?.dice ?? [];
    expect(dice).toHaveLength(2);
    expect(r20.chat.at(-1)?.options).toEqual({ use3d: true });
    expect(r20.global("seenRolls")).toEqual([
      { playerid: "API", content: "{{name=Test}} {{Dice=$[[0]]}}", rolltemplate: "default", dice: [dice] },
    ]);
    const posted = r20.chat.length;
    send();
    r20.restart();
    await r20.settle();
    expect(r20.chat.length, "the sandbox restarted before posting it").toBe(posted);
  });

  it("resolves whispers by name: gm to the GMs only, a display name to every player of it, a character to its controllers", async () => {
    const { r20 } = recording();
    r20.addCharacter("Ann", "p1");
    r20.addCharacter("Box", "all");
    r20.addCharacter("Nobody's", "");
    expect(r20.whisperReach("gm")).toEqual(["gm1"]);
    expect(r20.whisperReach("GM")).toEqual(["gm1"]);
    expect(r20.whisperReach("ANN").sort()).toEqual(["p1", "p2", "p3"]);
    expect(r20.whisperReach("box").sort()).toEqual(["gm1", "p1", "p2", "p3"]);
    expect(r20.whisperReach("Nobody's")).toEqual(["gm1"]);
    const send = r20.global("sendChat") as (who: string, text: string) => void;
    send("Me", '/w "GM" psst');
    await r20.settle();
    expect(r20.chat[0]?.to).toEqual(["gm1"]);
  });

  it("getObj answers null for an id it does not hold", () => {
    const { r20 } = recording();
    const getObj = r20.global("getObj") as (type: string, id: string) => unknown;
    expect(getObj("player", "nobody")).toBeNull();
    expect(getObj("graphic", "p1")).toBeNull();
  });

  it("a crash loses what changed in state since the last save; a restart keeps it", () => {
    const { r20 } = recording();
    r20.state.kept = 1;
    r20.save();
    r20.state.lost = 2;
    r20.crash();
    expect(r20.state).toEqual({ kept: 1 });
    r20.state.more = 3;
    r20.restart();
    expect(r20.state).toEqual({ kept: 1, more: 3 });
  });

  it("lets a GM drag any object and a player only one they control", () => {
    const { r20 } = recording();
    const page = r20.addPage("P");
    const createObj = r20.global("createObj") as (type: string, props: Record<string, unknown>) => { id: string };
    const path = createObj("path", { pageid: page, _path: "[]", left: 0, top: 0, controlledby: "p2" });
    expect(() => r20.dragBy("p3", path.id, { left: 70 })).toThrow(/cannot move/);
    r20.dragBy("p2", path.id, { left: 70 });
    r20.dragBy("gm1", path.id, { left: 140 });
    expect(r20.objects.get(path.id)?.object.get("left")).toBe(140);
  });
});
