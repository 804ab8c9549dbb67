/**
 * The tournament's credits field in Foundry: a world setting whose blank value takes the preset of
 * the world's system, and whose typed path is refused as Foundry refuses a setting (its DataField
 * type's validation throws from `game.settings.set`, nothing is stored or sent) unless some actor
 * of the world holds a whole number there. game.settings and the DataField: standins.ts, data-fields.ts.
 */
import { afterEach, describe, expect, it } from "vitest";
import { MODULE_ID } from "../../src/foundry/api";
import { TournamentFoundryErrors } from "../../src/foundry/errors";
import { TOURNAMENT_SETTINGS, tournamentCreditPath } from "../../src/foundry/tournament-settings";
import { TournamentErrors } from "../../src/tournament";
import { refusalOf } from "../helpers/refusal";
import { Faults } from "../tournament/fixtures";
import { StandInActor } from "../tournament/foundry-actor";
import type { FakeWorld } from "./standins";
import { removeFoundryGlobals, worldOf } from "./world";

afterEach(() => removeFoundryGlobals());

const KEY = TOURNAMENT_SETTINGS.creditPath;
const setPath = (value: string): Promise<unknown> => game.settings!.set(MODULE_ID, KEY, value);

function worldWith(systemId: string, ...systems: Record<string, unknown>[]): FakeWorld {
  const world = worldOf(["alice"]);
  world.systemId = systemId;
  systems.forEach((system, i) => world.addActor(new StandInActor(`actor-${i}`, system, () => new Faults())));
  return world;
}

describe("the tournament's credits field setting", () => {
  it("is a world setting shown in Configure Settings (world settings there are the GM's only)", () => {
    worldWith("starwarsffg");
    const config = game.settings!.settings.get(`${MODULE_ID}.${KEY}`) as { scope: string; config: boolean };
    expect(config).toMatchObject({ scope: "world", config: true });
  });

  it("left blank, takes the preset of the world's system: starwarsffg credits, dnd5e and sw5e gold", () => {
    const world = worldWith("starwarsffg");
    expect(game.settings!.get(MODULE_ID, KEY)).toBe("");
    expect(tournamentCreditPath()).toEqual({ ok: true, path: "system.stats.credits.value" });
    world.systemId = "dnd5e";
    expect(tournamentCreditPath()).toEqual({ ok: true, path: "system.currency.gp" });
    world.systemId = "sw5e";
    expect(tournamentCreditPath()).toEqual({ ok: true, path: "system.currency.gp" });
  });

  it("left blank in a system without a preset, transfers are refused until the GM types a path", () => {
    worldWith("pf2e");
    expect(refusalOf(tournamentCreditPath())?.code).toBe(TournamentErrors.badCreditPath);
  });

  it("a typed path where an actor holds a whole number (or one typed as text) is kept and used", async () => {
    worldWith("starwarsffg", { wallet: { credits: "1200" } }, { wallet: {} });
    await setPath("  system.wallet.credits ");
    expect(game.settings!.get(MODULE_ID, KEY)).toBe("system.wallet.credits");
    expect(tournamentCreditPath()).toEqual({ ok: true, path: "system.wallet.credits" });
  });

  it("a typed path where no actor of the world holds a whole number is refused, naming it; nothing is stored", async () => {
    const world = worldWith("starwarsffg", { stats: { credits: { value: 900 } } }, { wallet: { credits: "lots" } });
    await expect(setPath("system.wallet.credits")).rejects.toThrow(TournamentFoundryErrors.noActorHasCredits);
    await expect(setPath("system.wallet.credits")).rejects.toThrow('"path":"system.wallet.credits"');
    expect(game.settings!.get(MODULE_ID, KEY)).toBe("");
    expect(world.wire.settings.filter((w) => w.key === `${MODULE_ID}.${KEY}`)).toEqual([]);
  });

  it("a typed path in a world without actors is refused", async () => {
    worldWith("starwarsffg");
    await expect(setPath("system.stats.credits.value")).rejects.toThrow(TournamentFoundryErrors.noActorHasCredits);
  });

  it("a typed path outside `system` (flags, a prototype key) is refused as no credits field", async () => {
    worldWith("starwarsffg", { stats: { credits: { value: 900 } } });
    await expect(setPath("flags.cantina-games.credits")).rejects.toThrow(TournamentErrors.badCreditPath);
    await expect(setPath("system.__proto__.credits")).rejects.toThrow(TournamentErrors.badCreditPath);
    expect(game.settings!.get(MODULE_ID, KEY)).toBe("");
  });

  it("a path set earlier goes on being used after the actors change (reading never validates)", async () => {
    const world = worldWith("starwarsffg", { wallet: { credits: 5 } });
    await setPath("system.wallet.credits");
    world.actors.clear();
    expect(tournamentCreditPath()).toEqual({ ok: true, path: "system.wallet.credits" });
  });

  it("clearing the typed path goes back to the preset", async () => {
    worldWith("starwarsffg", { wallet: { credits: 5 } });
    await setPath("system.wallet.credits");
    await setPath("");
    expect(tournamentCreditPath()).toEqual({ ok: true, path: "system.stats.credits.value" });
  });
});
