/** The Foundry host's own refusals (the table layer's are `Errors` in src/table/protocol.ts). */
export const FoundryErrors = {
  /** The host GM's client threw while answering (the request is not known to be applied). */
  failed: "CANTINA.Foundry.Error.Failed",
  /** Another tab or device of the same user hosts the tables: this one only views them. */
  otherTabHosts: "CANTINA.Foundry.Error.OtherTabHosts",
  /** The hosting GM's browser cannot open the stored event ledger. */
  ledgerUnreadable: "CANTINA.Foundry.Error.LedgerUnreadable",
} as const;

/** Why a key file or a recovery code was not imported (src/foundry/keys.ts). */
export const KeyErrors = {
  notAKey: "CANTINA.Foundry.Key.Error.NotAKey",
  otherWorld: "CANTINA.Foundry.Key.Error.OtherWorld",
  otherUser: "CANTINA.Foundry.Key.Error.OtherUser",
  badCode: "CANTINA.Foundry.Key.Error.BadCode",
} as const;

/** Why a board on the scene was not placed, changed, removed or moved (src/foundry/scene-boards.ts). */
export const SceneErrors = {
  /** A move on a board the GM locked. */
  locked: "CANTINA.Scene.Error.Locked",
  /** A placement operation tried by a player: only a GM writes the scene's flags. */
  gmOnly: "CANTINA.Scene.Error.GMOnly",
  noScene: "CANTINA.Scene.Error.NoScene",
  notBoard: "CANTINA.Scene.Error.NotBoard",
  notPlaced: "CANTINA.Scene.Error.NotPlaced",
  writeFailed: "CANTINA.Scene.Error.WriteFailed",
} as const;

/** Why the Foundry tournament refuses the GM's settings or a summary (src/foundry/tournament-*.ts). */
export const TournamentFoundryErrors = {
  /** A credits path typed by the GM at which no actor of the world holds a whole number. */
  noActorHasCredits: "CANTINA.Tournament.Foundry.Error.NoActorHasCredits",
  /** The summary could not be posted to chat or written to the journal. */
  summaryFailed: "CANTINA.Tournament.Foundry.Error.SummaryFailed",
} as const;
