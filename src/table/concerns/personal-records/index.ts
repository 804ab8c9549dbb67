/** Personal records: the move that ends a game keeps a record its player sets, and each player sees their own. */
import type { TableConcern } from "../contract";
import { personalRecords } from "./after-move";
import { recordsUpdate } from "./view";

export const personalRecordsConcern: TableConcern = {
  name: "personal-records",
  afterMove: personalRecords,
  update: recordsUpdate,
};
