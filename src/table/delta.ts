/**
 * A small structural delta between two JSON views ("set this path", "delete this key"); a part whose
 * operations weigh more than its new value goes whole. `applyDelta` throws DeltaError on a misfit.
 */

/** One step of a path: an object's key or an array's index. */
export type PathStep = string | number;

/** Sets the value at `p` (the whole value when `p` is empty); without `v`, deletes the key at `p`. */
export interface DeltaOp {
  readonly p: readonly PathStep[];
  readonly v?: unknown;
}

export type Delta = readonly DeltaOp[];

/** Thrown by `applyDelta` when an operation's path does not fit the value it is applied to. */
export class DeltaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DeltaError";
  }
}

type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

const isObject = (x: unknown): x is Record<string, Json> => typeof x === "object" && x !== null && !Array.isArray(x);

/** Deep equality of two JSON values (key order apart). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => jsonEqual(x, b[i]));
  }
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => Object.prototype.hasOwnProperty.call(b, k) && jsonEqual(a[k], b[k]));
}

const size = (x: unknown): number => JSON.stringify(x)?.length ?? 0;

/** The operations that turn `from` into `to` below `path`. */
function walk(from: unknown, to: unknown, path: PathStep[], out: DeltaOp[]): void {
  if (jsonEqual(from, to)) return;
  const ops: DeltaOp[] = [];
  if (Array.isArray(from) && Array.isArray(to) && to.length >= from.length) {
    for (let i = 0; i < to.length; i++)
      if (i < from.length) walk(from[i], to[i], [...path, i], ops);
      else ops.push({ p: [...path, i], v: to[i] });
  } else if (isObject(from) && isObject(to)) {
    for (const key of Object.keys(from))
      if (!Object.prototype.hasOwnProperty.call(to, key)) ops.push({ p: [...path, key] });
    for (const key of Object.keys(to)) {
      if (Object.prototype.hasOwnProperty.call(from, key)) walk(from[key], to[key], [...path, key], ops);
      else ops.push({ p: [...path, key], v: to[key] });
    }
  } else {
    out.push({ p: path, v: to });
    return;
  }
  // A part that changed throughout is cheaper sent whole.
  if (size(ops) > size(to) + size(path) + 8) out.push({ p: path, v: to });
  else out.push(...ops);
}

/** The delta that turns `from` into `to` (empty when they are equal). */
export function diff(from: unknown, to: unknown): Delta {
  const out: DeltaOp[] = [];
  walk(from, to, [], out);
  return out;
}

/** Keys that would reach an object's prototype: refused in any path. */
const FORBIDDEN = new Set(["__proto__", "prototype", "constructor"]);

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** A step that exists in `container` (an object's key or an array's index within its length, or one past it). */
function fits(container: unknown, step: PathStep, adding: boolean): boolean {
  if (Array.isArray(container))
    return (
      typeof step === "number" && Number.isInteger(step) && step >= 0 && step <= container.length - (adding ? 0 : 1)
    );
  return isObject(container) && typeof step === "string" && !FORBIDDEN.has(step);
}

/** `base` with `delta` applied, as a new value (the base is not changed). Throws DeltaError on a path that does not fit. */
export function applyDelta<T>(base: T, delta: Delta): T {
  let root: unknown = copy(base);
  for (const op of delta) {
    if (!Array.isArray(op.p)) throw new DeltaError("an operation without a path");
    const path: readonly PathStep[] = op.p;
    const setting = Object.prototype.hasOwnProperty.call(op, "v");
    if (path.length === 0) {
      if (!setting) throw new DeltaError("the whole value deleted");
      root = copy(op.v);
      continue;
    }
    let parent: unknown = root;
    for (const step of path.slice(0, -1)) {
      if (!fits(parent, step, false)) throw new DeltaError(`no ${String(step)} in the base`);
      parent = (parent as Record<PathStep, unknown>)[step];
    }
    const last = path[path.length - 1]!;
    if (!fits(parent, last, setting)) throw new DeltaError(`no place for ${String(last)} in the base`);
    if (!setting) {
      if (Array.isArray(parent)) throw new DeltaError("an array element deleted");
      delete (parent as Record<string, unknown>)[last];
    } else (parent as Record<PathStep, unknown>)[last] = copy(op.v);
  }
  return root as T;
}
