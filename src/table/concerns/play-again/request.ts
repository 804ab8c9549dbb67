/** The wire schema of `play-again` (valibot); ../requests.ts joins it into the one request schema. */
import * as v from "valibot";
import { Id, Version, request } from "../../wire-schema";

/** A seated player's vote to play a finished table again, at its last version. */
export const PlayAgainSchema = request({ type: v.literal("play-again"), tableId: Id, version: Version });

export const playAgainRequests = [PlayAgainSchema] as const;

export type PlayAgainRequest = v.InferOutput<typeof PlayAgainSchema>;
