/**
 * Finkel's Royal Game of Ur as a boardgame.io 0.50.2 game, only as the yardstick of
 * bench/finkel-vs-boardgameio.bench.ts: the same rules as our `ulwan-finkel`, written the way
 * boardgame.io expects (moves mutating an Immer draft, turns ended by events, dice from its plugin).
 */
import type { Ctx, Game } from "boardgame.io";
import { CreateGameReducer, InitializeGame } from "boardgame.io/internal";

/** Squares along a player's path; 4..11 are the shared middle row; a piece at 14 is borne off. */
const LENGTH = 14;
const HAND = -1;
const ROSETTES: readonly number[] = [3, 7, 13];
const PIECES = 7;

export interface UrG {
  /** [player][piece]: HAND, a path index 0..13, or LENGTH (off). */
  pos: number[][];
  /** The roll to play, null before rolling. */
  roll: number | null;
}

export type UrMove = { readonly move: "roll" } | { readonly move: "advance"; readonly from: number };

const shared = (i: number): boolean => i >= 4 && i <= 11;

/** Where a piece at `from` lands with `n`, or null when the move is illegal. */
function landing(G: UrG, p: number, from: number, n: number): number | null {
  if (n < 1) return null;
  const to = (from === HAND ? -1 : from) + n;
  if (to > LENGTH) return null;
  if (to === LENGTH) return to;
  if ((G.pos[p] as number[]).includes(to)) return null;
  const rival = G.pos[1 - p] as number[];
  // Finkel: an occupied rosette cannot be landed on (the only shared rosette is 7).
  if (to === 7 && rival.includes(7)) return null;
  return to;
}

function advances(G: UrG, p: number): UrMove[] {
  const out: UrMove[] = [];
  const n = G.roll ?? 0;
  const seen = new Set<number>();
  for (const from of G.pos[p] as number[]) {
    if (from === LENGTH || seen.has(from)) continue;
    seen.add(from);
    if (landing(G, p, from, n) !== null) out.push({ move: "advance", from });
  }
  return out;
}

/** The legal moves of the player to act, as our loop enumerates them for any game. */
export function enumerate(G: UrG, ctx: Ctx): UrMove[] {
  return G.roll === null ? [{ move: "roll" }] : advances(G, Number(ctx.currentPlayer));
}

export const urGame: Game<UrG> = {
  name: "finkel-ur",
  seed: "bench",
  setup: () => ({ pos: [new Array<number>(PIECES).fill(HAND), new Array<number>(PIECES).fill(HAND)], roll: null }),
  moves: {
    roll: ({ G, ctx, random, events }) => {
      G.roll = random.Die(2, 4).filter((d) => d === 2).length;
      if (advances(G, Number(ctx.currentPlayer)).length === 0) {
        G.roll = null;
        events.endTurn();
      }
    },
    advance: ({ G, ctx, events }, from: number) => {
      const p = Number(ctx.currentPlayer);
      const to = landing(G, p, from, G.roll ?? 0);
      if (to === null) return;
      const mine = G.pos[p] as number[];
      mine[mine.indexOf(from)] = to;
      const rival = G.pos[1 - p] as number[];
      if (shared(to) && rival.includes(to)) rival[rival.indexOf(to)] = HAND;
      G.roll = null;
      if (!ROSETTES.includes(to)) events.endTurn();
    },
  },
  endIf: ({ G }) => {
    for (const p of [0, 1]) if ((G.pos[p] as number[]).every((x) => x === LENGTH)) return { winner: String(p) };
    return undefined;
  },
};

/** One whole game of random legal moves through boardgame.io's bare reducer (no client, no master). */
export function boardgameioPlayout(pick: (n: number) => number, seed: string): number {
  const game = { ...urGame, seed };
  const reducer = CreateGameReducer({ game });
  let state = InitializeGame({ game, numPlayers: 2 });
  let moves = 0;
  while (!state.ctx.gameover) {
    const legal = enumerate(state.G as UrG, state.ctx);
    const m = legal[pick(legal.length)] as UrMove;
    const player = state.ctx.currentPlayer;
    const args = m.move === "roll" ? [] : [m.from];
    state = reducer(state, { type: "MAKE_MOVE", payload: { type: m.move, args, playerID: player } });
    moves++;
  }
  return moves;
}
