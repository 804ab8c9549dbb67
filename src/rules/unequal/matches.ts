/**
 * The three unequal-forces games as the registry offers them: each with the paired-match option
 * (match.ts); Por'rika's match is settled by its scoring option when that is on.
 */
import { defiance } from "./defiance";
import { pairedMatch, winPoints } from "./match";
import { type PorrikaState, porrika } from "./porrika";
import { takat } from "./takat";

/** Por'rika's points of a finished game: the text's scoring when on, else a win each. */
export const porrikaMatchPoints = (s: PorrikaState): readonly [number, number] =>
  s.scoring ? [s.points[0] ?? 0, s.points[1] ?? 0] : winPoints(s);

export const defianceMatch = pairedMatch(defiance);
export const porrikaMatch = pairedMatch(porrika, porrikaMatchPoints);
export const takatMatch = pairedMatch(takat);
