/**
 * How long a Sabacc bot takes to decide (the issue asks under 50 ms a decision). Decision points
 * are collected from simulated matches, then each bench runs the bot over all of them; the figure
 * per decision is the bench's mean divided by the number of decisions printed in its name.
 */
import { bench, describe } from "vitest";
import { SeededRandom, type AnyBot, type SeatId } from "../src/rules/core";
import { gameById } from "../src/games";
import { bots } from "../src/games";

interface Decision {
  view: unknown;
  legal: unknown[];
}

function decisions(gameId: string, level: string, matches: number): Decision[] {
  const game = gameById(gameId);
  const bot = bots[gameId]?.[level];
  if (!game || !bot) throw new Error(gameId);
  const dice = new SeededRandom(11);
  const out: Decision[] = [];
  for (let i = 0; i < matches; i++) {
    const setup = game.setup(["s1", "s2", "s3"], { ...(game.defaultOptions() as object), seatLimit: 3 }, dice);
    if (!setup.ok) throw new Error(setup.error.code);
    let state = setup.state;
    while (!game.status(state).over) {
      const seat = game.status(state).toAct[0] as SeatId;
      const view = game.view(state, { role: "seat", seat });
      const legal = game.legalMoves(state, seat);
      out.push({ view, legal });
      const applied = game.apply(state, seat, (bot as AnyBot).choose(view, legal, dice), dice);
      if (!applied.ok) throw new Error(applied.error.code);
      state = applied.state;
    }
  }
  return out;
}

for (const [gameId, levels] of Object.entries(bots)) {
  if (!gameId.startsWith("sabacc-")) continue;
  describe(gameId, () => {
    for (const [level, bot] of Object.entries(levels)) {
      const points = decisions(gameId, level, 20);
      const random = new SeededRandom(3);
      bench(`${level}: ${points.length} decisions`, () => {
        for (const d of points) bot.choose(d.view, d.legal, random);
      });
    }
  });
}
