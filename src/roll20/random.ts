/**
 * Dice from Roll20's own generator (`randomInteger`, the one behind its dice rolls). The host
 * records every die a move consumed in the table's log, so a game replays from its log exactly.
 */
import type { Random } from "../rules/core";
import type { Sandbox } from "./sandbox";

export class Roll20Random implements Random {
  constructor(private readonly sandbox: Pick<Sandbox, "randomInteger">) {}

  die(sides: number): number {
    if (!Number.isSafeInteger(sides) || sides < 1) throw new RangeError(`die(${sides})`);
    const result = this.sandbox.randomInteger(sides);
    // A value outside 1..sides would corrupt a game and its replay: refuse it rather than use it.
    if (!Number.isSafeInteger(result) || result < 1 || result > sides)
      throw new RangeError(`randomInteger(${sides}) gave ${result}`);
    return result;
  }
}
