/**
 * A crash at every step of a buy-in and a cash-out (before or after each write to the books or the
 * sheet lands, or a write refused), then a crash at every step of the recovery: once a host has loaded
 * and the client has retried, the transfer is applied exactly once and no credit is made or lost.
 */
import { describe, expect, it } from "vitest";
import { own } from "../../src/table/ledger";
import { type TransferKind, completePending, pendingTransfers, runTransfer } from "../../src/tournament";
import {
  Crash,
  type Fault,
  Faults,
  MemoryBooks,
  MemoryPurse,
  as,
  eventWith,
  ledgerTotal,
  pid,
  tournamentWith,
} from "./fixtures";

const FAULTS: readonly Fault[] = ["crash-before", "crash-after", "refuse"];
const SHEET = 2000;
const LEDGER = 900;
const AMOUNT = 700;

/** Runs `step`, treating a crash as the host going down mid-way. */
async function survive(step: () => Promise<unknown>): Promise<void> {
  try {
    await step();
  } catch (error) {
    if (!(error instanceof Crash)) throw error;
  }
}

/** Both stores sharing one count of writes, faulted at write `at`. */
function stores(at: number | null, fault: Fault, books?: MemoryBooks, purse?: MemoryPurse) {
  const faults = new Faults(at, fault);
  const b = books ?? new MemoryBooks({ tournament: tournamentWith(1), event: eventWith(1, LEDGER) });
  const p = purse ?? new MemoryPurse().set("actor-1", SHEET);
  b.faults = faults;
  p.faults = faults;
  return { books: b, purse: p, faults };
}

async function scenario(
  kind: TransferKind,
  first: { at: number; fault: Fault } | null,
  recovery: { at: number; fault: Fault } | null,
) {
  const { books, purse, faults } = stores(first?.at ?? null, first?.fault ?? "refuse");
  const request = { id: "x1", kind, participant: pid(1), credits: AMOUNT };
  await survive(() => runTransfer(books, purse, request, as("u1"), 1));
  const writes = faults.writes;
  if (recovery) {
    stores(recovery.at, recovery.fault, books, purse);
    await survive(() => completePending(books, purse, 2));
  }
  // The host loads again without faults, then the player's client retries the same request.
  stores(null, "refuse", books, purse);
  await completePending(books, purse, 3);
  await runTransfer(books, purse, request, as("u1"), 4);
  return { books, purse, writes };
}

describe("a transfer crashed at every step", () => {
  for (const kind of ["buy-in", "cash-out"] as const) {
    it(`${kind}: applied exactly once after recovery and retry, wherever it crashed or was refused`, async () => {
      // The writes of a run without faults (books, sheet, books): each is faulted in turn.
      const { writes } = await scenario(kind, null, null);
      expect(writes).toBe(3);
      let cases = 0;
      for (const fault of FAULTS)
        for (let at = 0; at < writes; at++)
          for (let r = -1; r < writes; r++) {
            const recovery = r < 0 ? null : { at: r, fault };
            const { books, purse } = await scenario(kind, { at, fault }, recovery);
            const label = `${kind} ${fault} at write ${at}, recovery ${JSON.stringify(recovery)}`;
            const event = books.read().event;
            expect(ledgerTotal(event) + purse.total(), label).toBe(SHEET + LEDGER);
            const sign = kind === "buy-in" ? 1 : -1;
            expect(own(event.accounts, pid(1))?.credits, label).toBe(LEDGER + sign * AMOUNT);
            expect(purse.credits("actor-1"), label).toBe(SHEET - sign * AMOUNT);
            expect(purse.sheets.get("actor-1")?.marks, label).toEqual(["x1"]);
            expect(pendingTransfers(books.read().tournament), label).toEqual([]);
            cases++;
          }
      expect(cases).toBe(FAULTS.length * writes * (writes + 1));
    });
  }
});
