/** The wire schema of `watch` (valibot); ../requests.ts joins it into the one request schema. */
import * as v from "valibot";
import { Id, request } from "../../wire-schema";

/** `watch`: a user says they opened (`watching: true`) or closed a table's window. */
export const WatchSchema = request({ type: v.literal("watch"), tableId: Id, watching: v.boolean() });

export const watchersRequests = [WatchSchema] as const;

export type WatchRequest = v.InferOutput<typeof WatchSchema>;
