/**
 * A tournament character's credits in a Roll20 character's attribute (named by the GM, e.g. `credits`),
 * with the transfers written to it kept in a companion attribute set in the same synchronous run.
 */
import { type Result, refuse, succeed } from "../rules/core";
import { type CharacterPurse, type CharacterRef, type PurseReading, TournamentErrors } from "../tournament";
import type { AttributeProperties, Roll20Object } from "./sandbox";

export type { AttributeProperties } from "./sandbox";

/** An attribute object: `setWithWorker` also runs the sheet's workers (Roll20Attribute in `.types`). */
export interface Roll20Attribute extends Roll20Object<AttributeProperties> {
  setWithWorker?(properties: Partial<AttributeProperties>): void;
}

/** The sandbox calls the purse makes (`findObjs`, `createObj`, `getObj` as `.types/index.d.ts` has them). */
export interface AttributeSandbox {
  findObjs(
    attributes: { readonly _type: "attribute"; readonly _characterid: string; readonly name: string },
    options?: { readonly caseInsensitive?: boolean },
  ): Roll20Attribute[];
  /** The character is given as `characterid` (read back as `_characterid`), as Roll20's scripts create attributes. */
  createObj(
    type: "attribute",
    attributes: { readonly characterid: string; readonly name: string; readonly current: string },
  ): Roll20Attribute;
  getObj(type: "character", id: string): unknown;
}

/**
 * The companion attribute holding the transfers written to the sheet. One name whatever the credits
 * attribute is called, so a GM who renames the credits setting mid-event never hides a mark.
 */
export const TRANSFERS_ATTRIBUTE = "cantina_transfers";

/** A transfer written to a sheet: its id and what it changed the credits by (null: an older mark, id only). */
export interface SheetMark {
  readonly id: string;
  readonly delta: number | null;
}

/** The companion's text: `id:delta` (or a bare `id`) per transfer, separated by spaces. */
export function parseMarks(text: string): SheetMark[] {
  return text
    .split(" ")
    .filter((m) => m !== "")
    .map((m) => {
      const [id = "", delta] = m.split(":");
      return { id, delta: delta !== undefined && /^[+-]\d+$/.test(delta) ? Number(delta) : null };
    });
}

const markText = (mark: SheetMark): string =>
  mark.delta === null ? mark.id : `${mark.id}:${mark.delta < 0 ? "" : "+"}${mark.delta}`;

/** An attribute's value set, through the sheet's workers where Roll20 offers them. */
function setCurrent(attribute: Roll20Attribute, current: string): void {
  if (attribute.setWithWorker) attribute.setWithWorker({ current });
  else attribute.set({ current });
}

/** A set taken back after the run's next set threw, so credits never stay changed without their mark. */
function undoSet(attribute: Roll20Attribute, before: string): void {
  try {
    setCurrent(attribute, before);
  } catch {
    // Roll20 refusing this set too leaves the credits changed without their mark: nothing more can be done here.
  }
}

export class AttributePurse implements CharacterPurse {
  constructor(
    private readonly sandbox: AttributeSandbox,
    /** The credits attribute's name, as the GM typed it (Roll20 matches it ignoring case here). */
    private readonly attribute: string,
  ) {}

  private find(characterId: string, name: string): Roll20Attribute | undefined {
    // Sheets differ in case ("Credits", "credits"); two matches would make the field ambiguous.
    const found = this.sandbox.findObjs(
      { _type: "attribute", _characterid: characterId, name },
      { caseInsensitive: true },
    );
    return found.length === 1 ? found[0] : undefined;
  }

  /** The transfers written to this character's sheet, oldest first (none: an empty list). */
  marks(characterId: string): SheetMark[] {
    return parseMarks(String(this.find(characterId, TRANSFERS_ATTRIBUTE)?.get("current") ?? ""));
  }

  private reading(characterId: string): { credits: Roll20Attribute; reading: PurseReading } | null {
    if (!this.sandbox.getObj("character", characterId)) return null;
    const credits = this.find(characterId, this.attribute);
    const text = String(credits?.get("current") ?? "").trim();
    if (!credits || !/^-?\d+$/.test(text) || !Number.isSafeInteger(Number(text))) return null;
    return { credits, reading: { credits: Number(text), marks: this.marks(characterId).map((m) => m.id) } };
  }

  async read(character: CharacterRef): Promise<Result<{ reading: PurseReading }>> {
    const found = this.reading(character.id);
    return found
      ? succeed({ reading: found.reading })
      : refuse(TournamentErrors.purseUnreadable, { name: character.name });
  }

  /**
   * Roll20 sets one object at a time: the companion is made first (a creation can be refused, and
   * then nothing has changed), then credits and marks are set back to back in one synchronous run.
   * A set that throws undoes the credits' set before the refusal, so a sheet never keeps new credits
   * without their mark (which would have them written again).
   */
  async write(character: CharacterRef, credits: number, mark: string): Promise<Result<object>> {
    const found = this.reading(character.id);
    if (!found) return refuse(TournamentErrors.purseUnreadable, { name: character.name });
    if (found.reading.marks.includes(mark)) return succeed({});
    let companion = this.find(character.id, TRANSFERS_ATTRIBUTE);
    try {
      companion ??= this.sandbox.createObj("attribute", {
        characterid: character.id,
        name: TRANSFERS_ATTRIBUTE,
        current: "",
      });
    } catch {
      return refuse(TournamentErrors.purseRefused, { name: character.name });
    }
    const before = String(found.credits.get("current"));
    const marks = [...this.marks(character.id), { id: mark, delta: credits - found.reading.credits }];
    let creditsSet = false;
    try {
      setCurrent(found.credits, String(credits));
      creditsSet = true;
      setCurrent(companion, marks.map(markText).join(" "));
    } catch {
      if (creditsSet) undoSet(found.credits, before);
      return refuse(TournamentErrors.purseRefused, { name: character.name });
    }
    return succeed({});
  }

  /**
   * Takes transfers back off the sheet (their change undone, their marks removed) in one run, for
   * transfers the books no longer hold. Refused, nothing changed, when the sheet cannot be read or set.
   */
  undo(character: CharacterRef, marks: readonly SheetMark[]): Result<object> {
    const found = this.reading(character.id);
    const companion = this.find(character.id, TRANSFERS_ATTRIBUTE);
    if (!found || !companion) return refuse(TournamentErrors.purseUnreadable, { name: character.name });
    const gone = new Set(marks.map((m) => m.id));
    const change = marks.reduce((sum, m) => sum + (m.delta ?? 0), 0);
    const kept = this.marks(character.id).filter((m) => !gone.has(m.id));
    const before = String(found.credits.get("current"));
    let creditsSet = false;
    try {
      setCurrent(found.credits, String(found.reading.credits - change));
      creditsSet = true;
      setCurrent(companion, kept.map(markText).join(" "));
    } catch {
      if (creditsSet) undoSet(found.credits, before);
      return refuse(TournamentErrors.purseRefused, { name: character.name });
    }
    return succeed({});
  }
}
