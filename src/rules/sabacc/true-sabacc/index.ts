/**
 * True Sabacc (Nova Circuit), text 003: the game as the table sees it. Its parts are in this folder
 * (types, seats, dealing, flow, showdown, moves, apply, view); docs/rules/sabacc.md has every interpretation.
 */
import { type Game, type GameStatus, ok, schemaOptions } from "../../core";
import { checkPurses, mapSeats, matchStatus, openTable, checkSeatLimit } from "../common";
import { DECK_IDS } from "../deck";
import { applyTrue } from "./apply";
import { isTrueMove, legal } from "./moves";
import {
  TRUE_ID,
  TRUE_MAX_SEATS,
  type TrueMove,
  type TrueOptions,
  type TrueState,
  type TrueView,
  noBetting,
  trueSchema,
} from "./types";
import { CHEAT_SHOWN } from "./showdown";
import { viewTrue } from "./view";

export * from "./types";
export { betCap, cardsOf } from "./seats";

export const trueSabacc: Game<TrueState, TrueMove, TrueOptions, TrueView> = {
  id: TRUE_ID,
  nameKey: "CANTINA.Games.sabacc-true",
  minSeats: 2,
  maxSeats: TRUE_MAX_SEATS,
  usesLedger: true,
  laterNotices: [CHEAT_SHOWN],

  ...schemaOptions(trueSchema, { min: 2, max: TRUE_MAX_SEATS }, (o, seats) => checkSeatLimit(o.seatLimit, seats)),

  setup(seats, options, _random, purses) {
    const checked = this.checkOptions(options, seats);
    if (!checked.ok) return checked;
    const paid = checkPurses(options, purses, seats, options.mainAnte + options.sabaccAnte);
    if (!paid.ok) return paid;
    return ok<TrueState>({
      ...openTable(seats, options, purses),
      game: TRUE_ID,
      mainAnte: options.mainAnte,
      sabaccAnte: options.sabaccAnte,
      seatLimit: options.seatLimit,
      roundLimit: options.roundLimit,
      round: 0,
      dealCard: 1,
      deciding: false,
      pending: null,
      deck: [...DECK_IDS],
      hands: mapSeats(seats, () => []),
      fields: mapSeats(seats, () => []),
      discards: [],
      setAside: [],
      mainPot: 0,
      sabaccPot: 0,
      house: 0,
      betting: noBetting,
      shiftRolls: [],
      cheats: mapSeats(seats, () => null),
      demise: [],
      demiseKind: null,
      duplicates: [],
      outcome: null,
    });
  },
  isMove: isTrueMove,

  legalMoves: legal,

  apply: applyTrue,

  view: viewTrue,

  status(s): GameStatus {
    return matchStatus(s);
  },
};
