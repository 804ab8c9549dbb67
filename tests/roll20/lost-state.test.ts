/**
 * A restart that loses what was not yet saved (issue 35): the table is back at its last saved
 * version, so on `ready` every live table whispers its current card again to the seat to act, and
 * a button from a version the table never reached says the table changed and shows the current card.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { builtScript } from "./built";
import { ALICE, BOB, ChatReader, GM, click, night, tables } from "./harness";

let script = "";
beforeAll(async () => {
  script = await builtScript();
}, 120_000);

describe("Roll20 restart that loses unsaved state", () => {
  it("re-sends the current card to the seat to act, and answers a button from a lost version with the current card", async () => {
    const r20 = night(script);
    r20.type(GM, `!cantina new ulwan ${ALICE} ${BOB}`);
    await r20.settle();
    const reader = new ChatReader(r20);
    const saved = tables(r20)[0];
    const tableId = saved?.id ?? "";
    const savedVersion = saved?.version ?? -1;
    const first = [ALICE, BOB].find((p) => reader.moveButtons(p, tableId, savedVersion).length > 0) ?? ALICE;
    r20.save();
    // A move is played, and Roll20 stops before it saved it.
    const button = reader.moveButtons(first, tableId, savedVersion)[0];
    expect(button).toBeDefined();
    if (button) click(r20, first, button);
    await r20.settle();
    expect(tables(r20)[0]?.version).toBeGreaterThan(savedVersion);
    const newer = [ALICE, BOB]
      .map((p) => ({ p, b: reader.moveButtons(p, tableId, savedVersion + 1)[0] }))
      .find((x) => x.b !== undefined);
    const sentBefore = r20.chat.length;
    r20.crash();
    await r20.settle();
    expect(tables(r20)[0]?.version).toBe(savedVersion);
    // The seat to act at the saved version has its card again.
    const resent = r20.chat.slice(sentBefore);
    expect(
      resent.some(
        (m) =>
          m.to !== "all" && m.to.includes(first) && m.content.includes(`!cantina move ${tableId} ${savedVersion} `),
      ),
    ).toBe(true);
    // A button from the lost version: told the table changed, and shown the current card.
    expect(newer?.b).toBeDefined();
    if (newer?.b) {
      const at = r20.chat.length;
      click(r20, newer.p, newer.b);
      await r20.settle();
      const answer = r20.chat.slice(at).filter((m) => m.to !== "all" && m.to.includes(newer.p));
      expect(answer.some((m) => m.content.includes("The table changed"))).toBe(true);
      expect(answer.some((m) => m.content.includes(`${tableId}`))).toBe(true);
      expect(tables(r20)[0]?.version).toBe(savedVersion);
    }
    // An undo (or play-again) button from the lost version says the same.
    const at = r20.chat.length;
    r20.type(first, `!cantina undo ${tableId} ${savedVersion + 1}`);
    await r20.settle();
    const undone = r20.chat.slice(at).filter((m) => m.to !== "all" && m.to.includes(first));
    expect(undone.some((m) => m.content.includes("The table changed"))).toBe(true);
  });
  it("re-sends a waiting table's sit-down card to each invited player who has not sat down yet", async () => {
    const r20 = night(script);
    r20.type(GM, `!cantina new ulwan ${ALICE} ${BOB} sitdown=true`);
    await r20.settle();
    const tableId = tables(r20)[0]?.id ?? "";
    expect(tables(r20)[0]?.lobby).toBeDefined();
    r20.save();
    const sentBefore = r20.chat.length;
    r20.crash();
    await r20.settle();
    const resent = r20.chat.slice(sentBefore);
    for (const player of [ALICE, BOB])
      expect(
        resent.some((m) => m.to !== "all" && m.to.includes(player) && m.content.includes(`!cantina sit ${tableId} `)),
      ).toBe(true);
  });
  it("answers a sit-down button from a lobby count lost in a restart with 'the table changed' and the current card", async () => {
    const r20 = night(script);
    r20.type(GM, `!cantina new ulwan ${ALICE} ${BOB} sitdown=true`);
    await r20.settle();
    const tableId = tables(r20)[0]?.id ?? "";
    const sitOf = (player: string): { seat: string; version: number } | null => {
      for (const m of [...r20.chat].reverse()) {
        if (m.to === "all" || !m.to.includes(player)) continue;
        const found = new RegExp(`!cantina sit ${tableId} (\\S+) (\\d+)`).exec(m.content);
        if (found) return { seat: found[1] ?? "", version: Number(found[2]) };
      }
      return null;
    };
    r20.save();
    const alice = sitOf(ALICE);
    expect(alice).not.toBeNull();
    r20.type(ALICE, `!cantina sit ${tableId} ${alice?.seat} ${alice?.version}`);
    await r20.settle();
    const bob = sitOf(BOB);
    r20.crash();
    await r20.settle();
    expect(tables(r20)[0]?.lobby?.seated ?? []).toEqual([]);
    // Bob's button names the lobby count after Alice's sit-down, which the restart lost.
    const at = r20.chat.length;
    r20.type(BOB, `!cantina sit ${tableId} ${bob?.seat} ${(alice?.version ?? 0) + 1}`);
    await r20.settle();
    const answer = r20.chat.slice(at).filter((m) => m.to !== "all" && m.to.includes(BOB));
    expect(answer.some((m) => m.content.includes("The table changed"))).toBe(true);
    expect(tables(r20)[0]?.lobby?.seated ?? []).toEqual([]);
  });
});
