/**
 * Issue 33, Defiance and Domain's key points read quietly: the legend shows a key point as the board
 * draws it (a small dot, not a double ring) and names the stronger mark of a key point the Rebels control.
 */
import { describe, expect, it } from "vitest";
import { apps } from "../../src/games";
import { startMatch, updateFor } from "../helpers/unequal-match";

const legendOf = () =>
  apps["defiance-and-domain"]!.context(updateFor("defiance-and-domain", startMatch("defiance-and-domain"), "s0"))
    .legend as { svg: string; key: string }[];

describe("Defiance and Domain: the legend's key points match the board's", () => {
  it("draws a key point as a single filled dot, as the board does (no ring)", () => {
    const key = legendOf().find((l) => l.key === "CANTINA.Unequal.Defiance.KeyPoint")!;
    expect(key.svg).toMatch(/<circle r="[\d.]+"\/>/);
    expect(key.svg).not.toContain("evenodd");
  });

  it("names a key point the Rebels control, drawn ringed as on the board", () => {
    const held = legendOf().find((l) => l.key === "CANTINA.Unequal.Defiance.Controlled");
    expect(held).toBeDefined();
    expect(held!.svg).toContain("evenodd");
    expect(held!.svg).toMatch(/<circle r="[\d.]+"\/>/);
  });
});
