/**
 * A buy-in and a cash-out through the Foundry host with a fault at every write in between (issue 37):
 * each write of the actor and of the world's stored books, in the order a clean transfer makes them,
 * faulted in turn (refused, the host crashing before it lands, after it lands: one kind per write,
 * rotating; every write with every kind is the soak suite's, tests/soak/foundry-transfers.soak.test.ts),
 * then the same transfer sent again: applied exactly once, no credit made or lost (tournament-crash-run.ts).
 */
import { afterEach, describe, expect, it } from "vitest";
import { FAULTS, cleanWrites, faultedRun } from "./tournament-crash-run";
import { removeFoundryGlobals } from "./world";

afterEach(() => removeFoundryGlobals());

describe("a transfer through the Foundry host with a fault at every write", () => {
  for (const kind of ["buy-in", "cash-out"] as const)
    it(`${kind}: whichever write is refused or crashes the host, the retry applies it exactly once, no credit made or lost`, async () => {
      const writes = await cleanWrites(kind);
      // The books' writes that open it, the actor's, the books' that close it (journal, parts, index).
      expect(writes).toBeGreaterThanOrEqual(3);
      for (let at = 0; at < writes; at++) await faultedRun(kind, at, FAULTS[at % FAULTS.length]!);
    });
});
