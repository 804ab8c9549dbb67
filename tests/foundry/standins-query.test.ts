/**
 * The `User#query` stand-in (standins-query.ts) is as unkind as Foundry v13's client: it refuses
 * before sending, never answers from a tab without the handler, tells the handler nothing of who
 * asked, and leaves the timing out to the server.
 */
import { afterEach, describe, expect, it } from "vitest";
import { type FakeWorld, fakeUser, fakeWorld } from "./standins";
import { removeFoundryGlobals } from "./world";

afterEach(() => removeFoundryGlobals());

/** A world of a GM and alice, each with one tab (a socketlib registration) and `CONFIG.queries`. */
function twoTabs(): FakeWorld {
  const world = fakeWorld([fakeUser("gm", "GM", true), fakeUser("alice", "Alice", false)]);
  for (const user of ["gm", "alice"]) {
    world.install(user);
    (globalThis as unknown as { socketlib: { registerModule(): unknown } }).socketlib.registerModule();
  }
  world.install("gm");
  return world;
}

const queries = () => (globalThis as unknown as { CONFIG: { queries: Record<string, unknown> } }).CONFIG.queries;
const gmUser = (world: FakeWorld) => world.users.find((u) => u.id === "gm")!;

describe("User#query as Foundry v13 routes it", () => {
  it("the handler gets the data and the timeout, not who asked; the answer reaches the asking tab alone", async () => {
    const world = twoTabs();
    const seen: unknown[] = [];
    world.as("gm", () => (queries()["x.echo"] = async (data: unknown, options: unknown) => seen.push(data, options)));
    world.as("alice", () => (queries()["x.echo"] = async () => undefined));
    expect(await world.as("alice", () => gmUser(world).query!("x.echo", { n: 1 }, { timeout: 500 }))).toBe(2);
    expect(seen).toEqual([{ n: 1 }, { timeout: 500 }]);
    const [gmTab, aliceTab] = world.tabs;
    expect(gmTab!.received).toHaveLength(1);
    expect(aliceTab!.received.map((m) => m.payload)).toEqual([{ status: "fulfilled", value: 2 }]);
  });

  it("refuses before sending: a query not registered on the sender's tab, no QUERY_USER permission, an inactive target", async () => {
    const world = twoTabs();
    world.as("gm", () => (queries()["x.q"] = async () => "ok"));
    await expect(world.as("alice", () => gmUser(world).query!("x.q", {}))).rejects.toThrow("is not registered");
    world.as("alice", () => (queries()["x.q"] = async () => "ok"));
    world.users.find((u) => u.id === "alice")!.permissions.QUERY_USER = false;
    await expect(world.as("alice", () => gmUser(world).query!("x.q", {}))).rejects.toThrow("permission");
    world.users.find((u) => u.id === "alice")!.permissions.QUERY_USER = true;
    gmUser(world).active = false;
    await expect(world.as("alice", () => gmUser(world).query!("x.q", {}))).rejects.toThrow("is not active");
    expect(world.wire.socket.filter((m) => m.handler === "userQuery")).toEqual([]);
  });

  it("a target tab without the handler never answers: the server's timeout rejects the query", async () => {
    const world = twoTabs();
    world.as("alice", () => (queries()["x.q"] = async () => "ok"));
    await expect(world.as("alice", () => gmUser(world).query!("x.q", {}, { timeout: 30 }))).rejects.toThrow(
      "timed out",
    );
    // (without a timeout it would wait for ever: the client keeps no timer of its own)
  });

  it("a handler's error is answered as a rejection with its message", async () => {
    const world = twoTabs();
    world.as("gm", () => (queries()["x.q"] = async () => Promise.reject(new Error("no such table"))));
    world.as("alice", () => (queries()["x.q"] = async () => "ok"));
    await expect(world.as("alice", () => gmUser(world).query!("x.q", {}))).rejects.toThrow("no such table");
  });
});
