/**
 * The tournament's requests through a real TableHost (issue 37): each request's rule, the GM's
 * requests refused to players, and every refusal leaving the books as they were (nothing stored).
 */
import { describe, expect, it } from "vitest";
import { TournamentErrors as E } from "../../src/tournament";
import { Errors } from "../../src/table/protocol";
import {
  balance,
  ok,
  openTournament,
  refusedUnchanged,
  signUpAll,
  storedTournament,
  tournamentWorld,
  viewOf,
} from "./tournament-host";

describe("tournament-create and tournament-circuit", () => {
  it("the GM opens a tournament in an event with its circuits at the text's presets, changed where asked", async () => {
    const w = await tournamentWorld();
    const created = ok(
      await w.clients.gm!.tournament({
        type: "tournament-create",
        eventId: w.eventId,
        name: "  Sabacc Open ",
        circuits: [{ circuit: "electrum" }, { circuit: "aurodium", settings: { signUpLimit: 2, ante: 300 } }],
      }),
    );
    const t = storedTournament(w.host, created.tournamentId ?? "");
    expect(t).toMatchObject({ name: "Sabacc Open", eventId: w.eventId });
    expect(t.circuits.electrum).toMatchObject({ ante: 100, seatLimit: 0, signUpLimit: null });
    expect(t.circuits.aurodium).toMatchObject({ ante: 300, seatLimit: 6, signUpLimit: 2 });
    ok(await w.clients.gm!.tournament({ type: "tournament-circuit", tournamentId: t.id, circuit: "nova" }));
    expect(storedTournament(w.host, t.id).circuits.nova).toMatchObject({ ante: 500, sabaccAnte: 1000, seatLimit: 3 });
  });

  it("refuses a player, an unknown event, a circuit opened twice and a seat limit past the variant's, storing nothing", async () => {
    const w = await tournamentWorld();
    const create = { type: "tournament-create", eventId: w.eventId, name: "Open" } as const;
    await refusedUnchanged(w, "ana", { ...create, circuits: [{ circuit: "electrum" }] }, Errors.gmOnly);
    await refusedUnchanged(
      w,
      "gm",
      { ...create, eventId: "nope", circuits: [{ circuit: "nova" }] },
      Errors.unknownEvent,
    );
    await refusedUnchanged(w, "gm", { ...create, circuits: [{ circuit: "nova" }, { circuit: "nova" }] }, E.circuitOpen);
    await refusedUnchanged(
      w,
      "gm",
      { ...create, circuits: [{ circuit: "nova", settings: { seatLimit: 7 } }] },
      E.badCircuit,
    );
    const id = await openTournament(w, ["nova"], []);
    await refusedUnchanged(w, "gm", { type: "tournament-circuit", tournamentId: id, circuit: "nova" }, E.circuitOpen);
    await refusedUnchanged(
      w,
      "ana",
      { type: "tournament-circuit", tournamentId: id, circuit: "electrum" },
      Errors.gmOnly,
    );
    await refusedUnchanged(
      w,
      "gm",
      { type: "tournament-circuit", tournamentId: "nope", circuit: "electrum" },
      E.unknownTournament,
    );
  });
});

describe("tournament-enter", () => {
  it("a player enters a character the host says they may play: named after it, bound as its sheet, an account with no credits", async () => {
    const w = await tournamentWorld();
    const id = await openTournament(w, ["electrum"], ["ana"]);
    const participant = storedTournament(w.host, id).participants["ch-ana"];
    expect(participant).toEqual({
      id: "ch-ana",
      user: "ana",
      name: "Ana Solo",
      character: { id: "ch-ana", name: "Ana Solo" },
    });
    // Credits come by buy-in; the event's 3 Luck/Force points come with the account.
    expect(balance(w, "ch-ana")).toBe(0);
    expect(viewOf(w, "ana", id).mayPlay).toEqual([{ id: "ch-ana", name: "Ana Solo" }]);
  });

  it("refuses another player's character, a player entering for someone else, a character entered twice", async () => {
    const w = await tournamentWorld();
    const id = await openTournament(w, ["electrum"], ["ana"]);
    const enter = { type: "tournament-enter", tournamentId: id } as const;
    await refusedUnchanged(w, "ana", { ...enter, character: "ch-ben" }, E.notPlayable);
    await refusedUnchanged(w, "ana", { ...enter, character: "ch-ben", user: "ben" }, E.notYours);
    await refusedUnchanged(w, "ana", { ...enter, character: "ch-ana" }, E.participantKnown);
    await refusedUnchanged(w, "gm", { ...enter, character: "ch-ana", user: "ben" }, E.notPlayable);
  });

  it("the GM enters a character for its player", async () => {
    const w = await tournamentWorld();
    const id = await openTournament(w, ["electrum"], []);
    ok(
      await w.clients.gm!.tournament({ type: "tournament-enter", tournamentId: id, character: "ch-ben", user: "ben" }),
    );
    expect(storedTournament(w.host, id).participants["ch-ben"]).toMatchObject({ user: "ben", name: "Ben Kenobi" });
    expect(viewOf(w, "gm", id).playable).toContainEqual({
      user: "ben",
      characters: [{ id: "ch-ben", name: "Ben Kenobi" }],
    });
  });

  it("is refused with a clear error on a host without a characters service", async () => {
    const w = await tournamentWorld({ characters: undefined });
    const id = await openTournament(w, ["electrum"], []);
    await refusedUnchanged(
      w,
      "ana",
      { type: "tournament-enter", tournamentId: id, character: "ch-ana" },
      E.noCharacters,
    );
  });
});

describe("sign-ups", () => {
  it("first come first served up to the limit, then the waiting list; a withdrawal promotes the first waiting", async () => {
    const w = await tournamentWorld();
    const id = await openTournament(w, ["nova"]);
    await signUpAll(w, id, "nova", ["ben", "ana", "dee", "cy"]);
    expect(storedTournament(w.host, id).circuits.nova).toMatchObject({
      signedUp: ["ch-ben", "ch-ana", "ch-dee"],
      waiting: ["ch-cy"],
    });
    ok(
      await w.clients.ana!.tournament({
        type: "tournament-sign-up",
        tournamentId: id,
        circuit: "nova",
        participant: "ch-ana",
        sign: false,
      }),
    );
    expect(storedTournament(w.host, id).circuits.nova).toMatchObject({
      signedUp: ["ch-ben", "ch-dee", "ch-cy"],
      waiting: [],
    });
  });

  it("refuses signing up another's character, twice, for a circuit not open, or once the GM closed sign-ups", async () => {
    const w = await tournamentWorld();
    const id = await openTournament(w, ["electrum"]);
    const sign = { type: "tournament-sign-up", tournamentId: id, circuit: "electrum", sign: true } as const;
    await refusedUnchanged(w, "ana", { ...sign, participant: "ch-ben" }, E.notYours);
    await signUpAll(w, id, "electrum", ["ana"]);
    await refusedUnchanged(w, "ana", { ...sign, participant: "ch-ana" }, E.alreadySignedUp);
    await refusedUnchanged(w, "ana", { ...sign, circuit: "nova", participant: "ch-ana" }, E.unknownCircuit);
    await refusedUnchanged(
      w,
      "ben",
      { type: "tournament-sign-ups", tournamentId: id, circuit: "electrum", open: false },
      Errors.gmOnly,
    );
    ok(
      await w.clients.gm!.tournament({
        type: "tournament-sign-ups",
        tournamentId: id,
        circuit: "electrum",
        open: false,
      }),
    );
    await refusedUnchanged(w, "ben", { ...sign, participant: "ch-ben" }, E.signUpsClosed);
  });

  it("the GM adds past the limit and removes, each with a reason kept in the audit; without one, refused", async () => {
    const w = await tournamentWorld();
    const id = await openTournament(w, ["nova"]);
    await signUpAll(w, id, "nova", ["ana", "ben", "cy"]);
    const manage = { type: "tournament-manage", tournamentId: id, circuit: "nova" } as const;
    await refusedUnchanged(
      w,
      "gm",
      { ...manage, action: "add", participant: "ch-dee", reason: "  " },
      E.reasonRequired,
    );
    await refusedUnchanged(
      w,
      "ana",
      { ...manage, action: "add", participant: "ch-dee", reason: "please" },
      Errors.gmOnly,
    );
    ok(
      await w.clients.gm!.tournament({
        ...manage,
        action: "add",
        participant: "ch-dee",
        reason: "Champion of last year",
      }),
    );
    ok(
      await w.clients.gm!.tournament({ ...manage, action: "remove", participant: "ch-ben", reason: "Caught cheating" }),
    );
    const t = storedTournament(w.host, id);
    expect(t.circuits.nova).toMatchObject({ signedUp: ["ch-ana", "ch-cy", "ch-dee"], waiting: [] });
    expect(t.audit.filter((a) => a.reason)).toEqual([
      expect.objectContaining({ kind: "added", participant: "ch-dee", by: "gm", reason: "Champion of last year" }),
      expect.objectContaining({ kind: "removed", participant: "ch-ben", by: "gm", reason: "Caught cheating" }),
    ]);
  });
});
