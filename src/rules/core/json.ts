/**
 * Guards for JSON that arrives from outside (options from a form, requests from a socket), shared
 * by every layer so each shape check starts from the same definitions.
 */

/** A JSON object (not null, not an array). */
export function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

/** Whether `key` is the object's own property (not one inherited, such as `constructor`). */
export function hasOwn(object: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}
