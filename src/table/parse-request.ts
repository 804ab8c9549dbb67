/**
 * The wire schema of every request a client sends (valibot; `ClientRequest` is inferred from it): the
 * core's requests here, each table concern's from its folder's `request.ts` through ./concerns/requests.ts;
 * ids no object inherits, numbers and names within bounds. A game checks the move inside.
 */
import * as v from "valibot";
import { TurnClockSchema } from "./concerns/clock/request";
import { CONCERN_REQUESTS } from "./concerns/requests";
import { Id, Int, Name, Reason, Version, request } from "./wire-schema";

export { isId, plainText } from "./wire-schema";

const SeatSpecSchema = v.pipe(
  v.object({
    name: v.pipe(v.string(), v.maxLength(100)),
    kind: v.picklist(["person", "bot"]),
    userId: v.nullable(Id),
    account: v.optional(Id),
    botLevel: v.optional(Id),
    /** A bot's stake from the house (absent: the event's starting credits). */
    stake: v.optional(Version),
  }),
  v.readonly(),
);

export const TableSpecSchema = v.pipe(
  v.object({
    gameId: Id,
    /** The event to play in; absent: the newest event (one is opened if there is none). */
    eventId: v.optional(Id),
    seats: v.pipe(v.array(SeatSpecSchema), v.readonly()),
    /** The game's options, checked by its option schema when the table is made. */
    options: v.optional(v.unknown()),
    /** Spectator betting at this table (games with markets): the match winner's percent of each pool. */
    betting: v.optional(v.pipe(v.object({ winnerShare: Int }), v.readonly())),
    /** A turn clock (a GM option at creation; absent: no turn clock). */
    turnClock: v.optional(TurnClockSchema),
    /** Players may take back their last move (a GM option at creation; absent: no). */
    undo: v.optional(v.boolean()),
    /**
     * Invited players sit down themselves: the table waits in its lobby until each has (or the GM
     * starts it), and takes the purses only then (concerns/seat-lobby). A person seat whose `userId`
     * is null is open to anyone.
     */
    sitDown: v.optional(v.boolean()),
  }),
  v.readonly(),
);

/**
 * Every request but a sync carries `requestId`, chosen by the client: the host answers a repeat
 * (a request sent again after a lost reply) with its first answer and applies nothing again.
 */
export const ClientRequestSchema = v.pipe(
  v.variant("type", [
    /** `seat` is optional: it only picks among the seats the caller holds, and is checked against them. */
    request({ type: v.literal("intent"), tableId: Id, version: Version, seat: v.optional(Id), move: v.unknown() }),
    /** Every table and the ledger whole; with `tableId`, that one table whole (a delta that could not be applied). */
    request({ type: v.literal("sync"), tableId: v.optional(Id) }),
    request({ type: v.literal("create"), spec: TableSpecSchema }),
    request({ type: v.literal("end"), tableId: Id }),
    /** Deals again at a new table with the same seats and options (an unfinished match is called off as by `end`). */
    request({ type: v.literal("rematch"), tableId: Id }),
    /**
     * A page of a finished table's replay, as the asking user may see it (seated players and GMs
     * only): up to `count` steps from step `from` (absent: from the setup, `REPLAY_PAGE_MAX_STEPS`).
     */
    request({
      type: v.literal("replay"),
      tableId: Id,
      from: v.optional(Version),
      count: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(1))),
    }),
    /** Pauses (`paused: true`) or resumes a table. */
    request({ type: v.literal("pause"), tableId: Id, paused: v.boolean() }),
    /** Hands a player's seat to a bot (`bot: true`) or gives it back to its absent player (`bot: false`). */
    request({ type: v.literal("seat-bot"), tableId: Id, seat: Id, bot: v.boolean() }),
    /** Takes a player off their seat for good: a bot plays it to the end of the match. */
    request({ type: v.literal("remove-player"), tableId: Id, seat: Id }),
    request({ type: v.literal("event-create"), name: Name, startingCredits: Version }),
    request({ type: v.literal("event-join"), eventId: Id, account: Id, name: Name }),
    /** An empty reason is well-formed; the host refuses it with its own message. */
    request({
      type: v.literal("ledger-adjust"),
      eventId: Id,
      account: Id,
      credits: Int,
      luck: Int,
      reason: Reason,
    }),
    ...CONCERN_REQUESTS,
  ]),
  v.readonly(),
);

/** Checks the envelope of a request (null: malformed); the move inside is checked by its game. */
export function parseRequest(raw: unknown): v.InferOutput<typeof ClientRequestSchema> | null {
  const parsed = v.safeParse(ClientRequestSchema, raw, { abortEarly: true });
  return parsed.success ? parsed.output : null;
}
