/**
 * The help card: the commands a player may type and, for a GM, a button per game that opens a
 * table, its seats picked from the campaign's players (or a bot) with Roll20 query drop-downs.
 */
import type { Localizer } from "../apps/core/i18n";
import type { AnyGame } from "../rules/core";
import { COMMAND, once } from "./commands";
import { button, card, escapeChat } from "./render";

/** A drop-down option's label: escaped, and without the `,` and `|` that would split the query. */
const optionLabel = (text: string): string => escapeChat(text).replace(/,/g, "&#44;");

/** `?{Seat 2|Alice,-Mabc|Bot,bot}`: the player ids are Roll20's own, safe in a command. */
export function seatQuery(prompt: string, players: readonly { id: string; name: string }[], botLabel: string): string {
  const options = [...players.map((p) => `${optionLabel(p.name)},${p.id}`), `${optionLabel(botLabel)},bot`];
  return `?{${escapeChat(prompt)}|${options.join("|")}}`;
}

export function helpCard(
  i18n: Localizer,
  isGM: boolean,
  games: readonly AnyGame[],
  players: readonly { id: string; name: string }[],
): string {
  const lines = [
    "CANTINA.Roll20.Help.Tables",
    "CANTINA.Roll20.Help.Show",
    "CANTINA.Roll20.Help.Buttons",
    "CANTINA.Roll20.Help.Purse",
    "CANTINA.Roll20.Help.Flow",
    "CANTINA.Tournament.Roll20.Help",
    ...(isGM
      ? [
          "CANTINA.Roll20.Help.GM",
          "CANTINA.Roll20.Help.FlowGM",
          "CANTINA.Roll20.Help.Boards",
          "CANTINA.Roll20.Help.Puzzles",
          "CANTINA.Tournament.Roll20.HelpGM",
        ]
      : []),
  ].map((key) => escapeChat(i18n.localize(key)));
  const buttons = isGM
    ? games.map((game) => {
        const seats = Array.from({ length: Math.min(game.minSeats + 1, game.maxSeats) }, (_, i) =>
          seatQuery(
            i18n.format("CANTINA.Roll20.SeatPrompt", { n: i + 1 }),
            players,
            i18n.localize("CANTINA.Roll20.Bot"),
          ),
        );
        // A new table is created once per button (its one-time id), however often it is clicked.
        return button(i18n.localize(game.nameKey), once(`${COMMAND} new ${game.id} ${seats.join(" ")}`));
      })
    : [button(i18n.localize("CANTINA.Roll20.TablesButton"), `${COMMAND} tables`)];
  const tournaments = button(i18n.localize("CANTINA.Tournament.Roll20.Button.Tournaments"), `${COMMAND} tour`);
  return card(i18n.localize("CANTINA.Title"), lines, [...buttons, tournaments]);
}
