/**
 * A bot against the UCT yardstick (scripts/uct.ts) over whole two-seat games: game g seats the bot
 * first when g is even and second when odd (so it plays either side equally often), dice from
 * SeededRandom(seed + g). Wins, losses and draws (those at a move limit apart), decision times.
 */
import { type AnyBot, type AnyGame, type GameStatus, SeededRandom, quantile, wilson } from "../src/rules/core";
import { uctChoose } from "./uct";

export interface YardstickOptions {
  readonly games: number;
  readonly seed: number;
  /** Index of the first game, to split one run over workers. Default 0. */
  readonly firstGame?: number;
  /** The yardstick's iterations a move. */
  readonly iterations: number;
  /** The game's options; default its own. */
  readonly options?: unknown;
  /** Moves after which the harness stops a game, a draw at the move limit. Default 10,000. */
  readonly maxMoves?: number;
  /** A clock (ms) for the bot's decision times. */
  readonly now?: () => number;
  /** The time a bot may take a decision, as a host gives it (needs `now`); absent: its node limits only. */
  readonly botMs?: number;
  /** Plies after which the yardstick's playouts stop, drawn (the game not over by its own status); default uct.ts's. */
  readonly playoutLimit?: number;
}

export interface YardstickStats {
  readonly games: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
  /** Draws at a move limit (the game's own `maxMoves` option or the harness's cap), among `draws`. */
  readonly limitDraws: number;
  readonly moves: number;
  /** The bot's decision times in ms (turns with more than one legal move; empty without a clock). */
  readonly decisionMs: readonly number[];
  /**
   * Each game's moves hashed, with the bot's seat: a game without dice between two searches may
   * repeat move for move, and then a sample counts fewer games than it played.
   */
  readonly signatures: readonly string[];
}

export const NO_YARDSTICK_STATS: YardstickStats = {
  games: 0,
  wins: 0,
  losses: 0,
  draws: 0,
  limitDraws: 0,
  moves: 0,
  decisionMs: [],
  signatures: [],
};

/** FNV-1a, 32 bits, of a text, as 8 hex digits. */
function fnv(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, "0");
}

function moveLimitOf(options: unknown): number {
  const limit = (options as { maxMoves?: unknown } | null)?.maxMoves;
  return typeof limit === "number" ? limit : Infinity;
}

/** Plays games [firstGame, firstGame + games) of `bot` against the yardstick. Throws on an illegal move. */
export function playYardstick(game: AnyGame, bot: AnyBot, o: YardstickOptions): YardstickStats {
  if (game.minSeats > 2 || game.maxSeats < 2) throw new RangeError(`${game.id} does not seat two`);
  const seats = ["s1", "s2"];
  const gameOptions = o.options ?? game.defaultOptions();
  const cap = o.maxMoves ?? 10_000;
  const limit = Math.min(cap, moveLimitOf(gameOptions));
  const budget = o.botMs !== undefined && o.now ? { now: o.now, maxMs: o.botMs } : undefined;
  let wins = 0;
  let losses = 0;
  let draws = 0;
  let limitDraws = 0;
  let moves = 0;
  const decisionMs: number[] = [];
  const signatures: string[] = [];
  const first = o.firstGame ?? 0;
  for (let g = first; g < first + o.games; g++) {
    const dice = new SeededRandom((o.seed + g) >>> 0);
    const choices = new SeededRandom(((o.seed + g) ^ 0x2545f491) >>> 0);
    const searchDice = new SeededRandom(((o.seed + g) ^ 0x5bd1e995) >>> 0);
    const botSeat = seats[g % 2] as string;
    const setup = game.setup(seats, gameOptions, dice);
    if (!setup.ok) throw new Error(`${game.id} setup refused: ${setup.error.code}`);
    let state = setup.state;
    let played = 0;
    const record: string[] = [botSeat];
    let status: GameStatus = game.status(state);
    while (!status.over && played < cap) {
      const seat = status.toAct[0];
      if (seat === undefined) throw new Error(`${game.id}: nobody to act in a game that is not over`);
      const legal = game.legalMoves(state, seat);
      let move: unknown = legal[0];
      if (legal.length > 1 && seat === botSeat) {
        const t0 = o.now?.() ?? 0;
        move = bot.choose(game.view(state, { role: "seat", seat }), legal, choices, budget);
        if (o.now) decisionMs.push(o.now() - t0);
      } else if (legal.length > 1)
        move = uctChoose(game, state, seat, {
          iterations: o.iterations,
          random: searchDice,
          ...(o.playoutLimit !== undefined ? { playoutLimit: o.playoutLimit } : {}),
        });
      const r = game.apply(state, seat, move, dice);
      if (!r.ok) throw new Error(`${game.id}: ${seat} played ${JSON.stringify(move)}, refused: ${r.error.code}`);
      state = r.state;
      record.push(JSON.stringify(move));
      played++;
      status = game.status(state);
    }
    moves += played;
    signatures.push(fnv(record.join(";")));
    const winners = status.over ? (status.result?.winners ?? []) : [];
    if (winners.length === 1 && winners[0] === botSeat) wins++;
    else if (winners.length === 1) losses++;
    else {
      draws++;
      if (played >= limit) limitDraws++;
    }
  }
  return { games: o.games, wins, losses, draws, limitDraws, moves, decisionMs, signatures };
}

export function addYardstickStats(a: YardstickStats, b: YardstickStats): YardstickStats {
  return {
    games: a.games + b.games,
    wins: a.wins + b.wins,
    losses: a.losses + b.losses,
    draws: a.draws + b.draws,
    limitDraws: a.limitDraws + b.limitDraws,
    moves: a.moves + b.moves,
    decisionMs: [...a.decisionMs, ...b.decisionMs],
    signatures: [...a.signatures, ...b.signatures],
  };
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

/** One line: the bot's win rate with its 95% Wilson interval, losses, draws, length and decision times. */
export function describeYardstick(title: string, s: YardstickStats): string {
  const ci = wilson(s.wins, s.games);
  const t = s.decisionMs;
  const times =
    t.length > 0
      ? `; decisions median ${quantile(t, 0.5).toFixed(1)} ms, p95 ${quantile(t, 0.95).toFixed(1)} ms, max ${Math.max(...t).toFixed(1)} ms`
      : "";
  return (
    `${title}: won ${s.wins}/${s.games} (${pct(s.wins / Math.max(1, s.games))}, 95% CI ${pct(ci.low)}-${pct(ci.high)}), ` +
    `lost ${s.losses}, drawn ${s.draws} (${s.limitDraws} at the move limit); ${new Set(s.signatures).size} distinct games; ` +
    `mean length ${(s.moves / Math.max(1, s.games)).toFixed(1)} moves${times} [games ${s.signatures.join(" ")}]`
  );
}
