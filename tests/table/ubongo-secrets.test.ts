/**
 * Ubongo through the table layer: a player's window is never sent the solver's claim (the puzzle's
 * solution) nor another player's board before the round ends; every sent message is inspected.
 */
import { describe, expect, it } from "vitest";
import { games } from "../../src/games";
import { SeededRandom } from "../../src/rules/core";
import { clientsOf, startMemoryHost } from "../helpers/memory-host";

const USERS = ["gm", "rey", "finn", "poe"]; // poe watches

describe("Ubongo secrets on the wire", () => {
  it("no update carries a claim move, and boards stay hidden until the round ends", async () => {
    const { host, network } = await startMemoryHost({ users: USERS, random: new SeededRandom(7), newId: () => "t1" });
    const clients = clientsOf(network, USERS);
    const created = await clients.gm!.create({
      gameId: "ubongo",
      seats: ["rey", "finn"].map((u) => ({ kind: "person" as const, userId: u, name: u })),
      options: {},
    });
    expect(created.ok, JSON.stringify(created)).toBe(true);
    const seatOf = (user: string): string | undefined => clients[user]!.tables.get("t1")?.seat ?? undefined;
    // Start the round, then let Rey claim with the host's own solution (the rules' legal claim).
    const starter = ["rey", "finn"].find((u) => clients[u]!.tables.get("t1")?.legalMoves.length);
    expect(starter).toBeDefined();
    expect((await clients[starter!]!.move("t1", { type: "start" })).ok).toBe(true);
    const record = host.record("t1")!;
    const game = games["ubongo"]!;
    const reyClaim = game
      .legalMoves(record.state, seatOf("rey")!)
      .find((m) => (m as { type: string }).type === "claim");
    expect(reyClaim).toBeDefined();
    const reply = await clients.rey!.move("t1", reyClaim);
    expect(reply.ok, JSON.stringify(reply)).toBe(true);

    let updates = 0;
    for (const sent of network.sent) {
      if (sent.message.type !== "table" || sent.to === "gm") continue;
      updates++;
      for (const move of sent.message.legalMoves) expect((move as { type: string }).type).not.toBe("claim");
      const view = sent.message.view as { phase: string; seats: { seat: string; placement: unknown }[] };
      const mine = sent.message.seat;
      for (const s of view.seats) {
        if (s.seat !== mine && view.phase === "solve")
          expect(s.placement, `${s.seat}'s board reached ${sent.to}`).toBeNull();
      }
    }
    expect(updates).toBeGreaterThan(4);
    await host.idle();
  });
});
