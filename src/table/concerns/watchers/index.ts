/**
 * Who is watching a table: the host keeps who said so (`watch`, not stored: `watchers.ts` here) and every
 * summary lists those who may see the table.
 */
import type { TableConcern } from "../contract";
import { watchersFields } from "./view";

export const watchersConcern: TableConcern = { name: "watchers", summary: watchersFields };
