/**
 * The building blocks of the wire schemas (valibot): ids no object inherits, whole numbers, names
 * and free text within bounds. ./parse-request.ts and each concern's `request.ts` compose them.
 */
import * as v from "valibot";

/** An id from outside: never a name an object inherits (`__proto__`, `constructor`, `toString`…). */
export const isId = (x: unknown): x is string =>
  typeof x === "string" && x.length > 0 && x.length <= 200 && !(x in Object.prototype);

/**
 * A GM's free text as stored: control characters become spaces and lone surrogates U+FFFD, so
 * that each UTF-16 unit takes at most 3 bytes in JSON (what `LedgerSizes.reason` allows).
 */
export function plainText(text: string): string {
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code < 0x20 || code === 0x7f) out += " ";
    else if (code >= 0xd800 && code <= 0xdfff) out += "\ufffd";
    else out += ch;
  }
  return out;
}

export const Id = v.custom<string>(isId);
export const Int = v.pipe(v.number(), v.safeInteger());
/** A table's version as a client saw it, or any other count from zero. */
export const Version = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
/** A person's or an event's name: not blank, at most 100 units, stored trimmed. */
export const Name = v.pipe(
  v.string(),
  v.maxLength(100),
  v.check((s) => s.trim().length > 0),
  v.transform((s) => s.trim()),
);
/** A GM's reason: at most 500 units, stored as plain text (an empty one is the host's refusal). */
export const Reason = v.pipe(
  v.string(),
  v.maxLength(500),
  v.transform((s) => plainText(s).trim()),
);

/** A request's fields beside its optional `requestId` (see `ClientRequest` in ./protocol.ts). */
export function request<const E extends v.ObjectEntries>(entries: E) {
  return v.object({ ...entries, requestId: v.optional(Id) });
}
