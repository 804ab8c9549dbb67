/**
 * A buy-in and a cash-out through the Foundry host with every write faulted in every way (issue 37):
 * refused, the host crashing before it lands, after it lands (the unit test takes one way per write:
 * tests/foundry/tournament-transfer-crash.test.ts). Each: applied exactly once, no credit made or lost.
 */
import { afterEach, describe, expect, it } from "vitest";
import { FAULTS, cleanWrites, faultedRun } from "../foundry/tournament-crash-run";
import { removeFoundryGlobals } from "../foundry/world";

afterEach(() => removeFoundryGlobals());

describe("a transfer through the Foundry host, every write faulted every way", () => {
  for (const kind of ["buy-in", "cash-out"] as const)
    it(`${kind}: applied exactly once whatever write fails and however`, async () => {
      const writes = await cleanWrites(kind);
      expect(writes).toBeGreaterThanOrEqual(3);
      for (let at = 0; at < writes; at++) for (const fault of FAULTS) await faultedRun(kind, at, fault);
    }, 120_000);
});
