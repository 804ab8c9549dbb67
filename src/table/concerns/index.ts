/**
 * The registry of table concerns, one line each, in the order their hooks run (each hook once per
 * concern): a step after a move sees the steps before it; summary and update fields follow this order.
 */
import type { TableConcern } from "./contract";
import { undoConcern } from "./undo";

export const CONCERNS: readonly TableConcern[] = [undoConcern];
