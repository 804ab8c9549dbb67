/**
 * The balance lab of both hosts (GM): a two-player game with bots, its options, a bot per side, N games
 * run in chunks the host schedules (progress, cancel), then each side's figures. Names no game.
 */
import {
  type AnyBot,
  type AnyGame,
  type SideStats,
  type Result,
  NO_SIDE_STATS,
  addSideStats,
  refuse,
  refused,
  succeed,
  formFields,
  playSideGames,
  sideFigures,
} from "../../rules/core";
import { type FieldContext, fieldContext } from "../core/form-field";

/** A game the lab can play: two seats (two sides) and at least one bot level. */
export interface LabGame {
  readonly game: AnyGame;
  readonly levels: Readonly<Record<string, AnyBot>>;
}
export type LabCatalogue = Readonly<Record<string, LabGame>>;

/** Every two-player game of the registry that has bots, in the registry's order. */
export function labCatalogue(
  games: Readonly<Record<string, AnyGame>>,
  bots: Readonly<Record<string, Readonly<Record<string, AnyBot>>>>,
): LabCatalogue {
  const out: Record<string, LabGame> = {};
  for (const [id, game] of Object.entries(games)) {
    const levels = bots[id] ?? {};
    if (game.minSeats <= 2 && game.maxSeats === 2 && Object.keys(levels).length > 0) out[id] = { game, levels };
  }
  return out;
}

/** The lab form's refusals (an option the game refuses gives the game's own). */
export const LabErrors = {
  noGame: "CANTINA.Lab.Error.NoGame",
  noBot: "CANTINA.Lab.Error.NoBot",
  games: "CANTINA.Lab.Error.Games",
  seed: "CANTINA.Lab.Error.Seed",
} as const;

export const LAB_MAX_GAMES = 100_000;
export const LAB_DEFAULT_GAMES = 100;

/** The lab's form as it holds it, and the run's outcome. */
export interface LabState {
  gameId: string;
  /** Option values as the form holds them. */
  values: Record<string, string>;
  /** Bot level per side (side 1 moves first). */
  bots: [string, string];
  games: string;
  seed: string;
  error: string;
  errorParams: Readonly<Record<string, string | number>>;
  /** The run under way or last finished (null: none yet). */
  run: LabRun | null;
}

function defaults(entry: LabGame | undefined): { values: Record<string, string>; bots: [string, string] } {
  const values: Record<string, string> = {};
  for (const [key, field] of Object.entries(entry?.game.optionSchema ?? {}))
    values[key] = field.kind === "board" ? "" : String(field.default);
  const first = Object.keys(entry?.levels ?? {})[0] ?? "";
  return { values, bots: [first, first] };
}

export function newLab(catalogue: LabCatalogue, gameId?: string): LabState {
  const id = gameId && catalogue[gameId] ? gameId : (Object.keys(catalogue)[0] ?? "");
  return {
    gameId: id,
    ...defaults(catalogue[id]),
    games: String(LAB_DEFAULT_GAMES),
    seed: "1",
    error: "",
    errorParams: {},
    run: null,
  };
}

export type FormRead = (name: string) => string | null;

/** Reads the form back; another game resets the options and bots to that game's. */
export function readLab(state: LabState, catalogue: LabCatalogue, read: FormRead): void {
  const gameId = read("gameId");
  if (gameId !== null && gameId !== state.gameId && catalogue[gameId]) {
    state.gameId = gameId;
    Object.assign(state, defaults(catalogue[gameId]));
    state.error = "";
    return;
  }
  const entry = catalogue[state.gameId];
  if (!entry) return;
  for (const f of formFields(entry.game.optionSchema)) {
    if (f.kind === "board") continue;
    const v = read(`option.${f.key}`);
    state.values[f.key] = f.kind === "boolean" ? String(v === "true") : (v ?? state.values[f.key] ?? "");
  }
  for (const side of [0, 1] as const) {
    const level = read(`bot${side}`);
    if (level !== null && Object.prototype.hasOwnProperty.call(entry.levels, level)) state.bots[side] = level;
  }
  state.games = read("games") ?? state.games;
  state.seed = read("seed") ?? state.seed;
}

/** What a run plays: the game, a bot per side, the options, how many games, the first seed. */
export interface LabRequest {
  readonly game: AnyGame;
  readonly bots: readonly [AnyBot, AnyBot];
  readonly options: unknown;
  readonly games: number;
  readonly seed: number;
}

/** The run the form asks for, or the refusal (an error key and its parameters) and nothing started. */
export function labRequest(state: LabState, catalogue: LabCatalogue): Result<LabRequest> {
  const entry = catalogue[state.gameId];
  if (!entry) return refuse(LabErrors.noGame);
  const games = Number(state.games);
  if (!Number.isInteger(games) || games < 1 || games > LAB_MAX_GAMES)
    return refuse(LabErrors.games, { max: LAB_MAX_GAMES });
  const seed = Number(state.seed);
  if (!Number.isSafeInteger(seed) || seed < 0) return refuse(LabErrors.seed);
  const options: Record<string, unknown> = { ...(entry.game.defaultOptions() as Record<string, unknown>) };
  for (const [key, field] of Object.entries(entry.game.optionSchema)) {
    const text = state.values[key] ?? "";
    if (field.kind === "integer") options[key] = text.trim() === "" ? Number.NaN : Number(text);
    else if (field.kind === "boolean") options[key] = text === "true";
    else if (field.kind === "choice" || field.kind === "text") options[key] = text;
  }
  const checked = entry.game.checkOptions(options, ["s1", "s2"]);
  if (!checked.ok) return checked;
  const a = entry.levels[state.bots[0]];
  const b = entry.levels[state.bots[1]];
  if (!a || !b) return refuse(LabErrors.noBot);
  return succeed({ game: entry.game, bots: [a, b], options, games, seed });
}

/**
 * A run in chunks: each `step` plays games until `chunkMs` have passed (at least one game), then
 * hands back so the host can draw the progress and take a click. Game g of the run rolls from seed + g.
 */
export class LabRun {
  stats: SideStats = NO_SIDE_STATS;
  cancelled = false;
  readonly gameId: string;
  readonly levels: readonly [string, string];

  constructor(
    private readonly request: LabRequest,
    gameId: string,
    levels: readonly [string, string],
    private readonly now: () => number,
    private readonly chunkMs = 40,
  ) {
    this.gameId = gameId;
    this.levels = levels;
  }

  get total(): number {
    return this.request.games;
  }

  get done(): boolean {
    return this.cancelled || this.stats.games >= this.request.games;
  }

  /** Plays the next chunk; true once the run is over (all games played, or cancelled). */
  step(): boolean {
    const start = this.now();
    while (!this.done) {
      const played = playSideGames(this.request.game, this.request.bots[0], this.request.bots[1], {
        games: 1,
        seed: this.request.seed,
        firstGame: this.stats.games,
        options: this.request.options,
      });
      this.stats = addSideStats(this.stats, played);
      if (this.now() - start >= this.chunkMs) break;
    }
    return this.done;
  }

  cancel(): void {
    this.cancelled = true;
  }
}

/**
 * Starts the run the form asks for and drives it chunk by chunk: `schedule` queues the next chunk
 * (the host's setTimeout), `changed` redraws the progress after each. Gives the run started (or the
 * one still going: a second start starts nothing), or the form's refusal (nothing starts).
 */
export function startLab(
  state: LabState,
  catalogue: LabCatalogue,
  host: { readonly now: () => number; readonly schedule: (next: () => void) => void; readonly changed: () => void },
): Result<{ run: LabRun }> {
  if (state.run && !state.run.done) return succeed({ run: state.run });
  const request = labRequest(state, catalogue);
  if (!request.ok) {
    state.error = request.error.code;
    state.errorParams = request.error.params ?? {};
    return refused(request.error);
  }
  state.error = "";
  state.errorParams = {};
  const run = new LabRun(request, state.gameId, [state.bots[0], state.bots[1]], host.now);
  state.run = run;
  const tick = (): void => {
    if (state.run !== run) return;
    const over = run.step();
    host.changed();
    if (!over) host.schedule(tick);
  };
  host.schedule(tick);
  return succeed({ run });
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

/** The run's progress and figures as the template draws them. */
export function labResults(run: LabRun | null): Record<string, unknown> | null {
  if (!run) return null;
  const f = sideFigures(run.stats);
  const side = (i: 0 | 1) => ({
    number: i + 1,
    level: run.levels[i],
    wins: f.sides[i].wins,
    rate: pct(f.sides[i].rate),
    low: pct(f.sides[i].low),
    high: pct(f.sides[i].high),
    points: f.meanPoints[i].toFixed(2),
  });
  return {
    played: run.stats.games,
    total: run.total,
    running: !run.done,
    cancelled: run.cancelled,
    percent: Math.round((100 * run.stats.games) / Math.max(1, run.total)),
    hasGames: run.stats.games > 0,
    sides: [side(0), side(1)],
    draws: f.draws,
    limitHits: f.limitHits,
    limitRate: pct(f.limitRate),
    meanLength: f.meanLength.toFixed(1),
    hasPoints: run.stats.points[0] + run.stats.points[1] > 0,
  };
}

/** A form field with its value, as the lab template draws it. */
export function labContext(
  state: LabState,
  catalogue: LabCatalogue,
  errorText: (key: string, params?: Readonly<Record<string, string | number>>) => string,
): Record<string, unknown> {
  const entry = catalogue[state.gameId];
  const running = state.run !== null && !state.run.done;
  const fields: FieldContext[] = entry
    ? formFields(entry.game.optionSchema)
        .filter((f) => f.kind !== "board")
        .map((f) => fieldContext(f, state.values[f.key] ?? ""))
    : [];
  const levels = Object.keys(entry?.levels ?? {});
  return {
    hasGames: Object.keys(catalogue).length > 0,
    games: Object.entries(catalogue).map(([id, g]) => ({ id, nameKey: g.game.nameKey, selected: id === state.gameId })),
    fields,
    sides: [0, 1].map((i) => ({
      index: i,
      number: i + 1,
      first: i === 0,
      levels: levels.map((id) => ({ id, selected: id === state.bots[i] })),
    })),
    gamesCount: state.games,
    maxGames: LAB_MAX_GAMES,
    seed: state.seed,
    running,
    error: state.error ? errorText(state.error, state.errorParams) : "",
  };
}
