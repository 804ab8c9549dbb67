/**
 * Standings from match results, per circuit and for the event: credits won, matches played and won,
 * and the Luck/Force points left of the 3 granted "for the entire event"; the final summary as data.
 */
import { describe, expect, it } from "vitest";
import { ScriptedRandom } from "../../src/rules/core";
import {
  TournamentErrors as E,
  type MatchLine,
  type Tournament,
  circuitStandings,
  eventStandings,
  finalSummary,
  openCircuit,
  openRound,
  recordMatch,
  signUp,
  standingsFor,
} from "../../src/tournament";
import { refusalOf } from "../helpers/refusal";
import { GM, as, must, pid, tournamentWith } from "./fixtures";

const line = (participant: string, creditDelta: number, luckSpent: number, won: boolean): MatchLine => ({
  participant,
  creditDelta,
  luckSpent,
  won,
});

/** Three players in Electrum and Aurodium, one round of each played out. */
function played(): Tournament {
  let t = tournamentWith(3);
  for (const c of ["electrum", "aurodium"] as const) {
    t = must(openCircuit(t, c, GM)).tournament;
    for (const i of [1, 2, 3]) t = must(signUp(t, c, pid(i), as(`u${i}`), i)).tournament;
  }
  t = must(openRound(t, "electrum", GM, new ScriptedRandom([30, 20, 10]))).tournament;
  t = must(
    recordMatch(
      t,
      "t1-electrum-r1-t1",
      [line("p1", 200, 1, true), line("p2", -100, 0, false), line("p3", -100, 1, false)],
      GM,
    ),
  ).tournament;
  t = must(openRound(t, "aurodium", GM, new ScriptedRandom([30, 20, 10]))).tournament;
  t = must(
    recordMatch(
      t,
      "t1-aurodium-r1-t1",
      [line("p1", -250, 1, false), line("p2", 500, 0, true), line("p3", -250, 0, false)],
      GM,
    ),
  ).tournament;
  return t;
}

describe("standings", () => {
  it("per circuit: credits won, matches played and won, best first", () => {
    const rows = must(circuitStandings(played(), "electrum")).rows;
    expect(rows.map((r) => [r.participant, r.creditsWon, r.played, r.won])).toEqual([
      ["p1", 200, 1, 1],
      ["p2", -100, 1, 0],
      ["p3", -100, 1, 0],
    ]);
  });

  it("for the event: every circuit added up", () => {
    const rows = eventStandings(played());
    expect(rows.map((r) => [r.participant, r.creditsWon, r.played, r.won])).toEqual([
      ["p2", 400, 2, 1],
      ["p1", -50, 2, 1],
      ["p3", -350, 2, 0],
    ]);
  });

  it("Luck/Force points are for the entire event: spent in any circuit, they are gone in every one", () => {
    const t = played();
    const luck = (rows: readonly { participant: string; luckLeft?: number }[]): Record<string, number | undefined> =>
      Object.fromEntries(rows.map((r) => [r.participant, r.luckLeft]));
    expect(luck(eventStandings(t))).toEqual({ p1: 1, p2: 3, p3: 2 });
    expect(luck(must(circuitStandings(t, "aurodium")).rows)).toEqual({ p1: 1, p2: 3, p3: 2 });
  });

  it("everyone sees the standings, but only their own Luck/Force points left (the GM sees all)", () => {
    const t = played();
    const rows = eventStandings(t);
    const mine = standingsFor(t, rows, as("u1"));
    expect(mine.find((r) => r.participant === "p1")?.luckLeft).toBe(1);
    expect(mine.filter((r) => r.participant !== "p1").every((r) => !("luckLeft" in r))).toBe(true);
    expect(mine.map((r) => r.creditsWon)).toEqual(rows.map((r) => r.creditsWon));
    expect(standingsFor(t, rows, GM)).toEqual(rows);
  });

  it("a table's result counts once; one naming others than the seated, or from a player, is refused", () => {
    const t = played();
    const again = must(
      recordMatch(
        t,
        "t1-electrum-r1-t1",
        [line("p1", 999, 0, true), line("p2", 0, 0, false), line("p3", 0, 0, false)],
        GM,
      ),
    );
    expect(again.tournament).toBe(t);
    let open = tournamentWith(2);
    open = must(openCircuit(open, "nova", GM)).tournament;
    for (const i of [1, 2]) open = must(signUp(open, "nova", pid(i), as(`u${i}`), i)).tournament;
    open = must(openRound(open, "nova", GM, new ScriptedRandom([2, 1]))).tournament;
    const table = "t1-nova-r1-t1";
    expect(refusalOf(recordMatch(open, table, [line("p1", 0, 0, true)], GM))?.code).toBe(E.badResult);
    expect(refusalOf(recordMatch(open, table, [line("p1", 0, 0, true), line("p9", 0, 0, false)], GM))?.code).toBe(
      E.badResult,
    );
    expect(refusalOf(recordMatch(open, table, [line("p1", 0.5, 0, true), line("p2", 0, 0, false)], GM))?.code).toBe(
      E.badResult,
    );
    expect(refusalOf(recordMatch(open, table, [line("p1", 0, 0, true), line("p2", 0, 0, false)], as("u1")))?.code).toBe(
      E.gmOnly,
    );
    expect(refusalOf(recordMatch(open, "nope", [], GM))?.code).toBe(E.unknownTable);
  });

  it("the final summary: each circuit in the text's order with its leaders, the event's champions", () => {
    const summary = finalSummary(played());
    expect(summary.name).toBe("A night at the Cantina");
    expect(summary.circuits.map((c) => [c.circuit, c.nameKey, c.rounds, c.matches, c.leaders])).toEqual([
      ["electrum", "CANTINA.Tournament.Circuit.Electrum", 1, 1, ["p1"]],
      ["aurodium", "CANTINA.Tournament.Circuit.Aurodium", 1, 1, ["p2"]],
    ]);
    expect(summary.champions).toEqual(["p2"]);
    expect(summary.event.every((r) => r.luckLeft !== undefined)).toBe(true);
    expect(finalSummary(tournamentWith(2)).champions).toEqual([]);
  });
});
