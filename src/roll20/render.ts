/**
 * Roll20 chat markup: cards, buttons `[label](!command)`, queries `?{Amount|250}` (a roll's dice:
 * dice-chat.ts). Every typed text is escaped so Roll20 reads no markup, roll or macro in it.
 */
import { type ChatEntry, type ParamNamer, chatEntry, tableLabel } from "../apps/core/chat";
import type { Localizer } from "../apps/core/i18n";
import type { GameEvent } from "../rules/core";
import type { TableUpdate } from "../table/protocol";
import { COMMAND } from "./commands";
import { colour } from "../palette";

const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
  "[": "&#91;",
  "]": "&#93;",
  "{": "&#123;",
  "}": "&#125;",
  "(": "&#40;",
  ")": "&#41;",
  "|": "&#124;",
  "=": "&#61;",
  "@": "&#64;",
  "%": "&#37;",
  "?": "&#63;",
  "#": "&#35;",
  "\n": " ",
  "\r": " ",
};

/** Text made inert for Roll20's chat: no markup, no roll, macro, attribute, query or button syntax. */
export function escapeChat(text: string): string {
  return text.replace(/[&<>"'[\]{}()|=@%?#\n\r]/g, (c) => ENTITIES[c] ?? c);
}

/** A chat button. `command` is built here from checked ids only; the label is escaped. */
export function button(label: string, command: string): string {
  return `[${escapeChat(label)}](${command})`;
}

/** A query in a button: Roll20 asks the clicking player for a value before sending the command. */
export function query(prompt: string, initial: number): string {
  return `?{${escapeChat(prompt)}|${initial}}`;
}

const CARD = `border:1px solid ${colour("chat-card-edge")};border-radius:4px;background:${colour("chat-card-ground")};padding:4px 6px;color:${colour("chat-card-ink")}`;
const TITLE = `font-weight:bold;border-bottom:1px solid ${colour("chat-card-edge")};margin-bottom:3px`;

/** A card: a title, lines of text (already escaped) and a row of buttons. */
export function card(title: string, lines: readonly string[], buttons: readonly string[] = []): string {
  const body = lines.map((l) => `<div>${l}</div>`).join("");
  const row = buttons.length > 0 ? `<div style="margin-top:3px">${buttons.join(" ")}</div>` : "";
  return `<div style="${CARD}"><div style="${TITLE}">${escapeChat(title)}</div>${body}${row}</div>`;
}

/** Seat id → name as the table's seats give them. */
export function namesOf(update: TableUpdate): Record<string, string> {
  return Object.fromEntries(update.table.seats.map((s) => [s.seat, s.name]));
}

/** A table's title in chat: its game and players, and its id for commands. */
export function tableTitle(update: TableUpdate, i18n: Localizer): string {
  const game = i18n.localize(`CANTINA.Games.${update.table.gameId}`);
  return `${tableLabel(
    game,
    update.table.seats.map((s) => s.name),
  )} (${update.table.id})`;
}

/** The chat entries for events (the viewer's own view of each). */
export function entries(
  events: readonly GameEvent[],
  update: TableUpdate,
  i18n: Localizer,
  namers: readonly ParamNamer[],
): ChatEntry[] {
  const names = namesOf(update);
  return events.map((e) => chatEntry(e, names, i18n, namers));
}

/** A scalar field of a move as a label shows it (seat ids by name, tokens by their namer). */
function fieldText(
  key: string,
  value: unknown,
  names: Readonly<Record<string, string>>,
  i18n: Localizer,
  namers: readonly ParamNamer[],
): string {
  if (Array.isArray(value)) return value.map((v) => fieldText(key, v, names, i18n, namers)).join("→");
  if (typeof value === "string")
    return namers.map((n) => n(key, value, i18n)).find((t) => t !== undefined) ?? names[value] ?? value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return "…";
}

/**
 * A legal move as a button label: its type's name (`CANTINA.Roll20.Move.<type>`) and its fields,
 * so every move a window offers has a button, without the adapter knowing any game.
 */
export function moveLabel(
  move: unknown,
  i18n: Localizer,
  names: Readonly<Record<string, string>>,
  namers: readonly ParamNamer[],
): string {
  if (typeof move !== "object" || move === null) return String(move);
  const { type, ...fields } = move as Record<string, unknown>;
  const typeName = typeof type === "string" ? i18n.localize(`CANTINA.Roll20.Move.${type}`) : "";
  const parts = Object.entries(fields).map(([k, v]) => fieldText(k, v, names, i18n, namers));
  return [typeName, ...parts].filter((p) => p !== "").join(" ");
}

/** Has this move an amount the player chooses (a bet)? Then a query button is offered too. */
export function hasAmount(move: unknown): boolean {
  return typeof move === "object" && move !== null && typeof (move as { amount?: unknown }).amount === "number";
}

/**
 * The buttons of a player's legal moves at this version: one per move (`!cantina move t v i`), and
 * for moves with an amount one query button per kind (`!cantina amount t v i ?{Amount|min}`), the
 * amount checked by the rules when it arrives.
 */
export function moveButtons(update: TableUpdate, i18n: Localizer, namers: readonly ParamNamer[]): string[] {
  const names = namesOf(update);
  const { id } = update.table;
  const version = update.table.version;
  const out: string[] = [];
  const queried = new Set<string>();
  update.legalMoves.forEach((move, i) => {
    out.push(button(moveLabel(move, i18n, names, namers), `${COMMAND} move ${id} ${version} ${i}`));
    if (hasAmount(move)) {
      const type = String((move as { type?: unknown }).type);
      if (queried.has(type)) return;
      queried.add(type);
      const amount = (move as { amount: number }).amount;
      const prompt = i18n.localize("CANTINA.Roll20.Amount");
      out.push(
        button(
          i18n.format("CANTINA.Roll20.AmountButton", { move: i18n.localize(`CANTINA.Roll20.Move.${type}`) }),
          `${COMMAND} amount ${id} ${version} ${i} ${query(prompt, amount)}`,
        ),
      );
    }
  });
  return out;
}
