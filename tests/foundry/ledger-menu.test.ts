/**
 * The ledger without a scene (issue 25): scene controls need a canvas, so the ledger also has a
 * settings menu "Ledger" open to players. Foundry's Configure Settings (SettingsConfig, on a click
 * of a menu's button) constructs the menu's `type` with no argument and renders it with `force`;
 * the menu opens the one ledger window. The game.settings stand-in records `registerMenu` as
 * ClientSettings#registerMenu receives it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ledgerMenuClass as LedgerMenuClass } from "../../src/foundry/ledger-window";
import { registerSettings } from "../../src/foundry/settings";
import { installBareApplication, removeFoundryGlobals } from "./world";

class BareApplication {
  constructor(readonly options: object = {}) {}
  async render(): Promise<this> {
    throw new Error("the menu must not draw itself");
  }
}

let ledgerMenuClass: typeof LedgerMenuClass;

beforeAll(async () => {
  installBareApplication(BareApplication);
  ({ ledgerMenuClass } = await import("../../src/foundry/ledger-window"));
});

afterAll(() => removeFoundryGlobals());

interface MenuConfig {
  type: new () => { render(options: { force: boolean }): Promise<unknown> };
  restricted: boolean;
  name: string;
  label: string;
}

describe("the ledger's settings menu", () => {
  it("is registered for every user and, when Foundry opens it, opens the ledger window", async () => {
    const menus = new Map<string, MenuConfig>();
    (globalThis as unknown as { game: unknown }).game = {
      settings: {
        register: () => undefined,
        registerMenu: (_ns: string, key: string, config: MenuConfig) => menus.set(key, config),
      },
    };
    let opened = 0;
    registerSettings({ onHostOptionChange: () => undefined, ledgerMenu: ledgerMenuClass(() => opened++) });
    const menu = menus.get("ledger");
    expect(menu).toMatchObject({ restricted: false, name: "CANTINA.Settings.Ledger.Name" });
    await new menu!.type().render({ force: true });
    expect(opened).toBe(1);
  });

  it("the Sabacc tournament has one beside it, for every user, that opens the tournament window", async () => {
    const menus = new Map<string, MenuConfig>();
    (globalThis as unknown as { game: unknown }).game = {
      settings: {
        register: () => undefined,
        registerMenu: (_ns: string, key: string, config: MenuConfig) => menus.set(key, config),
      },
    };
    let opened = 0;
    registerSettings({ onHostOptionChange: () => undefined, tournamentMenu: ledgerMenuClass(() => opened++) });
    const menu = menus.get("tournament");
    expect(menu).toMatchObject({ restricted: false, name: "CANTINA.Tournament.Foundry.Settings.Menu.Name" });
    await new menu!.type().render({ force: true });
    expect(opened).toBe(1);
  });
});
