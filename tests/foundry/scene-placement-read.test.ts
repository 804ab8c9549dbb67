/**
 * A scene's board placement read back from its flag (src/foundry/scene-placement.ts, valibot schema):
 * a flag is free-form, so anything unreadable is dropped and what is read is put within bounds.
 */
import { describe, expect, it } from "vitest";
import { MAX_BOARD_WIDTH, readPlacement, readPlacements } from "../../src/foundry/scene-placement";

const stored = { x: 10.4, y: 20, width: 500, rotation: -90, locked: true };

describe("reading a board placement from a scene flag", () => {
  it("reads a stored placement, rounded, with its rotation folded into [0, 360)", () => {
    expect(readPlacement("t1", stored)).toEqual({
      tableId: "t1",
      x: 10,
      y: 20,
      width: 500,
      rotation: 270,
      locked: true,
    });
  });

  it("reads anything but `locked: true` as unlocked, and clamps the width", () => {
    expect(readPlacement("t1", { ...stored, locked: "yes" })?.locked).toBe(false);
    expect(readPlacement("t1", { ...stored, locked: undefined })?.locked).toBe(false);
    expect(readPlacement("t1", { ...stored, width: 1e9 })?.width).toBe(MAX_BOARD_WIDTH);
  });

  it.each([
    ["a missing field", { x: 1, y: 2, width: 300 }],
    ["a number as text", { ...stored, x: "10" }],
    ["an infinite width", { ...stored, width: Infinity }],
    ["no object", "board"],
    ["null", null],
  ])("drops %s", (_what, value) => {
    expect(readPlacement("t1", value)).toBeNull();
  });

  it("drops a table id that is no flag key, and keys of other kinds", () => {
    expect(readPlacement("a.b", stored)).toBeNull();
    expect([...readPlacements({ "board-t1": stored, "board-x.y": stored, other: stored }).keys()]).toEqual(["t1"]);
  });
});
