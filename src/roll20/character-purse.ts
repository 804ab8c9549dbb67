/**
 * A tournament character's credits in a Roll20 character's attribute (named by the GM, e.g. `credits`),
 * with the transfers written to it kept in a companion attribute set in the same synchronous run.
 */
import { type Result, refuse, succeed } from "../rules/core";
import { type CharacterPurse, type CharacterRef, type PurseReading, TournamentErrors } from "../tournament";
import type { Roll20Object } from "./sandbox";

/** An attribute as Roll20's `.types/index.d.ts` declares it (AttributeProperties): values are text. */
export interface AttributeProperties {
  readonly _id: string;
  readonly _type: "attribute";
  readonly _characterid: string;
  readonly name: string;
  readonly current: string;
  readonly max: string;
}

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
  createObj(
    type: "attribute",
    attributes: { readonly _characterid: string; readonly name: string; readonly current: string },
  ): Roll20Attribute;
  getObj(type: "character", id: string): unknown;
}

/** The companion attribute's name: the credits attribute's, then this. */
export const TRANSFERS_SUFFIX = "_cantina_transfers";

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

  private reading(characterId: string): { credits: Roll20Attribute; reading: PurseReading } | null {
    if (!this.sandbox.getObj("character", characterId)) return null;
    const credits = this.find(characterId, this.attribute);
    const text = String(credits?.get("current") ?? "").trim();
    if (!credits || !/^-?\d+$/.test(text) || !Number.isSafeInteger(Number(text))) return null;
    const marks = String(this.find(characterId, this.attribute + TRANSFERS_SUFFIX)?.get("current") ?? "");
    return { credits, reading: { credits: Number(text), marks: marks.split(" ").filter((m) => m !== "") } };
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
   */
  async write(character: CharacterRef, credits: number, mark: string): Promise<Result<object>> {
    const found = this.reading(character.id);
    if (!found) return refuse(TournamentErrors.purseUnreadable, { name: character.name });
    if (found.reading.marks.includes(mark)) return succeed({});
    const name = this.attribute + TRANSFERS_SUFFIX;
    let companion = this.find(character.id, name);
    try {
      companion ??= this.sandbox.createObj("attribute", { _characterid: character.id, name, current: "" });
    } catch {
      return refuse(TournamentErrors.purseRefused, { name: character.name });
    }
    const set = (attribute: Roll20Attribute, current: string): void =>
      attribute.setWithWorker ? attribute.setWithWorker({ current }) : void attribute.set({ current });
    set(found.credits, String(credits));
    set(companion, [...found.reading.marks, mark].join(" "));
    return succeed({});
  }
}
