/**
 * The page's stand-in characters (src/standalone/characters.ts): one per user, kept in the storage a
 * reload reads again, and the page's CharacterPurse: credits and the transfer's mark written together
 * or not at all, a refused write changing nothing.
 */
import { describe, expect, it } from "vitest";
import { STAND_IN_CREDITS, StandInSheets, standInId } from "../../src/standalone/characters";
import { TournamentErrors } from "../../src/tournament/errors";

/** localStorage as the page has it; `full` makes every write throw as a quota exceeded does. */
class PageStorage implements Storage {
  readonly map = new Map<string, string>();
  full = false;
  get length(): number {
    return this.map.size;
  }
  clear(): void {
    this.map.clear();
  }
  getItem(key: string): string | null {
    return this.map.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.map.delete(key);
  }
  setItem(key: string, value: string): void {
    if (this.full) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    this.map.set(key, value);
  }
}

const named = (user: string): string => `${user}'s character`;

describe("the page's stand-in characters", () => {
  it("gives each user one stand-in with the default credits, and a reload reads the same one", async () => {
    const storage = new PageStorage();
    const sheets = new StandInSheets(storage, named);
    expect(sheets.characters("player1")).toEqual([{ id: standInId("player1"), name: "player1's character" }]);
    expect(sheets.characters("player1")).toHaveLength(1);
    const reloaded = new StandInSheets(storage, (u) => `other name for ${u}`);
    expect(reloaded.characters("player1")).toEqual([{ id: standInId("player1"), name: "player1's character" }]);
    const read = await reloaded.read({ id: standInId("player1"), name: "x" });
    expect(read).toEqual({ ok: true, reading: { credits: STAND_IN_CREDITS, marks: [] } });
    expect(reloaded.all().map((s) => s.user)).toEqual(["player1"]);
  });

  it("writes the credits and the transfer's mark in one change, and a second write of the mark adds none", async () => {
    const sheets = new StandInSheets(new PageStorage(), named);
    const [ref] = sheets.characters("player2");
    if (!ref) throw new Error("no stand-in");
    expect(await sheets.write(ref, 700, "t-1")).toEqual({ ok: true });
    expect(await sheets.write(ref, 700, "t-1")).toEqual({ ok: true });
    expect(await sheets.read(ref)).toEqual({ ok: true, reading: { credits: 700, marks: ["t-1"] } });
  });

  it("refuses a write the storage cannot take, with credits and marks as they were", async () => {
    const storage = new PageStorage();
    const sheets = new StandInSheets(storage, named);
    const [ref] = sheets.characters("player3");
    if (!ref) throw new Error("no stand-in");
    storage.full = true;
    const written = await sheets.write(ref, 10, "t-2");
    expect(written).toEqual({ ok: false, error: { code: TournamentErrors.purseRefused, params: { name: ref.name } } });
    storage.full = false;
    expect(await sheets.read(ref)).toEqual({ ok: true, reading: { credits: STAND_IN_CREDITS, marks: [] } });
  });

  it("refuses to read or write a sheet that is not stored or not a stand-in", async () => {
    const storage = new PageStorage();
    const sheets = new StandInSheets(storage, named);
    const ghost = { id: standInId("nobody"), name: "Ghost" };
    expect((await sheets.read(ghost)).ok).toBe(false);
    expect((await sheets.write(ghost, 5, "t-3")).ok).toBe(false);
    expect(storage.map.size).toBe(0);
    storage.setItem(`cantina-games:stand-in:${ghost.id}`, '{"id":"x","credits":"lots"}');
    expect(await sheets.read(ghost)).toEqual({
      ok: false,
      error: { code: TournamentErrors.purseUnreadable, params: { name: "Ghost" } },
    });
  });

  it("lets the GM set a stand-in's credits to a whole number, refusing anything else with nothing changed", async () => {
    const sheets = new StandInSheets(new PageStorage(), named);
    const [ref] = sheets.characters("player4");
    if (!ref) throw new Error("no stand-in");
    expect(sheets.setCredits(ref.id, 2500).ok).toBe(true);
    for (const bad of [-1, 1.5, Number.NaN, 2_000_000_000]) expect(sheets.setCredits(ref.id, bad).ok).toBe(false);
    expect(await sheets.read(ref)).toEqual({ ok: true, reading: { credits: 2500, marks: [] } });
  });

  it("makes no stand-in it cannot store (the characters service then offers none)", () => {
    const storage = new PageStorage();
    storage.full = true;
    expect(new StandInSheets(storage, named).characters("player5")).toEqual([]);
  });
});
