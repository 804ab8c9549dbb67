/** Spectator betting: the `side-bet` request, the pools moved on by each move, and what each viewer sees of them. */
import type { TableConcern } from "../contract";
import { spectatorBetting } from "./after-move";
import { sideBet } from "./side-bet-op";
import { bettingUpdate } from "./view";

export const bettingConcern: TableConcern = {
  name: "betting",
  operations: { "side-bet": { run: sideBet } },
  afterMove: spectatorBetting,
  update: bettingUpdate,
};
