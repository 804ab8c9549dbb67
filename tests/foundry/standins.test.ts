/**
 * The stand-ins behave as Foundry 13.351 and socketlib do where the module could trip (issue 25):
 * i18n `format`, settings, `Hooks.call` for `canvasReady`, a GM tab still setting up, executeAsGM.
 */
import { afterAll, describe, expect, it } from "vitest";
import { installSceneBoards } from "../../src/foundry/scene-boards-hooks";
import { FakeHooks, fakeBoardFactory, fakePixi, sceneServer } from "./canvas-standins";
import type { SettingDocuments } from "./setting-documents";
import { type FakeWorld, foundryFormat } from "./standins";
import { removeFoundryGlobals, worldOf } from "./world";

afterAll(() => removeFoundryGlobals());

interface GameSettings {
  get(ns: string, key: string): unknown;
  set(ns: string, key: string, value: unknown): Promise<unknown>;
  register(ns: string, key: string, data: Record<string, unknown>): void;
}
const gameSettings = (): GameSettings => (globalThis as unknown as { game: { settings: GameSettings } }).game.settings;

describe("game.i18n.format as Foundry's Localization#format", () => {
  it("writes undefined for a placeholder the data lacks, and key and data otherwise", () => {
    expect(foundryFormat("CANTINA.Error.StoreFailed", {})).toContain("undefined");
    expect(foundryFormat("CANTINA.Error.StoreFailed", { reason: "disk full" })).toBe(
      'CANTINA.Error.StoreFailed {"reason":"disk full"}',
    );
  });
});

describe("game.settings as Foundry's ClientSettings", () => {
  it("get throws for a key never registered; the module's own are registered as at init", () => {
    worldOf(["alice"]);
    expect(() => gameSettings().get("cantina-games", "nope")).toThrow(
      '"cantina-games.nope" is not a registered game setting',
    );
    expect(gameSettings().get("cantina-games", "anteScale")).toBe(100);
  });

  it("get casts the stored value into the registered type (Setting#_castType)", () => {
    const world = worldOf(["alice"]);
    world.settings.set("cantina-games.anteScale", "150");
    expect(gameSettings().get("cantina-games", "anteScale")).toBe(150);
    gameSettings().register("cantina-games", "object-kind", { scope: "world", type: Object, default: null });
    expect(gameSettings().get("cantina-games", "object-kind")).toBeNull();
    world.settings.set("cantina-games.object-kind", "sealed");
    // `new Object("sealed")`: a String object, not a string.
    expect(typeof gameSettings().get("cantina-games", "object-kind")).toBe("object");
  });

  it("a world write needs game.ready; the first is a create; an unchanged value sends nothing", async () => {
    const world: FakeWorld = worldOf(["alice"]);
    world.gameReady = false;
    world.install("gm");
    await expect(gameSettings().set("cantina-games", "botDelay", 5)).rejects.toThrow("before the Game is ready");
    world.gameReady = true;
    world.install("gm");
    await gameSettings().set("cantina-games", "botDelay", 5);
    await gameSettings().set("cantina-games", "botDelay", 5);
    await gameSettings().set("cantina-games", "botDelay", 6);
    expect(world.wire.settings.map((w) => [w.value, w.created])).toEqual([
      [5, true],
      [6, false],
    ]);
  });
});

describe("world settings as Foundry 13.351's Setting documents (issue 34)", () => {
  it("each is a JSON string with its stats; null is a document until deleted; a refused delete keeps it", async () => {
    const world = worldOf(["alice"]);
    const settings = gameSettings() as GameSettings & {
      get(ns: string, key: string, options: { document: true }): { _id: string | null; delete(): Promise<void> };
    };
    settings.register("cantina-games", "vault-x", { scope: "world", type: Object, default: null });
    await settings.set("cantina-games", "vault-x", { a: 1 });
    await settings.set("cantina-games", "vault-x", null);
    const docs = (world.settings as SettingDocuments).documents().filter((d) => d.key === "cantina-games.vault-x");
    expect(docs.map((d) => [d.value, typeof d._stats.modifiedTime])).toEqual([["null", "number"]]);
    world.refuseSetting = () => "refused";
    await expect(settings.get("cantina-games", "vault-x", { document: true }).delete()).rejects.toThrow("refused");
    world.refuseSetting = () => null;
    await settings.get("cantina-games", "vault-x", { document: true }).delete();
    expect(world.settings.has("cantina-games.vault-x")).toBe(false);
    expect(settings.get("cantina-games", "vault-x", { document: true })._id).toBeNull();
    expect(world.wire.settings.at(-1)).toMatchObject({ key: "cantina-games.vault-x", deleted: true, recipients: 2 });
  });
});

describe("Hooks.call for canvasReady", () => {
  it("a handler returning false stops the rest; the boards' own handler returns nothing", () => {
    const world = worldOf(["alice"]);
    const server = sceneServer(world, ["tavern"]);
    const canvas = server.canvasFor("gm", "tavern");
    expect(canvas.hooks).toBeInstanceOf(FakeHooks);
    let after = 0;
    installSceneBoards({ client: null }, fakeBoardFactory().create, {
      hooks: canvas.hooks,
      canvas: () => canvas,
      pixi: fakePixi,
    });
    canvas.hooks.on("canvasReady", () => (after += 1));
    server.ready("gm");
    expect(after).toBe(1);
    // Another module's handler first, returning false: nothing after it runs.
    const blocked = new FakeHooks();
    blocked.on("canvasReady", () => false);
    blocked.on("canvasReady", () => (after += 1));
    expect(blocked.call("canvasReady", canvas)).toBe(false);
    expect(after).toBe(1);
  });
});

describe("socketlib's calls to the GM", () => {
  /** One registered handler "ping" on a new tab of `user`, answering with the tab's name. */
  const tab = (world: FakeWorld, user: string, name: string) => {
    world.install(user);
    const lib = (
      globalThis as unknown as {
        socketlib: { registerModule(m: string): { register(n: string, f: () => unknown): void } };
      }
    ).socketlib;
    lib.registerModule("cantina-games").register("ping", () => name);
    return world.lastClient()!;
  };

  it("a GM tab between init and setup never answers; a set-up tab of that GM does", async () => {
    const world = worldOf(["alice"]);
    const early = tab(world, "gm", "early");
    early.setUp = false;
    let answered: unknown = "nothing";
    void world.callGM("ping", "alice").then((r) => (answered = r));
    await new Promise((r) => setTimeout(r, 0));
    expect(answered).toBe("nothing");
    tab(world, "gm", "ready");
    expect(await world.callGM("ping", "alice")).toBe("ready");
  });

  it("executeAsGM on a GM's client runs there and sends nothing", async () => {
    const world = worldOf(["alice"]);
    world.install("gm");
    const lib = (globalThis as unknown as { socketlib: { registerModule(m: string): unknown } }).socketlib;
    const socket = lib.registerModule("cantina-games") as {
      register(n: string, f: (this: { socketdata: { userId: string } }) => unknown): void;
      executeAsGM(n: string): Promise<unknown>;
    };
    socket.register("whoami", function () {
      return this.socketdata.userId;
    });
    expect(await socket.executeAsGM("whoami")).toBe("gm");
    expect(world.wire.socket).toEqual([]);
    expect([...world.inbox.values()].flat()).toEqual([]);
  });
});
