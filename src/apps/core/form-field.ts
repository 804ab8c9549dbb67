/** An option's form field as the option templates draw it: the lobby's form and the balance lab's. */
import { type FormField, fieldChoices } from "../../rules/core";

export interface FieldContext extends FormField {
  readonly value: string;
  readonly isInteger: boolean;
  readonly isBoolean: boolean;
  readonly isChoice: boolean;
  readonly isBoard: boolean;
  readonly isText: boolean;
  readonly checked: boolean;
  readonly options: readonly { value: string; labelKey: string; label: string; selected: boolean }[];
}

/** The field with its value, the input that draws it, and its choices (the schema's unless given) with the value's marked. */
export function fieldContext(
  field: FormField,
  value: string,
  choices: readonly { value: string; labelKey: string; label: string }[] = fieldChoices(field),
): FieldContext {
  return {
    ...field,
    value,
    isInteger: field.kind === "integer" && !field.values,
    isBoolean: field.kind === "boolean",
    isChoice: field.kind === "choice" || field.values !== undefined,
    isBoard: field.kind === "board",
    isText: field.kind === "text",
    checked: value === "true",
    options: choices.map((c) => ({ ...c, selected: c.value === value })),
  };
}
