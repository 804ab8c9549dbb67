/** The wire schema of `side-bet` (valibot); ../requests.ts joins it into the one request schema. */
import * as v from "valibot";
import { Id, Int, request } from "../../wire-schema";

/** A spectator's bet on one of a table's pools (only users holding no seat at that table). */
export const SideBetSchema = request({ type: v.literal("side-bet"), tableId: Id, pool: Id, outcome: Id, amount: Int });

export const bettingRequests = [SideBetSchema] as const;

export type SideBetRequest = v.InferOutput<typeof SideBetSchema>;
