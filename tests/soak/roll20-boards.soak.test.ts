/**
 * Soak: every board game on a Roll20 page plays to its end by dragging tokens, restarted mid-game,
 * the tokens checked after every step (tests/roll20/board-play.ts). Moved here from
 * tests/roll20/boards.test.ts, which plays each game's first 40 steps: the rules of a whole game are
 * the unit and property tests' (tests/rules, tests/properties).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { builtScript } from "../roll20/built";
import { BOARD_GAMES } from "../roll20/board-helpers";
import { playBoardByTokens } from "../roll20/board-play";

let script = "";
beforeAll(async () => {
  script = await builtScript();
}, 120_000);

describe("Roll20: board games played to their end by token moves", () => {
  it.each(BOARD_GAMES)("%s plays to its end by token moves, restarted mid-game", async (gameId) => {
    expect(await playBoardByTokens(script, gameId, 3000), `${gameId} over`).toBe(true);
  });
});
