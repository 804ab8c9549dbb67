/** The wire schema of `undo` (valibot); ../requests.ts joins it into the one request schema. */
import * as v from "valibot";
import { Id, Version, request } from "../../wire-schema";

/** A player takes back their last move, made at `version - 1` (the version they see is `version`). */
export const UndoSchema = request({ type: v.literal("undo"), tableId: Id, version: Version });

export const undoRequests = [UndoSchema] as const;

export type UndoRequest = v.InferOutput<typeof UndoSchema>;
