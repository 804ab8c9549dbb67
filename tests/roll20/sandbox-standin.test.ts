/**
 * The sandbox stand-in is as unkind as Roll20 where the puzzle pages rely on it: `createObj` makes no
 * page (Roll20 lists the types a script may create), and `playerspecificpages` is read as a copy and
 * takes a new map only over `false`, as Roll20's own page scripts work around.
 */
import { describe, expect, it } from "vitest";
import { FakeRoll20 } from "./sandbox";

function sandboxGlobals(): Record<string, (...args: unknown[]) => unknown> {
  const r20 = new FakeRoll20([]);
  r20.start();
  const names = ["createObj", "Campaign"];
  return Object.fromEntries(names.map((n) => [n, r20.global(n) as (...args: unknown[]) => unknown]));
}

describe("the Roll20 sandbox stand-in", () => {
  it("refuses a script's createObj of a page", () => {
    const g = sandboxGlobals();
    expect(() => g.createObj?.("page", { name: "Mine" })).toThrow(/cannot create a page/);
  });

  it("takes a new playerspecificpages only over false, and reads it as a copy", () => {
    const g = sandboxGlobals();
    const campaign = g.Campaign?.() as { get(k: string): unknown; set(c: Record<string, unknown>): unknown };
    campaign.set({ playerspecificpages: { a: "p1" } });
    expect(campaign.get("playerspecificpages")).toEqual({ a: "p1" });
    (campaign.get("playerspecificpages") as Record<string, string>).a = "p9";
    expect(campaign.get("playerspecificpages")).toEqual({ a: "p1" });
    campaign.set({ playerspecificpages: { a: "p2" } });
    expect(campaign.get("playerspecificpages")).toEqual({ a: "p1" });
    campaign.set({ playerspecificpages: false });
    campaign.set({ playerspecificpages: { a: "p2" } });
    expect(campaign.get("playerspecificpages")).toEqual({ a: "p2" });
  });
});
