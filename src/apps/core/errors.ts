/**
 * The windows' own refusals as one `as const` table (a typed amount, a board click): what a window
 * says before anything is sent. Each game's codes are in its rules' table; the host's in table/protocol.
 */
export const WindowErrors = {
  amountMissing: "CANTINA.Error.AmountMissing",
  amountNotNumber: "CANTINA.Error.AmountNotNumber",
  amountNotWhole: "CANTINA.Error.AmountNotWhole",
  amountTooSmall: "CANTINA.Error.AmountTooSmall",
  /** A piece that can move, sent where it cannot go. */
  notDestination: "CANTINA.Board.Error.NotDestination",
} as const;
