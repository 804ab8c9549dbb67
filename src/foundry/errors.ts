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
