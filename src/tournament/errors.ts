/**
 * Why the tournament refuses a request: each code an i18n key under CANTINA.Tournament.Error in
 * lang/en.json and lang/de.json, its placeholders filled from the refusal's params.
 */
export const TournamentErrors = {
  unknownCircuit: "CANTINA.Tournament.Error.UnknownCircuit",
  circuitOpen: "CANTINA.Tournament.Error.CircuitOpen",
  badCircuit: "CANTINA.Tournament.Error.BadCircuit",
  unknownParticipant: "CANTINA.Tournament.Error.UnknownParticipant",
  participantKnown: "CANTINA.Tournament.Error.ParticipantKnown",
  notYours: "CANTINA.Tournament.Error.NotYours",
  gmOnly: "CANTINA.Tournament.Error.GmOnly",
  reasonRequired: "CANTINA.Tournament.Error.ReasonRequired",
  signUpsClosed: "CANTINA.Tournament.Error.SignUpsClosed",
  alreadySignedUp: "CANTINA.Tournament.Error.AlreadySignedUp",
  notSignedUp: "CANTINA.Tournament.Error.NotSignedUp",
  roundOpen: "CANTINA.Tournament.Error.RoundOpen",
  tooFewPlayers: "CANTINA.Tournament.Error.TooFewPlayers",
  badBots: "CANTINA.Tournament.Error.BadBots",
  unknownTable: "CANTINA.Tournament.Error.UnknownTable",
  badResult: "CANTINA.Tournament.Error.BadResult",
  badAmount: "CANTINA.Tournament.Error.BadAmount",
  noCharacter: "CANTINA.Tournament.Error.NoCharacter",
  badTransferId: "CANTINA.Tournament.Error.BadTransferId",
  transferIdReused: "CANTINA.Tournament.Error.TransferIdReused",
  unknownTransfer: "CANTINA.Tournament.Error.UnknownTransfer",
  sheetTooLow: "CANTINA.Tournament.Error.SheetTooLow",
  ledgerTooLow: "CANTINA.Tournament.Error.LedgerTooLow",
  atTable: "CANTINA.Tournament.Error.AtTable",
  purseUnreadable: "CANTINA.Tournament.Error.PurseUnreadable",
  purseRefused: "CANTINA.Tournament.Error.PurseRefused",
  booksRefused: "CANTINA.Tournament.Error.BooksRefused",
  badCreditPath: "CANTINA.Tournament.Error.BadCreditPath",
  unknownTournament: "CANTINA.Tournament.Error.UnknownTournament",
  noCharacters: "CANTINA.Tournament.Error.NoCharacters",
  notPlayable: "CANTINA.Tournament.Error.NotPlayable",
  noPurse: "CANTINA.Tournament.Error.NoPurse",
  pendingBuyIn: "CANTINA.Tournament.Error.PendingBuyIn",
  pendingCashOut: "CANTINA.Tournament.Error.PendingCashOut",
} as const;

export type TournamentErrorCode = (typeof TournamentErrors)[keyof typeof TournamentErrors];
