/**
 * What the Foundry host gives the tournament: the characters service and a purse over the world's
 * actors whose credits field is read from the setting at every transfer.
 */
import type { Result } from "../rules/core";
import type { CharacterPurse, CharacterRef, PurseReading } from "../tournament";
import { ActorPurse, type PurseActor } from "./character-purse";
import { tournamentCreditPath } from "./tournament-settings";
import { actorById, charactersOfUser } from "./world-actors";

/** A purse whose credits field is `pathOf()` at each read and write; a field refused refuses the transfer. */
export class SettingPurse implements CharacterPurse {
  constructor(
    private readonly pathOf: () => Result<{ path: string }>,
    private readonly actorOf: (id: string) => PurseActor | undefined,
  ) {}

  private purse(): Result<{ purse: ActorPurse }> {
    const path = this.pathOf();
    return path.ok ? { ok: true, purse: new ActorPurse(this.actorOf, path.path) } : path;
  }

  async read(character: CharacterRef): Promise<Result<{ reading: PurseReading }>> {
    const made = this.purse();
    return made.ok ? made.purse.read(character) : made;
  }

  async write(character: CharacterRef, credits: number, mark: string): Promise<Result<object>> {
    const made = this.purse();
    return made.ok ? made.purse.write(character, credits, mark) : made;
  }
}

/** The host options the tournament needs in Foundry (hosting.ts passes them to `TableHost.start`). */
export function tournamentHostOptions(): {
  readonly characters: (user: string) => readonly CharacterRef[];
  readonly purse: CharacterPurse;
} {
  return { characters: charactersOfUser, purse: new SettingPurse(tournamentCreditPath, actorById) };
}
