/**
 * Roll20's own dice for a player's roll (issue 35): a dry run names the move's dice, Roll20 rolls them
 * as a public roll template with 3D dice, the script reads them back from its own `chat:message`, and
 * the rules apply exactly those (docs/roll20.md "Roll20's own dice").
 */
import { type AnyGame, type Random, type SeatId, SeededRandom, parseDice } from "../rules/core";
import type { RolledDie, Roll20Random } from "./random";
import { escapeChat } from "./render";
import type { ChatMessage, InlineRoll, Sandbox } from "./sandbox";

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

/** Who speaks the rolls: the table's roller, as on the script's other public cards. */
const ROLLER = "Cantina Games";

/** How long a roll may wait for Roll20's dice engine before the generator rolls it instead. */
export const ROLL_WAIT_MS = 3_000;

/** The visible words of a posted roll (localized by the caller): its title, the dice's label, the roll id's label, the late note. */
export interface RollWords {
  readonly title: string;
  readonly dice: string;
  readonly rollId: string;
  /** Said when Roll20's roll arrives after the wait, so nobody takes its dice for the ones applied. */
  readonly late: (rollId: string) => string;
}

/** The marker a posted roll carries in its template, and how the script finds it in the posted message. */
const MARK = "cgroll-";
const MARKED = /\bcgroll-([0-9a-z]+)\b/;

/** A posted roll as Roll20's default roll template: who rolls in which game, the inline rolls, the roll id. */
export function rollTemplate(plan: PlannedRoll, words: RollWords, id: string): string {
  const rolls = plan.expressions.map((e) => `[[${e}]]`).join(" ");
  return `&{template:default} {{name=${escapeChat(words.title)}}} {{${escapeChat(words.dice)}=${rolls}}} {{${escapeChat(words.rollId)}=${MARK}${id}}}`;
}

interface Waiting {
  readonly sides: readonly number[];
  readonly resolve: (dice: number[] | null) => void;
  readonly timer: unknown;
}

/**
 * Rolls posted publicly (Roll20's template, its 3D dice, its tooltip) and read back from the script's
 * own `chat:message`: only a message from the API (a player's `playerid` is never "API") carrying a
 * roll id this sandbox run is waiting for is taken; one arriving after the wait gets a note instead.
 */
export class PostedRolls {
  private readonly waiting = new Map<string, Waiting>();
  /** Rolls the generator rolled instead (the wait ran out): their late note, by roll id. */
  private readonly expired = new Map<string, string>();
  private seq = 0;

  constructor(private readonly sandbox: Pick<Sandbox, "sendChat" | "setTimeout" | "clearTimeout">) {}

  /** Posts the roll and waits for Roll20's dice; null when they do not come (in time, or readable). */
  roll(plan: PlannedRoll, words: RollWords): Promise<number[] | null> {
    // Unique across restarts too (the clock moves on), so a roll of an earlier run is never taken for this one's.
    const id = `${Date.now().toString(36)}${(++this.seq).toString(36)}`;
    return new Promise((resolve) => {
      // A roll Roll20 never posts back must not hold the player's move: after the wait, the generator rolls.
      const timer = this.sandbox.setTimeout(() => {
        this.waiting.delete(id);
        this.expired.set(id, words.late(`${MARK}${id}`));
        resolve(null);
      }, ROLL_WAIT_MS);
      this.waiting.set(id, { sides: plan.sides, resolve, timer });
      try {
        this.sandbox.sendChat(ROLLER, rollTemplate(plan, words, id), null, { use3d: true });
      } catch {
        this.sandbox.clearTimeout(timer);
        this.waiting.delete(id);
        resolve(null);
      }
    });
  }

  /** A chat message: true when it is one of our posted rolls (taken, or answered with the late note). */
  onChat(message: ChatMessage): boolean {
    if (message.playerid !== "API" || message.rolltemplate === undefined) return false;
    const id = MARKED.exec(message.content)?.[1];
    if (id === undefined) return false;
    const waiting = this.waiting.get(id);
    if (waiting) {
      this.waiting.delete(id);
      this.sandbox.clearTimeout(waiting.timer);
      waiting.resolve(diceOf(message.inlinerolls, waiting.sides));
      return true;
    }
    const late = this.expired.get(id);
    if (late === undefined) return false;
    this.expired.delete(id);
    this.sandbox.sendChat(ROLLER, escapeChat(late));
    return true;
  }
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

  constructor(
    private readonly random: Roll20Random,
    private readonly posted: PostedRolls,
  ) {}

  /** Rolls a player's move's dice on Roll20 (posted) before the host applies it; false when it rolls nothing (or Roll20 did not answer). */
  async prime(game: AnyGame, state: unknown, seat: SeatId, move: unknown, words: RollWords): Promise<boolean> {
    if (typeof state !== "object" || state === null) return false;
    const plan = plannedRoll(game, state, seat, move);
    if (!plan) return false;
    const dice = await this.posted.roll(plan, words);
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
