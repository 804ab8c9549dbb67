/**
 * Buy-in and cash-out through the Foundry host (issue 37): players' requests reach the GM's runtime
 * as in Foundry (sealed, through the socket), the host's purse writes a starwarsffg actor's
 * `system.stats.credits.value` with the transfer's mark in one Actor#update (stand-in actors:
 * tests/tournament/foundry-actor.ts: skipped updates, server refusals, the owner's permission).
 * Crashes at every write: tournament-transfer-crash.test.ts.
 */
import { afterEach, describe, expect, it } from "vitest";
import { errorMessage } from "../../src/apps/table/controller";
import * as env from "../../src/foundry/env";
import { TournamentErrors as E } from "../../src/tournament";
import { account, entriesOf, gmView, marks, restartHost, sheet, tournamentWorld } from "./tournament-world";
import { MemoryKeyStore } from "../../src/foundry/keys";
import { fakeUser } from "./standins";
import { QUICK_ELECTION, removeFoundryGlobals, startRuntime } from "./world";
import type { TournamentRequest } from "../../src/table/protocol";

/** A player's buy-in or cash-out of `credits` for `participant`, under the client-chosen `transferId`. */
function transferRequest(
  t: { readonly tournamentId: string },
  transferId: string,
  kind: "buy-in" | "cash-out",
  participant: string,
  credits: number,
): TournamentRequest {
  return { type: "tournament-transfer", tournamentId: t.tournamentId, transferId, kind, participant, credits };
}

afterEach(() => removeFoundryGlobals());

describe("buying in and cashing out with an actor's credits through the Foundry host", () => {
  it("a player buys in from their character's sheet and cashes out to it: each credit moves once", async () => {
    const t = await tournamentWorld();
    const { tournamentId } = t;
    const buy = await t.alice.client.tournament({
      type: "tournament-transfer",
      tournamentId,
      transferId: "buy-1",
      kind: "buy-in",
      participant: "kira",
      credits: 700,
    });
    expect(buy).toMatchObject({ ok: true });
    await t.gm.settle();
    expect(sheet(t.kira)).toBe(1300);
    expect(account(t, "kira")).toBe(700);
    const cash = await t.alice.client.tournament({
      type: "tournament-transfer",
      tournamentId,
      transferId: "cash-1",
      kind: "cash-out",
      participant: "kira",
      credits: 200,
    });
    expect(cash).toMatchObject({ ok: true });
    await t.gm.settle();
    expect(sheet(t.kira)).toBe(1500);
    expect(account(t, "kira")).toBe(500);
    expect(marks(t.kira)).toEqual(["buy-1", "cash-1"]);
    expect(t.kira.updates).toHaveLength(2);
    expect(gmView(t).transfers.map((x) => [x.id, x.status])).toEqual([
      ["buy-1", "applied"],
      ["cash-1", "applied"],
    ]);
  });

  it("the same transfer sent again (a lost answer) is applied once", async () => {
    const t = await tournamentWorld();
    const request = transferRequest(t, "buy-1", "buy-in", "kira", 300);
    expect(await t.alice.client.tournament(request)).toMatchObject({ ok: true });
    expect(await t.alice.client.tournament(request)).toMatchObject({ ok: true });
    await t.gm.settle();
    expect(sheet(t.kira)).toBe(1700);
    expect(account(t, "kira")).toBe(300);
    expect(entriesOf(t, "buy-1")).toBe(1);
  });

  it("buying in above what the sheet holds is refused with the message naming what it holds; nothing changes", async () => {
    const t = await tournamentWorld(400);
    const reply = await t.alice.client.tournament(transferRequest(t, "buy-1", "buy-in", "kira", 401));
    expect(reply).toMatchObject({ ok: false, error: { code: E.sheetTooLow, params: { name: "Kira", have: 400 } } });
    if (reply.ok) return;
    expect(errorMessage(reply.error, undefined, env)).toBe(
      `${E.sheetTooLow} ${JSON.stringify({ name: "Kira", have: "400" })}`,
    );
    await t.gm.settle();
    expect(sheet(t.kira)).toBe(400);
    expect(account(t, "kira")).toBe(0);
    expect(gmView(t).transfers).toEqual([]);
    expect(t.kira.updates).toEqual([]);
  });

  it("a player cannot move another player's character's credits, nor enter their character", async () => {
    const t = await tournamentWorld();
    const reply = await t.bob.client.tournament(transferRequest(t, "steal-1", "buy-in", "kira", 100));
    expect(reply).toMatchObject({ ok: false, error: { code: E.notYours } });
    const enter = await t.bob.client.tournament({
      type: "tournament-enter",
      tournamentId: t.tournamentId,
      character: "kira",
    });
    expect(enter).toMatchObject({ ok: false });
    await t.gm.settle();
    expect(sheet(t.kira)).toBe(2000);
    expect(gmView(t).transfers).toEqual([]);
  });

  it("the GM may move any participant's credits", async () => {
    const t = await tournamentWorld();
    const reply = await t.gm.client!.tournament(transferRequest(t, "gm-1", "buy-in", "zed", 500));
    expect(reply).toMatchObject({ ok: true });
    await t.gm.settle();
    expect(sheet(t.zed)).toBe(0);
    expect(account(t, "zed")).toBe(500);
  });

  it("an update Foundry skips (a preUpdateActor hook returned false) leaves the transfer pending for the GM; sent again it finishes", async () => {
    const t = await tournamentWorld();
    t.kira.veto = () => false;
    const request = transferRequest(t, "buy-1", "buy-in", "kira", 600);
    expect(await t.alice.client.tournament(request)).toMatchObject({ ok: false, error: { code: E.purseRefused } });
    await t.gm.settle();
    expect(gmView(t).pending).toEqual(["buy-1"]);
    expect(t.alice.client.tournaments[0]?.pending).toBeUndefined();
    expect(sheet(t.kira)).toBe(2000);
    t.kira.veto = null;
    expect(await t.alice.client.tournament(request)).toMatchObject({ ok: true });
    await t.gm.settle();
    expect(sheet(t.kira)).toBe(1400);
    expect(account(t, "kira")).toBe(600);
    expect(gmView(t).pending ?? []).toEqual([]);
  });

  it("with the credits field changed in the settings, the next transfer uses the new field", async () => {
    const t = await tournamentWorld();
    t.kira.update({ "system.wallet": 90 });
    await game.settings!.set("cantina-games", "tournamentCreditPath", "system.wallet");
    const reply = await t.alice.client.tournament(transferRequest(t, "buy-1", "buy-in", "kira", 90));
    expect(reply).toMatchObject({ ok: true });
    expect((t.kira.system as { wallet: number }).wallet).toBe(0);
    expect(sheet(t.kira)).toBe(2000);
  });
});

describe("what the Foundry host keeps of a tournament across a reload", () => {
  it("the tournament and its transfers are stored in the world: the GM's reload keeps them", async () => {
    const t = await tournamentWorld();
    const reply = await t.alice.client.tournament(transferRequest(t, "buy-1", "buy-in", "kira", 250));
    expect(reply).toMatchObject({ ok: true });
    await restartHost(t);
    const view = gmView(t);
    expect(view.participants.map((p) => p.id).sort()).toEqual(["kira", "zed"]);
    expect(view.transfers.map((x) => [x.id, x.status])).toEqual([["buy-1", "applied"]]);
    expect(account(t, "kira")).toBe(250);
  });

  it("a transfer left pending is finished when the host starts again, before anyone asks", async () => {
    const t = await tournamentWorld();
    t.kira.veto = () => false;
    await t.alice.client.tournament(transferRequest(t, "buy-1", "buy-in", "kira", 250));
    await t.gm.settle();
    expect(gmView(t).pending).toEqual(["buy-1"]);
    t.kira.veto = null;
    await restartHost(t);
    expect(gmView(t).pending ?? []).toEqual([]);
    expect(sheet(t.kira)).toBe(1750);
    expect(account(t, "kira")).toBe(250);
  });

  it("one that still cannot finish at the host's start is told to the GM, naming the character, and stays in the GM's view", async () => {
    const t = await tournamentWorld();
    t.kira.veto = () => false;
    await t.alice.client.tournament(transferRequest(t, "buy-1", "buy-in", "kira", 250));
    t.world.wire.notifications.length = 0;
    await restartHost(t);
    expect(gmView(t).pending).toEqual(["buy-1"]);
    expect(t.world.wire.notifications).toContainEqual({
      kind: "error",
      text: `${E.pendingBuyIn} ${JSON.stringify({ name: "Kira", credits: "250", id: "buy-1" })}`,
    });
    expect(sheet(t.kira)).toBe(2000);
  });

  it("one whose actor was deleted meanwhile is told to the GM too, and nothing moves", async () => {
    const t = await tournamentWorld();
    t.kira.veto = () => false;
    await t.alice.client.tournament(transferRequest(t, "buy-1", "buy-in", "kira", 250));
    t.world.actors.delete("kira");
    t.world.wire.notifications.length = 0;
    await restartHost(t);
    expect(gmView(t).pending).toEqual(["buy-1"]);
    expect(t.world.wire.notifications.map((n) => n.text)).toEqual([
      `${E.pendingBuyIn} ${JSON.stringify({ name: "Kira", credits: "250", id: "buy-1" })}`,
    ]);
    expect(account(t, "kira")).toBe(0);
  });

  it("another GM taking over the host finishes the pending transfer the first GM's host left", async () => {
    const t = await tournamentWorld();
    t.world.users.push(fakeUser("gm2", "Second GM", true));
    const second = await startRuntime(t.world, "gm2", new MemoryKeyStore(), { election: QUICK_ELECTION });
    t.world.install("gm");
    // The hosting GM seals everything for the second GM's key, as on its connecting.
    await t.gm.onGMKeyChanged();
    t.kira.veto = () => false;
    await t.alice.client.tournament(transferRequest(t, "buy-1", "buy-in", "kira", 250));
    await t.gm.settle();
    t.kira.veto = null;
    // The first GM leaves: the second hosts from what the world stored.
    t.world.users[0]!.active = false;
    t.world.install("gm2");
    await second.refreshAuthority();
    await second.settle();
    expect(second.isHost).toBe(true);
    expect(sheet(t.kira)).toBe(1750);
    const view = second.client!.tournaments.find((v) => v.id === t.tournamentId);
    expect(view?.transfers.map((x) => [x.id, x.status])).toEqual([["buy-1", "applied"]]);
    expect(second.client!.events.find((e) => e.id === t.eventId)?.accounts.find((a) => a.id === "kira")?.credits).toBe(
      250,
    );
  });
});
