/** The compendium pack packs/cantina-boards holds Hununga's board, identical to the rules' data, and Ulwan ignores it. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BOARDS, checkHunungaBoard } from "../../../src/rules/hununga";
import { checkBoard } from "../../../src/rules/ulwan";
// @ts-expect-error -- a plain .mjs build script without types
import { hunungaEntry } from "../../../scripts/hununga-board-pack.mjs";

describe("Hununga's board in the compendium pack", () => {
  const entry = JSON.parse(readFileSync("packs/cantina-boards/hununga.json", "utf8")) as {
    _id: string;
    _key: string;
    flags: { "cantina-games": { boardId: string; game: string; board: unknown } };
    pages: { text: { content: string } }[];
  };

  it("holds the shipped board in flags['cantina-games'].board, as the script writes it", () => {
    const { boardId, game, board } = entry.flags["cantina-games"];
    expect(boardId).toBe("hununga");
    expect(game).toBe("hununga");
    expect(board).toEqual(BOARDS.hununga);
    expect(checkHunungaBoard(board).ok).toBe(true);
    expect(entry).toEqual(hunungaEntry());
    expect(entry._id).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(entry._key).toBe(`!journal!${entry._id}`);
    expect(entry.pages[0]?.text.content).toContain("<pre>");
  });

  it("is no Ulwan board (the Ulwan launcher filters it out)", () => {
    expect(checkBoard(entry.flags["cantina-games"].board).ok).toBe(false);
  });
});
