/**
 * Boards as data: squares with kind, colour and side, each player's path, Esk adjacency; shipped in
 * ./boards/*.json and the boards pack, a GM's own checked by `checkBoard` before a table starts.
 * Details: docs/rules-layer.md, "src/rules/ulwan/board.ts".
 */
import { type Result, refuse, succeed } from "../core";
import { UlwanBoardErrors as E } from "./errors";
import finkelBoard from "./boards/finkel.json";
import sevenUlwanBoard from "./boards/seven-ulwan.json";
import ulwanBoard from "./boards/ulwan.json";

export type SquareKind = "plain" | "aurek" | "besh" | "cresh" | "dorn" | "esk" | "forn";
export type SquareColour = "plain" | "blue" | "red" | "red-blue" | "gold" | "green" | "gold-green";

export interface BoardSquare {
  readonly id: string;
  /** Grid position, row 0 at the top (player 2's side on the shipped boards). */
  readonly row: number;
  readonly col: number;
  readonly kind: SquareKind;
  readonly colour: SquareColour;
  /** Whose side of the board the square is on (0 or 1: that player's territory), null: shared. */
  readonly owner: 0 | 1 | null;
}

export interface BoardData {
  readonly id: string;
  readonly name: string;
  readonly rows: number;
  readonly cols: number;
  readonly squares: readonly BoardSquare[];
  /** Each player's path, entry square first; a piece leaves the board one step after the last square. */
  readonly paths: readonly [readonly string[], readonly string[]];
  /** Esk adjacency by square id; absent: the eight grid neighbours among red and blue squares. */
  readonly adjacency?: Readonly<Record<string, readonly string[]>>;
}

/** The glyph each kind carries beside its colour (the Aurebesh letters the tiles are named after). */
export const GLYPHS: Readonly<Record<SquareKind, string>> = {
  plain: "",
  aurek: "A",
  besh: "B",
  cresh: "C",
  dorn: "D",
  esk: "E",
  forn: "F",
};

const KINDS: readonly SquareKind[] = ["plain", "aurek", "besh", "cresh", "dorn", "esk", "forn"];
const COLOURS: readonly SquareColour[] = ["plain", "blue", "red", "red-blue", "gold", "green", "gold-green"];

/**
 * The colour each kind of tile has (text 000: "Cresh (gold)", "Dorn (green)", "Esk (red/blue)",
 * "Forn (gold/green)", "the Aurek (blue) and the Besh (red)"). Esk moves go by colour and
 * protection by kind, so a square whose colour is not its kind's would mix the two.
 */
export const KIND_COLOUR: Readonly<Record<SquareKind, SquareColour>> = {
  plain: "plain",
  aurek: "blue",
  besh: "red",
  cresh: "gold",
  dorn: "green",
  esk: "red-blue",
  forn: "gold-green",
};

/** The tiles that exist only in Seven Ulwan (a board with any of them is a Seven Ulwan board). */
const SEVEN_KINDS: readonly SquareKind[] = ["aurek", "besh", "dorn", "esk", "forn"];

/** Colours an Esk move may start from and go to. */
export function isEskColour(colour: SquareColour): boolean {
  return colour === "red" || colour === "blue" || colour === "red-blue";
}

/** Lookups derived from a board, computed once per board object. */
export interface BoardIndex {
  readonly board: BoardData;
  readonly length: number;
  /** square id -> index into board.squares */
  readonly byId: ReadonlyMap<string, number>;
  /** paths as square indexes */
  readonly paths: readonly [readonly number[], readonly number[]];
  /** [player][square index] -> index on that player's path, or -1 */
  readonly pathIndex: readonly [readonly number[], readonly number[]];
  readonly kinds: readonly SquareKind[];
  readonly owners: readonly (0 | 1 | null)[];
  readonly eskable: readonly boolean[];
  /** Esk neighbours of each square (indexes), red/blue only. */
  readonly adjacency: readonly (readonly number[])[];
}

const cache = new WeakMap<BoardData, BoardIndex>();

export function boardIndex(board: BoardData): BoardIndex {
  const hit = cache.get(board);
  if (hit) return hit;
  const byId = new Map<string, number>();
  board.squares.forEach((s, i) => byId.set(s.id, i));
  const toIdx = (path: readonly string[]): number[] => path.map((id) => byId.get(id) ?? -1);
  const paths: [number[], number[]] = [toIdx(board.paths[0]), toIdx(board.paths[1])];
  const pathIndex: [number[], number[]] = [board.squares.map(() => -1), board.squares.map(() => -1)];
  for (const p of [0, 1] as const)
    paths[p].forEach((sq, i) => {
      pathIndex[p][sq] = i;
    });
  const eskable = board.squares.map((s) => isEskColour(s.colour));
  const adjacency = board.squares.map((s, i) => {
    if (!eskable[i]) return [];
    const given = board.adjacency?.[s.id];
    if (given) return given.map((id) => byId.get(id) ?? -1).filter((j) => j >= 0 && eskable[j]);
    const out: number[] = [];
    board.squares.forEach((t, j) => {
      if (j !== i && eskable[j] && Math.abs(t.row - s.row) <= 1 && Math.abs(t.col - s.col) <= 1) out.push(j);
    });
    return out;
  });
  const index: BoardIndex = {
    board,
    length: paths[0].length,
    byId,
    paths,
    pathIndex,
    kinds: board.squares.map((s) => s.kind),
    owners: board.squares.map((s) => s.owner),
    eskable,
    adjacency,
  };
  cache.set(board, index);
  return index;
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

/**
 * Validates a board (from a pack, a file a GM imports, or a socket). Besides the shapes: paths of
 * equal length (4 to 40 squares), no square twice on a path, every square on some path, each path
 * running only through its own side and the shared squares, and the two paths side by side (at
 * each step both on the same shared square, or each on its own side), so a piece moved into the
 * opponent's side by Esk keeps a well-defined way forward. Each square's colour is its kind's
 * (`KIND_COLOUR`), and on a board with Seven Ulwan's tiles (or any board, for Seven Ulwan: `seven`)
 * each path starts on an Aurek, the "first Aurek position" new pieces are placed on.
 */
/** Verdicts on board objects already checked (shipped boards are checked at every setup). */
const checked = new WeakMap<object, [Result | undefined, Result | undefined]>();

export function checkBoard(raw: unknown, seven = false): Result {
  if (typeof raw !== "object" || raw === null) return checkBoardNow(raw, seven);
  const known = checked.get(raw) ?? [undefined, undefined];
  const hit = known[seven ? 1 : 0];
  if (hit !== undefined) return hit;
  const verdict = checkBoardNow(raw, seven);
  known[seven ? 1 : 0] = verdict;
  checked.set(raw, known);
  return verdict;
}

function checkBoardNow(raw: unknown, seven: boolean): Result {
  if (!isRecord(raw)) return refuse(E.notObject);
  if (typeof raw.id !== "string" || raw.id.length === 0 || raw.id.length > 100) return refuse(E.id);
  if (typeof raw.name !== "string" || raw.name.length > 200) return refuse(E.name);
  const rows = raw.rows;
  const cols = raw.cols;
  if (
    !Number.isInteger(rows) ||
    !Number.isInteger(cols) ||
    (rows as number) < 1 ||
    (cols as number) < 1 ||
    (rows as number) > 20 ||
    (cols as number) > 20
  )
    return refuse(E.size, { max: 20 });
  if (!Array.isArray(raw.squares) || raw.squares.length === 0 || raw.squares.length > 400)
    return refuse(E.squares, { max: 400 });
  const ids = new Set<string>();
  const cells = new Set<string>();
  const owner = new Map<string, 0 | 1 | null>();
  const kind = new Map<string, SquareKind>();
  for (const s of raw.squares as unknown[]) {
    if (!isRecord(s) || typeof s.id !== "string" || s.id.length === 0 || s.id.length > 20 || ids.has(s.id))
      return refuse(E.squareId);
    if (
      !Number.isInteger(s.row) ||
      !Number.isInteger(s.col) ||
      (s.row as number) < 0 ||
      (s.col as number) < 0 ||
      (s.row as number) >= (rows as number) ||
      (s.col as number) >= (cols as number)
    )
      return refuse(E.position, { square: s.id });
    const cell = `${s.row as number},${s.col as number}`;
    if (cells.has(cell)) return refuse(E.overlaps, { square: s.id });
    if (!KINDS.includes(s.kind as SquareKind)) return refuse(E.kind, { square: s.id });
    if (!COLOURS.includes(s.colour as SquareColour)) return refuse(E.colour, { square: s.id });
    const colour = KIND_COLOUR[s.kind as SquareKind];
    if (s.colour !== colour) return refuse(E.wrongColour, { square: s.id, colour, given: s.colour as string });
    if (s.owner !== 0 && s.owner !== 1 && s.owner !== null) return refuse(E.owner, { square: s.id });
    ids.add(s.id);
    cells.add(cell);
    owner.set(s.id, s.owner);
    kind.set(s.id, s.kind as SquareKind);
  }
  const paths = raw.paths;
  if (!Array.isArray(paths) || paths.length !== 2) return refuse(E.paths);
  const [p0, p1] = paths as unknown[];
  if (!Array.isArray(p0) || !Array.isArray(p1) || p0.length !== p1.length || p0.length < 4 || p0.length > 40)
    return refuse(E.pathLength, { min: 4, max: 40 });
  const onPath = new Set<string>();
  for (const [player, path] of [
    [0, p0],
    [1, p1],
  ] as const) {
    const seen = new Set<string>();
    for (const id of path as unknown[]) {
      if (typeof id !== "string" || !ids.has(id) || seen.has(id)) return refuse(E.path, { path: player + 1 });
      const o = owner.get(id);
      if (o !== null && o !== player) return refuse(E.crosses, { path: player + 1, square: id });
      seen.add(id);
      onPath.add(id);
    }
  }
  for (let i = 0; i < p0.length; i++) {
    const a = p0[i] as string;
    const b = p1[i] as string;
    const shared = owner.get(a) === null;
    if (shared !== (owner.get(b) === null) || (shared && a !== b)) return refuse(E.sideBySide, { step: i + 1 });
  }
  for (const id of ids) if (!onPath.has(id)) return refuse(E.offPath, { square: id });
  // "your first Aurek position": where the Dorn's pieces and Seven Ulwan's roll-of-4 pieces go.
  if (seven || [...kind.values()].some((k) => SEVEN_KINDS.includes(k))) {
    for (const [player, path] of [
      [0, p0],
      [1, p1],
    ] as const) {
      const first = path[0] as string;
      if (kind.get(first) !== "aurek") return refuse(E.firstAurek, { path: player + 1, square: first });
    }
  }
  if (raw.adjacency !== undefined) {
    if (!isRecord(raw.adjacency)) return refuse(E.adjacency);
    for (const [k, v] of Object.entries(raw.adjacency)) {
      if (!ids.has(k) || !Array.isArray(v) || !v.every((x) => typeof x === "string" && ids.has(x)))
        return refuse(E.adjacencyOf, { square: k });
    }
  }
  return succeed({});
}

/** A shipped board, checked like an imported one when the module loads. */
function shipped(raw: unknown): BoardData {
  const checked = checkBoard(raw);
  if (!checked.ok) throw new Error(`Shipped board is invalid: ${JSON.stringify(checked.error)}`);
  return raw as BoardData;
}

export const BOARDS: Readonly<Record<string, BoardData>> = {
  ulwan: shipped(ulwanBoard),
  "seven-ulwan": shipped(sevenUlwanBoard),
  finkel: shipped(finkelBoard),
};
