/**
 * The one shape of every fallible function in the project: a success with its fields beside
 * `ok: true`, or a refusal with a localizable error. Games' `Applied` is one of them.
 */
/** A refusal. `code` is an i18n key in lang/en.json; `params` fill its placeholders. */
export interface RuleError {
  readonly code: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

export type Result<T extends object = object, E = RuleError> =
  ({ readonly ok: true } & Readonly<T>) | { readonly ok: false; readonly error: E };

/** A success carrying `fields`. */
export function succeed<T extends object>(fields: T): Result<T, never> {
  return { ok: true, ...fields };
}

/** A refusal with an i18n key and its parameters. */
export function refuse(code: string, params?: Readonly<Record<string, string | number>>): Result<never> {
  return params ? { ok: false, error: { code, params } } : { ok: false, error: { code } };
}

/** A refusal with an error already made (a check's `RuleError`, another call's refusal). */
export function refused(error: RuleError): Result<never> {
  return { ok: false, error };
}
