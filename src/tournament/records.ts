/**
 * Maps keyed by ids from outside (participants, transfers): read only own keys, and copy into
 * objects without a prototype, so `__proto__` or `toString` are plain ids.
 */
import { hasOwn } from "../rules/core";

export function own<T>(map: Readonly<Record<string, T>>, key: string): T | undefined {
  return hasOwn(map, key) ? map[key] : undefined;
}

export function withEntry<T>(map: Readonly<Record<string, T>>, key: string, value: T): Record<string, T> {
  return Object.assign(Object.create(null) as Record<string, T>, map, { [key]: value });
}

export function emptyMap<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}
