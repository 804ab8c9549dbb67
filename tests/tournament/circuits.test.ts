/**
 * The event's circuits, one per Sabacc variant, with the antes and limits the text gives each tier
 * (docs/rules/sabacc.md, "Tournament").
 */
import { describe, expect, it } from "vitest";
import {
  TournamentErrors as E,
  CIRCUIT_PRESETS,
  addParticipant,
  bindCharacter,
  newTournament,
  openCircuit,
} from "../../src/tournament";
import { refusalOf } from "../helpers/refusal";
import { GM, as, must, tournamentWith } from "./fixtures";

describe("circuits", () => {
  it("Electrum plays Super Simplified with the text's ante of 100 and no player signup limit", () => {
    const c = tournamentWith(0, ["electrum"]).circuits.electrum;
    expect(c).toMatchObject({ gameId: "sabacc-super-simplified", ante: 100, signUpLimit: null, seatLimit: 0 });
  });

  it("Aurodium plays Simplified with the ante of 250 and a sign-up limit, first come first served", () => {
    const c = tournamentWith(0, ["aurodium"]).circuits.aurodium;
    expect(c).toMatchObject({ gameId: "sabacc-simplified", ante: 250, seatLimit: 6, signUpLimit: 12 });
  });

  it("Nova plays True Sabacc with antes of 500 and 1,000 and is extremely limited: two to three players", () => {
    const c = tournamentWith(0, ["nova"]).circuits.nova;
    expect(c).toMatchObject({ gameId: "sabacc-true", ante: 500, sabaccAnte: 1000, seatLimit: 3, signUpLimit: 3 });
  });

  it("the GM changes a circuit's ante and limits when opening it; a player cannot open one", () => {
    const t = newTournament("t", "N", "e", 0);
    const opened = must(openCircuit(t, "aurodium", GM, { ante: 300, seatLimit: 4, signUpLimit: null }));
    expect(opened.tournament.circuits.aurodium).toMatchObject({ ante: 300, seatLimit: 4, signUpLimit: null });
    expect(refusalOf(openCircuit(t, "aurodium", as("u1")))?.code).toBe(E.gmOnly);
    expect(refusalOf(openCircuit(opened.tournament, "aurodium", GM))?.code).toBe(E.circuitOpen);
  });

  it("refuses a seat limit below 2, above the variant's widest table, or none where the variant needs one", () => {
    const t = newTournament("t", "N", "e", 0);
    expect(refusalOf(openCircuit(t, "nova", GM, { seatLimit: 1 }))?.code).toBe(E.badCircuit);
    expect(refusalOf(openCircuit(t, "nova", GM, { seatLimit: CIRCUIT_PRESETS.nova.maxSeats + 1 }))?.code).toBe(
      E.badCircuit,
    );
    expect(refusalOf(openCircuit(t, "aurodium", GM, { seatLimit: 0 }))?.code).toBe(E.badCircuit);
    expect(refusalOf(openCircuit(t, "electrum", GM, { ante: -1 }))?.code).toBe(E.badCircuit);
    expect(refusalOf(openCircuit(t, "electrum", GM, { signUpLimit: 0 }))?.code).toBe(E.badCircuit);
    expect(openCircuit(t, "electrum", GM, { seatLimit: 8 }).ok).toBe(true);
  });

  it("a player enters the event with their own character only; the GM enters anyone's", () => {
    const t = newTournament("t", "N", "e", 0);
    const other = { id: "p2", user: "u2", name: "Lando" };
    expect(refusalOf(addParticipant(t, other, as("u1")))?.code).toBe(E.notYours);
    const entered = must(addParticipant(t, other, GM)).tournament;
    expect(refusalOf(addParticipant(entered, other, GM))?.code).toBe(E.participantKnown);
    expect(refusalOf(bindCharacter(entered, "p2", { id: "a", name: "Lando" }, as("u1")))?.code).toBe(E.notYours);
    expect(refusalOf(addParticipant(t, { id: "__proto__", user: "u1", name: "X" }, as("u1")))).toBeNull();
  });
});
