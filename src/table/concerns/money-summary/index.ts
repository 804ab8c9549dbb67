/** The money summary: the move that settles a match tells chat its money (after the pools have settled). */
import type { TableConcern } from "../contract";
import { moneySummary } from "./after-move";

export const moneySummaryConcern: TableConcern = { name: "money-summary", afterMove: moneySummary };
