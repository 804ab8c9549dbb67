/**
 * The Sabacc variants' in-window help: the short rules of the variant, and for True Sabacc the hand
 * rankings and every card's value (face cards and the named cards drawn with their value).
 */
import { CALL_ROUND } from "../../rules/sabacc/true-sabacc";
import { FACES, SPECIALS, SUITS } from "../../rules/sabacc/deck";
import type { TableUpdate } from "../../table/protocol";
import { cardFace } from "./cards";

/** The help of a variant: "super" (Super Simplified), "simplified" or "true". */
export function sabaccHelpContext(variant: "super" | "simplified" | "true") {
  return (update: TableUpdate): Record<string, unknown> => ({
    help: {
      tableId: update.table.id,
      gameKey: `CANTINA.Games.${update.table.gameId}`,
      rulesKey: `CANTINA.Help.Sabacc.Rules.${variant}`,
      isTrue: variant === "true",
      callRound: CALL_ROUND,
      suits: SUITS.map((s) => `CANTINA.Sabacc.Suit.${s}`),
      faces: Object.keys(FACES).map((rank) => cardFace(`coins-${rank}`)),
      specials: SPECIALS.map((s) => cardFace(`${s.id}-1`)),
    },
  });
}
