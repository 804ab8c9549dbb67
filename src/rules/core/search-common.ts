/**
 * What both searches share (not exported from the core): the dice guard for deterministic moves,
 * the budget meter, who moves at a node, and the candidate moves at a node and at the root.
 */
import type { GameStatus, SeatId } from "./game";
import type { Random } from "./random";
import type { SearchBudget, SearchProblem } from "./search";

/** Passed to `apply` for moves declared deterministic: a die thrown there is a bug in `chances`. */
export const NO_DICE: Random = {
  die(sides: number): number {
    throw new Error(`A move without chance outcomes threw a d${sides}: declare its outcomes in chances()`);
  },
};

/**
 * Counts nodes against the budget; the clock (if any) is read at every node: a node can cost
 * milliseconds (move ordering that plays every legal move), a clock read well under a microsecond.
 */
export class Meter {
  nodes = 0;
  private readonly maxNodes: number;
  private readonly deadline: number;
  private readonly now: (() => number) | null;

  constructor(budget: SearchBudget | undefined, defaultNodes: number) {
    if (budget?.maxMs !== undefined && !budget.now)
      throw new RangeError("A time budget needs budget.now: the rules may not read the clock themselves");
    this.now = budget?.now ?? null;
    this.lastRead = budget?.maxMs !== undefined && this.now ? this.now() : null;
    this.deadline = this.lastRead !== null && budget?.maxMs !== undefined ? this.lastRead + budget.maxMs : Infinity;
    this.maxNodes = budget?.maxNodes ?? (budget?.maxMs !== undefined ? Infinity : defaultNodes);
  }

  /** Set once the clock was read past the deadline: the time is up for good, even mid-iteration. */
  timeUp = false;
  private lastRead: number | null = null;
  private longestGap = 0;

  /** Counts one node; false once the budget is spent. */
  spend(): boolean {
    this.nodes++;
    if (this.nodes > this.maxNodes) return false;
    return this.now === null || !this.readClock();
  }

  /** Whether the budget is spent, reading the clock now. */
  exhausted(): boolean {
    return this.nodes >= this.maxNodes || this.timeUp || (this.now !== null && this.readClock());
  }

  /**
   * Reads the clock; true (and remembered) once the time is up: past the deadline, or so near it that
   * the longest stretch between two reads so far (one node's work) would end past it.
   */
  private readClock(): boolean {
    if (this.now === null) return this.timeUp;
    const t = this.now();
    if (this.lastRead !== null) this.longestGap = Math.max(this.longestGap, t - this.lastRead);
    this.lastRead = t;
    if (t + this.longestGap > this.deadline) this.timeUp = true;
    return this.timeUp;
  }
}

/**
 * Who moves at a node: `seat` when it is among the seats to act (so in simultaneous turns the
 * others answer it, the paranoid order), otherwise the first seat to act.
 */
export function moverOf(status: GameStatus, seat: SeatId): SeatId | undefined {
  return status.toAct.includes(seat) ? seat : status.toAct[0];
}

export function candidates<S, M>(p: SearchProblem<S, M>, state: S, mover: SeatId): readonly M[] {
  const legal = p.game.legalMoves(state, mover);
  return p.orderMoves && legal.length > 1 ? p.orderMoves(state, mover, legal) : legal;
}

export function rootMoves<S, M>(p: SearchProblem<S, M>, state: S, seat: SeatId): readonly M[] {
  const status = p.game.status(state);
  if (status.over) throw new Error("Cannot search a finished game");
  if (!status.toAct.includes(seat)) throw new Error(`Seat ${seat} is not to act`);
  const moves = candidates(p, state, seat);
  if (moves.length === 0) throw new Error(`Seat ${seat} has no legal move`);
  return moves;
}
