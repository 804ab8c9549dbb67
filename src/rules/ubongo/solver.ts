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

export function solveExactCover(problem: ExactCoverProblem, options: SolveOptions = {}): SolveResult {
  const primary = problem.primary;
  const columns = primary + (problem.secondary ?? 0);
  let cells = 0;
  for (const row of problem.rows) cells += row.length;
  // Node 0 is the root, nodes 1..columns are the column headers, the rest are the matrix's ones.
  const size = 1 + columns + cells;
  const L = new Int32Array(size);
  const R = new Int32Array(size);
  const U = new Int32Array(size);
  const D = new Int32Array(size);
  const C = new Int32Array(size);
  const ROW = new Int32Array(size);
  const S = new Int32Array(columns + 1);

  // Header list: only primary columns are linked to the root; secondary ones link to themselves.
  for (let c = 0; c <= columns; c++) {
    U[c] = c;
    D[c] = c;
    C[c] = c;
    L[c] = c;
    R[c] = c;
  }
  for (let c = 1; c <= primary; c++) {
    L[c] = c - 1;
    R[c - 1] = c;
  }
  R[primary] = 0;
  L[0] = primary;

  let next = columns + 1;
  problem.rows.forEach((row, r) => {
    let first = -1;
    for (const col of row) {
      if (!Number.isInteger(col) || col < 0 || col >= columns) throw new RangeError(`row ${r}: no column ${col}`);
      const c = col + 1;
      const n = next++;
      C[n] = c;
      ROW[n] = r;
      U[n] = U[c]!;
      D[n] = c;
      D[U[c]!] = n;
      U[c] = n;
      S[c]!++;
      if (first < 0) {
        first = n;
        L[n] = n;
        R[n] = n;
      } else {
        L[n] = L[first]!;
        R[n] = first;
        R[L[first]!] = n;
        L[first] = n;
      }
    }
  });

  const cover = (c: number): void => {
    R[L[c]!] = R[c]!;
    L[R[c]!] = L[c]!;
    for (let i = D[c]!; i !== c; i = D[i]!) {
      for (let j = R[i]!; j !== i; j = R[j]!) {
        D[U[j]!] = D[j]!;
        U[D[j]!] = U[j]!;
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
  const chosen = new Int32Array(Math.max(1, primary + 1));
  const solutions: number[][] = [];
  let count = 0;
  let nodes = 0;

  const search = (depth: number): boolean => {
    if (R[0]! === 0) {
      const rows = Array.from(chosen.subarray(0, depth));
      if (accept && !accept(rows)) return false;
      count++;
      if (solutions.length < keep) solutions.push(rows);
      return count >= limit;
    }
    // The primary column with the fewest rows left (Knuth's S heuristic).
    let c = R[0]!;
    let best = S[c]!;
    for (let j = R[c]!; j !== 0; j = R[j]!) {
      if (S[j]! < best) {
        best = S[j]!;
        c = j;
        if (best <= 1) break;
      }
    }
    if (best === 0) return false;
    cover(c);
    let stop = false;
    for (let r = D[c]!; r !== c && !stop; r = D[r]!) {
      nodes++;
      chosen[depth] = ROW[r]!;
      for (let j = R[r]!; j !== r; j = R[j]!) cover(C[j]!);
      stop = search(depth + 1);
      for (let j = L[r]!; j !== r; j = L[j]!) uncover(C[j]!);
    }
    uncover(c);
    return stop;
  };

  const capped = search(0);
  return { count, capped, solutions, nodes };
}
