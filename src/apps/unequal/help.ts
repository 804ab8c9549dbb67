/**
 * The in-window help of the three unequal-forces games: the game's own rule lines (goal, a turn,
 * captures or safe pieces, how to win) and the table's draw options as they are set.
 */
import type { TwoSideState } from "../../rules/unequal/common";
import type { MatchSummary } from "../../rules/unequal/match";
import type { TableUpdate } from "../../table/protocol";
import { helpBasics } from "../core/types";

/** Each game's rule lines (i18n keys), in reading order. */
const LINES: Readonly<Record<string, readonly string[]>> = {
  "defiance-and-domain": ["Goal", "Turn", "Command", "Capture", "Win"].map((k) => `CANTINA.Help.Defiance.${k}`),
  porrika: ["Goal", "Setup", "Move", "Lock", "Win"].map((k) => `CANTINA.Help.Porrika.${k}`),
  takat: ["Goal", "Turn", "Move", "Safe", "Win"].map((k) => `CANTINA.Help.Takat.${k}`),
};

/** What the help reads of any of the three games' views. */
type HelpView = { readonly state?: TwoSideState; readonly match?: MatchSummary } | null;

export function unequalHelpContext(update: TableUpdate<HelpView>): Record<string, unknown> {
  const basics = helpBasics(update);
  const view = update.view;
  const draw = view?.state?.draw;
  return {
    help: {
      ...basics.help,
      lines: LINES[update.table.gameId] ?? [],
      maxMoves: draw?.maxMoves ?? 0,
      repetition: draw?.repetitionDraw ?? false,
      paired: view?.match?.paired ?? false,
    },
  };
}
