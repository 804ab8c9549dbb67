/** A seat of a table as the host assigns it: who plays it, a person or a bot, and the account it plays on. */
import type { SeatId } from "../rules/core";

/** A user as the transport names them (protocol.ts's UserId). */
type UserId = string;

export interface SeatAssignment {
  readonly seat: SeatId;
  readonly name: string;
  readonly kind: "person" | "bot";
  /** The user who plays a person seat (the GM may hold one too); null for bots. */
  readonly userId: UserId | null;
  /** The event ledger account the seat's credits and Luck/Force points come from. */
  readonly account: string;
  readonly botLevel?: string;
  /** A bot holds this seat for an absent player, who can be given it back (`seat-player`). */
  readonly awayUserId?: UserId;
  /**
   * The match ended while a bot of this level held the seat for its away player, who has it back:
   * the end is theirs to see, and their window says a bot played their last moves.
   */
  readonly finishedBy?: string;
  /**
   * A bot playing from the house's purse: the credits the house staked it with (the seat's
   * `account` is then the house's). Absent: the seat plays from its own account.
   */
  readonly stake?: number;
}
