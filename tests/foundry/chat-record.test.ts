/**
 * The public record of the dice in Foundry chat (issue 25): every message the host posts, public
 * roll, hidden-roll notice or sealed private roll, is authored by the hosting GM, so no player
 * owns it and none may delete or rewrite it (BaseChatMessage's permissions, modelled by
 * `mayModifyChat`); the seat's character, or the player, is its speaker.
 */
import { afterEach, describe, expect, it } from "vitest";
import { playerClient, mayModifyChat } from "./standins";
import { gmWorld, openTable, removeFoundryGlobals, settleAll } from "./world";

afterEach(() => removeFoundryGlobals());

describe("the dice record in chat", () => {
  it("is authored by the hosting GM, so no player may delete or edit a roll or notice, not even their own", async () => {
    const { world, runtime } = await gmWorld(["alice", "bob"]);
    world.users.find((u) => u.id === "alice")!.character = { id: "actor-alice" };
    const alice = await playerClient(world, "alice");
    const bob = await playerClient(world, "bob");
    const tableId = await openTable(runtime, "sabacc-super-simplified");
    // Both roll for the order, then their hands (a private roll: sealed, plus a notice for everyone);
    // a move out of turn is refused and changes nothing, so each is tried by both, twice.
    for (const type of ["roll-order", "roll-hand"])
      for (let round = 0; round < 2; round++)
        for (const p of [alice, bob]) {
          await settleAll(runtime, [alice, bob]);
          await p.client.move(tableId, { type });
        }
    await settleAll(runtime, [alice, bob]);

    const messages = world.wire.chat.map((c) => c.data);
    const publicRolls = messages.filter((m) => Array.isArray(m.rolls));
    const notices = messages.filter((m) => !m.rolls && !m.whisper);
    const sealed = messages.filter((m) => Array.isArray(m.whisper));
    expect(publicRolls.length).toBeGreaterThanOrEqual(2);
    expect(notices.length).toBeGreaterThanOrEqual(1);
    expect(sealed.length).toBeGreaterThanOrEqual(1);
    for (const message of messages) {
      expect(message.author).toBe("gm");
      for (const player of ["alice", "bob"]) {
        expect(mayModifyChat(world, message, player)).toBe(false);
        expect(mayModifyChat(world, message, player, { author: player })).toBe(false);
      }
      expect(mayModifyChat(world, message, "gm")).toBe(true);
    }
    // Alice's own roll speaks as her character; Bob, without one, as his seat.
    const speakers = publicRolls.map((m) => m.speaker as { alias: string; actor?: string });
    expect(speakers).toContainEqual({ alias: "Alice", actor: "actor-alice" });
    expect(speakers).toContainEqual({ alias: "Bob" });
  });

  it("the stand-in refuses what Foundry refuses: a player posting as someone else, an unevaluated roll", async () => {
    const { world } = await gmWorld(["alice"]);
    world.install("alice");
    await expect(ChatMessage.create({ author: "gm", content: "x" } as ChatMessage.CreateData)).rejects.toThrow();
    world.install("gm");
    const unevaluated = { rolls: [{ fromData: { evaluated: false } }] } as unknown as ChatMessage.CreateData;
    await expect(ChatMessage.create(unevaluated)).rejects.toThrow();
    expect(() => Roll.fromData({ formula: "not a roll", terms: [] } as unknown as Roll.Data)).toThrow();
  });
});
