/**
 * Opening a table (a GM's `create`): the table and the purses its seats take from the ledger, one
 * change; its bots act once it is stored.
 */
import { succeed } from "../../rules/core";
import { type Asked, type Books, type OpContext, type OpResult, ledgerChange } from "../context";
import { newTable } from "./new-table";

export function createTable(books: Books, request: Asked<"create">, ctx: OpContext): OpResult {
  const built = newTable(ctx, request.from, request.spec, books.ledger);
  if (!built.ok) return built;
  const { record, ledger } = built;
  // The table and the purses it took from the ledger are one change.
  return succeed({
    change: { tables: [record], ...ledgerChange(ledger, books.ledger) },
    reply: { ok: true, tableId: record.id, version: 0 },
    push: [{ record, since: 0 }],
    bots: { tableId: record.id },
  });
}
