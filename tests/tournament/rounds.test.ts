/**
 * Opening a round: "All players roll 1-100 … Results determine Play Order, highest to lowest", the
 * signed-up players dealt to as few balanced tables as the seat limit needs, bots only where asked.
 */
import { describe, expect, it } from "vitest";
import { ScriptedRandom, SeededRandom } from "../../src/rules/core";
import {
  TournamentErrors as E,
  type Tournament,
  openCircuit,
  openRound,
  recordMatch,
  seatedAt,
  signUp,
} from "../../src/tournament";
import { refusalOf } from "../helpers/refusal";
import { GM, as, must, pid, tournamentWith } from "./fixtures";

function signedUp(players: number, circuit: "electrum" | "aurodium" | "nova", settings = {}): Tournament {
  let t = must(openCircuit(tournamentWith(players), circuit, GM, { signUpLimit: null, ...settings })).tournament;
  for (let i = 1; i <= players; i++) t = must(signUp(t, circuit, pid(i), as(`u${i}`), i)).tournament;
  return t;
}

describe("opening a round", () => {
  it("everyone rolls 1d100 and is seated highest to lowest", () => {
    const t = signedUp(3, "electrum");
    const { round } = must(openRound(t, "electrum", GM, new ScriptedRandom([20, 90, 55])));
    expect(round.rolls).toEqual({ p1: [20], p2: [90], p3: [55] });
    expect(round.order).toEqual(["p2", "p3", "p1"]);
    expect(round.tables).toEqual([
      { id: "t1-electrum-r1-t1", seats: [{ participant: "p2" }, { participant: "p3" }, { participant: "p1" }] },
    ]);
  });

  it("tied rolls are rolled again among the tied only, as often as needed", () => {
    const t = signedUp(3, "electrum");
    // p1 and p3 tie at 70, tie again at 40, then p3 wins the roll-off; p2's 10 stays last.
    const { round } = must(openRound(t, "electrum", GM, new ScriptedRandom([70, 10, 70, 40, 40, 5, 60])));
    expect(round.rolls).toEqual({ p1: [70, 40, 5], p2: [10], p3: [70, 40, 60] });
    expect(round.order).toEqual(["p3", "p1", "p2"]);
  });

  it("as many tables as the seat limit needs, balanced (sizes differ by at most one), each in play order", () => {
    const t = signedUp(14, "aurodium");
    const { round } = must(openRound(t, "aurodium", GM, new SeededRandom(7)));
    const sizes = round.tables.map((table) => table.seats.length);
    expect(sizes).toEqual([5, 5, 4]);
    for (const table of round.tables) {
      const ranks = seatedAt(table).map((p) => round.order.indexOf(p));
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    }
    expect(new Set(round.tables.flatMap(seatedAt)).size).toBe(14);
  });

  it("Electrum has no seat limit: one table for everyone", () => {
    const { round } = must(openRound(signedUp(25, "electrum"), "electrum", GM, new SeededRandom(1)));
    expect(round.tables).toHaveLength(1);
    expect(round.tables[0]?.seats).toHaveLength(25);
  });

  it("no bots unless the GM asks; asked, each table is filled to the number given", () => {
    const t = signedUp(4, "nova");
    const plain = must(openRound(t, "nova", GM, new SeededRandom(3))).round;
    expect(plain.tables.flatMap((x) => x.seats).some((s) => "bot" in s)).toBe(false);
    const filled = must(openRound(t, "nova", GM, new SeededRandom(3), { fillTo: 3 })).round;
    expect(filled.tables.map((x) => x.seats.length)).toEqual([3, 3]);
    expect(filled.tables.flatMap((x) => x.seats).filter((s) => "bot" in s)).toHaveLength(2);
    expect(refusalOf(openRound(t, "nova", GM, new SeededRandom(3), { fillTo: 4 }))?.code).toBe(E.badBots);
    expect(refusalOf(openRound(t, "nova", GM, new SeededRandom(3), { fillTo: 1 }))?.code).toBe(E.badBots);
  });

  it("a lone player at a table without bots: the lowest roll sits the round out", () => {
    const t = signedUp(3, "nova", { seatLimit: 2 });
    const { round } = must(openRound(t, "nova", GM, new ScriptedRandom([50, 80, 10])));
    expect(round.tables).toHaveLength(1);
    expect(seatedAt(round.tables[0]!)).toEqual(["p2", "p1"]);
    expect(round.sittingOut).toEqual([{ participant: "p3", why: "odd" }]);
  });

  it("one player is refused without bots, and seated against a bot when the GM asks for one", () => {
    const t = signedUp(1, "aurodium");
    expect(refusalOf(openRound(t, "aurodium", GM, new ScriptedRandom([40])))?.code).toBe(E.tooFewPlayers);
    const { round } = must(openRound(t, "aurodium", GM, new ScriptedRandom([40]), { fillTo: 2 }));
    expect(round.tables[0]?.seats).toEqual([{ participant: "p1" }, { bot: "t1-aurodium-r1-t1-bot1" }]);
  });

  it("only the GM opens a round, and not while the circuit's last round is still being played", () => {
    const t = signedUp(2, "aurodium");
    expect(refusalOf(openRound(t, "aurodium", as("u1"), new SeededRandom(1)))?.code).toBe(E.gmOnly);
    const first = must(openRound(t, "aurodium", GM, new SeededRandom(1))).tournament;
    expect(refusalOf(openRound(first, "aurodium", GM, new SeededRandom(1)))?.code).toBe(E.roundOpen);
    const lines = ["p1", "p2"].map((participant) => ({ participant, creditDelta: 0, luckSpent: 0, won: false }));
    const done = must(recordMatch(first, "t1-aurodium-r1-t1", lines, GM)).tournament;
    expect(must(openRound(done, "aurodium", GM, new SeededRandom(1))).round.number).toBe(2);
  });

  it("nobody is seated twice: a player still at another circuit's table sits out as busy", () => {
    let t = signedUp(3, "electrum");
    t = must(openCircuit(t, "aurodium", GM)).tournament;
    for (const i of [1, 2]) t = must(signUp(t, "aurodium", pid(i), as(`u${i}`), 10 + i)).tournament;
    const first = must(openRound(t, "aurodium", GM, new ScriptedRandom([30, 20])));
    const second = must(openRound(first.tournament, "electrum", GM, new ScriptedRandom([44]), { fillTo: 2 }));
    expect(second.round.sittingOut).toEqual([
      { participant: "p1", why: "busy" },
      { participant: "p2", why: "busy" },
    ]);
    expect(second.round.tables[0]?.seats).toEqual([{ participant: "p3" }, { bot: "t1-electrum-r1-t1-bot1" }]);
    // Without bots nobody is left to play: refused, nothing changed.
    expect(refusalOf(openRound(first.tournament, "electrum", GM, new ScriptedRandom([44])))?.code).toBe(
      E.tooFewPlayers,
    );
  });

  it("who cannot pay the circuit's antes (the host gives balances) sits out as short", () => {
    const t = signedUp(3, "nova");
    const { round } = must(
      openRound(t, "nova", GM, new ScriptedRandom([60, 50]), { balances: { p1: 1500, p2: 1499, p3: 9000 } }),
    );
    expect(round.sittingOut).toEqual([{ participant: "p2", why: "short" }]);
    expect(round.order).toEqual(["p1", "p3"]);
  });
});
