/** The compendium pack packs/cantina-boards holds the shipped boards, as data a table accepts. */
import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BOARDS, checkBoard } from "../../../src/rules/ulwan";

describe("boards compendium pack", () => {
  it("holds each shipped board in flags['cantina-games'].board, identical to the rules' data", () => {
    const files = readdirSync("packs/cantina-boards")
      .filter((f) => f.endsWith(".json") && f !== "hununga.json")
      .sort();
    expect(files).toEqual(["finkel.json", "seven-ulwan.json", "ulwan.json"]);
    for (const file of files) {
      const entry = JSON.parse(readFileSync(`packs/cantina-boards/${file}`, "utf8")) as {
        _id: string;
        _key: string;
        flags: { "cantina-games": { boardId: string; board: unknown } };
        pages: { text: { content: string } }[];
      };
      const { boardId, board } = entry.flags["cantina-games"];
      expect(board).toEqual(BOARDS[boardId]);
      expect(checkBoard(board).ok).toBe(true);
      expect(entry._id).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(entry._key).toBe(`!journal!${entry._id}`);
      expect(entry.pages[0]?.text.content).toContain("<pre>");
    }
  });
});
