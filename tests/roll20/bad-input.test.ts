/**
 * Bad input in the sandbox stand-in: each gets a whispered, localized reason and changes nothing —
 * unknown, malformed or huge commands, moves out of turn or for another's seat, a button from an
 * earlier turn, GM-only commands from a player, and a second script that takes the same name.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { games } from "../../src/games";
import { builtScript } from "./built";
import { ALICE, BOB, ChatReader, GM, NEIGHBOUR, SPECTATOR, click, night, tables } from "./harness";
import type { FakeRoll20 } from "./sandbox";

let script = "";
beforeAll(async () => {
  script = await builtScript();
}, 120_000);

/** The last whisper to a player, as text. */
function lastWhisper(r20: FakeRoll20, player: string): string {
  const mine = r20.chat.filter((m) => m.to !== "all" && m.to.includes(player));
  return mine[mine.length - 1]?.content ?? "";
}

/** A typed command that must be refused with `reason` and change nothing in `state`. */
async function refused(r20: FakeRoll20, player: string, text: string, reason: string): Promise<void> {
  const before = JSON.stringify(r20.state);
  const sent = r20.chat.length;
  r20.type(player, text);
  await r20.settle();
  expect(JSON.stringify(r20.state), `${text} changed nothing`).toBe(before);
  expect(lastWhisper(r20, player), text).toContain(reason);
  expect(
    r20.chat.slice(sent).every((m) => m.to !== "all"),
    `${text}: nothing public`,
  ).toBe(true);
}

async function ulwanTable(r20: FakeRoll20): Promise<{ id: string; version: number; toAct: string; waiting: string }> {
  r20.type(GM, `!cantina new ulwan ${ALICE} ${BOB}`);
  await r20.settle();
  const record = tables(r20)[0];
  if (!record) throw new Error("no table");
  const seat = games.ulwan?.status(record.state).toAct[0];
  const toAct = record.seats.find((s) => s.seat === seat)?.userId ?? "";
  return { id: record.id, version: record.version, toAct, waiting: toAct === ALICE ? BOB : ALICE };
}

describe("bad input in Roll20", () => {
  it("an unknown, malformed or huge command is refused with a reason", async () => {
    const r20 = night(script);
    await refused(r20, ALICE, "!cantina frobnicate", "Unknown command");
    await refused(r20, ALICE, "!cantina move t1 x 0", "arguments are not right");
    await refused(r20, ALICE, `!cantina show ${"x".repeat(5000)}`, "too long");
    await refused(r20, ALICE, `!cantina move ${"t ".repeat(60)}`, "too long");
    await refused(r20, ALICE, "!cantina move __proto__ 0 0", "arguments are not right");
    // Not ours: another script's command and a longer word are left alone.
    const sent = r20.chat.length;
    r20.type(ALICE, "!cantinas help");
    r20.type(ALICE, "!neighbour");
    await r20.settle();
    expect(r20.chat.slice(sent).map((m) => m.speaker)).toEqual(["Neighbour"]);
  });

  it("a move out of turn, for another's seat, or from an earlier turn's button is refused", async () => {
    const r20 = night(script);
    const t = await ulwanTable(r20);
    const reader = new ChatReader(r20);
    const buttons = reader.moveButtons(t.toAct, t.id, t.version);
    expect(buttons.length).toBeGreaterThan(0);
    const first = buttons[0];
    if (!first) throw new Error("no button");
    await refused(r20, t.waiting, first.command, "It is not your turn");
    await refused(r20, SPECTATOR, first.command, "That seat is not yours");
    await refused(r20, t.toAct, `!cantina move ${t.id} ${t.version} 99`, "not one of your moves");
    click(r20, t.toAct, first);
    await r20.settle();
    expect(tables(r20)[0]?.version).toBe(t.version + 1);
    // The same button again: from an earlier turn now.
    await refused(r20, t.toAct, first.command, "The table moved on");
  });

  it("GM-only commands from a player are refused", async () => {
    const r20 = night(script);
    const t = await ulwanTable(r20);
    await refused(r20, ALICE, `!cantina new ulwan ${ALICE} ${BOB}`, "Only a GM");
    await refused(r20, ALICE, `!cantina end ${t.id}`, "Only a GM");
    await refused(r20, ALICE, `!cantina pause ${t.id}`, "Only a GM");
    await refused(r20, ALICE, "!cantina event 1000 Mine", "Only a GM");
    await refused(r20, ALICE, "!cantina lang de", "Only a GM");
    await refused(r20, GM, `!cantina new ulwan ${ALICE} -NoSuchPlayer`, "No player has the id");
  });

  it("a bet amount from a query is checked by the rules", async () => {
    const r20 = night(script);
    r20.type(GM, `!cantina new sabacc-super-simplified ${ALICE} ${BOB}`);
    await r20.settle();
    const reader = new ChatReader(r20);
    for (let step = 0; step < 40; step++) {
      const record = tables(r20)[0];
      if (!record) break;
      const amount = [ALICE, BOB]
        .map((p) => ({
          p,
          b: reader.moveButtons(p, record.id, record.version).find((x) => x.command.includes(" amount ")),
        }))
        .find((x) => x.b);
      if (amount?.b) {
        const before = JSON.stringify(r20.state);
        click(r20, amount.p, amount.b, 999_999_999);
        await r20.settle();
        expect(JSON.stringify(r20.state)).toBe(before);
        expect(lastWhisper(r20, amount.p)).not.toBe("");
        return;
      }
      const any = [ALICE, BOB]
        .map((p) => ({ p, b: reader.moveButtons(p, record.id, record.version)[0] }))
        .find((x) => x.b);
      if (!any?.b) break;
      click(r20, any.p, any.b);
      await r20.settle();
    }
    throw new Error("no bet button came");
  });

  it("a second script that already uses the name leaves this copy inert, and the GM is told", async () => {
    const taken = "var CantinaGames = { mine: true };";
    const r20 = night(script, [NEIGHBOUR, taken]);
    r20.type(ALICE, "!cantina help");
    await r20.settle();
    expect(r20.global("CantinaGames")).toEqual({ mine: true });
    expect(r20.chat.filter((m) => m.to !== "all" && m.to.includes(ALICE))).toEqual([]);
    expect(lastWhisper(r20, GM)).toContain("Another script already uses the name CantinaGames");
  });

  it("two copies of the script: one answers, the other stays out", async () => {
    const r20 = night(script, [NEIGHBOUR, script]);
    r20.type(ALICE, "!cantina help");
    await r20.settle();
    expect(r20.chat.filter((m) => m.to !== "all" && m.to.includes(ALICE))).toHaveLength(1);
  });

  it("names with markup reach chat escaped", async () => {
    const r20 = night(script);
    r20.type(GM, `!cantina new ulwan ${ALICE} ${BOB}`);
    await r20.settle();
    const text = r20.chat.map((m) => m.content).join("\n");
    expect(text).toContain("Bob &lt;b&gt;the&lt;&#47;b&gt; Bold".replace("&#47;", "/"));
    expect(text).not.toContain("<b>the</b>");
  });
});
