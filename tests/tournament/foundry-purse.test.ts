/**
 * The Foundry purse over an actor: the credits field by system preset or a path the GM types, read and
 * written with the transfer's mark in one Actor#update, refused (never a silent success) when Foundry
 * skips or rejects the update. The stand-in actor is modelled on the v13 client (./foundry-actor.ts).
 */
import { describe, expect, it } from "vitest";
import { ActorPurse, CREDIT_PATH_PRESETS, creditPath } from "../../src/foundry/character-purse";
import { TournamentErrors as E, completePending, pendingTransfers, runTransfer } from "../../src/tournament";
import { refusalOf } from "../helpers/refusal";
import { Faults, MemoryBooks, as, eventWith, must, pid, sheetOf, tournamentWith } from "./fixtures";
import { StandInActor } from "./foundry-actor";

const CREDITS = "system.stats.credits.value";

function actorWith(credits: unknown, scopes?: readonly string[]): StandInActor {
  return new StandInActor("actor-1", { stats: { credits: { value: credits } } }, () => new Faults(), scopes);
}
const purseOver = (actor: StandInActor, path = CREDITS): ActorPurse =>
  new ActorPurse((id) => (id === actor.id ? actor : undefined), path);
const creditsOf = (actor: StandInActor): unknown =>
  (actor.system as { stats: { credits: { value: unknown } } }).stats.credits.value;

describe("the Foundry character purse", () => {
  it("starwarsffg characters keep system.stats.credits.value; other systems' presets name their currency", () => {
    expect(must(creditPath("starwarsffg")).path).toBe("system.stats.credits.value");
    expect(must(creditPath("dnd5e")).path).toBe("system.currency.gp");
    expect(Object.keys(CREDIT_PATH_PRESETS)).toEqual(["starwarsffg", "dnd5e", "sw5e"]);
  });

  it("the GM's typed path wins over the preset; one outside system, or none for an unknown system, is refused", () => {
    expect(must(creditPath("starwarsffg", "system.wallet.credits")).path).toBe("system.wallet.credits");
    expect(refusalOf(creditPath("starwarsffg", "flags.x.credits"))?.code).toBe(E.badCreditPath);
    expect(refusalOf(creditPath("starwarsffg", "system.__proto__.x"))?.code).toBe(E.badCreditPath);
    expect(refusalOf(creditPath("starwarsffg", "system..x"))?.code).toBe(E.badCreditPath);
    expect(refusalOf(creditPath("some-system"))?.code).toBe(E.badCreditPath);
  });

  it("a buy-in takes the credits from the actor's field and marks the transfer in the same update", async () => {
    const actor = actorWith(1500);
    const books = new MemoryBooks({ tournament: tournamentWith(1), event: eventWith(1, 0) });
    must(
      await runTransfer(
        books,
        purseOver(actor),
        { id: "x1", kind: "buy-in", participant: pid(1), credits: 1000 },
        as("u1"),
        1,
      ),
    );
    expect(creditsOf(actor)).toBe(500);
    expect(actor.getFlag("cantina-games", "transfers")).toEqual(["x1"]);
  });

  it("reads a number the sheet stored as text, and refuses a field that is not a whole number or missing", async () => {
    expect(must(await purseOver(actorWith("1200")).read(sheetOf(1))).reading.credits).toBe(1200);
    for (const bad of ["lots", 1.5, null, ""])
      expect(refusalOf(await purseOver(actorWith(bad)).read(sheetOf(1)))?.code).toBe(E.purseUnreadable);
    expect(refusalOf(await purseOver(actorWith(5), "system.stats.nothing").read(sheetOf(1)))?.code).toBe(
      E.purseUnreadable,
    );
    expect(refusalOf(await purseOver(actorWith(5)).read({ id: "gone", name: "Gone" }))?.code).toBe(E.purseUnreadable);
    expect(refusalOf(await purseOver(actorWith(5, ["core", "world"])).read(sheetOf(1)))?.code).toBe(E.purseUnreadable);
  });

  it("an update Foundry skips (a preUpdate hook, a failed validation) is refused, and the transfer waits", async () => {
    const actor = actorWith(1500);
    actor.veto = () => false;
    const books = new MemoryBooks({ tournament: tournamentWith(1), event: eventWith(1, 0) });
    const request = { id: "x1", kind: "buy-in" as const, participant: pid(1), credits: 1000 };
    expect(refusalOf(await runTransfer(books, purseOver(actor), request, as("u1"), 1))?.code).toBe(E.purseRefused);
    expect(pendingTransfers(books.read().tournament)).toHaveLength(1);
    actor.veto = null;
    expect(await completePending(books, purseOver(actor), 2)).toEqual({ applied: ["x1"], cancelled: [], pending: [] });
    expect(creditsOf(actor)).toBe(500);
  });

  it("an update the server rejects is refused, not thrown", async () => {
    const actor = actorWith(1500);
    actor.serverRefuses = true;
    expect(refusalOf(await purseOver(actor).write(sheetOf(1), 10, "x1"))?.code).toBe(E.purseRefused);
    expect(creditsOf(actor)).toBe(1500);
  });

  it("writing a transfer already marked changes nothing (Foundry would skip an update without a difference)", async () => {
    const actor = actorWith(1500);
    const purse = purseOver(actor);
    must(await purse.write(sheetOf(1), 900, "x1"));
    expect(must(await purse.write(sheetOf(1), 300, "x1"))).toEqual({ ok: true });
    expect(creditsOf(actor)).toBe(900);
  });
});
