/**
 * Secrets through the table layer, for the three Sabacc variants: over whole matches of random
 * legal play, every message the host sends is captured, and no player or spectator ever receives
 * another seat's unrevealed hand, cards, set-aside cards, Luck/Force points, or private events.
 * (Foundry adds sealing on top of this: tests/foundry/adapter.test.ts, "secrets on the wire".)
 */
import { describe, expect, it } from "vitest";
import { SeededRandom, type GameEvent } from "../../src/rules/core";
import type { TrueState } from "../../src/rules/sabacc/true-sabacc";
import type { HostMessage, TableUpdate } from "../../src/table/protocol";
import { clientsOf, startMemoryHost } from "../helpers/memory-host";

const PLAYERS = { alice: "seat-1", bob: "seat-2", carol: "seat-3" } as const;
const USERS = ["gm", "alice", "bob", "carol", "dave"]; // dave watches

interface SeatLike {
  seat: string;
  hand: unknown;
  luck: unknown;
  shown: boolean;
  setAside?: unknown;
  change?: unknown;
}

/** The secret card ids of each seat right now: hand, the card being decided on, set-aside and cheated cards. */
function trueSecrets(state: TrueState): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const seat of state.seats) {
    const cards = [...state.setAside.filter((a) => a.seat === seat).map((a) => a.card)];
    if (!state.shown.includes(seat)) cards.push(...(state.hands[seat] ?? []));
    if (state.deciding && state.playOrder[state.turn] === seat && state.pending) cards.push(state.pending);
    const cheat = state.cheats[seat];
    if (cheat && !state.shown.includes(seat)) cards.push(cheat);
    out[seat] = cards;
  }
  return out;
}

function checkUpdate(update: TableUpdate, mySeat: string | null, trueState: TrueState | null): void {
  const seats = (update.view as { seats: SeatLike[] }).seats;
  for (const s of seats) {
    if (s.seat === mySeat) continue;
    if (!s.shown) expect(s.hand, `${s.seat}'s hand reached ${mySeat ?? "a spectator"}`).toBeNull();
    expect(s.luck).toBeNull();
    if ("setAside" in s) expect(s.setAside).toBeNull();
    if ("change" in s) expect(s.change).toBeNull();
  }
  for (const { event } of update.events) checkEvent(event, mySeat);
  if (trueState) {
    const text = JSON.stringify(update);
    for (const [seat, cards] of Object.entries(trueSecrets(trueState))) {
      if (seat === mySeat) continue;
      for (const card of cards)
        expect(text.includes(`"${card}"`), `${seat}'s card ${card} reached ${mySeat ?? "a spectator"}`).toBe(false);
    }
  }
}

function checkEvent(event: GameEvent, mySeat: string | null): void {
  if (event.kind === "hidden-roll") {
    expect(event).not.toHaveProperty("dice");
    return;
  }
  if (event.audience)
    expect(mySeat !== null && event.audience.includes(mySeat), `a private ${event.kind} reached ${mySeat}`).toBe(true);
}

async function playMatch(gameId: string, seed: number, seats: readonly (keyof typeof PLAYERS)[]): Promise<number> {
  const random = new SeededRandom(seed);
  const { host, network } = await startMemoryHost({ users: USERS, random, newId: () => "t1" });
  const clients = clientsOf(network, USERS);
  const created = await clients.gm!.create({
    gameId,
    seats: seats.map((u) => ({ kind: "person" as const, userId: u, name: u })),
    options: { defaultCredits: 20000 },
  });
  expect(created.ok, JSON.stringify(created)).toBe(true);
  const pick = new SeededRandom(seed * 7 + 1);
  let checked = 0;
  for (let step = 0; step < 2000; step++) {
    const sentBefore = network.sent.length;
    const record = host.record("t1");
    if (!record) throw new Error("no table");
    const toAct = clients.gm!.tables.get("t1")?.table.toAct ?? [];
    if (clients.gm!.tables.get("t1")?.table.over) break;
    const seat = toAct[0];
    const user = Object.entries(PLAYERS).find(([, s]) => s === seat)?.[0];
    const update = user ? clients[user]!.tables.get("t1") : undefined;
    if (!user || !update || update.legalMoves.length === 0) throw new Error(`stuck at ${seat}`);
    const move = update.legalMoves[pick.die(update.legalMoves.length) - 1];
    const reply = await clients[user]!.move("t1", move);
    expect(reply.ok, JSON.stringify(reply)).toBe(true);
    const state = host.record("t1")?.state;
    const trueState = gameId === "sabacc-true" ? (state as TrueState) : null;
    for (const sent of network.sent.slice(sentBefore)) {
      if (sent.to === "gm" || sent.message.type !== "table") continue;
      const mySeat = PLAYERS[sent.to as keyof typeof PLAYERS] ?? null;
      checkUpdate(sent.message, seats.some((u) => PLAYERS[u] === mySeat) ? mySeat : null, trueState);
      checked++;
    }
  }
  expect(clients.gm!.tables.get("t1")?.table.over).toBe(true);
  // Spectators and players got updates all along; the GM saw everything.
  const toDave: HostMessage[] = network.receivedBy("dave");
  expect(toDave.length).toBeGreaterThan(0);
  return checked;
}

describe("secrets through the table layer", () => {
  for (const gameId of ["sabacc-super-simplified", "sabacc-simplified", "sabacc-true"]) {
    it(`${gameId}: no player or spectator receives another seat's hidden hand, cards, points or private events`, async () => {
      let checked = 0;
      for (const seed of [1, 2, 3, 4, 5, 6])
        checked += await playMatch(gameId, seed, seed % 2 === 0 ? ["alice", "bob"] : ["alice", "bob", "carol"]);
      expect(checked).toBeGreaterThan(100);
    });
  }
});
