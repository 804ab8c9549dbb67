/**
 * Runs a transfer across the two stores it touches: the books (tournament and ledger, written at once)
 * and the character's sheet. Every step can be run again, so a host finishes on load what a crash left.
 */
import { type Result, refuse, succeed } from "../rules/core";
import { TournamentErrors as E } from "./errors";
import type { CharacterPurse } from "./purse";
import { own } from "./records";
import { type TransferBooks, type TransferRequest, closeTransfer, openTransfer, pendingTransfers } from "./transfers";
import type { Asker, Transfer } from "./types";

/** Where the host keeps the books; a write stores the tournament and the ledger together or not at all. */
export interface BooksStore {
  read(): TransferBooks;
  write(books: TransferBooks): Promise<Result<object>>;
}

type Ran = Result<{ transfer: Transfer }>;

async function save(store: BooksStore, books: TransferBooks): Promise<Result<object>> {
  const written = await store.write(books);
  return written.ok ? written : refuse(E.booksRefused);
}

async function close(store: BooksStore, transfer: Transfer, status: "applied" | "cancelled", at: number): Promise<Ran> {
  const closed = closeTransfer(store.read(), transfer, status, at);
  if (!closed.ok) return closed;
  const saved = await save(store, closed.books);
  if (!saved.ok) return saved;
  return succeed({ transfer: { ...transfer, status } });
}

/**
 * One pending transfer taken as far as it goes. Buy-in: the sheet pays (unless its mark shows it
 * did), then the ledger's entry and "applied" in one write. Cash-out: the ledger paid when it opened;
 * the sheet is credited (unless marked), then "applied". A buy-in the sheet can no longer pay is cancelled.
 */
export async function advanceTransfer(store: BooksStore, purse: CharacterPurse, id: string, at: number): Promise<Ran> {
  const transfer = own(store.read().tournament.transfers, id);
  if (!transfer) return refuse(E.unknownTransfer);
  if (transfer.status !== "pending") return succeed({ transfer });
  const read = await purse.read(transfer.character);
  if (!read.ok) return refuse(E.purseUnreadable, { name: transfer.character.name });
  const { reading } = read;
  if (!reading.marks.includes(transfer.id)) {
    const buying = transfer.kind === "buy-in";
    if (buying && reading.credits < transfer.credits) {
      const cancelled = await close(store, transfer, "cancelled", at);
      if (!cancelled.ok) return cancelled;
      return refuse(E.sheetTooLow, { name: transfer.character.name, have: reading.credits });
    }
    const credits = reading.credits + (buying ? -transfer.credits : transfer.credits);
    const written = await purse.write(transfer.character, credits, transfer.id);
    if (!written.ok) return refuse(E.purseRefused, { name: transfer.character.name });
  }
  return close(store, transfer, "applied", at);
}

/**
 * A buy-in or cash-out from a request: refused with nothing changed when the asker may not move
 * these credits, or the sheet (buy-in) or the ledger (cash-out) holds too little; else run to the end.
 */
export async function runTransfer(
  store: BooksStore,
  purse: CharacterPurse,
  request: TransferRequest,
  asker: Asker,
  at: number,
): Promise<Ran> {
  const opened = openTransfer(store.read(), request, asker, at);
  if (!opened.ok) return opened;
  const { transfer } = opened;
  if (!opened.fresh) return advanceTransfer(store, purse, transfer.id, at);
  if (transfer.kind === "buy-in") {
    const read = await purse.read(transfer.character);
    if (!read.ok) return refuse(E.purseUnreadable, { name: transfer.character.name });
    if (read.reading.credits < transfer.credits)
      return refuse(E.sheetTooLow, { name: transfer.character.name, have: read.reading.credits });
  }
  const saved = await save(store, opened.books);
  if (!saved.ok) return saved;
  return advanceTransfer(store, purse, transfer.id, at);
}

/** What a host's load does: every pending transfer advanced; those that still cannot finish stay for the GM. */
export async function completePending(
  store: BooksStore,
  purse: CharacterPurse,
  at: number,
): Promise<{ readonly applied: string[]; readonly cancelled: string[]; readonly pending: string[] }> {
  const out = { applied: [] as string[], cancelled: [] as string[], pending: [] as string[] };
  for (const t of pendingTransfers(store.read().tournament)) {
    await advanceTransfer(store, purse, t.id, at);
    const status = own(store.read().tournament.transfers, t.id)?.status ?? "pending";
    out[status === "applied" ? "applied" : status === "cancelled" ? "cancelled" : "pending"].push(t.id);
  }
  return out;
}
