/**
 * Buy-in and cash-out between a character's sheet and the event ledger: tied by one transfer id,
 * idempotent by it, refused with nothing changed above what the source holds or for another's character.
 */
import { describe, expect, it } from "vitest";
import { ScriptedRandom } from "../../src/rules/core";
import { own } from "../../src/table/ledger";
import {
  TournamentErrors as E,
  type TransferRequest,
  completePending,
  ledgerReason,
  openCircuit,
  openRound,
  pendingTransfers,
  postLedger,
  runTransfer,
  signUp,
} from "../../src/tournament";
import { refusalOf } from "../helpers/refusal";
import {
  Faults,
  GM,
  MemoryBooks,
  MemoryPurse,
  as,
  eventWith,
  ledgerTotal,
  must,
  pid,
  sheetOf,
  tournamentWith,
} from "./fixtures";

function setup(sheet = 5000, ledger = 0): { books: MemoryBooks; purse: MemoryPurse } {
  const books = new MemoryBooks({ tournament: tournamentWith(2), event: eventWith(2, ledger) });
  const purse = new MemoryPurse().set(sheetOf(1).id, sheet).set(sheetOf(2).id, sheet);
  return { books, purse };
}

const buyIn = (id: string, credits: number, participant = pid(1)): TransferRequest => ({
  id,
  kind: "buy-in",
  participant,
  credits,
});
const cashOut = (id: string, credits: number, participant = pid(1)): TransferRequest => ({
  id,
  kind: "cash-out",
  participant,
  credits,
});
const balance = (books: MemoryBooks, account = pid(1)): number | undefined =>
  own(books.read().event.accounts, account)?.credits;

describe("transfers", () => {
  it("a buy-in moves credits from the sheet to the ledger; the entry and the sheet's mark carry the transfer id", async () => {
    const { books, purse } = setup();
    const ran = must(await runTransfer(books, purse, buyIn("x1", 1200), as("u1"), 5));
    expect(ran.transfer.status).toBe("applied");
    expect(purse.credits("actor-1")).toBe(3800);
    expect(purse.sheets.get("actor-1")?.marks).toEqual(["x1"]);
    expect(balance(books)).toBe(1200);
    expect(books.read().event.entries.filter((e) => e.reason === ledgerReason(ran.transfer))).toMatchObject([
      { account: "p1", credits: 1200, by: "u1" },
    ]);
  });

  it("a cash-out moves credits from the ledger back to the sheet", async () => {
    const { books, purse } = setup(100, 700);
    must(await runTransfer(books, purse, cashOut("x2", 650), as("u1"), 5));
    expect(purse.credits("actor-1")).toBe(750);
    expect(balance(books)).toBe(50);
  });

  it("the same id twice is one transfer: no credit moves twice", async () => {
    const { books, purse } = setup();
    must(await runTransfer(books, purse, buyIn("x1", 1000), as("u1"), 5));
    const again = must(await runTransfer(books, purse, buyIn("x1", 1000), as("u1"), 6));
    expect(again.transfer.status).toBe("applied");
    expect(purse.credits("actor-1")).toBe(4000);
    expect(balance(books)).toBe(1000);
    expect(refusalOf(await runTransfer(books, purse, buyIn("x1", 999), as("u1"), 7))?.code).toBe(E.transferIdReused);
  });

  it("buying in above what the sheet holds is refused, naming what it holds; nothing changes", async () => {
    const { books, purse } = setup(300);
    const before = books.read();
    const refused = refusalOf(await runTransfer(books, purse, buyIn("x1", 301), as("u1"), 5));
    expect(refused).toEqual({ code: E.sheetTooLow, params: { name: "Char 1", have: 300 } });
    expect(books.read()).toEqual(before);
    expect(purse.credits("actor-1")).toBe(300);
  });

  it("cashing out above what the ledger holds is refused; nothing changes", async () => {
    const { books, purse } = setup(0, 100);
    expect(refusalOf(await runTransfer(books, purse, cashOut("x1", 101), as("u1"), 5))).toEqual({
      code: E.ledgerTooLow,
      params: { name: "Char 1", have: 100 },
    });
    expect(balance(books)).toBe(100);
    expect(purse.credits("actor-1")).toBe(0);
  });

  it("a player cannot move another character's credits; the GM can", async () => {
    const { books, purse } = setup();
    expect(refusalOf(await runTransfer(books, purse, buyIn("x1", 10, pid(2)), as("u1"), 5))?.code).toBe(E.notYours);
    expect(refusalOf(await runTransfer(books, purse, cashOut("x2", 10, pid(2)), as("u1"), 5))?.code).toBe(E.notYours);
    expect(purse.credits("actor-2")).toBe(5000);
    must(await runTransfer(books, purse, buyIn("x3", 10, pid(2)), GM, 5));
    expect(purse.credits("actor-2")).toBe(4990);
  });

  it("refuses amounts that are not whole credits above 0, an unknown participant, and ids that are not a plain word", async () => {
    const { books, purse } = setup();
    for (const [i, credits] of [0, -5, 1.5, Number.NaN].entries())
      expect(refusalOf(await runTransfer(books, purse, buyIn(`x${i}`, credits), as("u1"), 5))?.code).toBe(E.badAmount);
    expect(refusalOf(await runTransfer(books, purse, buyIn("y", 5, "p9"), GM, 5))?.code).toBe(E.unknownParticipant);
    for (const id of ["", "two words", "x".repeat(65)])
      expect(refusalOf(await runTransfer(books, purse, buyIn(id, 5), as("u1"), 5))?.code).toBe(E.badTransferId);
  });

  it("no cash-out while the character's purse is at a table", async () => {
    let t = must(openCircuit(tournamentWith(2), "nova", GM)).tournament;
    for (const i of [1, 2]) t = must(signUp(t, "nova", pid(i), as(`u${i}`), i)).tournament;
    t = must(openRound(t, "nova", GM, new ScriptedRandom([9, 8]))).tournament;
    const books = new MemoryBooks({ tournament: t, event: eventWith(2, 500) });
    const purse = new MemoryPurse().set("actor-1", 0);
    expect(refusalOf(await runTransfer(books, purse, cashOut("x", 100), as("u1"), 5))?.code).toBe(E.atTable);
  });

  it("a sheet that refuses the write leaves the transfer pending for the GM; the next load finishes it", async () => {
    const { books, purse } = setup(1000, 0);
    const broken = new MemoryPurse(new Faults(0, "refuse")).set("actor-1", 1000);
    expect(refusalOf(await runTransfer(books, broken, buyIn("x1", 400), as("u1"), 5))?.code).toBe(E.purseRefused);
    expect(pendingTransfers(books.read().tournament).map((t) => t.id)).toEqual(["x1"]);
    const done = await completePending(books, purse, 6);
    expect(done).toEqual({ applied: ["x1"], cancelled: [], pending: [] });
    expect(purse.credits("actor-1")).toBe(600);
    expect(balance(books)).toBe(400);
    expect(ledgerTotal(books.read().event) + purse.total()).toBe(2000);
  });

  it("a pending buy-in the sheet can no longer pay is cancelled on load: nothing moved", async () => {
    const { books, purse } = setup(1000, 0);
    const locked = new MemoryPurse(new Faults(0, "refuse")).set("actor-1", 1000);
    await runTransfer(books, locked, buyIn("x1", 800), as("u1"), 5);
    purse.set("actor-1", 500); // spent elsewhere meanwhile
    expect(await completePending(books, purse, 6)).toEqual({ applied: [], cancelled: ["x1"], pending: [] });
    expect(purse.credits("actor-1")).toBe(500);
    expect(balance(books)).toBe(0);
  });

  it("the ledger entry is written once per transfer id, however often it is posted", () => {
    const transfer = {
      id: "x1",
      kind: "buy-in" as const,
      participant: pid(1),
      character: sheetOf(1),
      credits: 300,
      by: "u1",
      at: 1,
      status: "pending" as const,
    };
    const once = must(postLedger(eventWith(1, 0), transfer, "u1", 1)).event;
    const twice = must(postLedger(once, transfer, "u1", 2)).event;
    expect(twice).toBe(once);
    expect(own(twice.accounts, pid(1))?.credits).toBe(300);
  });
});
