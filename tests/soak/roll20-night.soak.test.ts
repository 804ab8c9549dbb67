/**
 * A night of twenty bot tables in the Roll20 sandbox stand-in (issue 35: `state` stays small): every
 * game a bot table opens for, played to its end and archived after the archive delay; each archive
 * in `state` within 8 KB, read back whole (tests/roll20/state-size.test.ts checks the packing itself).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { games } from "../../src/games";
import { STATE_KEY } from "../../src/roll20/store";
import { builtScript } from "../roll20/built";
import { GM, night, root, tables } from "../roll20/harness";

let script = "";
beforeAll(async () => {
  script = await builtScript();
}, 120_000);

describe("state after a night of twenty tables in the stand-in", () => {
  it("archives every finished table within 8 KB", { timeout: 900_000 }, async () => {
    const r20 = night(script);
    r20.type(GM, "!cantina event 1000 Night");
    await r20.settle();
    const ids = Object.values(games)
      .filter((g) => g.minSeats <= 2 && g.maxSeats >= 2)
      .map((g) => g.id);
    let opened = 0;
    for (let n = 0; n < 20; n++) {
      const id = ids[n % ids.length] ?? "ulwan";
      const limit = games[id]?.optionSchema.maxMoves?.kind === "integer" ? " maxMoves=40" : "";
      const known = new Set(tables(r20).map((t) => t.id));
      r20.type(GM, `!cantina new ${id} bot bot${limit}`);
      await r20.settle();
      // A game whose table bots alone cannot open (its spec refused) is skipped, and said.
      if (!tables(r20).some((t) => !known.has(t.id))) {
        console.log(`${id}: no bot table opened`);
        continue;
      }
      const last = (): string | undefined => tables(r20).at(-1)?.id;
      opened++;
      // A bot table that has not ended after 100 game minutes stays open (counted below, not archived).
      const unfinished = (): boolean =>
        tables(r20).some((r) => r.id === last() && !games[r.gameId]?.status(r.state).over);
      for (let t = 0; t < 300 && unfinished(); t++) await r20.advance(20_000);
      await r20.advance(11 * 60_000);
      r20.type(GM, "!cantina tables");
      await r20.settle();
    }
    // A table that ended after its turn in the loop is archived past its delay too, at the next
    // request the host handles (as on every host; `!cantina tables` only reads).
    await r20.advance(11 * 60_000);
    r20.type(GM, "!cantina purse");
    await r20.settle();
    const books = root(r20);
    const live = Object.values(books.tables);
    console.log(`${books.archives.length} archived, still playing: ${live.map((t) => t.gameId).join(", ")}`);
    // Every table is archived once finished (the ones still open have not ended).
    expect(books.archives.length + live.length).toBe(opened);
    for (const t of live) expect(games[t.gameId]?.status(t.state).over, t.gameId).toBe(false);
    expect(books.archives.length).toBeGreaterThanOrEqual(15);
    for (const a of books.archives) expect(JSON.stringify(a).length, `${a.gameId}`).toBeLessThanOrEqual(8 * 1024);
    expect(JSON.stringify(r20.state[STATE_KEY]).length).toBeLessThanOrEqual(20 * 8 * 1024);
  });
});
