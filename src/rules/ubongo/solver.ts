/**
 * Exact cover by Knuth's Algorithm X with dancing links ("Dancing Links", 2000), on typed arrays.
 * Primary columns must be covered exactly once, secondary ones at most once. It counts solutions
 * up to a cap, keeps the first few, and reports its effort (nodes: rows tried).
 */

export interface ExactCoverProblem {
  /** Columns 0..primary-1 are primary; primary..primary+secondary-1 are secondary. */
  readonly primary: number;
  readonly secondary?: number;
  /** Each row lists the columns it covers. */
  readonly rows: readonly (readonly number[])[];
}

export interface SolveOptions {
  /** Stop after this many (accepted) solutions; default: no cap. */
  readonly limit?: number;
  /** Keep at most this many solutions (row indices); default 1. */
  readonly keep?: number;
  /** A solution not accepted is neither counted nor kept (for side conditions). */
  readonly accept?: (rows: readonly number[]) => boolean;
}

export interface SolveResult {
  /** Solutions found (at most `limit`). */
  readonly count: number;
  /** Whether the search stopped at `limit` (there may be more). */
  readonly capped: boolean;
  /** The first `keep` solutions, each the indices of its rows, in the order chosen. */
  readonly solutions: number[][];
  /** Rows tried during the search: the search effort. */
  readonly nodes: number;
}

// The links live in module-level arrays, grown when a bigger problem comes and reused after, so
// that solving many small boards allocates almost nothing (a nested call gets arrays of its own).
interface Links {
  L: Int32Array;
  R: Int32Array;
  U: Int32Array;
  D: Int32Array;
  C: Int32Array;
  ROW: Int32Array;
  S: Int32Array;
}

function allocate(nodes: number, columns: number): Links {
  return {
    L: new Int32Array(nodes),
    R: new Int32Array(nodes),
    U: new Int32Array(nodes),
    D: new Int32Array(nodes),
    C: new Int32Array(nodes),
    ROW: new Int32Array(nodes),
    S: new Int32Array(columns),
  };
}

let shared: Links = allocate(1024, 256);
let busy = false;

export function solveExactCover(problem: ExactCoverProblem, options: SolveOptions = {}): SolveResult {
  const primary = problem.primary;
  const columns = primary + (problem.secondary ?? 0);
  let cells = 0;
  for (const row of problem.rows) cells += row.length;
  const size = 1 + columns + cells;
  const nested = busy;
  if (!nested && (shared.L.length < size || shared.S.length < columns + 1))
    shared = allocate(Math.max(size, 2 * shared.L.length), Math.max(columns + 1, 2 * shared.S.length));
  const links = nested ? allocate(size, columns + 1) : shared;
  busy = true;
  try {
    return search(problem, options, links, primary, columns);
  } finally {
    busy = nested;
  }
}

function search(
  problem: ExactCoverProblem,
  options: SolveOptions,
  links: Links,
  primary: number,
  columns: number,
): SolveResult {
  const { L, R, U, D, C, ROW, S } = links;
  // Node 0 is the root, nodes 1..columns are the column headers, the rest are the matrix's ones.
  // Only primary columns are linked into the header list; secondary ones link to themselves.
  for (let c = 0; c <= columns; c++) {
    U[c] = c;
    D[c] = c;
    C[c] = c;
    L[c] = c;
    R[c] = c;
    S[c] = 0;
  }
  for (let c = 1; c <= primary; c++) {
    L[c] = c - 1;
    R[c - 1] = c;
  }
  R[primary] = 0;
  L[0] = primary;

  let next = columns + 1;
  const rows = problem.rows;
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r] as readonly number[];
    let first = -1;
    for (let k = 0; k < row.length; k++) {
      const col = row[k] as number;
      if (!(col >= 0 && col < columns && col === (col | 0))) throw new RangeError(`row ${r}: no column ${col}`);
      const c = col + 1;
      const n = next++;
      C[n] = c;
      ROW[n] = r;
      const up = U[c]!;
      U[n] = up;
      D[n] = c;
      D[up] = n;
      U[c] = n;
      S[c]!++;
      if (first < 0) {
        first = n;
        L[n] = n;
        R[n] = n;
      } else {
        const last = L[first]!;
        L[n] = last;
        R[n] = first;
        R[last] = n;
        L[first] = n;
      }
    }
  }

  const cover = (c: number): void => {
    const l = L[c]!;
    const r = R[c]!;
    R[l] = r;
    L[r] = l;
    for (let i = D[c]!; i !== c; i = D[i]!) {
      for (let j = R[i]!; j !== i; j = R[j]!) {
        const u = U[j]!;
        const d = D[j]!;
        D[u] = d;
        U[d] = u;
        S[C[j]!]!--;
      }
    }
  };
  const uncover = (c: number): void => {
    for (let i = U[c]!; i !== c; i = U[i]!) {
      for (let j = L[i]!; j !== i; j = L[j]!) {
        S[C[j]!]!++;
        D[U[j]!] = j;
        U[D[j]!] = j;
      }
    }
    R[L[c]!] = c;
    L[R[c]!] = c;
  };

  const limit = options.limit ?? Infinity;
  const keep = options.keep ?? 1;
  const accept = options.accept;
  const depthMax = primary + 1;
  // Per level: the column covered there and the row being tried.
  const colAt = new Int32Array(depthMax);
  const rowAt = new Int32Array(depthMax);
  const solutions: number[][] = [];
  let count = 0;
  let nodes = 0;
  let capped = false;
  let k = 0;

  // An explicit stack instead of recursion: enter a level, try its rows one by one, backtrack.
  outer: for (;;) {
    // Enter level k.
    let tryRow = false;
    if (R[0] === 0) {
      const chosen: number[] = [];
      for (let i = 0; i < k; i++) chosen.push(ROW[rowAt[i]!]!);
      if (!accept || accept(chosen)) {
        count++;
        if (solutions.length < keep) solutions.push(chosen);
        if (count >= limit) {
          capped = true;
          // Restore the matrix before leaving (the arrays are reused).
          for (let lvl = k - 1; lvl >= 0; lvl--) {
            const r = rowAt[lvl]!;
            for (let j = L[r]!; j !== r; j = L[j]!) uncover(C[j]!);
            uncover(colAt[lvl]!);
          }
          break outer;
        }
      }
    } else {
      // The primary column with the fewest rows left (Knuth's S heuristic).
      let c = R[0]!;
      let best = S[c]!;
      for (let j = R[c]!; j !== 0 && best > 1; j = R[j]!) {
        const s = S[j]!;
        if (s < best) {
          best = s;
          c = j;
        }
      }
      if (best > 0) {
        cover(c);
        colAt[k] = c;
        rowAt[k] = D[c]!;
        tryRow = true;
      }
    }
    for (;;) {
      if (tryRow) {
        const c = colAt[k]!;
        const r = rowAt[k]!;
        if (r !== c) {
          nodes++;
          for (let j = R[r]!; j !== r; j = R[j]!) cover(C[j]!);
          k++;
          continue outer;
        }
        uncover(c);
      }
      // Backtrack to the level above and move on to its next row.
      if (k === 0) break outer;
      k--;
      const r = rowAt[k]!;
      for (let j = L[r]!; j !== r; j = L[j]!) uncover(C[j]!);
      rowAt[k] = D[r]!;
      tryRow = true;
    }
  }
  return { count, capped, solutions, nodes };
}
