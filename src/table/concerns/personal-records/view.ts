/** What a viewer is told of personal records: their own, at a game that sets them (no one else's). */
import type { TableViewer, UpdateFields } from "../contract";
import { own } from "../../ledger";

export const recordsUpdate = ({ books, game, user }: TableViewer): UpdateFields =>
  game.personalRecord ? { records: (books.ledger.records && own(books.ledger.records, user)) ?? {} } : {};
