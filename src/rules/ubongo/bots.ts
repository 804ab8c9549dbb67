/**
 * Ubongo bots: they solve their board with the solver and "think" for a drawn time first (`think`
 * gives the move and the delay; `choose`, the plain Bot contract, the same move with no wait).
 * Details: docs/rules-layer.md, "src/rules/ubongo/bots.ts".
 */
import type { Bot, Random, SeatId } from "../core";
import { BOT_SPEEDS, type BotSpeed, type ThinkingTime, type UbongoMove, type UbongoView } from "./game";
import { solveBoard, solveJedi, withJediSides } from "./tiling";

export interface UbongoBot extends Bot<UbongoView, UbongoMove> {
  /** The move for this seat and how long (ms) the host waits before applying it. */
  think(view: UbongoView, legal: readonly UbongoMove[], random: Random): { move: UbongoMove; delayMs: number };
}

/** A uniform number in (0, 1) from the dice. */
function uniform(random: Random): number {
  return random.die(1_000_000) / 1_000_001;
}

/** A standard normal draw (Box–Muller). */
function normal(random: Random): number {
  return Math.sqrt(-2 * Math.log(uniform(random))) * Math.cos(2 * Math.PI * uniform(random));
}

export function thinkingDelayMs(time: ThinkingTime, tiles: number, jedi: boolean, random: Random): number {
  const scale = (tiles >= 4 ? 1.6 : 1) * (jedi ? 1.5 : 1);
  const seconds = time.medianSeconds * scale * Math.exp(time.spread * normal(random));
  return Math.round(Math.max(1, seconds) * 1000);
}

/** Solves this seat's board from what its view shows (the board, the tiles, the side). */
function solve(view: UbongoView, seat: SeatId): UbongoMove | null {
  const me = view.seats.find((s) => s.seat === seat);
  if (!me?.board) return null;
  if (view.variant === "jedi") {
    const found = solveJedi(me.board, { limit: 1 }).solutions[0];
    return found ? { type: "claim", pieces: withJediSides(found) } : null;
  }
  if (!me.tiles || !view.side) return null;
  const found = solveBoard(me.board, me.tiles, view.side, { limit: 1 }).solutions[0];
  return found ? { type: "claim", pieces: found } : null;
}

/**
 * A bot thinking for `time`; at a `speed`, for the time the table's GM set for that speed (the
 * view's `bots`), `time` only where the view has none.
 */
export function ubongoBot(time: ThinkingTime, speed?: BotSpeed): UbongoBot {
  const think: UbongoBot["think"] = (view, legal, random) => {
    const seat = view.me ?? "";
    const start = legal.find((m) => m.type === "start");
    if (start) return { move: start, delayMs: 1000 + random.die(1000) };
    // Its own solution, from what its view shows; the legal claim only if it found none.
    const move = solve(view, seat) ?? legal.find((m) => m.type === "claim") ?? legal[0];
    if (!move) throw new Error("an Ubongo bot was asked to move with no legal move");
    const me = view.seats.find((s) => s.seat === seat);
    const tiles = me?.tiles?.length ?? (move.type === "claim" ? move.pieces.length : 3);
    const chosen = speed ? view.bots[speed] : time;
    return { move, delayMs: thinkingDelayMs(chosen, tiles, view.variant === "jedi", random) };
  };
  return {
    think,
    choose(view, legal, random) {
      return think(view, legal, random).move;
    },
  };
}

export const ubongoBots = {
  quick: ubongoBot(BOT_SPEEDS.quick, "quick"),
  steady: ubongoBot(BOT_SPEEDS.steady, "steady"),
};
