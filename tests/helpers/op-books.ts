/**
 * Books and a context for one table operation tested alone (no host, no store, no network), and
 * "race", a two-seat game small enough to read: each move steps its seat on; two steps win.
 */
import { type AnyBot, type AnyGame, type GameStatus, SeededRandom, isRecord, ok, succeed } from "../../src/rules/core";
import type { MarketSet } from "../../src/table/concerns/betting/book";
import { emptyLedger, type Ledger } from "../../src/table/ledger";
import { applyMove } from "../../src/table/ops/apply-move";
import type { Books, OpContext, OpResult } from "../../src/table/context";
import { AFTER_MOVE } from "../../src/table/concerns";
import { newTable } from "../../src/table/ops/new-table";
import type { TableSpec } from "../../src/table/protocol";
import type { TableRecord } from "../../src/table/store";
import { countingIds } from "./memory-host";

interface RaceState {
  readonly steps: Readonly<Record<string, number>>;
  readonly toAct: string;
  readonly moves: number;
}

const TARGET = 2;
const winnerOf = (s: RaceState): string | undefined => Object.keys(s.steps).find((k) => (s.steps[k] ?? 0) >= TARGET);

/** The race's status: the seat to act until one reaches the target; its winner takes 10 from the other. */
function raceStatus(s: RaceState): GameStatus {
  const winner = winnerOf(s);
  if (!winner) return { toAct: [s.toAct], over: false, deadline: { ms: 60_000, seat: s.toAct } };
  const creditDelta = Object.fromEntries(Object.keys(s.steps).map((k) => [k, k === winner ? 10 : -10]));
  const luckSpent = Object.fromEntries(Object.keys(s.steps).map((k) => [k, 0]));
  return { toAct: [], over: true, result: { winners: [winner], creditDelta, luckSpent } };
}

/** A two-seat game for testing the table layer alone: `{type:"step"}` moves the seat to act on. */
export const race: AnyGame = {
  id: "race",
  nameKey: "Race",
  minSeats: 2,
  maxSeats: 2,
  usesLedger: true,
  optionSchema: {},
  defaultOptions: () => ({}),
  checkOptions: () => succeed({}),
  setup: (seats) =>
    ok<unknown>({ steps: Object.fromEntries(seats.map((s) => [s, 0])), toAct: seats[0] ?? "", moves: 0 }),
  isMove: (move): move is { type: "step" } => isRecord(move) && move.type === "step",
  legalMoves: (state, seat) => ((state as RaceState).toAct === seat ? [{ type: "step" }] : []),
  apply: (state, seat, move) => {
    const s = state as RaceState;
    if (s.toAct !== seat || !isRecord(move) || move.type !== "step") return { ok: false, error: { code: "NotYours" } };
    const steps = { ...s.steps, [seat]: (s.steps[seat] ?? 0) + 1 };
    const next = Object.keys(steps).find((k) => k !== seat) ?? seat;
    return ok<unknown>({ steps, toAct: next, moves: s.moves + 1 }, [
      { kind: "notice", key: "Stepped", params: { seat } },
    ]);
  },
  view: (state) => state,
  status: (state) => raceStatus(state as RaceState),
  personalRecord: (state) => {
    const s = state as RaceState;
    const winner = winnerOf(s);
    return winner ? { seat: winner, key: "race-moves", value: s.moves, better: "lower" } : null;
  },
};

/** The race's one betting market: who wins, taking bets for the first 10 moves. */
export const raceMarkets: MarketSet = {
  short: [],
  long: [{ id: "winner", outcomes: (seats) => seats, decide: (_final, winner) => winner ?? "" }],
  longBetsUntil: 10,
  observe: () => ({}),
  winner: (state) => winnerOf(state as RaceState) ?? null,
};

/** The race's one bot level: it steps. */
export const raceBots: Readonly<Record<string, Readonly<Record<string, AnyBot>>>> = {
  race: { easy: { choose: (_view, legal) => legal[0] } },
};

/** A context for operations on `race` (and any game given) at a clock that stands at `now`. */
export function opContext(now = 5_000, games: Readonly<Record<string, AnyGame>> = { race }): OpContext {
  return {
    games,
    bots: raceBots,
    markets: { race: raceMarkets },
    hostUser: "gm",
    isGM: (user) => user === "gm",
    now: () => now,
    newId: countingIds(),
    random: new SeededRandom(1),
    bettingRandom: new SeededRandom(2),
    afterMove: AFTER_MOVE,
  };
}

export function booksOf(tables: readonly TableRecord[], ledger: Ledger = emptyLedger()): Books {
  return { tables: new Map(tables.map((t) => [t.id, t])), ledger };
}

/** Alice against Bob at a race, as a table opened in a new event with its purses taken. */
export const aliceBobRace: TableSpec = {
  gameId: "race",
  seats: [
    { kind: "person", userId: "alice", name: "Alice" },
    { kind: "person", userId: "bob", name: "Bob" },
  ],
  options: {},
};

/** The books with one table opened from `spec` (the ledger holding the purses it took). */
export function openedBooks(ctx: OpContext, spec: TableSpec = aliceBobRace): { books: Books; table: TableRecord } {
  const built = newTable(ctx, "gm", spec, emptyLedger());
  if (!built.ok) throw new Error(built.error.code);
  return { books: booksOf([built.record], built.ledger), table: built.record };
}

/** The books once an operation's change is stored, as the host stores it (deleted, archived, written, ledger). */
export function stored(books: Books, result: OpResult): Books {
  if (!result.ok) throw new Error(result.error.code);
  const change = result.change ?? {};
  const tables = new Map(books.tables);
  for (const id of change.deleted ?? []) tables.delete(id);
  for (const record of change.archived ?? []) tables.delete(record.id);
  for (const record of change.tables ?? []) tables.set(record.id, record);
  return { tables, ledger: change.ledger ?? books.ledger };
}

/** Alice and Bob's race played to its end (Alice, Bob, Alice: Alice wins), each move stored in turn. */
export function finishedRace(
  ctx: OpContext,
  spec: TableSpec = aliceBobRace,
): { books: Books; tableId: string; before: Books } {
  let { books, table } = openedBooks(ctx, spec);
  let before = books;
  for (const seat of ["seat-1", "seat-2", "seat-1"]) {
    const record = books.tables.get(table.id) ?? table;
    before = books;
    books = stored(books, applyMove(books, ctx, record, race, seat, { type: "step" }));
  }
  table = books.tables.get(table.id) ?? table;
  return { books, tableId: table.id, before };
}
