/**
 * A game's table options as a schema: integers (with bounds, an "ante" mark hosts may scale and a
 * "purse" mark for a new seat's starting purse), booleans, choices, boards and text. From one schema come the defaults, the check of unknown JSON
 * (forms, sockets), the TypeScript type (`OptionsOf`) and the form fields windows draw.
 */
import { BOARD_LIMITS, withinJsonBounds } from "./json";
import { type Result, type RuleError, refuse, refused, succeed } from "./result";

/** Seat ids (`SeatId` of ./game.ts, which imports this file: no import back, no cycle). */
type SeatIds = readonly string[];

/** The option checks' error codes. */
export const OptionErrors = {
  badOption: "CANTINA.Error.BadOption",
  seatCount: "CANTINA.Error.SeatCount",
  seatCountMin: "CANTINA.Error.SeatCountMin",
} as const;

export const BAD_OPTION = OptionErrors.badOption;

interface FieldBase {
  /** i18n key of the field's label (default `CANTINA.Options.<key>`). */
  readonly labelKey?: string;
  /** i18n key of a one-line hint under the field (default: the label's key + "Hint"). */
  readonly hintKey?: string;
}

export interface IntegerField extends FieldBase {
  readonly kind: "integer";
  readonly default: number;
  readonly min: number;
  readonly max: number;
  readonly step?: number;
  /** An amount that follows the table's stakes (an ante, a minimum bet): hosts may scale it. */
  readonly ante?: boolean;
  /** Only these values (a text's "5, 10 or 20"): forms offer them as a choice, not a spinner. */
  readonly values?: readonly number[];
  /**
   * What a seat without a ledger purse starts with (its credits, or its Luck/Force points): the host
   * opens new accounts with it, and a lobby does not offer the credits one where the ledger's
   * balances replace it. Read with `purseOption`, never by the option's name.
   */
  readonly purse?: PurseKind;
}

/** The two halves of a seat's purse an option can give (`IntegerField.purse`). */
export type PurseKind = "credits" | "luck";

export interface BooleanField extends FieldBase {
  readonly kind: "boolean";
  readonly default: boolean;
}

export interface ChoiceField<C extends string = string> extends FieldBase {
  readonly kind: "choice";
  readonly default: C;
  readonly values: readonly { readonly value: C; readonly labelKey: string }[];
}

/** A board: a shipped board's id, or board data (imported by a GM) the game validates. */
export interface BoardField<B = unknown> extends FieldBase {
  readonly kind: "board";
  readonly default: string;
  /** The shipped boards by id, each with its display name. */
  readonly shipped: Readonly<Record<string, B & { readonly name: string }>>;
  /** Whether this board data can be played by this game: ok, or why not. */
  validate(board: unknown): Result;
}

export interface TextField extends FieldBase {
  readonly kind: "text";
  readonly default: string;
  readonly maxLength: number;
}

export type OptionField = IntegerField | BooleanField | ChoiceField | BoardField | TextField;
export type OptionSchema = Readonly<Record<string, OptionField>>;

/** The options a schema describes, as a TypeScript type. */
export type OptionsOf<S extends OptionSchema> = {
  readonly [K in keyof S]: S[K] extends IntegerField
    ? number
    : S[K] extends BooleanField
      ? boolean
      : S[K] extends ChoiceField<infer C>
        ? C
        : S[K] extends BoardField<infer B>
          ? string | B
          : string;
};

// ---- field constructors (they keep the literal types OptionsOf needs) ----

export function integer(
  defaultValue: number,
  min: number,
  max: number,
  extra: Omit<IntegerField, "kind" | "default" | "min" | "max"> = {},
): IntegerField {
  return { kind: "integer", default: defaultValue, min, max, ...extra };
}

export function boolean(defaultValue: boolean, extra: FieldBase = {}): BooleanField {
  return { kind: "boolean", default: defaultValue, ...extra };
}

export function choice<C extends string>(
  values: readonly C[],
  defaultValue: NoInfer<C>,
  labelKeyOf: (value: C) => string,
  extra: FieldBase = {},
): ChoiceField<C> {
  return {
    kind: "choice",
    default: defaultValue,
    values: values.map((value) => ({ value, labelKey: labelKeyOf(value) })),
    ...extra,
  };
}

export function board<B>(
  defaultValue: string,
  shipped: Readonly<Record<string, B & { readonly name: string }>>,
  validate: (board: unknown) => Result,
  extra: FieldBase = {},
): BoardField<B> {
  return { kind: "board", default: defaultValue, shipped, validate, ...extra };
}

export function text(defaultValue: string, maxLength = 200, extra: FieldBase = {}): TextField {
  return { kind: "text", default: defaultValue, maxLength, ...extra };
}

// ---- what a schema gives ----

export function defaultsOf<S extends OptionSchema>(schema: S): OptionsOf<S> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema)) out[key] = field.default;
  return out as OptionsOf<S>;
}

const bad = (option: string): Result<never> => refuse(BAD_OPTION, { option });

function checkField(key: string, field: OptionField, value: unknown): Result {
  switch (field.kind) {
    case "integer": {
      const ok =
        typeof value === "number" &&
        Number.isSafeInteger(value) &&
        value >= field.min &&
        value <= field.max &&
        (field.step === undefined || (value - field.min) % field.step === 0) &&
        (field.values === undefined || field.values.includes(value));
      return ok ? succeed({}) : bad(key);
    }
    case "boolean":
      return typeof value === "boolean" ? succeed({}) : bad(key);
    case "choice":
      return field.values.some((v) => v.value === value) ? succeed({}) : bad(key);
    case "text":
      return typeof value === "string" && value.length <= field.maxLength ? succeed({}) : bad(key);
    case "board":
      if (typeof value === "string")
        return Object.prototype.hasOwnProperty.call(field.shipped, value)
          ? field.validate(field.shipped[value])
          : bad(key);
      return validateBoard(field, value);
  }
}

/** Board data from outside: its size checked before the game's validation walks it. */
export function validateBoard(field: BoardField, value: unknown): Result {
  const bounded = withinJsonBounds(value, BOARD_LIMITS);
  return bounded.ok ? field.validate(value) : bounded;
}

/** Checks unknown JSON against a schema: an object with exactly the schema's keys, each valid. */
export function checkAgainst(schema: OptionSchema, raw: unknown): Result {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return bad("options");
  const record = raw as Record<string, unknown>;
  for (const key of Object.keys(record)) if (!Object.prototype.hasOwnProperty.call(schema, key)) return bad(key);
  for (const [key, field] of Object.entries(schema)) {
    const checked = checkField(key, field, record[key]);
    if (!checked.ok) return checked;
  }
  return succeed({});
}

/**
 * Options stored before the game gained an option (a saved table, a record): each option missing
 * from them takes the game's default, so they pass `checkOptions` as they did when stored. Unknown
 * keys and bad values are kept as they are, for `checkOptions` to refuse; what is not an object is
 * returned unchanged (refused the same way).
 */
export function withStoredDefaults(defaults: unknown, stored: unknown): unknown {
  if (typeof stored !== "object" || stored === null || Array.isArray(stored)) return stored;
  if (typeof defaults !== "object" || defaults === null) return stored;
  return { ...defaults, ...stored };
}

/** The value of the option the schema marks as a new seat's `purse` of this kind (absent: none, or not a number). */
export function purseOption(
  schema: OptionSchema,
  options: Readonly<Record<string, unknown>>,
  kind: PurseKind,
): number | undefined {
  const key = Object.keys(schema).find((k) => {
    const field = schema[k];
    return field?.kind === "integer" && field.purse === kind;
  });
  const value = key === undefined ? undefined : options[key];
  return typeof value === "number" ? value : undefined;
}

/** Whether this field is the option marked as a new seat's starting purse of this kind. */
export function isPurseField(field: OptionField | undefined, kind: PurseKind): boolean {
  return field?.kind === "integer" && field.purse === kind;
}

/** The board data a board option names: a shipped board by id, or the data itself once checked. */
export function resolveBoardOption<B>(field: BoardField<B>, value: unknown): B | null {
  if (typeof value === "string") {
    const shipped = Object.prototype.hasOwnProperty.call(field.shipped, value) ? field.shipped[value] : undefined;
    return shipped && field.validate(shipped).ok ? shipped : null;
  }
  return validateBoard(field, value).ok ? (value as B) : null;
}

/**
 * A game's `defaultOptions` and `checkOptions` from its schema: the seat count and distinct
 * seats first, then every field, then the game's own cross-field check (`extra`).
 */
export function schemaOptions<S extends OptionSchema>(
  schema: S,
  seats: { readonly min: number; readonly max: number },
  extra?: (options: OptionsOf<S>, seats: SeatIds) => Result,
): {
  readonly optionSchema: S;
  defaultOptions(): OptionsOf<S>;
  checkOptions(options: unknown, seatIds: SeatIds): Result;
} {
  return {
    optionSchema: schema,
    defaultOptions: () => defaultsOf(schema),
    checkOptions(options, seatIds) {
      if (seatIds.length < seats.min || seatIds.length > seats.max)
        return refused(seatCountError(seats.min, seats.max));
      if (new Set(seatIds).size !== seatIds.length) return bad("seats");
      const checked = checkAgainst(schema, options);
      if (!checked.ok || !extra) return checked;
      return extra(options as OptionsOf<S>, seatIds);
    },
  };
}

/** A seat count out of bounds; a game without an upper bound (Super Simplified Sabacc) names only its least. */
export function seatCountError(min: number, max: number): RuleError {
  return Number.isFinite(max)
    ? { code: OptionErrors.seatCount, params: { min, max } }
    : { code: OptionErrors.seatCountMin, params: { min } };
}

/** One field of a form as windows draw it (no values: the lobby model holds those). */
export interface FormField {
  readonly key: string;
  readonly kind: OptionField["kind"];
  readonly labelKey: string;
  readonly hintKey: string;
  readonly min?: number;
  readonly max?: number;
  readonly step?: number;
  readonly ante?: boolean;
  readonly choices?: readonly { readonly value: string; readonly labelKey: string }[];
  /** An integer's only values (forms draw them as a choice, see `fieldChoices`). */
  readonly values?: readonly number[];
}

/** What a form offers for a field: a choice's values by label key, an integer's fixed values as numbers. */
export function fieldChoices(field: FormField): readonly { value: string; labelKey: string; label: string }[] {
  if (field.values) return field.values.map((v) => ({ value: String(v), labelKey: "", label: String(v) }));
  return (field.choices ?? []).map((c) => ({ ...c, label: "" }));
}

export function formFields(schema: OptionSchema): FormField[] {
  return Object.entries(schema).map(([key, field]) => {
    const labelKey = field.labelKey ?? `CANTINA.Options.${key}`;
    // Every option explains itself in one line: its own hint key, else the label's key + "Hint".
    const base = { key, kind: field.kind, labelKey, hintKey: field.hintKey ?? `${labelKey}Hint` };
    switch (field.kind) {
      case "integer": {
        const bounds = { min: field.min, max: field.max, step: field.step ?? 1, ante: field.ante === true };
        return field.values ? { ...base, ...bounds, values: field.values } : { ...base, ...bounds };
      }
      case "choice":
        return { ...base, choices: field.values };
      default:
        return base;
    }
  });
}
