/**
 * Dice notation as the rule texts write it (`1d100`, `4d2>2`, `2d6+1`, `1-23`): parsing, rolling
 * with a `Random`, totals, and the Foundry formula of each.
 * Details: docs/rules-layer.md, "src/rules/core/dice.ts".
 */
import type { Random } from "./random";

export type DiceSpec =
  | { readonly kind: "sum"; readonly count: number; readonly sides: number; readonly modifier: number }
  | { readonly kind: "successes"; readonly count: number; readonly sides: number; readonly target: number }
  | { readonly kind: "range"; readonly low: number; readonly high: number };

export interface DiceRoll {
  readonly notation: string;
  /** Each die as it fell (for a range, the one die of high-low+1 sides). */
  readonly dice: readonly number[];
  readonly total: number;
}

/** Why a dice notation was refused (the one code of the dice family; its message names the reason). */
export const DiceErrors = {
  notation: "CANTINA.Error.DiceNotation",
} as const;

export class DiceNotationError extends Error {
  /** i18n key of the message. */
  readonly code = DiceErrors.notation;
  constructor(
    readonly notation: string,
    readonly reason: string,
  ) {
    super(`Bad dice notation "${notation}": ${reason}`);
    this.name = "DiceNotationError";
  }
}

const MAX_DICE = 100;
const MAX_SIDES = 1000;

export function parseDice(notation: string): DiceSpec {
  const text = notation.trim();
  const dice = /^(\d*)d(\d+)(?:(>)(\d+)|([+-])(\d+))?$/i.exec(text);
  if (dice) {
    const count = dice[1] === "" || dice[1] === undefined ? 1 : Number(dice[1]);
    const sides = Number(dice[2]);
    if (count < 1 || count > MAX_DICE)
      throw new DiceNotationError(notation, `the number of dice must be 1 to ${MAX_DICE}`);
    if (sides < 1 || sides > MAX_SIDES) throw new DiceNotationError(notation, `a die needs 1 to ${MAX_SIDES} sides`);
    if (dice[3] === ">") {
      const target = Number(dice[4]);
      if (target < 1 || target > sides)
        throw new DiceNotationError(notation, `the target must be between 1 and ${sides}`);
      return { kind: "successes", count, sides, target };
    }
    const modifier = dice[5] === undefined ? 0 : (dice[5] === "-" ? -1 : 1) * Number(dice[6]);
    return { kind: "sum", count, sides, modifier };
  }
  const range = /^(\d+)\s*-\s*(\d+)$/.exec(text);
  if (range) {
    const low = Number(range[1]);
    const high = Number(range[2]);
    if (high <= low) throw new DiceNotationError(notation, "a range needs its high end above its low end");
    if (high - low + 1 > MAX_SIDES)
      throw new DiceNotationError(notation, `a range may span at most ${MAX_SIDES} values`);
    return { kind: "range", low, high };
  }
  throw new DiceNotationError(notation, "expected NdS, NdS>T, NdS+K or A-B");
}

export function formatDice(spec: DiceSpec): string {
  switch (spec.kind) {
    case "sum":
      return `${spec.count}d${spec.sides}${spec.modifier === 0 ? "" : spec.modifier > 0 ? `+${spec.modifier}` : `${spec.modifier}`}`;
    case "successes":
      return `${spec.count}d${spec.sides}>${spec.target}`;
    case "range":
      return `${spec.low}-${spec.high}`;
  }
}

/** The same roll as a Foundry formula: `4d2>2` becomes `4d2cs>=2`, `1-23` becomes `1d23`. */
export function foundryFormula(spec: DiceSpec): string {
  switch (spec.kind) {
    case "sum":
      return `${spec.count}d${spec.sides}${spec.modifier === 0 ? "" : spec.modifier > 0 ? ` + ${spec.modifier}` : ` - ${-spec.modifier}`}`;
    case "successes":
      return `${spec.count}d${spec.sides}cs>=${spec.target}`;
    case "range": {
      const offset = spec.low - 1;
      const die = `1d${spec.high - spec.low + 1}`;
      return offset === 0 ? die : offset > 0 ? `${die} + ${offset}` : `${die} - ${-offset}`;
    }
  }
}

/** Total of given dice under a spec (used for rolling and for checking recorded results). */
export function totalOf(spec: DiceSpec, dice: readonly number[]): number {
  switch (spec.kind) {
    case "sum":
      return dice.reduce((a, b) => a + b, 0) + spec.modifier;
    case "successes":
      return dice.filter((d) => d >= spec.target).length;
    case "range":
      return (dice[0] ?? 0) + spec.low - 1;
  }
}

export function rollSpec(spec: DiceSpec, random: Random, notation = formatDice(spec)): DiceRoll {
  const dice: number[] = [];
  if (spec.kind === "range") dice.push(random.die(spec.high - spec.low + 1));
  else for (let i = 0; i < spec.count; i++) dice.push(random.die(spec.sides));
  return { notation, dice, total: totalOf(spec, dice) };
}

/** Parses and rolls; the notation is kept as written. */
export function roll(notation: string, random: Random): DiceRoll {
  return rollSpec(parseDice(notation), random, notation.trim());
}
