/**
 * Ubongo's refusals as one closed table of i18n error codes (lang/en.json keys), the rules' and
 * the window's; in a file of their own so the tiling checks can name them without an import cycle.
 */
export const E = {
  notSeated: "CANTINA.Error.NotSeated",
  gameOver: "CANTINA.Error.GameOver",
  badOption: "CANTINA.Error.BadOption",
  seatCount: "CANTINA.Error.SeatCount",
  wrongPhase: "CANTINA.Ubongo.Error.WrongPhase",
  notRoller: "CANTINA.Ubongo.Error.NotRoller",
  notContender: "CANTINA.Ubongo.Error.NotContender",
  alreadyFinished: "CANTINA.Ubongo.Error.AlreadyFinished",
  wrongTiles: "CANTINA.Ubongo.Error.WrongTiles",
  noFlip: "CANTINA.Ubongo.Error.NoFlip",
  jediTiles: "CANTINA.Ubongo.Error.JediTiles",
  jediSides: "CANTINA.Ubongo.Error.JediSides",
  hostOnly: "CANTINA.Ubongo.Error.HostOnly",
  noTimer: "CANTINA.Ubongo.Error.NoTimer",
  soloOnly: "CANTINA.Ubongo.Error.SoloOnly",
  badTime: "CANTINA.Ubongo.Error.BadTime",
  hangsOver: "CANTINA.Ubongo.Error.HangsOver",
  overlap: "CANTINA.Ubongo.Error.Overlap",
  uncovered: "CANTINA.Ubongo.Error.Uncovered",
  /** The window's: the tiles laid could not be read. */
  badBoard: "CANTINA.Ubongo.Error.BadBoard",
} as const;

/** Any of Ubongo's error codes. */
export type UbongoErrorCode = (typeof E)[keyof typeof E];
