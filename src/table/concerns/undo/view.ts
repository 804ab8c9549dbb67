/** What viewers are told of take-backs: the table allows them (its summary), and this user may take back now. */
import type { SummaryFields, TableViewer, UpdateFields } from "../contract";
import type { TableRecord } from "../../store";
import { mayUndo } from "./may-undo";

export const undoSummary = (_ctx: unknown, record: TableRecord): SummaryFields =>
  record.undo ? { undo: true as const } : {};

export const undoUpdate = ({ record, game, user, seat }: TableViewer): UpdateFields =>
  seat && mayUndo(record, game, user).ok ? { canUndo: true as const } : {};
