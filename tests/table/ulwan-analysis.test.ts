/**
 * The Ulwan analysis option through the table layer: over a whole Finkel game every message the
 * host sends is captured; the win chances reach the GM and spectators only, never a seated player
 * while the game is on, and the review reaches every viewer once it is over.
 */
import { describe, expect, it } from "vitest";
import { SeededRandom } from "../../src/rules/core";
import type { UlwanView } from "../../src/rules/ulwan";
import { clientsOf, startMemoryHost } from "../helpers/memory-host";

const USERS = ["gm", "alice", "bob", "dave"]; // dave watches
const SEATED = ["alice", "bob"];

async function play(analysis: boolean, seed: number, seated: readonly string[] = SEATED) {
  const { host, network } = await startMemoryHost({ users: USERS, random: new SeededRandom(seed), newId: () => "t1" });
  const clients = clientsOf(network, USERS);
  const created = await clients.gm!.create({
    gameId: "ulwan-finkel",
    seats: seated.map((u) => ({ kind: "person" as const, userId: u, name: u })),
    options: { pieces: 2, analysis },
  });
  expect(created.ok, JSON.stringify(created)).toBe(true);
  const pick = new SeededRandom(seed * 7 + 1);
  for (let step = 0; step < 2000 && !clients.gm!.tables.get("t1")?.table.over; step++) {
    const seat = clients.gm!.tables.get("t1")?.table.toAct[0];
    const user = seated.find((u) => clients[u]!.tables.get("t1")?.seat === seat);
    const update = user ? clients[user]!.tables.get("t1") : undefined;
    if (!user || !update || update.legalMoves.length === 0) throw new Error(`stuck at ${seat}`);
    const reply = await clients[user]!.move("t1", update.legalMoves[pick.die(update.legalMoves.length) - 1]);
    expect(reply.ok, JSON.stringify(reply)).toBe(true);
  }
  expect(clients.gm!.tables.get("t1")?.table.over).toBe(true);
  expect(host.record("t1")).toBeDefined();
  return network.sent.flatMap((s) =>
    s.message.type === "table" ? [{ to: s.to, view: s.message.view as UlwanView, over: s.message.table.over }] : [],
  );
}

describe("Ulwan analysis through the table layer", () => {
  it("rule (analysis option): the win chances reach the GM and spectators, never a seated player during play", async () => {
    const sent = await play(true, 3);
    const during = sent.filter((s) => !s.over);
    for (const s of during.filter((x) => SEATED.includes(x.to)))
      expect(s.view.winChances, `win chances sent to ${s.to}`).toBeUndefined();
    for (const s of sent.filter((x) => SEATED.includes(x.to))) expect(s.view.winChances).toBeUndefined();
    const watching = during.filter((s) => !SEATED.includes(s.to));
    expect(watching.length).toBeGreaterThan(10);
    for (const s of watching) {
      const [a, b] = s.view.winChances!;
      expect(a).toBeGreaterThanOrEqual(0);
      expect(a + b).toBeCloseTo(1, 9);
    }
    // After the game every viewer gets the review, one line per move that had a choice.
    const final = sent.filter((s) => s.over);
    expect(new Set(final.map((s) => s.to))).toEqual(new Set(USERS));
    for (const s of final) {
      expect(s.view.review!.length).toBeGreaterThan(0);
      for (const line of s.view.review!) expect(line.loss).toBeGreaterThanOrEqual(0);
    }
  });

  it("rule (analysis option): when the GM leaves it off, nobody receives win chances or a review", async () => {
    const sent = await play(false, 4);
    for (const s of sent) {
      expect(s.view.winChances).toBeUndefined();
      expect(s.view.review).toBeUndefined();
    }
  });

  it("rule (analysis option): a GM who plays a seat is a seated player: no win chances during play", async () => {
    const seated = ["gm", "alice"];
    const sent = await play(true, 5, seated);
    const during = sent.filter((s) => !s.over);
    for (const s of during.filter((x) => seated.includes(x.to))) expect(s.view.winChances).toBeUndefined();
    for (const s of during.filter((x) => !seated.includes(x.to))) expect(s.view.winChances).toBeDefined();
  });
});
