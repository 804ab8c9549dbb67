/**
 * The page's stand-in characters: one per user, credits on a "sheet" in the GM tab's localStorage (a reload
 * keeps them), and its `CharacterPurse`: credits and the transfer's mark in one `setItem`, or a refusal.
 */
import { type Result, refuse, succeed } from "../rules/core";
import type { CharacterPurse, PurseReading } from "../tournament/purse";
import { TournamentErrors } from "../tournament/errors";
import type { CharacterRef } from "../tournament/types";

/** A stand-in's key: beside the tables' and the ledger's, which the store's load passes over. */
const KEY_PREFIX = "cantina-games:stand-in:";

/** What a new stand-in holds on its sheet until the GM sets it. */
export const STAND_IN_CREDITS = 1000;

/** The most credits a GM may set on a stand-in's sheet (a typo of many digits is caught). */
export const MAX_STAND_IN_CREDITS = 1_000_000_000;

export interface StandIn {
  /** Its id is also its account in a tournament's event (see the tournament's `Participant`). */
  readonly id: string;
  readonly user: string;
  readonly name: string;
  readonly credits: number;
  /** The transfers written to this sheet, by id: never pruned, so an old one is never written twice. */
  readonly marks: readonly string[];
}

/** The stand-in of `user`: one per user, its id read from the user's. */
export const standInId = (user: string): string => `stand-in-${user}`;

/** The part of the Web Storage API the sheets use (a test passes one that refuses writes). */
export type SheetStorage = Pick<Storage, "getItem" | "setItem" | "length" | "key">;

const isWhole = (n: unknown): n is number => typeof n === "number" && Number.isSafeInteger(n) && n >= 0;

/** A stored stand-in, or null when the value is missing or not a stand-in (a sheet unreadable). */
function parse(raw: string | null): StandIn | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { id, user, name, credits, marks } = value as Record<string, unknown>;
  if (typeof id !== "string" || typeof user !== "string" || typeof name !== "string" || !isWhole(credits)) return null;
  if (!Array.isArray(marks) || !marks.every((m): m is string => typeof m === "string")) return null;
  return { id, user, name, credits, marks };
}

export class StandInSheets implements CharacterPurse {
  /**
   * `defaultName` names a user's stand-in when it is first made (in the host's language; the GM may
   * not rename it, the name is the character's).
   */
  constructor(
    private readonly storage: SheetStorage,
    private readonly defaultName: (user: string) => string,
  ) {}

  /** The stand-in stored under `id`, or null (none, or unreadable). */
  get(id: string): StandIn | null {
    return parse(this.storage.getItem(KEY_PREFIX + id));
  }

  /** Every stand-in stored, by user. */
  all(): StandIn[] {
    const out: StandIn[] = [];
    for (let i = 0; i < this.storage.length; i++) {
      const key = this.storage.key(i);
      const standIn = key?.startsWith(KEY_PREFIX) ? parse(this.storage.getItem(key)) : null;
      if (standIn) out.push(standIn);
    }
    return out.sort((a, b) => (a.user < b.user ? -1 : a.user > b.user ? 1 : 0));
  }

  /**
   * The characters `user` may play (the table host's characters service): their stand-in, made with
   * the default credits the first time it is asked for. None when it cannot be stored.
   */
  characters(user: string): readonly CharacterRef[] {
    const id = standInId(user);
    const known = this.get(id);
    if (known) return [{ id, name: known.name }];
    const made: StandIn = { id, user, name: this.defaultName(user), credits: STAND_IN_CREDITS, marks: [] };
    return this.put(made) ? [{ id, name: made.name }] : [];
  }

  /** The GM sets a stand-in's credits (the page's character sheet): refused, nothing changed, when out of range. */
  setCredits(id: string, credits: number): Result<{ standIn: StandIn }> {
    const standIn = this.get(id);
    if (!standIn) return refuse(TournamentErrors.purseUnreadable, { name: id });
    if (!isWhole(credits) || credits > MAX_STAND_IN_CREDITS)
      return refuse(StandInErrors.badCredits, { max: MAX_STAND_IN_CREDITS });
    const changed = { ...standIn, credits };
    return this.put(changed) ? succeed({ standIn: changed }) : refuse(StandInErrors.notStored, { name: standIn.name });
  }

  async read(character: CharacterRef): Promise<Result<{ reading: PurseReading }>> {
    const standIn = this.get(character.id);
    if (!standIn) return refuse(TournamentErrors.purseUnreadable, { name: character.name });
    return succeed({ reading: { credits: standIn.credits, marks: standIn.marks } });
  }

  async write(character: CharacterRef, credits: number, mark: string): Promise<Result<object>> {
    const standIn = this.get(character.id);
    if (!standIn || !isWhole(credits)) return refuse(TournamentErrors.purseRefused, { name: character.name });
    const marks = standIn.marks.includes(mark) ? standIn.marks : [...standIn.marks, mark];
    return this.put({ ...standIn, credits, marks })
      ? succeed({})
      : refuse(TournamentErrors.purseRefused, { name: character.name });
  }

  /** One `setItem`: the whole sheet or nothing (a quota exceeded throws before anything is stored). */
  private put(standIn: StandIn): boolean {
    try {
      this.storage.setItem(KEY_PREFIX + standIn.id, JSON.stringify(standIn));
      return true;
    } catch {
      return false;
    }
  }
}

/** The stand-in form's refusals (CANTINA.Tournament.UI.StandIn.Error.*). */
export const StandInErrors = {
  badCredits: "CANTINA.Tournament.UI.StandIn.Error.BadCredits",
  notStored: "CANTINA.Tournament.UI.StandIn.Error.NotStored",
} as const;
