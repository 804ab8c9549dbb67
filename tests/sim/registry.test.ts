/**
 * `npm run sim` plays from the registry (src/games): every registered game and its levels, the
 * Ulwan games with the reference agents besides, and no game or level of its own (issue 36).
 */
import { describe, expect, it } from "vitest";
import { bots, games } from "../../src/games";
import { gameOptions, listing, registry } from "../../scripts/sim.ts";

describe("the simulation harness's registry", () => {
  it("holds exactly the registered games, the same objects", () => {
    const r = registry();
    expect(Object.keys(r.games).sort()).toEqual(Object.keys(games).sort());
    for (const [id, game] of Object.entries(games)) expect(r.games[id]).toBe(game);
  });

  it("offers each game's registered levels, and the reference agents and the deeper expert's candidate only in the Ulwan games", () => {
    const r = registry();
    for (const [id, levels] of Object.entries(bots)) {
      for (const [level, bot] of Object.entries(levels)) expect(r.bots[id]?.[level]).toBe(bot);
      const extra = Object.keys(r.bots[id] ?? {}).filter((l) => !(l in levels));
      expect(extra.every((l) => l.startsWith("ref-") || l === "expert-deep")).toBe(true);
      expect(extra.length > 0).toBe(id.includes("ulwan"));
    }
  });

  it("lists the unequal-forces games with their levels", () => {
    expect(listing()).toMatch(/^takat: .*expert/m);
    expect(listing()).toMatch(/^defiance-and-domain: /m);
  });

  it("reads a game's options over its defaults and refuses an unknown one", () => {
    const base = { gameId: "takat", bots: [], games: 1, seed: 1, maxMoves: 10, sides: false, options: "" };
    expect(gameOptions(base)).toEqual(games.takat!.defaultOptions());
    expect(() => gameOptions({ ...base, options: "nonsense=1" })).toThrow(/No option nonsense/);
  });
});
