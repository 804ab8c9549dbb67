/** The wire schema of `seat-user` (valibot); ../requests.ts joins it into the one request schema. */
import * as v from "valibot";
import { Id, request } from "../../wire-schema";

/** Gives a seat to another user mid-game (its account and purse stay). */
export const SeatUserSchema = request({ type: v.literal("seat-user"), tableId: Id, seat: Id, userId: Id });

export const handOverRequests = [SeatUserSchema] as const;

export type SeatUserRequest = v.InferOutput<typeof SeatUserSchema>;
