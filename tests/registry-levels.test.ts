/** Every game with bots names its strongest level in its descriptor, and it is one of its levels. */
import { describe, expect, it } from "vitest";
import { descriptors, strongestLevels } from "../src/games";

describe("the registry's strongest bot levels", () => {
  for (const d of Object.values(descriptors))
    it(`${d.id}: names a strongest level among its bots`, () => {
      expect(Object.keys(d.bots)).toContain(d.strongestLevel);
      expect(strongestLevels[d.id]).toBe(d.strongestLevel);
    });
});
