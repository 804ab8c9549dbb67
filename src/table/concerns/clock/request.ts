/**
 * The clock's wire schemas (valibot): `away`, `skip` and a table spec's turn clock; their types are
 * inferred from them. ../requests.ts joins the requests into the one request schema.
 */
import * as v from "valibot";
import { Id, Int, request } from "../../wire-schema";

/** A turn clock's shape (its bounds are the host's check, with a message naming them). */
export const TurnClockSchema = v.pipe(
  v.strictObject({
    /** Seconds a person to act has for their move; when they run out the player is marked away and the turn skipped. */
    turnSeconds: Int,
    /** Seconds a player may stay marked away before a bot takes their seat (kept for them); 0: never. */
    botAfterSeconds: Int,
  }),
  v.readonly(),
);

/** `away`: marks a person seat away (`away: true`) or back; a GM for any seat, a player for their own. */
export const AwaySchema = request({ type: v.literal("away"), tableId: Id, seat: Id, away: v.boolean() });
/** `skip`: a GM skips the turn of a seat marked away (the table's bot plays that one move for it). */
export const SkipSchema = request({ type: v.literal("skip"), tableId: Id, seat: Id });

export const clockRequests = [AwaySchema, SkipSchema] as const;

/** A table's turn clock, chosen by the GM when the table is created. */
export type TurnClockOptions = v.InferOutput<typeof TurnClockSchema>;
/** `away` (a seat marked away or back) and `skip` (a GM skips an away seat's turn). */
export type TimeRequest = v.InferOutput<(typeof clockRequests)[number]>;
