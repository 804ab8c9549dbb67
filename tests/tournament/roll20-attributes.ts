/**
 * A stand-in for the Roll20 sandbox calls the attribute purse makes, after `.types/index.d.ts`
 * (Roll20/roll20-api-scripts): `getObj` answers null for an unknown id; `findObjs` matches properties
 * exactly, or names ignoring case with `caseInsensitive`; attribute values are text; `createObj` may
 * throw at the script. What it assumes of Roll20 (docs/rules/sabacc.md, "Tournament"): the sets of one run are
 * saved together when the run ends (`endRun`), or lost together when the sandbox dies first.
 */
import {
  type AttributeProperties,
  type AttributeSandbox,
  type Roll20Attribute,
  AttributePurse,
} from "../../src/roll20/character-purse";
import type { Result } from "../../src/rules/core";
import type { CharacterPurse } from "../../src/tournament";
import { Faults } from "./fixtures";

type Values = { -readonly [K in keyof AttributeProperties]: AttributeProperties[K] };

export class StandInAttributes implements AttributeSandbox {
  readonly characters = new Set<string>();
  private saved = new Map<string, Values>();
  private run = new Map<string, Values>();
  private next = 1;
  faults = new Faults();
  refuseCreate = false;
  /** Sets of attributes with these names throw at the script (Roll20 refusing a write), changing nothing. */
  readonly throwOnSet = new Set<string>();
  workerRuns = 0;

  /** An attribute as a GM made it on the sheet (saved at once). */
  add(characterId: string, name: string, current: string): this {
    this.characters.add(characterId);
    const id = `a${this.next++}`;
    this.saved.set(id, { _id: id, _type: "attribute", _characterid: characterId, name, current, max: "" });
    return this;
  }

  private view(): Map<string, Values> {
    return new Map([...this.saved, ...this.run]);
  }

  private object(id: string): Roll20Attribute {
    const change = (properties: Partial<AttributeProperties>): void => {
      const now = this.view().get(id);
      if (now && this.throwOnSet.has(now.name)) throw new Error("Roll20: the attribute could not be set");
      if (now) this.run.set(id, { ...now, ...properties });
    };
    return {
      id,
      get: (property) => (this.view().get(id) as Values)[property],
      set: (properties) => change(properties),
      setWithWorker: (properties) => {
        this.workerRuns++;
        change(properties);
      },
      remove: () => undefined,
    };
  }

  findObjs(
    attributes: { readonly _type: "attribute"; readonly _characterid: string; readonly name: string },
    options?: { readonly caseInsensitive?: boolean },
  ): Roll20Attribute[] {
    const same = (a: string, b: string): boolean =>
      options?.caseInsensitive ? a.toLowerCase() === b.toLowerCase() : a === b;
    return [...this.view().values()]
      .filter((v) => v._characterid === attributes._characterid && same(v.name, attributes.name))
      .map((v) => this.object(v._id));
  }

  createObj(
    _type: "attribute",
    attributes: { readonly characterid: string; readonly name: string; readonly current: string },
  ): Roll20Attribute {
    if (this.refuseCreate) throw new Error("Unable to create attribute");
    // Roll20 takes the character as `characterid` and keeps it as `_characterid`.
    if (!this.characters.has(attributes.characterid)) throw new Error("Roll20: no such character");
    const id = `a${this.next++}`;
    const { characterid, name, current } = attributes;
    this.run.set(id, { _id: id, _type: "attribute", max: "", _characterid: characterid, name, current });
    return this.object(id);
  }

  getObj(_type: "character", id: string): unknown {
    return this.characters.has(id) ? { id } : null;
  }

  /** The run ends: its sets are saved together (a crash before drops them all, after keeps them all). */
  endRun(): Result<object> {
    const run = this.run;
    this.run = new Map();
    return this.faults.write(() => {
      for (const [id, values] of run) this.saved.set(id, values);
    });
  }

  current(characterId: string, name: string): string | undefined {
    return [...this.saved.values()].find((v) => v._characterid === characterId && v.name === name)?.current;
  }
}

/** The attribute purse with each write one run of the sandbox (saved as the run ends). */
export function purseInRuns(sandbox: StandInAttributes, attribute: string): CharacterPurse {
  const purse = new AttributePurse(sandbox, attribute);
  return {
    read: (character) => purse.read(character),
    write: async (character, credits, mark) => {
      const written = await purse.write(character, credits, mark);
      // A faulted run that was not saved reads as a refused write (a crash throws instead).
      const saved = sandbox.endRun();
      return saved.ok ? written : saved;
    },
  };
}
