/**
 * The module's settings, in Foundry's Configure Settings under Cantina Games (GM only: all world
 * scope). The sealed tables and ledger are hidden settings `vault-<key>`, registered as the host
 * needs them (env.ts `vaultBackend`, sealed-store.ts).
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
} as const;

declare module "@league-of-foundry-developers/foundry-vtt-types/configuration" {
  interface SettingConfig {
    "cantina-games.anteScale": number;
    "cantina-games.currencyName": string;
    "cantina-games.allowSpectators": boolean;
    "cantina-games.botDelay": number;
    "cantina-games.archiveAfter": number;
    "cantina-games.privateRollsToChat": boolean;
  }
}

export interface SettingsHooks {
  /** The host re-reads its options (spectators, bot delay) when these change. */
  readonly onHostOptionChange: () => void;
}

export function registerSettings(hooks: SettingsHooks): void {
  const settings = game.settings;
  if (!settings) return;
  const L = (key: string): string => `CANTINA.Settings.${key}`;
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
}
