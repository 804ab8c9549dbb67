/**
 * Roll20's own dice for a player's roll (issue 35): a dry run names the move's dice, Roll20's engine
 * rolls them (inline rolls via `sendChat`'s callback), the rules apply exactly those (docs/roll20.md).
 */
import { type AnyGame, type Random, type SeatId, SeededRandom, parseDice } from "../rules/core";
import type { RolledDie, Roll20Random } from "./random";
import type { InlineRoll, Sandbox } from "./sandbox";

/** What a dry run of a move says about its dice: the sides of each die in order, and Roll20's expression per roll. */
export interface PlannedRoll {
  readonly sides: readonly number[];
  readonly expressions: readonly string[];
}

/** A rule text's notation as Roll20's inline roll, and the dice it takes; null: Roll20 cannot roll it as written. */
export function roll20Expression(notation: string): { expression: string; sides: number[] } | null {
  let spec;
  try {
    spec = parseDice(notation);
  } catch {
    return null;
  }
  switch (spec.kind) {
    case "sum": {
      const modifier = spec.modifier === 0 ? "" : spec.modifier > 0 ? `+${spec.modifier}` : `${spec.modifier}`;
      return {
        expression: `${spec.count}d${spec.sides}${modifier}`,
        sides: Array.from({ length: spec.count }, () => spec.sides),
      };
    }
    case "successes":
      // Roll20 reads `>` as "count the dice of T or more", as the rule texts mean it.
      return {
        expression: `${spec.count}d${spec.sides}>${spec.target}`,
        sides: Array.from({ length: spec.count }, () => spec.sides),
      };
    case "range": {
      // `A-B` is one die of B-A+1 sides shifted by A-1: the value the rules record is the die's face.
      const span = spec.high - spec.low + 1;
      const shift = spec.low - 1;
      return { expression: `1d${span}${shift === 0 ? "" : `+${shift}`}`, sides: [span] };
    }
  }
}

/** A Random for dry runs: records the sides asked for and answers from a fixed seed (so rejection loops end). */
class Probe implements Random {
  readonly sides: number[] = [];
  private readonly source = new SeededRandom(0x5eed);
  die(sides: number): number {
    this.sides.push(sides);
    return this.source.die(sides);
  }
}

/**
 * The dice a move would take, when every one of them is named by a roll event in the same order
 * (so Roll20 can roll them as the texts write them); null when the move rolls nothing or its dice
 * cannot be known beforehand (a shuffle, a die no roll event names).
 */
export function plannedRoll(game: AnyGame, state: unknown, seat: SeatId, move: unknown): PlannedRoll | null {
  const probe = new Probe();
  let applied;
  try {
    applied = game.apply(state, seat, move, probe);
  } catch {
    return null;
  }
  if (!applied.ok || probe.sides.length === 0) return null;
  const expressions: string[] = [];
  const sides: number[] = [];
  for (const event of applied.events) {
    if (event.kind !== "roll") continue;
    const roll = roll20Expression(event.notation);
    if (!roll) return null;
    expressions.push(roll.expression);
    sides.push(...roll.sides);
  }
  const agree = sides.length === probe.sides.length && sides.every((s, i) => s === probe.sides[i]);
  return agree ? { sides, expressions } : null;
}

/** Each die of Roll20's inline rolls, in order (a dropped die is still a die that fell); null when the shape is not Roll20's. */
export function diceOf(inlinerolls: readonly InlineRoll[] | undefined, sides: readonly number[]): number[] | null {
  if (!inlinerolls) return null;
  const dice: number[] = [];
  for (const roll of inlinerolls)
    for (const part of roll?.results?.rolls ?? [])
      if (part.type === "R") for (const r of part.results ?? []) dice.push(r.v);
  const fits =
    dice.length === sides.length && dice.every((v, i) => Number.isSafeInteger(v) && v >= 1 && v <= (sides[i] ?? 0));
  return fits ? dice : null;
}

/** Who speaks the rolls (the callback's message is not shown: Roll20 hands it to the script instead). */
const ROLLER = "Cantina Games";

/** How long a roll may wait for Roll20's dice engine before the generator rolls it instead. */
export const ROLL_WAIT_MS = 3_000;

/** Rolls the expressions with Roll20's dice engine; null when it answers nothing usable in time. */
export function rollOnRoll20(
  sandbox: Pick<Sandbox, "sendChat" | "setTimeout" | "clearTimeout">,
  plan: PlannedRoll,
): Promise<number[] | null> {
  return new Promise((resolve) => {
    // A roll Roll20 never answers must not hold the player's move: after the wait, the generator rolls.
    const timer = sandbox.setTimeout(() => resolve(null), ROLL_WAIT_MS);
    try {
      sandbox.sendChat(ROLLER, plan.expressions.map((e) => `[[${e}]]`).join(" "), (ops) => {
        sandbox.clearTimeout(timer);
        resolve(diceOf(ops[0]?.inlinerolls, plan.sides));
      });
    } catch {
      sandbox.clearTimeout(timer);
      resolve(null);
    }
  });
}

interface Primed {
  readonly seat: SeatId;
  readonly move: string;
  readonly dice: readonly RolledDie[];
}

/**
 * The rolled dice waiting for their move: keyed by the table's state object (a new state after any
 * move, so a move on a changed table finds none), the seat and the move; served to every `apply` of
 * exactly that move on that state, from the first die each time (a dry run elsewhere takes nothing away).
 */
export class RolledDice {
  private readonly primed = new WeakMap<object, Primed>();

  constructor(private readonly random: Roll20Random) {}

  /** Rolls a player's move's dice on Roll20 before the host applies it; false when it rolls nothing (or Roll20 did not answer). */
  async prime(
    sandbox: Pick<Sandbox, "sendChat" | "setTimeout" | "clearTimeout">,
    game: AnyGame,
    state: unknown,
    seat: SeatId,
    move: unknown,
  ): Promise<boolean> {
    if (typeof state !== "object" || state === null) return false;
    const plan = plannedRoll(game, state, seat, move);
    if (!plan) return false;
    const dice = await rollOnRoll20(sandbox, plan);
    if (!dice) return false;
    const rolled = dice.map((value, i) => ({ sides: plan.sides[i] ?? 0, value }));
    this.primed.set(state, { seat, move: JSON.stringify(move), dice: rolled });
    return true;
  }

  /** The games as the host runs them: each `apply` of a primed move is served its rolled dice. */
  wrap(games: Readonly<Record<string, AnyGame>>): Record<string, AnyGame> {
    return Object.fromEntries(Object.entries(games).map(([id, game]) => [id, this.wrapOne(game)]));
  }

  private wrapOne(game: AnyGame): AnyGame {
    const wrapped = Object.create(game) as AnyGame;
    wrapped.apply = (state, seat, move, random) => {
      const primed = typeof state === "object" && state !== null ? this.primed.get(state) : undefined;
      if (!primed || primed.seat !== seat || primed.move !== JSON.stringify(move))
        return game.apply(state, seat, move, random);
      this.random.serve(primed.dice);
      try {
        return game.apply(state, seat, move, random);
      } finally {
        this.random.serve(null);
      }
    };
    return wrapped;
  }
}
