/**
 * The wire schemas of the table-flow requests (`away`, `skip`, `undo`) and of a table spec's turn
 * clock; their types (./time-protocol.ts) are inferred from them.
 */
import * as v from "valibot";
import { Id, Int, Version, request } from "./wire-schema";

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
/** A player takes back their last move, made at `version - 1` (the version they see is `version`). */
export const UndoSchema = request({ type: v.literal("undo"), tableId: Id, version: Version });
