/**
 * The games declared open-information (GameDescriptor.openInformation), whose pushes to one recipient
 * went unpadded in issue 25 (since issue 34 every game's do; the declaration now labels the storage
 * bench's figures), hold nothing private in an update: over random matches
 * every seat's and a spectator's view are the same at every step, and none has a betting market or
 * personal records. Seven Ulwan and the hidden-hand games are not declared.
 */
import { describe, expect, it } from "vitest";
import { games, markets, openInformation } from "../../src/games";
import { SeededRandom } from "../../src/rules/core";

describe("open-information games", () => {
  it("are declared for the board games only, none with a market or personal records", () => {
    expect([...openInformation].sort()).toEqual(
      ["defiance-and-domain", "hununga", "porrika", "takat", "ulwan", "ulwan-finkel"].sort(),
    );
    for (const id of openInformation) {
      expect(games[id], id).toBeDefined();
      expect(markets[id], id).toBeUndefined();
      expect(games[id]!.personalRecord, id).toBeUndefined();
    }
  });

  for (const id of ["defiance-and-domain", "hununga", "porrika", "takat", "ulwan", "ulwan-finkel"])
    it(`${id}: every viewer sees the same view at every step of random matches`, () => {
      const game = games[id]!;
      for (let match = 0; match < 2; match++) {
        const random = new SeededRandom(100 + match);
        const seats = Array.from({ length: game.minSeats }, (_, i) => `seat-${i + 1}`);
        const setup = game.setup(seats, game.defaultOptions(), random);
        if (!setup.ok) throw new Error(setup.error.code);
        let state = setup.state;
        for (let step = 0; step < 40; step++) {
          const spectator = JSON.stringify(game.view(state, { role: "spectator" }));
          expect(JSON.stringify(game.view(state, { role: "gm" })), `${id} step ${step}: the GM`).toBe(spectator);
          for (const seat of seats)
            expect(JSON.stringify(game.view(state, { role: "seat", seat })), `${id} step ${step}: ${seat}`).toBe(
              spectator,
            );
          const status = game.status(state);
          const seat = status.toAct[0];
          if (status.over || seat === undefined) break;
          const moves = game.legalMoves(state, seat);
          if (moves.length === 0) break;
          const applied = game.apply(state, seat, moves[random.die(moves.length) - 1], random);
          if (!applied.ok) throw new Error(applied.error.code);
          state = applied.state;
        }
      }
    });

  it("Seven Ulwan and Sabacc are not: their views differ by viewer", () => {
    for (const id of ["seven-ulwan", "sabacc-true", "ubongo"]) expect(openInformation.has(id), id).toBe(false);
  });
});
