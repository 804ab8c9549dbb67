/**
 * The characters service of the Foundry host: which actors a user may bring to a tournament. Their
 * assigned character (`User#character`) first, then their other owned character actors by name; a
 * GM any character actor. Ownership as 13.351's Document#testUserPermission (stand-in actors:
 * tests/tournament/foundry-actor.ts).
 */
import { afterEach, describe, expect, it } from "vitest";
import { charactersOfUser } from "../../src/foundry/world-actors";
import { Faults } from "../tournament/fixtures";
import { OWNERSHIP, StandInActor } from "../tournament/foundry-actor";
import type { FakeWorld } from "./standins";
import { removeFoundryGlobals, worldOf } from "./world";

afterEach(() => removeFoundryGlobals());

function actor(
  world: FakeWorld,
  id: string,
  name: string,
  ownership: Record<string, number>,
  type = "character",
): StandInActor {
  const a = world.addActor(new StandInActor(id, { stats: { credits: { value: 100 } } }, () => new Faults()));
  a.name = name;
  a.type = type;
  a.ownership = { default: OWNERSHIP.NONE, ...ownership };
  return a;
}

function user(world: FakeWorld, id: string) {
  return world.users.find((u) => u.id === id)!;
}

const ids = (userId: string): string[] => charactersOfUser(userId).map((c) => c.id);

describe("the characters a user may bring to a tournament (Foundry)", () => {
  it("a player's assigned character comes first, then the other character actors they own, by name", () => {
    const world = worldOf(["alice", "bob"]);
    actor(world, "zed", "Zed", { alice: OWNERSHIP.OWNER });
    actor(world, "kira", "Kira", { alice: OWNERSHIP.OWNER });
    actor(world, "bria", "Bria", { alice: OWNERSHIP.OWNER });
    user(world, "alice").character = { id: "zed" };
    expect(charactersOfUser("alice")).toEqual([
      { id: "zed", name: "Zed" },
      { id: "bria", name: "Bria" },
      { id: "kira", name: "Kira" },
    ]);
  });

  it("another player's character, or one a player only observes or sees by the default level, is not theirs", () => {
    const world = worldOf(["alice", "bob"]);
    actor(world, "bobs", "Bob's pilot", { bob: OWNERSHIP.OWNER, alice: OWNERSHIP.OBSERVER });
    actor(world, "crew", "Crew", { default: OWNERSHIP.LIMITED });
    actor(world, "mine", "Mine", { alice: OWNERSHIP.OWNER });
    expect(ids("alice")).toEqual(["mine"]);
    expect(ids("bob")).toEqual(["bobs"]);
  });

  it("an actor every player owns by the default level is each player's", () => {
    const world = worldOf(["alice", "bob"]);
    actor(world, "shared", "Shared", { default: OWNERSHIP.OWNER });
    expect(ids("alice")).toEqual(["shared"]);
    expect(ids("bob")).toEqual(["shared"]);
  });

  it("an assigned character the player only observes is not offered (a player spends only what they own)", () => {
    const world = worldOf(["alice", "bob"]);
    actor(world, "bobs", "Bob's pilot", { bob: OWNERSHIP.OWNER, alice: OWNERSHIP.OBSERVER });
    user(world, "alice").character = { id: "bobs" };
    expect(ids("alice")).toEqual([]);
  });

  it("owned actors of other types (an NPC, a vehicle) are not offered, but an assigned one of another type is", () => {
    const world = worldOf(["alice"]);
    actor(world, "ship", "Ship", { alice: OWNERSHIP.OWNER }, "vehicle");
    actor(world, "droid", "Droid", { alice: OWNERSHIP.OWNER }, "npc");
    expect(ids("alice")).toEqual([]);
    user(world, "alice").character = { id: "droid" };
    expect(ids("alice")).toEqual(["droid"]);
  });

  it("the GM may enter any character actor of the world", () => {
    const world = worldOf(["alice", "bob"]);
    actor(world, "a", "Alpha", { alice: OWNERSHIP.OWNER });
    actor(world, "b", "Beta", { bob: OWNERSHIP.OWNER });
    actor(world, "n", "Thug", {}, "npc");
    expect(ids("gm")).toEqual(["a", "b"]);
  });

  it("a user the world does not know has no characters", () => {
    const world = worldOf(["alice"]);
    actor(world, "a", "Alpha", { default: OWNERSHIP.OWNER });
    expect(ids("nobody")).toEqual([]);
  });
});
