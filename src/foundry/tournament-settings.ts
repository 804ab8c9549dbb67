/**
 * The tournament's credits field (world setting): blank, the system's preset; a typed path refused
 * as it is set unless some actor holds a whole number there (docs/foundry.md, "The Sabacc tournament").
 */
import { type Result, refuse } from "../rules/core";
import { errorMessage } from "../apps/table/controller";
import { MODULE_ID } from "./api";
import { creditPath, creditsAt } from "./character-purse";
import * as env from "./env";
import { TournamentFoundryErrors } from "./errors";
import { systemId, worldActors } from "./world-actors";

export const TOURNAMENT_SETTINGS = { creditPath: "tournamentCreditPath" } as const;

declare module "@league-of-foundry-developers/foundry-vtt-types/configuration" {
  interface SettingConfig {
    "cantina-games.tournamentCreditPath": foundry.data.fields.StringField<{
      required: true;
      blank: true;
      trim: true;
      initial: "";
    }>;
  }
}

/**
 * The path the GM typed, checked: a field under `system` (as the purse reads it), where at least
 * one actor of `actors` holds a whole number.
 */
export function checkTypedCreditPath(
  typed: string,
  system: string,
  actors: Iterable<{ readonly system: unknown }>,
): Result<{ path: string }> {
  const checked = creditPath(system, typed);
  if (!checked.ok || typed.trim() === "") return checked;
  for (const actor of actors) if (creditsAt(actor.system, checked.path) !== null) return checked;
  return refuse(TournamentFoundryErrors.noActorHasCredits, { path: checked.path });
}

/** Registers the setting at `init`, beside the module's others (settings.ts). */
export function registerTournamentSettings(): void {
  const settings = game.settings;
  if (!settings) return;
  const L = (key: string): string => `CANTINA.Tournament.Foundry.Settings.CreditPath.${key}`;
  settings.register(MODULE_ID, TOURNAMENT_SETTINGS.creditPath, {
    name: L("Name"),
    hint: L("Hint"),
    scope: "world",
    config: true,
    type: new foundry.data.fields.StringField({
      required: true,
      blank: true,
      trim: true,
      initial: "",
      // Runs as the GM sets it, with the world's actors of that moment; a throw refuses the value.
      validate: (value: unknown) => {
        const checked = checkTypedCreditPath(String(value), systemId(), worldActors());
        if (!checked.ok) throw new Error(errorMessage(checked.error, undefined, env));
        return true;
      },
    }),
  });
}

/** The credits field transfers use now: the GM's path, else the system's preset; refused when neither. */
export function tournamentCreditPath(): Result<{ path: string }> {
  const typed = game.settings?.get(MODULE_ID, TOURNAMENT_SETTINGS.creditPath);
  return creditPath(systemId(), typeof typed === "string" ? typed : "");
}
