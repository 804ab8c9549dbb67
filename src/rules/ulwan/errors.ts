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
} as const;

/** Why board data cannot be played (`square`: a square's id, `path`: 1 or 2, as the data gives them). */
export const UlwanBoardErrors = {
  notObject: "CANTINA.Ulwan.Error.Board.NotObject",
  id: "CANTINA.Ulwan.Error.Board.Id",
  name: "CANTINA.Ulwan.Error.Board.Name",
  size: "CANTINA.Ulwan.Error.Board.Size",
  squares: "CANTINA.Ulwan.Error.Board.Squares",
  squareId: "CANTINA.Ulwan.Error.Board.SquareId",
  position: "CANTINA.Ulwan.Error.Board.Position",
  overlaps: "CANTINA.Ulwan.Error.Board.Overlaps",
  kind: "CANTINA.Ulwan.Error.Board.Kind",
  colour: "CANTINA.Ulwan.Error.Board.Colour",
  wrongColour: "CANTINA.Ulwan.Error.Board.WrongColour",
  owner: "CANTINA.Ulwan.Error.Board.Owner",
  paths: "CANTINA.Ulwan.Error.Board.Paths",
  pathLength: "CANTINA.Ulwan.Error.Board.PathLength",
  path: "CANTINA.Ulwan.Error.Board.Path",
  crosses: "CANTINA.Ulwan.Error.Board.Crosses",
  sideBySide: "CANTINA.Ulwan.Error.Board.SideBySide",
  offPath: "CANTINA.Ulwan.Error.Board.OffPath",
  firstAurek: "CANTINA.Ulwan.Error.Board.FirstAurek",
  adjacency: "CANTINA.Ulwan.Error.Board.Adjacency",
  adjacencyOf: "CANTINA.Ulwan.Error.Board.AdjacencyOf",
} as const;

/** Any of Ulwan's error codes. */
export type UlwanErrorCode = (typeof E)[keyof typeof E];
