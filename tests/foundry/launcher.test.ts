/**
 * The launcher's antes, against the stand-ins of standins.ts (game.*, ui.notifications,
 * socketlib…) and a bare ApplicationV2: each game proposes its own ante by the rules (Simplified
 * Sabacc 250, with the minimum bet that follows it; Seven Ulwan 10; True Sabacc 500 + 1000),
 * scaled by the world setting "Ante scale (%)" (100 by default), and a table opened on those
 * proposals is accepted by the host, a closed-wallet Seven Ulwan table included.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETTINGS, registerSettings } from "../../src/foundry/settings";
import type * as WindowsModule from "../../src/foundry/windows";
import { games } from "../../src/games";
import { type BoardChoice, type LobbyState, defaultValues, lobbySpec } from "../../src/apps/table/lobby";
import { installBareApplication, removeFoundryGlobals, startRuntime, worldOf } from "./world";

class FakeApplication {
  static PARTS: Record<string, { template: string }> = {};
  rendered = false;
  constructor(readonly options: object) {}
  async render(): Promise<this> {
    this.rendered = true;
    return this;
  }
}

interface LauncherInternals {
  lobby: LobbyState;
  selectGame(gameId: string): void;
  boardChoices(): Promise<Record<string, BoardChoice[]>>;
}

/** The whole-number options a game's form proposes, as numbers. */
function numericOptions(gameId: string, anteScale = 100): Record<string, number> {
  const game = games[gameId]!;
  return Object.fromEntries(
    Object.entries(defaultValues(game, anteScale))
      .filter(([k]) => game.optionSchema[k]?.kind === "integer")
      .map(([k, v]) => [k, Number(v)]),
  );
}

let windows: typeof WindowsModule;

beforeAll(async () => {
  installBareApplication(FakeApplication);
  windows = await import("../../src/foundry/windows");
});

afterAll(() => removeFoundryGlobals());

async function setup(settings: Record<string, unknown> = {}) {
  const world = worldOf(["alice", "bob"]);
  for (const [k, v] of Object.entries(settings)) world.settings.set(`cantina-games.${k}`, v);
  const runtime = await startRuntime(world, "gm");
  const launcher = (gameId: string) =>
    new windows.Launcher(runtime, {} as WindowsModule.WindowManager, gameId) as unknown as LauncherInternals;
  return { world, runtime, launcher };
}

const antes = (options: Record<string, number | string>) =>
  Object.fromEntries(Object.entries(options).filter(([k]) => ["ante", "mainAnte", "sabaccAnte", "minBet"].includes(k)));

describe("the launcher's antes", () => {
  it("propose each game's own ante by the rules, not one ante for every game", () => {
    expect(antes(numericOptions("sabacc-super-simplified"))).toEqual({ ante: 100, minBet: 0 });
    expect(antes(numericOptions("sabacc-simplified"))).toEqual({ ante: 250, minBet: 250 });
    expect(antes(numericOptions("sabacc-true"))).toEqual({ mainAnte: 500, sabaccAnte: 1000 });
    expect(antes(numericOptions("seven-ulwan"))).toEqual({ ante: 10 });
    expect(numericOptions("seven-ulwan")).toMatchObject({ tokens: 100, entryFee: 100, defaultCredits: 1000 });
  });

  it('scale by "Ante scale (%)", rounded; the minimum bet follows the ante, and nothing else changes', () => {
    expect(antes(numericOptions("sabacc-simplified", 50))).toEqual({ ante: 125, minBet: 125 });
    expect(antes(numericOptions("sabacc-super-simplified", 50))).toEqual({ ante: 50, minBet: 0 });
    expect(antes(numericOptions("sabacc-true", 150))).toEqual({ mainAnte: 750, sabaccAnte: 1500 });
    expect(antes(numericOptions("seven-ulwan", 125))).toEqual({ ante: 13 });
    // An ante never rounds down to nothing.
    expect(antes(numericOptions("seven-ulwan", 1))).toEqual({ ante: 1 });
    expect(numericOptions("seven-ulwan", 200)).toMatchObject({
      tokens: 100,
      entryFee: 100,
      defaultCredits: 1000,
    });
    expect(numericOptions("sabacc-simplified", 200)).toMatchObject({
      defaultCredits: 5000,
      defaultLuck: 3,
      seatLimit: 6,
    });
  });

  it("the launcher reads the world setting, for the game it opens on and the one the GM picks", async () => {
    const { launcher } = await setup({ [SETTINGS.anteScale]: 200 });
    const l = launcher("sabacc-simplified");
    expect(antes(l.lobby.values)).toEqual({ ante: "500", minBet: "500" });
    l.selectGame("seven-ulwan");
    expect(antes(l.lobby.values)).toEqual({ ante: "20" });
  });

  it("by default a closed-wallet Seven Ulwan table opens on what the launcher proposes, and a Simplified table on 250", async () => {
    // A world that still holds the old "Default ante" (100) changes nothing.
    const { runtime, launcher } = await setup({ defaultAnte: 100 });
    const open = async (l: LauncherInternals) => {
      l.lobby.seats = [
        { kind: "person", userId: "alice", name: "", botLevel: "" },
        { kind: "person", userId: "bob", name: "", botLevel: "" },
      ];
      const asked = lobbySpec(
        l.lobby,
        windows.catalogue,
        { user: (id) => id, bot: (n) => `Bot ${n}` },
        await l.boardChoices(),
      );
      if (!asked.ok) throw new Error(asked.error.code);
      const reply = await runtime.client!.create(asked.spec);
      expect(reply, JSON.stringify(reply)).toMatchObject({ ok: true });
      const record = runtime.host!.record((reply as { tableId: string }).tableId)!;
      expect((await runtime.client!.end(record.id)).ok).toBe(true);
      return record.options as Record<string, unknown>;
    };
    const seven = launcher("seven-ulwan");
    seven.lobby.values.payment = "closed";
    expect(await open(seven)).toMatchObject({ payment: "closed", ante: 10 });
    expect(await open(launcher("sabacc-simplified"))).toMatchObject({ ante: 250, minBet: 250 });
  });
});

describe("the settings", () => {
  it('register "Ante scale (%)" (100) and no longer "Default ante"', () => {
    const registered = new Map<string, { default?: unknown; name?: string; config?: boolean }>();
    (globalThis as unknown as { game: unknown }).game = {
      settings: { register: (_ns: string, key: string, data: { default?: unknown }) => registered.set(key, data) },
    };
    registerSettings({ onHostOptionChange: () => undefined });
    expect(registered.get("anteScale")).toMatchObject({
      default: 100,
      name: "CANTINA.Settings.AnteScale.Name",
      config: true,
      type: Number,
    });
    expect(registered.has("defaultAnte")).toBe(false);
  });
});
