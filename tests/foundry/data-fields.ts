/**
 * A stand-in for the two DataField classes a setting of the module uses as its `type`, modelled on
 * 13.351's common/data/fields.mjs: `getInitialValue` (a required blank string field: ""),
 * `StringField#clean` trims (option `trim`); `DataField#validate`
 * runs `_validateSpecial` (a blank string is valid when `blank`, before anything else; null and
 * undefined by `nullable` and `required`), `_validateType` (a string), then the `validate` option;
 * a validator returning false fails with `validationError`, one that throws fails with its message;
 * the failure is returned, not thrown (ClientSettings#set throws it: standins.ts).
 */
export interface FieldOptions {
  readonly required?: boolean;
  readonly nullable?: boolean;
  readonly blank?: boolean;
  readonly trim?: boolean;
  readonly initial?: unknown;
  readonly validate?: (value: unknown) => unknown;
  readonly validationError?: string;
}

/** What `validate` returns for a value it refuses (DataModelValidationFailure: its message). */
export interface ValidationFailure {
  readonly invalidValue: unknown;
  readonly message: string;
}

export class StandInDataField {
  constructor(readonly options: FieldOptions = {}) {}

  clean(value: unknown): unknown {
    return value;
  }

  /** What ClientSettings#register takes as the setting's default when none is given. */
  getInitialValue(): unknown {
    return this.options.initial;
  }

  protected validateSpecial(value: unknown): boolean | void {
    if (value === null) {
      if (this.options.nullable) return true;
      throw new Error("may not be null");
    }
    if (value === undefined) {
      if (this.options.required) throw new Error("may not be undefined");
      return true;
    }
  }

  protected validateType(_value: unknown): boolean | void {}

  validate(value: unknown): ValidationFailure | undefined {
    const validators = [
      (v: unknown) => this.validateSpecial(v),
      (v: unknown) => this.validateType(v),
      ...(this.options.validate ? [this.options.validate] : []),
    ];
    try {
      for (const validator of validators) {
        const valid = validator(value);
        if (valid === true) return undefined;
        if (valid === false)
          return { invalidValue: value, message: this.options.validationError ?? "is not a valid value" };
      }
    } catch (error) {
      return { invalidValue: value, message: error instanceof Error ? error.message : String(error) };
    }
    return undefined;
  }
}

export class StandInStringField extends StandInDataField {
  /** A required blank field prefers "" to null. */
  override getInitialValue(): unknown {
    const initial = super.getInitialValue();
    return this.options.blank !== false && this.options.required && !initial ? "" : initial;
  }

  override clean(value: unknown): unknown {
    return typeof value === "string" && this.options.trim !== false ? value.trim() : value;
  }

  protected override validateSpecial(value: unknown): boolean | void {
    if (value === "") {
      if (this.options.blank !== false) return true;
      throw new Error("may not be a blank string");
    }
    return super.validateSpecial(value);
  }

  protected override validateType(value: unknown): boolean | void {
    if (typeof value !== "string") throw new Error("must be a string");
  }
}

/** `foundry.data.fields` as the module's settings use it. */
export const standInFields = { DataField: StandInDataField, StringField: StandInStringField };
