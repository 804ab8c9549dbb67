/**
 * A table option the host refused, said the way the lobby shows it: under the option's own label
 * (the rules name it by its key) and with what it allows (a range, a step, or a few values).
 */
import { BAD_OPTION, type OptionSchema, type RuleError } from "../../rules/core";
import type { Localizer } from "../core/i18n";

/** The lobby's message for a refused option of `schema`, or null when the error is about something else. */
export function optionErrorMessage(error: RuleError, schema: OptionSchema | undefined, i18n: Localizer): string | null {
  const key = error.params?.option;
  if (error.code !== BAD_OPTION || typeof key !== "string" || !schema) return null;
  if (!Object.prototype.hasOwnProperty.call(schema, key)) return null;
  const field = schema[key];
  if (!field) return null;
  const option = i18n.localize(field.labelKey ?? `CANTINA.Options.${key}`);
  if (field.kind !== "integer") return i18n.format("CANTINA.Lobby.OptionInvalid", { option });
  if (field.values) return i18n.format("CANTINA.Lobby.OptionOneOf", { option, values: field.values.join(", ") });
  const range = { option, min: field.min, max: field.max };
  return field.step !== undefined && field.step !== 1
    ? i18n.format("CANTINA.Lobby.OptionRangeStep", { ...range, step: field.step })
    : i18n.format("CANTINA.Lobby.OptionRange", range);
}
