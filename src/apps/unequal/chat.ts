/** How the unequal-forces games' chat lines name their own tokens: a place ("f6", "b2, north triangle"), a Defiance counter's facing ("facing north"). */
import { DIRECTION_NAMES } from "../../rules/grid";
import type { ParamNamer } from "../core/chat";
import { placeNamer } from "../core/places";

const FACINGS: readonly string[] = DIRECTION_NAMES;

/** A `facing` parameter (a direction's name) in the words the board's facing buttons use. */
export const unequalChatNamer: ParamNamer = (key, value, i18n) =>
  key === "facing" && FACINGS.includes(value)
    ? i18n.localize(`CANTINA.Board.Facing.${value}`)
    : placeNamer(key, value, i18n);
