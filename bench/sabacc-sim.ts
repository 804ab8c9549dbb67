/**
 * Bot against bot, heads-up, over many matches of a Sabacc variant: each bot sees only its own
 * seat's view. Seats alternate so neither bot always acts first. Used by the bot tests and by
 * `npx vitest run tests/rules/sabacc/bots.test.ts` to print the figures reported in the README.
 */
import { SeededRandom, type AnyBot, type SeatId } from "../src/rules/core";
import { gameById } from "../src/games";
import { bots } from "../src/games";

export interface SimResult {
  readonly gameId: string;
  readonly strong: string;
  readonly weak: string;
  readonly matches: number;
  /** Matches the strong bot won outright, the weak bot won outright, and the rest (splits). */
  readonly strongWins: number;
  readonly weakWins: number;
  readonly other: number;
  /** Net credits over all matches. */
  readonly strongNet: number;
  readonly weakNet: number;
  readonly moves: number;
}

export function simulate(gameId: string, strong: string, weak: string, matches: number, seed = 1): SimResult {
  const game = gameById(gameId);
  const levels = bots[gameId];
  const strongBot = levels?.[strong];
  const weakBot = levels?.[weak];
  if (!game || !strongBot || !weakBot) throw new Error(`no game or bots for ${gameId}`);
  const dice = new SeededRandom(seed);
  const choices = new SeededRandom(seed ^ 0x2545f491);
  let strongWins = 0,
    weakWins = 0,
    other = 0,
    strongNet = 0,
    weakNet = 0,
    moves = 0;
  for (let i = 0; i < matches; i++) {
    const seats: SeatId[] = ["s1", "s2"];
    const strongSeat = i % 2 === 0 ? "s1" : "s2";
    const driver: Record<SeatId, AnyBot> = {
      s1: i % 2 === 0 ? strongBot : weakBot,
      s2: i % 2 === 0 ? weakBot : strongBot,
    };
    const setup = game.setup(seats, game.defaultOptions(), dice);
    if (!setup.ok) throw new Error(setup.error.code);
    let state = setup.state;
    for (let n = 0; !game.status(state).over; n++) {
      if (n > 10_000) throw new Error("a simulated match did not end");
      const seat = game.status(state).toAct[0] as SeatId;
      const legal = game.legalMoves(state, seat);
      const move = (driver[seat] as AnyBot).choose(game.view(state, { role: "seat", seat }), legal, choices);
      const applied = game.apply(state, seat, move, dice);
      if (!applied.ok) throw new Error(`bot move refused: ${applied.error.code} ${JSON.stringify(move)}`);
      state = applied.state;
      moves++;
    }
    const result = game.status(state).result;
    if (!result) throw new Error("no result");
    const weakSeat = strongSeat === "s1" ? "s2" : "s1";
    strongNet += result.creditDelta[strongSeat] ?? 0;
    weakNet += result.creditDelta[weakSeat] ?? 0;
    if (result.winners.length === 1 && result.winners[0] === strongSeat) strongWins++;
    else if (result.winners.length === 1 && result.winners[0] === weakSeat) weakWins++;
    else other++;
  }
  return { gameId, strong, weak, matches, strongWins, weakWins, other, strongNet, weakNet, moves };
}

export function describeResult(r: SimResult): string {
  return (
    `${r.gameId}: ${r.strong} vs ${r.weak} over ${r.matches} matches: ${r.strong} wins ${r.strongWins}, ${r.weak} wins ${r.weakWins}, ` +
    `splits ${r.other}; net credits ${r.strong} ${r.strongNet >= 0 ? "+" : ""}${r.strongNet} (${(r.strongNet / r.matches).toFixed(0)} a match), ` +
    `${r.weak} ${r.weakNet >= 0 ? "+" : ""}${r.weakNet} (${(r.weakNet / r.matches).toFixed(0)} a match)`
  );
}
