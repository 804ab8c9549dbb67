/**
 * A tournament's round through a real TableHost (issue 37): seated from the sign-ups at tables of its
 * event in the roll's order, on the participants' own accounts, bots only where the GM asks; a
 * finished table's result reaches the standings, an ended one closes the round for nobody.
 */
import { describe, expect, it } from "vitest";
import { HOUSE_ACCOUNT } from "../../src/table/ledger";
import { Errors } from "../../src/table/protocol";
import { TournamentErrors as E } from "../../src/tournament";
import {
  type TournamentWorld,
  balance,
  characterOf,
  ok,
  openTournament,
  refusedUnchanged,
  signUpAll,
  storedTournament,
  tournamentWorld,
  viewOf,
} from "./tournament-host";

/** The GM gives each user's character `credits` in the event (what a buy-in would bring). */
async function fund(w: TournamentWorld, users: readonly string[], credits: number): Promise<void> {
  for (const user of users)
    ok(await w.clients.gm!.adjustLedger(w.eventId, characterOf(user), credits, 0, "Stake for the test"));
}

/** The seated players play until the table is over: whoever may fold folds, else makes their first move. */
async function playOut(w: TournamentWorld, tableId: string, users: readonly string[]): Promise<void> {
  for (let i = 0; i < 60 && !w.host.record(tableId)?.settled; i++)
    for (const user of users) {
      await w.host.idle();
      const update = w.clients[user]!.tables.get(tableId);
      const move = update?.legalMoves.find((m) => (m as { type: string }).type === "fold") ?? update?.legalMoves[0];
      if (update && !update.table.over && move) await w.clients[user]!.move(tableId, move);
    }
  await w.host.idle();
}

describe("tournament-round", () => {
  it("seats everyone signed up who can pay the ante at a table of the event, in the roll's order, on their own accounts", async () => {
    const w = await tournamentWorld();
    const id = await openTournament(w, ["electrum"]);
    await signUpAll(w, id, "electrum", ["ana", "ben", "cy", "dee"]);
    await fund(w, ["ana", "ben", "cy"], 500);
    const { tableIds } = ok(
      await w.clients.gm!.tournament({ type: "tournament-round", tournamentId: id, circuit: "electrum" }),
    );
    expect(tableIds).toHaveLength(1);
    const round = storedTournament(w.host, id).circuits.electrum?.rounds[0];
    // Dee has no credits in the event: she sits this round out.
    expect(round?.sittingOut).toEqual([{ participant: "ch-dee", why: "short" }]);
    const record = w.host.record(tableIds?.[0] ?? "");
    expect(record?.tournament).toEqual({ id, circuit: "electrum", round: 1, table: tableIds?.[0] });
    expect(record?.gameId).toBe("sabacc-super-simplified");
    expect(record?.eventId).toBe(w.eventId);
    expect(record?.seats.map((s) => s.account)).toEqual(round?.order);
    expect(record?.seats.map((s) => s.userId)).toEqual(round?.order.map((p) => p.slice(3)));
    // Each purse went to the table from the character's own account.
    expect(["ch-ana", "ch-ben", "ch-cy"].map((a) => balance(w, a))).toEqual([0, 0, 0]);
    expect(w.clients.ana!.tables.get(tableIds?.[0] ?? "")?.table.tournament).toMatchObject({ id, round: 1 });
  });

  it("fills each table with bots staked by the house only when the GM asks", async () => {
    const w = await tournamentWorld();
    const id = await openTournament(w, ["aurodium"]);
    await signUpAll(w, id, "aurodium", ["ana", "ben"]);
    await fund(w, ["ana", "ben"], 600);
    const { tableIds } = ok(
      await w.clients.gm!.tournament({ type: "tournament-round", tournamentId: id, circuit: "aurodium", fillTo: 4 }),
    );
    const record = w.host.record(tableIds?.[0] ?? "");
    expect(record?.seats.map((s) => s.kind)).toEqual(["person", "person", "bot", "bot"]);
    expect(record?.seats.filter((s) => s.kind === "bot").every((s) => s.account === HOUSE_ACCOUNT)).toBe(true);
    expect(record?.options).toMatchObject({ ante: 250 });
  });

  it("plays the Nova circuit as True Sabacc with both of its antes and its seat limit", async () => {
    const w = await tournamentWorld();
    const id = await openTournament(w, ["nova"]);
    await signUpAll(w, id, "nova", ["ana", "ben", "cy"]);
    await fund(w, ["ana", "ben", "cy"], 1600);
    const { tableIds } = ok(
      await w.clients.gm!.tournament({ type: "tournament-round", tournamentId: id, circuit: "nova" }),
    );
    const record = w.host.record(tableIds?.[0] ?? "");
    expect(record?.gameId).toBe("sabacc-true");
    expect(record?.options).toMatchObject({ mainAnte: 500, sabaccAnte: 1000, seatLimit: 3 });
    expect(record?.seats).toHaveLength(3);
  });

  it("is the GM's, and refused while the circuit's round is still being played (nothing stored)", async () => {
    const w = await tournamentWorld();
    const id = await openTournament(w, ["electrum"]);
    await signUpAll(w, id, "electrum", ["ana", "ben"]);
    await fund(w, ["ana", "ben"], 500);
    const round = { type: "tournament-round", tournamentId: id, circuit: "electrum" } as const;
    await refusedUnchanged(w, "ana", round, Errors.gmOnly);
    ok(await w.clients.gm!.tournament(round));
    await refusedUnchanged(w, "gm", round, E.roundOpen);
  });

  it("records a finished table's result into the standings in the same change as its settlement", async () => {
    const w = await tournamentWorld();
    const id = await openTournament(w, ["electrum"]);
    await signUpAll(w, id, "electrum", ["ana", "ben", "cy"]);
    await fund(w, ["ana", "ben", "cy"], 500);
    const { tableIds } = ok(
      await w.clients.gm!.tournament({ type: "tournament-round", tournamentId: id, circuit: "electrum" }),
    );
    const tableId = tableIds?.[0] ?? "";
    await playOut(w, tableId, ["ana", "ben", "cy"]);
    const record = w.host.record(tableId);
    expect(record?.settled).toBe(true);
    const t = storedTournament(w.host, id);
    expect(t.matches).toHaveLength(1);
    const lines = t.matches[0]?.lines ?? [];
    // Each line is that character's change in the ledger over the match.
    for (const line of lines) expect(balance(w, line.participant)).toBe(500 + line.creditDelta);
    expect(lines.filter((l) => l.won)).toHaveLength(1);
    const winner = lines.find((l) => l.won)?.participant;
    const view = viewOf(w, "ana", id);
    expect(view.standings.event[0]).toMatchObject({ participant: winner, played: 1, won: 1 });
    expect(view.standings.circuits.electrum?.map((r) => r.played)).toEqual([1, 1, 1]);
    // The next round may open now.
    ok(await w.clients.gm!.tournament({ type: "tournament-round", tournamentId: id, circuit: "electrum" }));
  });

  it("closes the round of a table the GM ends before its match did, counting it for nobody", async () => {
    const w = await tournamentWorld();
    const id = await openTournament(w, ["electrum"]);
    await signUpAll(w, id, "electrum", ["ana", "ben"]);
    await fund(w, ["ana", "ben"], 500);
    const round = { type: "tournament-round", tournamentId: id, circuit: "electrum" } as const;
    const { tableIds } = ok(await w.clients.gm!.tournament(round));
    ok(await w.clients.gm!.end(tableIds?.[0] ?? ""));
    expect(storedTournament(w.host, id).matches).toEqual([
      expect.objectContaining({ table: tableIds?.[0], lines: [], voided: true }),
    ]);
    expect([balance(w, "ch-ana"), balance(w, "ch-ben")]).toEqual([500, 500]);
    expect(viewOf(w, "gm", id).standings.event.map((r) => r.played)).toEqual([0, 0, 0, 0]);
    ok(await w.clients.gm!.tournament(round));
  });
});
