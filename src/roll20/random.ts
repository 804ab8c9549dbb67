/**
 * Dice from Roll20's generator (`randomInteger`), or, while a player's move is applied, the dice
 * Roll20's dice engine rolled for it (`serve`, roll20-dice.ts); the host logs every die for replays.
 */
import type { Random } from "../rules/core";
import type { Sandbox } from "./sandbox";

/** A die Roll20's engine rolled: its sides and the face it showed. */
export interface RolledDie {
  readonly sides: number;
  readonly value: number;
}

export class Roll20Random implements Random {
  /** Dice Roll20's engine rolled for the move being applied now, in order; null: none. */
  private served: readonly RolledDie[] | null = null;
  private next = 0;

  constructor(private readonly sandbox: Pick<Sandbox, "randomInteger">) {}

  /** While a primed move is applied: its rolled dice, first to last (null ends it). */
  serve(dice: readonly RolledDie[] | null): void {
    this.served = dice;
    this.next = 0;
  }

  die(sides: number): number {
    if (!Number.isSafeInteger(sides) || sides < 1) throw new RangeError(`die(${sides})`);
    const rolled = this.served?.[this.next];
    // A rolled die serves only a die of its sides; past the rolled ones (or off them), the generator.
    if (rolled !== undefined && rolled.sides === sides) {
      this.next++;
      return rolled.value;
    }
    this.served = null;
    const result = this.sandbox.randomInteger(sides);
    // A value outside 1..sides would corrupt a game and its replay: refuse it rather than use it.
    if (!Number.isSafeInteger(result) || result < 1 || result > sides)
      throw new RangeError(`randomInteger(${sides}) gave ${result}`);
    return result;
  }
}
