/**
 * A crash at every step of a buy-in and a cash-out (before or after each write to the books or the
 * sheet lands, or a write refused), then a crash at every step of the recovery: once a host has loaded
 * and the client has retried, the transfer is applied exactly once and no credit is made or lost.
 * Run against the in-memory sheet, the Foundry purse over a stand-in actor, and the Roll20 purse over
 * a stand-in character attribute.
 */
import { describe, expect, it } from "vitest";
import { ActorPurse } from "../../src/foundry/character-purse";
import { own } from "../../src/table/ledger";
import {
  type CharacterPurse,
  type TransferKind,
  completePending,
  pendingTransfers,
  runTransfer,
} from "../../src/tournament";
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
import { StandInActor } from "./foundry-actor";
import { StandInAttributes, purseInRuns } from "./roll20-attributes";
import { TRANSFERS_ATTRIBUTE, parseMarks } from "../../src/roll20/character-purse";

const FAULTS: readonly Fault[] = ["crash-before", "crash-after", "refuse"];
const SHEET = 2000;
const LEDGER = 900;
const AMOUNT = 700;

/** One character's sheet behind a purse, whose writes count with the books' on the same faults. */
interface Sheet {
  readonly purse: CharacterPurse;
  use(faults: Faults): void;
  credits(): number;
  marks(): unknown;
}

const SHEETS: Readonly<Record<string, () => Sheet>> = {
  "an in-memory sheet": () => {
    const purse = new MemoryPurse().set("actor-1", SHEET);
    return {
      purse,
      use: (faults) => (purse.faults = faults),
      credits: () => purse.credits("actor-1"),
      marks: () => purse.sheets.get("actor-1")?.marks,
    };
  },
  "a Foundry actor (starwarsffg credits)": () => {
    let faults = new Faults();
    const actor = new StandInActor("actor-1", { stats: { credits: { value: SHEET } } }, () => faults);
    return {
      purse: new ActorPurse((id) => (id === actor.id ? actor : undefined), "system.stats.credits.value"),
      use: (f) => (faults = f),
      credits: () => (actor.system as { stats: { credits: { value: number } } }).stats.credits.value,
      marks: () => actor.getFlag("cantina-games", "transfers"),
    };
  },
  "a Roll20 character's attribute (credits)": () => {
    const sandbox = new StandInAttributes().add("actor-1", "Credits", String(SHEET));
    return {
      purse: purseInRuns(sandbox, "credits"),
      use: (f) => (sandbox.faults = f),
      credits: () => Number(sandbox.current("actor-1", "Credits")),
      marks: () => parseMarks(sandbox.current("actor-1", TRANSFERS_ATTRIBUTE) ?? "").map((m) => m.id),
    };
  },
};

/** Runs `step`, treating a crash as the host going down mid-way. */
async function survive(step: () => Promise<unknown>): Promise<void> {
  try {
    await step();
  } catch (error) {
    if (!(error instanceof Crash)) throw error;
  }
}

async function scenario(
  makeSheet: () => Sheet,
  kind: TransferKind,
  first: { at: number; fault: Fault } | null,
  recovery: { at: number; fault: Fault } | null,
) {
  const sheet = makeSheet();
  const books = new MemoryBooks({ tournament: tournamentWith(1), event: eventWith(1, LEDGER) });
  const faults = (at: number | null, fault: Fault): Faults => {
    const f = new Faults(at, fault);
    books.faults = f;
    sheet.use(f);
    return f;
  };
  const firstFaults = faults(first?.at ?? null, first?.fault ?? "refuse");
  const request = { id: "x1", kind, participant: pid(1), credits: AMOUNT };
  await survive(() => runTransfer(books, sheet.purse, request, as("u1"), 1));
  const writes = firstFaults.writes;
  if (recovery) {
    faults(recovery.at, recovery.fault);
    await survive(() => completePending(books, sheet.purse, 2));
  }
  // The host loads again without faults, then the player's client retries the same request.
  faults(null, "refuse");
  await completePending(books, sheet.purse, 3);
  await runTransfer(books, sheet.purse, request, as("u1"), 4);
  return { books, sheet, writes };
}

for (const [name, makeSheet] of Object.entries(SHEETS)) {
  describe(`a transfer crashed at every step, with ${name}`, () => {
    for (const kind of ["buy-in", "cash-out"] as const) {
      it(`${kind}: applied exactly once after recovery and retry, wherever it crashed or was refused`, async () => {
        // The writes of a run without faults (books, sheet, books): each is faulted in turn.
        const { writes } = await scenario(makeSheet, kind, null, null);
        expect(writes).toBe(3);
        let cases = 0;
        for (const fault of FAULTS)
          for (let at = 0; at < writes; at++)
            for (let r = -1; r < writes; r++) {
              const recovery = r < 0 ? null : { at: r, fault };
              const { books, sheet } = await scenario(makeSheet, kind, { at, fault }, recovery);
              const label = `${kind} ${fault} at write ${at}, recovery ${JSON.stringify(recovery)}`;
              const event = books.read().event;
              expect(ledgerTotal(event) + sheet.credits(), label).toBe(SHEET + LEDGER);
              const sign = kind === "buy-in" ? 1 : -1;
              expect(own(event.accounts, pid(1))?.credits, label).toBe(LEDGER + sign * AMOUNT);
              expect(sheet.credits(), label).toBe(SHEET - sign * AMOUNT);
              expect(sheet.marks(), label).toEqual(["x1"]);
              expect(pendingTransfers(books.read().tournament), label).toEqual([]);
              cases++;
            }
        expect(cases).toBe(FAULTS.length * writes * (writes + 1));
      });
    }
  });
}
