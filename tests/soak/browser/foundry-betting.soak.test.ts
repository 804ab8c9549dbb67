/**
 * Soak (browser): the Seven Ulwan game of tests/browser/foundry-insecure.test.ts played to its end on
 * the world served over plain http: the pool settles for the bettor (the Assistant GM), and no
 * player's view ever held the stake. Moved here from that file, which plays the first moves: a game
 * to its end through the module's API is long, and settlement is the unit tests' (tests/table).
 * Run `npm run build` first.
 */
import { describe, expect, it } from "vitest";
import {
  SEATS,
  api,
  errors,
  insecureWorld,
  pages,
  poolOf,
  sevenUlwanWithABet,
  waitFor,
} from "../../browser/foundry-insecure-world";

insecureWorld();

describe("the module on a world served over plain http: spectator betting to the end", () => {
  it("a Seven Ulwan game with a spectator's bet: the pool settles for the bettor, no player sees the stake", async () => {
    const { tableId, over } = await sevenUlwanWithABet(3000);
    expect(over, "the game reached its end").toBe(true);
    await waitFor(
      async () => poolOf(await api(pages.agm!).view(tableId), "long-winner")?.result != null,
      "the winner pool settled",
    );
    const pool = poolOf(await api(pages.agm!).view(tableId), "long-winner")!;
    // The only bettor backed Alice: paid at least the stake back when she won; when she lost,
    // nobody won the pool and it is refunded in full (src/table/concerns/betting/book.ts).
    if (pool.result === SEATS.alice) {
      expect(pool.status).toBe("settled");
      // The lone bettor gets the pool back less the winner's share (5% by default) the house takes.
      expect(pool.myPayout).toBeGreaterThanOrEqual(Math.floor(50 * 0.95));
    } else {
      expect(pool.status).toBe("refunded");
      expect(pool.myPayout).toBe(50);
    }
    expect(errors).toEqual([]);
  }, 240_000);
});
