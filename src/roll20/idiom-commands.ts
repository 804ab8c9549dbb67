/**
 * Roll20's idiom (issue 35): the GM's menu card, the settings card, the seat's flow buttons, the game
 * options as drop-down queries: nothing a player or GM needs is typed only (docs/roll20.md).
 */
import type { Localizer } from "../apps/core/i18n";
import { type AnyGame, type OptionField, type Result, refuse, succeed } from "../rules/core";
import type { TableSummary } from "../table/protocol";
import { COMMAND, once } from "./commands";
import { seatQuery } from "./menu";
import { button, card, escapeChat } from "./render";
import { type Roll20Settings, type SettingKey, USER_OPTIONS, parseSetting } from "./settings";

export type { IdiomCommand } from "./idiom-parse";

export const IdiomErrors = {
  badSetting: "CANTINA.Roll20.Idiom.Error.BadSetting",
} as const;

/** A setting typed by a GM, checked: the change to store, or why not. */
export function settingChange(key: SettingKey, value: string): Result<{ change: Partial<Roll20Settings> }> {
  const change = parseSetting(key, value);
  return change ? succeed({ change }) : refuse(IdiomErrors.badSetting, { key });
}

/** A drop-down option's label: escaped, without the `,` `|` `}` that would end it. */
const optionLabel = (text: string): string => escapeChat(text).replace(/,/g, "&#44;");

/** A Roll20 drop-down query, `?{Label|a,1|b,2}` (values are checked ids or numbers, safe in a command). */
export function dropDown(prompt: string, options: readonly (readonly [label: string, value: string])[]): string {
  return `?{${escapeChat(prompt)}|${options.map(([label, value]) => `${optionLabel(label)},${value}`).join("|")}}`;
}

/** A game option as a query: a drop-down of its values (a number field: the value typed, its default offered). */
function optionQuery(key: string, field: OptionField, i18n: Localizer): string | null {
  const label = i18n.localize(field.labelKey ?? `CANTINA.Options.${key}`);
  switch (field.kind) {
    case "boolean": {
      const yes: readonly [string, string] = [i18n.localize("CANTINA.Roll20.Idiom.Yes"), "true"];
      const no: readonly [string, string] = [i18n.localize("CANTINA.Roll20.Idiom.No"), "false"];
      return `${key}=${dropDown(label, field.default ? [yes, no] : [no, yes])}`;
    }
    case "choice": {
      const values = [...field.values].sort(
        (a, b) => Number(b.value === field.default) - Number(a.value === field.default),
      );
      return `${key}=${dropDown(
        label,
        values.map((v) => [i18n.localize(v.labelKey), v.value] as const),
      )}`;
    }
    case "integer": {
      if (field.values) {
        const values = [field.default, ...field.values.filter((v) => v !== field.default)];
        return `${key}=${dropDown(
          label,
          values.map((v) => [String(v), String(v)] as const),
        )}`;
      }
      return `${key}=?{${escapeChat(`${label} (${field.min}–${field.max})`)}|${field.default}}`;
    }
    default:
      return null; // A board or text option keeps its default (typed with `!cantina new … key=value`).
  }
}

/** The button that opens a table of this game: a seat query per seat and a query per option. */
export function newTableButton(
  game: AnyGame,
  i18n: Localizer,
  people: readonly { id: string; name: string }[],
): string {
  const seats = Array.from({ length: Math.min(game.minSeats + 1, game.maxSeats) }, (_, i) =>
    seatQuery(i18n.format("CANTINA.Roll20.SeatPrompt", { n: i + 1 }), people, i18n.localize("CANTINA.Roll20.Bot")),
  );
  const options = Object.entries(game.optionSchema)
    .map(([key, field]) => optionQuery(key, field, i18n))
    .filter((q): q is string => q !== null);
  const sitDown = dropDown(i18n.localize("CANTINA.Roll20.Idiom.SitDownPrompt"), [
    [i18n.localize("CANTINA.Roll20.Idiom.No"), "false"],
    [i18n.localize("CANTINA.Roll20.Idiom.Yes"), "true"],
  ]);
  const undo = dropDown(i18n.localize("CANTINA.Roll20.Idiom.UndoPrompt"), [
    [i18n.localize("CANTINA.Roll20.Idiom.No"), "false"],
    [i18n.localize("CANTINA.Roll20.Idiom.Yes"), "true"],
  ]);
  return button(
    i18n.localize(game.nameKey),
    // A new table is made once, however often the button is clicked (a lost answer, a restart).
    once(`${COMMAND} new ${game.id} ${[...seats, ...options, `sitdown=${sitDown}`, `undo=${undo}`].join(" ")}`),
  );
}

/** The GM's buttons for one live table: show, pause or resume, end, start now, away, back, skip, a seat to another player, a board drawn. */
export function tableButtons(
  table: TableSummary,
  i18n: Localizer,
  people: readonly { id: string; name: string }[],
): string[] {
  const t = table.id;
  const label = (key: string): string => i18n.localize(`CANTINA.Roll20.Idiom.Button.${key}`);
  const seatPick = dropDown(
    i18n.localize("CANTINA.Roll20.Idiom.SeatPrompt"),
    table.seats.map((s) => [s.name || s.seat, s.seat] as const),
  );
  const playerPick = dropDown(
    i18n.localize("CANTINA.Roll20.Idiom.PlayerPrompt"),
    people.map((p) => [p.name, p.id] as const),
  );
  const out = [button(label("Show"), `${COMMAND} show ${t}`)];
  if (table.lobby) out.push(button(label("Start"), `${COMMAND} start ${t}`));
  if (!table.over) {
    out.push(button(label(table.paused ? "Resume" : "Pause"), `${COMMAND} ${table.paused ? "resume" : "pause"} ${t}`));
    out.push(button(label("Away"), `${COMMAND} away ${t} ${seatPick}`));
    out.push(button(label("Back"), `${COMMAND} back ${t} ${seatPick}`));
    out.push(button(label("Skip"), `${COMMAND} skip ${t} ${seatPick}`));
    out.push(button(label("GiveSeat"), `${COMMAND} seatto ${t} ${seatPick} ${playerPick}`));
    out.push(
      button(
        label("Setup"),
        `${COMMAND} setup ${t} ?{${escapeChat(i18n.localize("CANTINA.Roll20.Idiom.PagePrompt"))}| }`,
      ),
    );
  }
  out.push(button(label("End"), `${COMMAND} end ${t}`));
  return out;
}

/** The GM's menu card: each live table with its buttons, then a button per game, the settings, the help handout. */
export function gmMenu(
  i18n: Localizer,
  tables: readonly TableSummary[],
  games: readonly AnyGame[],
  people: readonly { id: string; name: string }[],
): string[] {
  const cards = tables.map((table) =>
    card(
      `${i18n.localize(`CANTINA.Games.${table.gameId}`)} (${table.id})`,
      [escapeChat(table.seats.map((s) => s.name).join(", ") + (table.over ? " ✓" : ""))],
      tableButtons(table, i18n, people),
    ),
  );
  const general = [
    button(
      i18n.localize("CANTINA.Roll20.Idiom.Button.Event"),
      once(
        `${COMMAND} event ?{${escapeChat(i18n.localize("CANTINA.Roll20.Idiom.CreditsPrompt"))}|1000} ?{${escapeChat(i18n.localize("CANTINA.Roll20.Idiom.EventPrompt"))}|Night}`,
      ),
    ),
    button(i18n.localize("CANTINA.Tournament.Roll20.Button.Tournaments"), `${COMMAND} tour`),
    button(i18n.localize("CANTINA.Roll20.Idiom.Button.Config"), `${COMMAND} config`),
    button(i18n.localize("CANTINA.Roll20.Idiom.Button.Handout"), `${COMMAND} handout`),
    button(i18n.localize("CANTINA.Roll20.Idiom.Button.Help"), `${COMMAND} help`),
  ];
  return [
    ...cards,
    card(
      i18n.localize("CANTINA.Roll20.Idiom.NewTable"),
      [],
      games.map((g) => newTableButton(g, i18n, people)),
    ),
    card(i18n.localize("CANTINA.Title"), [], general),
  ];
}

/** The settings card: each setting's value and a button (a query or drop-down) to change it. */
export function configCard(i18n: Localizer, settings: Roll20Settings): string {
  const label = (o: (typeof USER_OPTIONS)[number]): string =>
    i18n.localize(o.labelKey ?? `CANTINA.Roll20.Idiom.Setting.${o.key}`);
  const lines = USER_OPTIONS.map((o) => {
    const value = o.key === "art" ? settings.art.join(" ") || "—" : String(settings[o.key]);
    return escapeChat(`${label(o)}: ${value}`);
  });
  const buttons = USER_OPTIONS.map((o) => {
    const prompt = label(o);
    const query =
      o.key === "lang"
        ? dropDown(prompt, [
            ["English", "en"],
            ["Deutsch", "de"],
          ])
        : o.key === "art"
          ? `?{${escapeChat(prompt)}|none}`
          : `?{${escapeChat(prompt)}|${String(settings[o.key])}}`;
    return button(prompt, `${COMMAND} config ${o.key} ${query}`);
  });
  return card(i18n.localize("CANTINA.Roll20.Idiom.Settings"), lines, buttons);
}

/**
 * The buttons a seated player's card carries beside their moves: play again when it is over, take
 * back where the GM allows it, back when marked away, sit down or decline while the table waits.
 */
export function seatFlowButtons(table: TableSummary, seat: string, i18n: Localizer): string[] {
  const t = table.id;
  const label = (key: string): string => i18n.localize(`CANTINA.Roll20.Idiom.Button.${key}`);
  if (table.lobby) {
    if (table.lobby.seated.includes(seat)) return [];
    const v = table.lobby.version;
    return [
      button(label("Sit"), `${COMMAND} sit ${t} ${seat} ${v}`),
      button(label("Decline"), `${COMMAND} decline ${t} ${seat} ${v}`),
    ];
  }
  if (table.over)
    return table.playAgain?.includes(seat) ? [] : [button(label("Again"), `${COMMAND} again ${t} ${table.version}`)];
  const out: string[] = [];
  if (table.time?.away.includes(seat)) out.push(button(label("Back"), `${COMMAND} back ${t} ${seat}`));
  if (table.undo && table.version > 0) out.push(button(label("Undo"), `${COMMAND} undo ${t} ${table.version}`));
  return out;
}
