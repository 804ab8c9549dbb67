/**
 * The Roll20 purse over a character attribute the GM names (e.g. `credits`): its text value read as
 * whole credits, written with the transfer's mark in a companion attribute, refused with nothing
 * changed when the sheet cannot be read or the companion cannot be made.
 */
import { describe, expect, it } from "vitest";
import { AttributePurse, TRANSFERS_ATTRIBUTE, parseMarks } from "../../src/roll20/character-purse";
import { TournamentErrors as E, runTransfer } from "../../src/tournament";
import { refusalOf } from "../helpers/refusal";
import { MemoryBooks, as, eventWith, must, pid, sheetOf, tournamentWith } from "./fixtures";
import { StandInAttributes, purseInRuns } from "./roll20-attributes";

const sheet = (current: string, name = "credits"): StandInAttributes =>
  new StandInAttributes().add("actor-1", name, current);

describe("the Roll20 character purse", () => {
  it("a buy-in takes credits from the named attribute and marks the transfer beside it; sheet workers run", async () => {
    const sandbox = sheet("1500", "Credits");
    const books = new MemoryBooks({ tournament: tournamentWith(1), event: eventWith(1, 0) });
    must(
      await runTransfer(
        books,
        purseInRuns(sandbox, "credits"),
        { id: "x1", kind: "buy-in", participant: pid(1), credits: 600 },
        as("u1"),
        1,
      ),
    );
    expect(sandbox.current("actor-1", "Credits")).toBe("900");
    expect(sandbox.current("actor-1", TRANSFERS_ATTRIBUTE)).toBe("x1:-600");
    expect(sandbox.workerRuns).toBe(2); // the credits and the marks, each through setWithWorker
  });

  it("reads whole credits from the attribute's text; anything else, a missing attribute or character is refused", async () => {
    expect(must(await new AttributePurse(sheet(" 250 "), "credits").read(sheetOf(1))).reading.credits).toBe(250);
    for (const bad of ["", "12.5", "lots", "1e3"])
      expect(refusalOf(await new AttributePurse(sheet(bad), "credits").read(sheetOf(1)))?.code).toBe(E.purseUnreadable);
    expect(refusalOf(await new AttributePurse(sheet("5"), "gold").read(sheetOf(1)))?.code).toBe(E.purseUnreadable);
    expect(refusalOf(await new AttributePurse(sheet("5"), "credits").read({ id: "gone", name: "Gone" }))?.code).toBe(
      E.purseUnreadable,
    );
  });

  it("two attributes matching the name (ignoring case) make the field ambiguous: refused", async () => {
    const sandbox = sheet("5", "credits").add("actor-1", "CREDITS", "7");
    expect(refusalOf(await new AttributePurse(sandbox, "credits").read(sheetOf(1)))?.code).toBe(E.purseUnreadable);
  });

  it("a companion attribute Roll20 will not create refuses the write before the credits change", async () => {
    const sandbox = sheet("1500");
    sandbox.refuseCreate = true;
    expect(refusalOf(await purseInRuns(sandbox, "credits").write(sheetOf(1), 900, "x1"))?.code).toBe(E.purseRefused);
    expect(sandbox.current("actor-1", "credits")).toBe("1500");
  });

  it("a transfer already marked is not written again", async () => {
    const sandbox = sheet("1500");
    const purse = purseInRuns(sandbox, "credits");
    must(await purse.write(sheetOf(1), 900, "x1"));
    must(await purse.write(sheetOf(1), 300, "x1"));
    must(await purse.write(sheetOf(1), 1000, "x2"));
    expect(sandbox.current("actor-1", "credits")).toBe("1000");
    expect(sandbox.current("actor-1", TRANSFERS_ATTRIBUTE)).toBe("x1:-600 x2:+100");
  });

  it("each mark keeps what the transfer changed the credits by; a bare id (an older mark) reads as a mark without it", () => {
    expect(parseMarks("x1:-600 old x2:+100 bad:12")).toEqual([
      { id: "x1", delta: -600 },
      { id: "old", delta: null },
      { id: "x2", delta: 100 },
      { id: "bad", delta: null },
    ]);
  });

  it("the marks live in one companion whatever the credits attribute is called: renaming the setting hides no mark", async () => {
    const sandbox = sheet("1500").add("actor-1", "gold", "80");
    must(await purseInRuns(sandbox, "credits").write(sheetOf(1), 900, "x1"));
    const renamed = must(await new AttributePurse(sandbox, "gold").read(sheetOf(1)));
    expect(renamed.reading).toEqual({ credits: 80, marks: ["x1"] });
  });

  it("a mark Roll20 refuses to set undoes the credits' set in the same run: refused, the sheet as it was", async () => {
    const sandbox = sheet("1500");
    sandbox.add("actor-1", TRANSFERS_ATTRIBUTE, "");
    sandbox.throwOnSet.add(TRANSFERS_ATTRIBUTE);
    expect(refusalOf(await purseInRuns(sandbox, "credits").write(sheetOf(1), 900, "x1"))?.code).toBe(E.purseRefused);
    expect(sandbox.current("actor-1", "credits")).toBe("1500");
    expect(must(await new AttributePurse(sandbox, "credits").read(sheetOf(1))).reading).toEqual({
      credits: 1500,
      marks: [],
    });
  });
});
