/**
 * Which of a game window's parts changed between two drawings: each part's fingerprint is the part
 * of the context its template reads (the game's `partKeys`), so that both hosts render and replace
 * only the parts whose fingerprint moved (issue 17), e.g. the win-chance bar without the board.
 */
import type { GameApp } from "./types";

/** A value's fingerprint: its JSON (contexts are plain data, built the same way every time). */
export function fingerprint(value: unknown): string {
  return JSON.stringify(value) ?? "";
}

/**
 * Each of `app`'s parts' fingerprint for `context`: the keys the part reads (`partKeys`), or the
 * whole context for a part that does not list them.
 */
export function partFingerprints(app: GameApp, context: Readonly<Record<string, unknown>>): Record<string, string> {
  let whole: string | undefined;
  const out: Record<string, string> = {};
  for (const name of Object.keys(app.parts)) {
    const keys = app.partKeys?.[name];
    out[name] = keys ? fingerprint(keys.map((k) => context[k] ?? null)) : (whole ??= fingerprint(context));
  }
  return out;
}
