/**
 * The module's settings, in Foundry's Configure Settings under Cantina Games (GM only: all world
 * scope), the menus "This browser's key" (everyone: export or import this client's key) and
 * "Ledger" (everyone: the ledger opens without a scene, whose controls need a canvas). The sealed
 * tables and ledger are hidden settings `vault-<key>`, registered as the host needs them.
 * Foundry globals touched: `game.settings`.
 */
import { MODULE_ID } from "./api";

export const SETTINGS = {
  vault: "vault",
  anteScale: "anteScale",
  currencyName: "currencyName",
  allowSpectators: "allowSpectators",
  botDelay: "botDelay",
  archiveAfter: "archiveAfter",
  privateRollsToChat: "privateRollsToChat",
  turnSound: "turnSound",
  replayJournal: "replayJournal",
} as const;

declare module "@league-of-foundry-developers/foundry-vtt-types/configuration" {
  interface SettingConfig {
    "cantina-games.anteScale": number;
    "cantina-games.currencyName": string;
    "cantina-games.allowSpectators": boolean;
    "cantina-games.botDelay": number;
    "cantina-games.archiveAfter": number;
    "cantina-games.privateRollsToChat": boolean;
    "cantina-games.turnSound": boolean;
    "cantina-games.replayJournal": boolean;
  }
}

export interface SettingsHooks {
  /** The host re-reads its options (spectators, bot delay) when these change. */
  readonly onHostOptionChange: () => void;
  /** The menu "This browser's key": opens the one window that exports and imports this client's key (key-window.ts). */
  readonly keyWindow?: new () => foundry.applications.api.ApplicationV2.Any;
  /** The menu "Ledger" (everyone; ledger-window.ts): the ledger without a scene's controls. */
  readonly ledgerMenu?: new () => foundry.applications.api.ApplicationV2.Any;
  /** The menu "Sabacc tournament" (everyone; tournament-window.ts), beside the ledger's. */
  readonly tournamentMenu?: new () => foundry.applications.api.ApplicationV2.Any;
}

export function registerSettings(hooks: SettingsHooks): void {
  const settings = game.settings;
  if (!settings) return;
  const L = (key: string): string => `CANTINA.Settings.${key}`;
  if (hooks.keyWindow)
    settings.registerMenu(MODULE_ID, "keys", {
      name: L("Keys.Name"),
      label: L("Keys.Label"),
      hint: L("Keys.Hint"),
      icon: "fa-solid fa-key",
      type: hooks.keyWindow,
      restricted: false,
    });
  if (hooks.ledgerMenu)
    settings.registerMenu(MODULE_ID, "ledger", {
      name: L("Ledger.Name"),
      label: L("Ledger.Label"),
      hint: L("Ledger.Hint"),
      icon: "fa-solid fa-coins",
      type: hooks.ledgerMenu,
      restricted: false,
    });
  if (hooks.tournamentMenu)
    settings.registerMenu(MODULE_ID, "tournament", {
      name: "CANTINA.Tournament.Foundry.Settings.Menu.Name",
      label: "CANTINA.Tournament.Foundry.Settings.Menu.Label",
      hint: "CANTINA.Tournament.Foundry.Settings.Menu.Hint",
      icon: "fa-solid fa-trophy",
      type: hooks.tournamentMenu,
      restricted: false,
    });
  // A percentage of each game's own antes (they differ by game: Simplified Sabacc 250, Seven Ulwan 10…).
  settings.register(MODULE_ID, SETTINGS.anteScale, {
    name: L("AnteScale.Name"),
    hint: L("AnteScale.Hint"),
    scope: "world",
    config: true,
    type: Number,
    default: 100,
  });
  settings.register(MODULE_ID, SETTINGS.currencyName, {
    name: L("CurrencyName.Name"),
    hint: L("CurrencyName.Hint"),
    scope: "world",
    config: true,
    type: String,
    default: "credits",
  });
  settings.register(MODULE_ID, SETTINGS.allowSpectators, {
    name: L("AllowSpectators.Name"),
    hint: L("AllowSpectators.Hint"),
    scope: "world",
    config: true,
    type: Boolean,
    default: true,
    onChange: () => hooks.onHostOptionChange(),
  });
  settings.register(MODULE_ID, SETTINGS.botDelay, {
    name: L("BotDelay.Name"),
    hint: L("BotDelay.Hint"),
    scope: "world",
    config: true,
    type: Number,
    default: 800,
    onChange: () => hooks.onHostOptionChange(),
  });
  // Finished tables are compacted (result and log) and leave the table list this long after their end.
  settings.register(MODULE_ID, SETTINGS.archiveAfter, {
    name: L("ArchiveAfter.Name"),
    hint: L("ArchiveAfter.Hint"),
    scope: "world",
    config: true,
    type: Number,
    default: 60,
  });
  settings.register(MODULE_ID, SETTINGS.privateRollsToChat, {
    name: L("PrivateRollsToChat.Name"),
    hint: L("PrivateRollsToChat.Hint"),
    scope: "world",
    config: true,
    type: Boolean,
    default: true,
  });
  // The end of a table writes a journal entry with its summary and a link to its replay (off by default).
  settings.register(MODULE_ID, SETTINGS.replayJournal, {
    name: L("ReplayJournal.Name"),
    hint: L("ReplayJournal.Hint"),
    scope: "world",
    config: true,
    type: Boolean,
    default: false,
  });
  // Each player's own choice, in this browser: a sound when their turn starts (off by default).
  settings.register(MODULE_ID, SETTINGS.turnSound, {
    name: L("TurnSound.Name"),
    hint: L("TurnSound.Hint"),
    scope: "client",
    config: true,
    type: Boolean,
    default: false,
  });
}
