/**
 * Board games on a Roll20 page: `!cantina setup` draws the board (cells as paths, labels as texts)
 * and the pieces as tokens the seat's player controls; every board game is played by dragging
 * tokens for its first 40 steps (tests/roll20/board-play.ts), a sandbox restart among them. To its
 * end: tests/soak/roll20-boards.soak.test.ts (whole games by token moves are long).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { builtScript } from "./built";
import { BOARD_GAMES } from "./board-helpers";
import { playBoardByTokens } from "./board-play";

let script = "";
beforeAll(async () => {
  script = await builtScript();
}, 120_000);

describe("board games on a page, played by dragging tokens", () => {
  it("lists the seven board games", () => {
    expect(BOARD_GAMES.sort()).toEqual(
      ["defiance-and-domain", "ulwan-finkel", "hununga", "porrika", "seven-ulwan", "takat", "ulwan"].sort(),
    );
  });

  it.each(BOARD_GAMES)("%s: 40 steps by token moves, restarted mid-game", { timeout: 180_000 }, async (gameId) => {
    await playBoardByTokens(script, gameId, 40);
  });
});
