/**
 * What each user is sent of a tournament (issue 37): everyone sees every tournament and its standings;
 * a player never receives another's transfers, points left or the GM's audit, and every ledger push is
 * padded to one bound from public facts (the same for every recipient; a GM's reason's length not among them).
 */
import { describe, expect, it } from "vitest";
import { jsonBytes } from "../../src/table/concerns/tournament/sizes";
import { ledgerPushBound } from "../../src/table/ledger";
import { MemoryPurse } from "../tournament/fixtures";
import {
  type TournamentWorld,
  USERS,
  ledgerPushesTo,
  ok,
  openTournament,
  signUpAll,
  tournamentWorld,
  viewOf,
} from "./tournament-host";

/** A tournament where Ana bought in (transfer "ana-secret"), the GM removed Ben with a reason, and Cy waits. */
async function busyNight(reason = "Caught with a skifter"): Promise<{ w: TournamentWorld; id: string }> {
  const purse = new MemoryPurse().set("ch-ana", 900).set("ch-ben", 900);
  const w = await tournamentWorld({ purse });
  const id = await openTournament(w, ["electrum", "nova"]);
  await signUpAll(w, id, "nova", ["ana", "ben", "dee", "cy"]);
  ok(
    await w.clients.ana!.tournament({
      type: "tournament-transfer",
      tournamentId: id,
      transferId: "ana-secret",
      kind: "buy-in",
      participant: "ch-ana",
      credits: 333,
    }),
  );
  ok(
    await w.clients.gm!.tournament({
      type: "tournament-manage",
      tournamentId: id,
      circuit: "nova",
      action: "remove",
      participant: "ch-ben",
      reason,
    }),
  );
  await w.host.idle();
  return { w, id };
}

describe("a tournament as each user sees it", () => {
  it("everyone sees the tournament, its circuits and standings; points left only in their own rows", async () => {
    const { w, id } = await busyNight();
    for (const user of USERS) {
      const view = viewOf(w, user, id);
      expect(view.circuits.map((c) => c.id)).toEqual(["electrum", "nova"]);
      expect(view.circuits[1]).toMatchObject({ signedUp: ["ch-ana", "ch-dee", "ch-cy"], waiting: [] });
      expect(view.participants.map((p) => p.id).sort()).toEqual(["ch-ana", "ch-ben", "ch-cy", "ch-dee"]);
    }
    const rows = viewOf(w, "ana", id).standings.event;
    expect(rows.filter((r) => r.luckLeft !== undefined).map((r) => r.participant)).toEqual(["ch-ana"]);
    expect(viewOf(w, "gm", id).standings.event.every((r) => r.luckLeft === 3)).toBe(true);
  });

  it("a player's transfers and account reach only them and the GM; the audit and pending list only the GM", async () => {
    const { w, id } = await busyNight();
    expect(viewOf(w, "ana", id).transfers.map((t) => t.id)).toEqual(["ana-secret"]);
    expect(viewOf(w, "gm", id)).toMatchObject({ pending: [], audit: expect.arrayContaining([]) });
    expect(viewOf(w, "gm", id).audit?.some((a) => a.reason === "Caught with a skifter")).toBe(true);
    expect(w.clients.ana!.events[0]?.accounts.map((a) => a.id)).toEqual(["ch-ana"]);
    for (const user of ["ben", "cy", "dee"]) {
      const sent = JSON.stringify(w.network.sent.filter((s) => s.to === user).map((s) => s.message));
      expect(sent).not.toContain("ana-secret");
      expect(sent).not.toContain("skifter");
      expect(sent).not.toContain("333");
      const view = viewOf(w, user, id);
      expect(view.transfers).toEqual([]);
      expect(view.audit).toBeUndefined();
      expect(view.pending).toBeUndefined();
      expect(view.playable).toBeUndefined();
    }
  });

  it("pads every ledger push to one bound, the same for every recipient, that holds it", async () => {
    const { w } = await busyNight();
    const pushes = USERS.map((u) => ledgerPushesTo(w.network, u));
    expect(new Set(pushes.map((p) => p.length)).size).toBe(1);
    for (let i = 0; i < (pushes[0]?.length ?? 0); i++) {
      const atOnce = pushes.map((p) => p[i]);
      expect(new Set(atOnce.map((m) => m?.bound)).size).toBe(1);
      for (const message of atOnce) expect(jsonBytes(message)).toBeLessThanOrEqual(message?.bound ?? 0);
    }
    // The tournaments alone fit in what the bound adds for them to the events' bound.
    const events = Object.values(w.host.currentLedger().events);
    for (const user of USERS) {
      const last = ledgerPushesTo(w.network, user).at(-1);
      const added = (last?.bound ?? 0) - ledgerPushBound(events, Object.keys(last?.records ?? {}).length);
      expect(jsonBytes(last?.tournaments)).toBeLessThanOrEqual(added);
    }
  });

  it("does not tell by the bound how long the GM's reason was", async () => {
    const short = await busyNight("x");
    const long = await busyNight("A very long reason ".repeat(26).slice(0, 500));
    const last = (w: TournamentWorld) => ledgerPushesTo(w.network, "ben").at(-1)?.bound;
    expect(last(short.w)).toBe(last(long.w));
  });
});
