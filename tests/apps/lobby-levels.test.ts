/**
 * A bot seat in the lobby starts on its game's strongest level (the descriptor's `strongestLevel`),
 * in the window's select and in the table spec, until the GM picks another.
 */
import { describe, expect, it } from "vitest";
import { lobbyCatalogue, lobbyContext, lobbySpec, newLobby, readLobby } from "../../src/apps/table/lobby";
import { bots, games, markets, strongestLevels } from "../../src/games";

const catalogue = lobbyCatalogue(games, bots, markets, {}, strongestLevels);
const names = { user: (id: string) => `User ${id}`, bot: (n: number) => `Bot ${n}` };
type SeatLevels = { botLevels: { id: string; selected: boolean }[] };
/** The context's first seat (the context is a template's record). */
const firstSeat = (context: Record<string, unknown>): SeatLevels => (context.seats as SeatLevels[])[0]!;
const selectedLevel = (levels: readonly { id: string; selected: boolean }[]): string[] =>
  levels.filter((l) => l.selected).map((l) => l.id);

describe("the lobby's default bot level", () => {
  it("offers Ulwan's strongest level (perfect, listed last) selected for a bot seat", () => {
    const lobby = newLobby(catalogue, "ulwan", []);
    const seat = firstSeat(lobbyContext(lobby, catalogue, []));
    expect(seat.botLevels.map((l) => l.id)).toEqual(Object.keys(bots["ulwan"]!));
    expect(selectedLevel(seat.botLevels)).toEqual(["perfect"]);
  });

  it("asks for the strongest level in the spec of a bot seat the GM left alone, and for the one picked otherwise", () => {
    const lobby = newLobby(catalogue, "ulwan", []);
    readLobby(
      lobby,
      catalogue,
      (name) => (name === "seat1.botLevel" ? "greedy" : null),
      (i) => `u${i}`,
    );
    const r = lobbySpec(lobby, catalogue, names);
    if (!r.ok) throw new Error(r.error.code);
    expect(r.spec.seats.map((s) => s.botLevel)).toEqual(["perfect", "greedy"]);
  });

  it("every game with bots starts a bot seat on its descriptor's strongest level", () => {
    for (const id of Object.keys(strongestLevels)) {
      const seat = firstSeat(lobbyContext(newLobby(catalogue, id, []), catalogue, []));
      expect(selectedLevel(seat.botLevels), id).toEqual([strongestLevels[id]]);
    }
  });
});
