/**
 * A character's credits outside the event (Foundry: an actor's field; Roll20: an attribute; the page:
 * a stand-in). Each host implements it; a write sets the credits and marks the transfer in one change.
 */
import type { Result } from "../rules/core";
import type { CharacterRef } from "./types";

export interface PurseReading {
  readonly credits: number;
  /** The transfers already written to this sheet, by id. */
  readonly marks: readonly string[];
}

export interface CharacterPurse {
  /** The sheet's credits and marks now; refused when the sheet or its field is missing or not a number. */
  read(character: CharacterRef): Promise<Result<{ reading: PurseReading }>>;
  /**
   * Sets the credits and adds `mark` in one write: both land or neither does. Refused (nothing
   * written) when the host cannot write the sheet; it may also throw, as a crash would.
   */
  write(character: CharacterRef, credits: number, mark: string): Promise<Result<object>>;
}
