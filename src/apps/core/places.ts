/**
 * A board place as a player reads it (issue 33): the rules key squares and points by column and row ("3,1") and
 * Por'rika's triangles by square and side ("1,1,n"); chat, "Moves played" and the boards' labels write a column as
 * a letter from the left and a row as a number from the top ("d2"), a triangle with its side in words ("b2, north triangle").
 */
import type { ParamNamer } from "./chat";
import type { Localizer } from "./i18n";

const PLACE = /^(\d+),(\d+)(?:,([nsew]))?$/;

/** A column and row as a letter and a number ("3,1" → "d2"); columns past z go on as "aa", "ab"… */
export function squareLabel(column: number, row: number): string {
  let letters = "";
  for (let c = column + 1; c > 0; c = Math.floor((c - 1) / 26))
    letters = String.fromCharCode(97 + ((c - 1) % 26)) + letters;
  return `${letters}${row + 1}`;
}

/** A place id in a player's words, or undefined when `id` is no square, point or triangle id. */
export function placeName(id: string, i18n: Localizer): string | undefined {
  const match = PLACE.exec(id);
  if (!match) return undefined;
  const square = squareLabel(Number(match[1]), Number(match[2]));
  const side = match[3];
  return side === undefined ? square : i18n.format(`CANTINA.Places.Triangle.${side}`, { square });
}

/** The chat parameters that hold a place. */
const PLACE_KEYS: ReadonlySet<string> = new Set(["from", "to", "at", "square", "point"]);

/** Names a place parameter of a board game's chat line (a ParamNamer); others are left to the next namer. */
export const placeNamer: ParamNamer = (key, value, i18n) => (PLACE_KEYS.has(key) ? placeName(value, i18n) : undefined);
