/** Take-backs (issue 27): the `undo` request, and what each viewer is told of them. */
import type { TableConcern } from "../contract";
import { undo } from "./undo-op";
import { undoSummary, undoUpdate } from "./view";

export const undoConcern: TableConcern = {
  name: "undo",
  operations: { undo: { run: undo } },
  summary: undoSummary,
  update: undoUpdate,
};
