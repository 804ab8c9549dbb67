/**
 * The tournament's wire schemas (valibot; issue 37): ../requests.ts joins them into the one request
 * schema. The wire checks shapes only; ranges and rights are the domain's (src/tournament), refused
 * there with its localized errors.
 */
import * as v from "valibot";
import { CIRCUIT_IDS } from "../../../tournament/types";
import { Id, Int, Name, Reason, Version, request } from "../../wire-schema";

export const CircuitSchema = v.picklist(CIRCUIT_IDS);

/** What the GM may change of a circuit's presets (src/tournament/circuits.ts CIRCUIT_PRESETS); absent: the preset. */
export const CircuitSettingsSchema = v.pipe(
  v.object({
    ante: v.optional(Version),
    /** Nova only: the Sabacc Pot's ante. */
    sabaccAnte: v.optional(Version),
    /** Seats per table; 0: no limit (Electrum only). */
    seatLimit: v.optional(Version),
    /** Sign-ups past it wait; null: no limit. */
    signUpLimit: v.optional(v.nullable(Version)),
  }),
  v.readonly(),
);

const CircuitOpening = v.pipe(
  v.object({ circuit: CircuitSchema, settings: v.optional(CircuitSettingsSchema) }),
  v.readonly(),
);

/** `tournament-create` (GM): a tournament in an event, with its first circuits. Reply: `tournamentId`. */
export const TournamentCreateSchema = request({
  type: v.literal("tournament-create"),
  eventId: Id,
  name: Name,
  circuits: v.pipe(v.array(CircuitOpening), v.minLength(1), v.maxLength(CIRCUIT_IDS.length), v.readonly()),
});

/** `tournament-circuit` (GM): one more circuit opened. */
export const TournamentCircuitSchema = request({
  type: v.literal("tournament-circuit"),
  tournamentId: Id,
  circuit: CircuitSchema,
  settings: v.optional(CircuitSettingsSchema),
});

/**
 * `tournament-enter`: a character the host says the user may play enters the tournament (its id is
 * its ledger account in the event; the participant takes its name and binds it as its sheet).
 * `user`: the GM enters it for that player (a player may only enter for themselves).
 */
export const TournamentEnterSchema = request({
  type: v.literal("tournament-enter"),
  tournamentId: Id,
  character: Id,
  user: v.optional(Id),
});

/** `tournament-sign-up`: a participant signs up for a circuit (`sign: false`: withdraws). */
export const TournamentSignUpSchema = request({
  type: v.literal("tournament-sign-up"),
  tournamentId: Id,
  circuit: CircuitSchema,
  participant: Id,
  sign: v.boolean(),
});

/** `tournament-manage` (GM): adds someone past the limit or removes them, with a reason kept in the audit. */
export const TournamentManageSchema = request({
  type: v.literal("tournament-manage"),
  tournamentId: Id,
  circuit: CircuitSchema,
  action: v.picklist(["add", "remove"]),
  participant: Id,
  reason: Reason,
});

/** `tournament-sign-ups` (GM): closes (`open: false`) or reopens a circuit's sign-ups. */
export const TournamentSignUpsSchema = request({
  type: v.literal("tournament-sign-ups"),
  tournamentId: Id,
  circuit: CircuitSchema,
  open: v.boolean(),
});

/** `tournament-round` (GM): the circuit's next round, its tables opened at once. Reply: `tableIds`. */
export const TournamentRoundSchema = request({
  type: v.literal("tournament-round"),
  tournamentId: Id,
  circuit: CircuitSchema,
  /** Bots fill each table up to this many seats; absent: no bots. */
  fillTo: v.optional(Int),
});

/**
 * `tournament-transfer`: credits from the character's sheet into the event (`buy-in`) or back
 * (`cash-out`). `transferId` is the client's, so a retry after a lost answer is the same transfer.
 */
export const TournamentTransferSchema = request({
  type: v.literal("tournament-transfer"),
  tournamentId: Id,
  transferId: Id,
  kind: v.picklist(["buy-in", "cash-out"]),
  participant: Id,
  credits: Int,
});

export const tournamentRequests = [
  TournamentCreateSchema,
  TournamentCircuitSchema,
  TournamentEnterSchema,
  TournamentSignUpSchema,
  TournamentManageSchema,
  TournamentSignUpsSchema,
  TournamentRoundSchema,
  TournamentTransferSchema,
] as const;

export type TournamentRequest = v.InferOutput<(typeof tournamentRequests)[number]>;
export type CircuitSettingsInput = v.InferOutput<typeof CircuitSettingsSchema>;
