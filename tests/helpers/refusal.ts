/** A check's Result as the error it refused with, or null when it passed: assertions read it in one line. */
import type { Result, RuleError } from "../../src/rules/core";

export function refusalOf(result: Result): RuleError | null {
  return result.ok ? null : result.error;
}
