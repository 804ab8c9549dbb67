/**
 * A finished table's handouts leave the players' journals: at the match's end (after its last hand
 * is written) and when the GM ends a table, each player's handout of it is archived (the GM's), in no
 * journal, and a later update does not bring it back.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { builtScript } from "./built";
import { ALICE, BOB, ChatReader, GM, click, night, tables } from "./harness";
import { playToEnd } from "./match";
import type { FakeRoll20 } from "./sandbox";

let script = "";
beforeAll(async () => {
  script = await builtScript();
}, 120_000);

function expectRetired(r20: FakeRoll20): void {
  const handouts = r20.handouts();
  expect(handouts.length).toBeGreaterThan(0);
  for (const h of handouts) {
    expect(h.get("inplayerjournals")).toBe("");
    expect(h.get("controlledby")).toBe("");
    expect(h.get("archived")).toBe(true);
  }
}

describe("handouts of finished tables", () => {
  it("leave the journals when the match is over, and stay archived", { timeout: 120_000 }, async () => {
    const r20 = night(script);
    r20.type(GM, "!cantina event 1000 Night");
    await r20.settle();
    const tableId = await playToEnd(r20, "sabacc-super-simplified", [ALICE, BOB]);
    expectRetired(r20);
    const count = r20.handouts().length;
    // Asking for the card of the finished table again brings no handout back.
    r20.type(ALICE, `!cantina show ${tableId}`);
    await r20.advance(60_000);
    expect(r20.handouts().length).toBe(count);
    expectRetired(r20);
  });

  it("leave the journals when the GM ends a table mid-game", { timeout: 120_000 }, async () => {
    const r20 = night(script);
    r20.type(GM, "!cantina event 1000 Night");
    await r20.settle();
    r20.type(GM, `!cantina new sabacc-super-simplified ${ALICE} ${BOB}`);
    await r20.settle();
    const reader = new ChatReader(r20);
    // A few moves, until a hand is in a handout.
    for (let i = 0; i < 10 && r20.handouts().length === 0; i++) {
      const record = tables(r20)[0];
      const acting = [ALICE, BOB]
        .map((p) => ({ p, b: reader.moveButtons(p, record?.id ?? "", record?.version ?? -1)[0] }))
        .find((x) => x.b);
      if (!acting?.b) break;
      click(r20, acting.p, acting.b);
      await r20.settle();
    }
    expect(r20.handouts().some((h) => h.get("inplayerjournals") === ALICE)).toBe(true);
    r20.type(GM, `!cantina end ${tables(r20)[0]?.id ?? ""}`);
    await r20.advance(60_000);
    expectRetired(r20);
  });
});
