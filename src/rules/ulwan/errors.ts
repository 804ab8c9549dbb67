/**
 * Ulwan's refusals as one closed table of i18n error codes (lang/en.json keys), the rules' and the
 * board check's; in a file of their own so the board check can name them without an import cycle.
 */
export const E = {
  notYourTurn: "CANTINA.Error.NotYourTurn",
  notSeated: "CANTINA.Error.NotSeated",
  gameOver: "CANTINA.Error.GameOver",
  wrongPhase: "CANTINA.Ulwan.Error.WrongPhase",
  noPiece: "CANTINA.Ulwan.Error.NoPiece",
  illegal: "CANTINA.Ulwan.Error.Illegal",
  ownPiece: "CANTINA.Ulwan.Error.OwnPiece",
  overshoot: "CANTINA.Ulwan.Error.Overshoot",
  rosette: "CANTINA.Ulwan.Error.OccupiedRosette",
  noneInHand: "CANTINA.Ulwan.Error.NoneInHand",
  cannotAfford: "CANTINA.Ulwan.Error.CannotAfford",
  cannotAffordEntry: "CANTINA.Ulwan.Error.CannotAffordEntry",
  notFour: "CANTINA.Ulwan.Error.NotFour",
  notSeven: "CANTINA.Ulwan.Error.SevenOnly",
  firstAurekTaken: "CANTINA.Ulwan.Error.FirstAurekTaken",
  noDorn: "CANTINA.Ulwan.Error.NoDorn",
  notAdjacent: "CANTINA.Ulwan.Error.NotAdjacent",
  /** A board that cannot be played (its `reason` a plain text). */
  badBoard: "CANTINA.Ulwan.Error.BadBoard",
} as const;

/** Any of Ulwan's error codes. */
export type UlwanErrorCode = (typeof E)[keyof typeof E];
