/**
 * A paused table (issue 27): its players are offered no move (so no button is live) and it is
 * nobody's turn (no badge, no cue) until the GM resumes it.
 */
import { describe, expect, it } from "vitest";
import { isMyTurn } from "../../src/apps/core/turn";
import { SeededRandom } from "../../src/rules/core";
import { clientsOf, startMemoryHost } from "../helpers/memory-host";

const USERS = ["gm", "alice", "bob"];

describe("a paused table", () => {
  it("offers its players no move and shows no turn until it is resumed", async () => {
    const { host, network } = await startMemoryHost({
      users: USERS,
      random: new SeededRandom(3),
      now: () => 1_000,
      newId: () => "t1",
    });
    const clients = clientsOf(network, USERS);
    await clients.gm!.create({
      gameId: "sabacc-super-simplified",
      seats: [
        { kind: "person", userId: "alice", name: "Alice" },
        { kind: "person", userId: "bob", name: "Bob" },
      ],
      options: {},
    });
    await host.idle();
    const alice = () => clients.alice!.tables.get("t1")!;
    expect(alice().legalMoves.length).toBeGreaterThan(0);
    expect(isMyTurn(alice())).toBe(true);

    expect((await clients.gm!.pause("t1", true)).ok).toBe(true);
    await host.idle();
    expect(alice().table.paused).toBe(true);
    expect(alice().legalMoves).toEqual([]);
    expect(isMyTurn(alice())).toBe(false);

    expect((await clients.gm!.pause("t1", false)).ok).toBe(true);
    await host.idle();
    expect(alice().legalMoves.length).toBeGreaterThan(0);
    expect(isMyTurn(alice())).toBe(true);
  });
});
