/** "Play again": a seated player's vote on a finished table (`play-again`), and the votes in its summary. */
import type { TableConcern } from "../contract";
import { playAgain } from "./play-again-op";

export const playAgainConcern: TableConcern = {
  name: "play-again",
  operations: { "play-again": { run: playAgain } },
  summary: (_ctx, record) => (record.playAgain ? { playAgain: record.playAgain } : {}),
};
