/**
 * The unequal-forces family's refusals as one closed table of i18n error codes (lang/en.json keys,
 * unchanged, so old records and translations stand): what the three games share, then each game's.
 */
export const E = {
  badMove: "CANTINA.Unequal.Error.BadMove",
  notThere: "CANTINA.Unequal.Error.NotThere",
  notSeated: "CANTINA.Unequal.Error.NotSeated",
  notYourTurn: "CANTINA.Unequal.Error.NotYourTurn",
  over: "CANTINA.Unequal.Error.Over",
  seats: "CANTINA.Unequal.Error.Seats",
  defiance: {
    betweenImperial: "CANTINA.Unequal.Defiance.Error.BetweenImperial",
    commandPhase: "CANTINA.Unequal.Defiance.Error.CommandPhase",
    controlled: "CANTINA.Unequal.Defiance.Error.Controlled",
    counterFirst: "CANTINA.Unequal.Defiance.Error.CounterFirst",
    deadZone: "CANTINA.Unequal.Defiance.Error.DeadZone",
    mustMoveCommand: "CANTINA.Unequal.Defiance.Error.MustMoveCommand",
    noCommandThere: "CANTINA.Unequal.Defiance.Error.NoCommandThere",
    noCounterLeft: "CANTINA.Unequal.Defiance.Error.NoCounterLeft",
    notAStep: "CANTINA.Unequal.Defiance.Error.NotAStep",
    notYourCounter: "CANTINA.Unequal.Defiance.Error.NotYourCounter",
    occupied: "CANTINA.Unequal.Defiance.Error.Occupied",
    ontoImperial: "CANTINA.Unequal.Defiance.Error.OntoImperial",
    overImperial: "CANTINA.Unequal.Defiance.Error.OverImperial",
    sameDirection: "CANTINA.Unequal.Defiance.Error.SameDirection",
  },
  porrika: {
    locked: "CANTINA.Unequal.Porrika.Error.Locked",
    mustMove: "CANTINA.Unequal.Porrika.Error.MustMove",
    noneLeft: "CANTINA.Unequal.Porrika.Error.NoneLeft",
    noRoom: "CANTINA.Unequal.Porrika.Error.NoRoom",
    notAcross: "CANTINA.Unequal.Porrika.Error.NotAcross",
    notCorner: "CANTINA.Unequal.Porrika.Error.NotCorner",
    notMarked: "CANTINA.Unequal.Porrika.Error.NotMarked",
    notYours: "CANTINA.Unequal.Porrika.Error.NotYours",
    occupied: "CANTINA.Unequal.Porrika.Error.Occupied",
    placeFirst: "CANTINA.Unequal.Porrika.Error.PlaceFirst",
    setupOver: "CANTINA.Unequal.Porrika.Error.SetupOver",
  },
  takat: {
    adjacentSafe: "CANTINA.Unequal.Takat.Error.AdjacentSafe",
    empty: "CANTINA.Unequal.Takat.Error.Empty",
    enterCentre: "CANTINA.Unequal.Takat.Error.EnterCentre",
    enterOccupied: "CANTINA.Unequal.Takat.Error.EnterOccupied",
    justMoved: "CANTINA.Unequal.Takat.Error.JustMoved",
    mustEnter: "CANTINA.Unequal.Takat.Error.MustEnter",
    noHex: "CANTINA.Unequal.Takat.Error.NoHex",
    noPieceLeft: "CANTINA.Unequal.Takat.Error.NoPieceLeft",
    notAdjacent: "CANTINA.Unequal.Takat.Error.NotAdjacent",
    permanentlySafe: "CANTINA.Unequal.Takat.Error.PermanentlySafe",
    temporarilySafe: "CANTINA.Unequal.Takat.Error.TemporarilySafe",
    tooHigh: "CANTINA.Unequal.Takat.Error.TooHigh",
  },
} as const;

type Codes<T> = T extends string ? T : { [K in keyof T]: Codes<T[K]> }[keyof T];

/** Any of the family's error codes (a refusal function returns one of these, or null). */
export type UnequalErrorCode = Codes<typeof E>;
