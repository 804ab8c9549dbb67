/**
 * The sandbox's globals as the entry finds them (sandbox.ts `sandboxFromGlobals`): every function
 * the adapter calls and Roll20's `state`, or nothing (outside Roll20); `state` read at each use.
 */
import { describe, expect, it } from "vitest";
import { SANDBOX_FUNCTIONS, sandboxFromGlobals } from "../../src/roll20/sandbox";

const NAMES: readonly string[] = SANDBOX_FUNCTIONS;

function scope(): Record<string, unknown> {
  return { ...Object.fromEntries(NAMES.map((n) => [n, () => n])), state: { a: 1 } };
}

describe("sandboxFromGlobals", () => {
  it("is null when a global is missing or not a function, or there is no state object", () => {
    for (const name of [...NAMES, "state"]) {
      const missing = scope();
      delete missing[name];
      expect(sandboxFromGlobals(missing), name).toBeNull();
    }
    expect(sandboxFromGlobals({ ...scope(), log: "log" })).toBeNull();
    expect(sandboxFromGlobals({ ...scope(), state: null })).toBeNull();
  });

  it("calls the scope's functions and reads a state the sandbox replaced after a restart", () => {
    const globals = scope();
    const sandbox = sandboxFromGlobals(globals);
    expect(sandbox?.randomInteger(6)).toBe("randomInteger");
    globals.state = { b: 2 };
    expect(sandbox?.state).toEqual({ b: 2 });
  });
});
