/**
 * Whispers reach exactly their player whatever players and characters are called (issue 35):
 * Roll20 resolves `/w` by name (a player's display name, `gm` for the GMs, a character's name for
 * everyone who controls it), so a player named "GM", two players of one name, or a character named
 * like a player must neither lose a player's cards nor hand them to someone else.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { builtScript } from "./built";
import { ALICE, BOB, CHANDRA, GM, buttonsIn, night, tables } from "./harness";
import type { FakeRoll20 } from "./sandbox";

let script = "";
beforeAll(async () => {
  script = await builtScript();
}, 120_000);

/** The whispers that carry a seat's cards (a hand or move buttons), with who they reached. */
function cardWhispers(r20: FakeRoll20): { to: readonly string[]; content: string }[] {
  return r20.chat.flatMap((m) =>
    m.to !== "all" &&
    (m.content.includes("Your hand") || buttonsIn(m.content).some((b) => / (move|amount) /.test(b.command)))
      ? [{ to: m.to, content: m.content }]
      : [],
  );
}

/** Opens Sabacc for Alice and Bob and returns each one's whispered cards. */
async function sabaccFor(r20: FakeRoll20): Promise<void> {
  r20.type(GM, `!cantina new sabacc-simplified ${ALICE} ${BOB}`);
  await r20.settle();
  expect(tables(r20)).toHaveLength(1);
}

function expectOnlyTheirs(r20: FakeRoll20): void {
  const whispers = cardWhispers(r20);
  expect(whispers.length).toBeGreaterThan(0);
  for (const w of whispers) expect(w.to, w.content.slice(0, 80)).toHaveLength(1);
  // Each seated player got their own cards.
  for (const player of [ALICE, BOB]) expect(whispers.some((w) => w.to[0] === player)).toBe(true);
  expect(whispers.some((w) => w.to.includes(CHANDRA) || w.to.includes(GM))).toBe(false);
}

describe("whispers reach exactly their player in Roll20", () => {
  it("a player whose display name is GM (any case) still gets their cards, and no GM gets them", async () => {
    const r20 = night(script);
    r20.rename(ALICE, "gm");
    await sabaccFor(r20);
    expectOnlyTheirs(r20);
  });

  it("a character named like a player does not receive that player's hand", async () => {
    const r20 = night(script);
    r20.addCharacter("Alice", CHANDRA);
    r20.addCharacter("Bob <b>the</b> Bold", "all");
    await sabaccFor(r20);
    expectOnlyTheirs(r20);
  });

  it("two players of one name each get their own cards", async () => {
    const r20 = night(script);
    r20.rename(BOB, "alice");
    await sabaccFor(r20);
    expectOnlyTheirs(r20);
  });

  it("a name made to take a player's private channel is refused: nothing secret is whispered, the GM is told", async () => {
    const r20 = night(script);
    r20.type(GM, `!cantina new sabacc-simplified ${ALICE} ${BOB}`);
    await r20.settle();
    // Chandra renames herself after the channel Alice's cards went through.
    const channel = r20.chat.flatMap((m) => (m.target !== undefined && m.to.toString() === ALICE ? [m.target] : []));
    expect(channel.length).toBeGreaterThan(0);
    r20.rename(CHANDRA, channel[0] ?? "");
    const before = r20.chat.length;
    r20.type(ALICE, `!cantina show ${tables(r20)[0]?.id ?? ""}`);
    await r20.settle();
    const after = r20.chat.slice(before);
    expect(after.some((m) => m.to !== "all" && m.to.includes(CHANDRA))).toBe(false);
    expect(after.some((m) => m.to !== "all" && m.to.includes(GM) && m.content.includes("cannot whisper"))).toBe(true);
  });
});
