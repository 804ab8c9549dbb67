/**
 * A roll drawn as the dice it is, one drawing for every host: a d2 a coin, a d6 its pips, other dice
 * numbered, the successes of `4d2>2` marked, the total. Details: docs/windows.md, "src/apps/core/dice-faces.ts".
 */
import { type GameEvent, parseDice } from "../../rules/core";
import { escapeHtml } from "./html";
import type { Localizer } from "./i18n";
import { colour } from "../../palette";

/** How a die is drawn: a coin (two sides), pips (six), or its number on a many-sided die. */
export type DieKind = "coin" | "pips" | "number";

export interface DieFace {
  /** The face as read: for a range roll (`1-23`), the value in the range. */
  readonly value: number;
  readonly sides: number;
  readonly kind: DieKind;
  /** For a success count: whether this die counted; otherwise null. */
  readonly success: boolean | null;
  readonly svg: string;
}

export interface RollFaces {
  readonly notation: string;
  readonly dice: readonly DieFace[];
  readonly total: number;
  /** Whether the total counts successes (`4d2>2`) rather than adds the dice. */
  readonly counts: boolean;
}

export function dieKind(sides: number): DieKind {
  return sides === 2 ? "coin" : sides === 6 ? "pips" : "number";
}

const INK = colour("dice-ink");
const FACE = colour("dice-face");
const GOLD = colour("dice-gold");
const MISS = colour("dice-miss");

/** The pips of a d6's faces on a 3×3 grid (columns and rows 0–2). */
const PIPS: Readonly<Record<number, readonly (readonly [number, number])[]>> = {
  1: [[1, 1]],
  2: [
    [0, 0],
    [2, 2],
  ],
  3: [
    [0, 0],
    [1, 1],
    [2, 2],
  ],
  4: [
    [0, 0],
    [2, 0],
    [0, 2],
    [2, 2],
  ],
  5: [
    [0, 0],
    [2, 0],
    [1, 1],
    [0, 2],
    [2, 2],
  ],
  6: [
    [0, 0],
    [2, 0],
    [0, 1],
    [2, 1],
    [0, 2],
    [2, 2],
  ],
};

function svgOpen(kind: DieKind, value: number, success: boolean | null): string {
  const mark = success === null ? "" : ` data-success="${success}"`;
  return (
    `<svg class="cantina-die-svg" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false" ` +
    `data-die-kind="${kind}" data-die-value="${value}"${mark}>`
  );
}

/** A number centred in a 32-unit die, smaller as it gets longer. */
function number(value: number, fill: string, y = 21): string {
  const text = String(value);
  const size = text.length >= 3 ? 11.5 : text.length === 2 ? 15 : 17;
  return `<text x="16" y="${y}" font-size="${size}" font-weight="bold" text-anchor="middle" fill="${fill}" font-family="sans-serif">${text}</text>`;
}

/** One die's drawing. A counted die of a success roll is gold with a tick; an uncounted one is pale. */
export function dieSvg(value: number, sides: number, success: boolean | null = null): string {
  const kind = dieKind(sides);
  const ground = success === true ? GOLD : success === false ? MISS : FACE;
  let body: string;
  if (kind === "coin") {
    body =
      `<circle cx="16" cy="16" r="14" fill="${ground}" stroke="${INK}" stroke-width="2"/>` +
      `<circle cx="16" cy="16" r="10.5" fill="none" stroke="${INK}" stroke-opacity="0.45" stroke-dasharray="2 1.5"/>` +
      number(value, INK);
  } else if (kind === "pips" && PIPS[value]) {
    const pips = (PIPS[value] ?? [])
      .map(([c, r]) => `<circle cx="${9 + c * 7}" cy="${9 + r * 7}" r="2.6" fill="${INK}"/>`)
      .join("");
    body = `<rect x="2" y="2" width="28" height="28" rx="6" fill="${ground}" stroke="${INK}" stroke-width="2"/>${pips}`;
  } else {
    // A many-sided die: a hexagon's outline (a d20 seen from above) with the number on it.
    body =
      `<polygon points="16,1.5 29,9 29,23 16,30.5 3,23 3,9" fill="${ground}" stroke="${INK}" stroke-width="2" stroke-linejoin="round"/>` +
      `<polygon points="16,5 26,22 6,22" fill="none" stroke="${INK}" stroke-opacity="0.18"/>` +
      number(value, INK, 21.5);
  }
  const tick =
    success === true
      ? `<circle cx="26" cy="26" r="5.5" fill="${colour("dice-success")}" stroke="${FACE}" stroke-width="1.2"/><path d="M23.5 26 L25.5 28 L28.8 24" fill="none" stroke="${FACE}" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"/>`
      : "";
  return `${svgOpen(kind, value, success)}${body}${tick}</svg>`;
}

/** One die of `sides` sides showing `value`, as a face (no success count). */
export function dieFace(value: number, sides: number, success: boolean | null = null): DieFace {
  return { value, sides, kind: dieKind(sides), success, svg: dieSvg(value, sides, success) };
}

/**
 * A recorded roll's dice as faces: `notation` as the rules wrote it, `dice` each die as it fell (a
 * range's one die counted from 1), `total` as recorded. A notation that cannot be read draws each
 * result as a numbered die.
 */
export function rollFaces(notation: string, dice: readonly number[], total: number): RollFaces {
  let faces: DieFace[];
  let counts = false;
  try {
    const spec = parseDice(notation);
    switch (spec.kind) {
      case "successes":
        counts = true;
        faces = dice.map((d) => dieFace(d, spec.sides, d >= spec.target));
        break;
      case "sum":
        faces = dice.map((d) => dieFace(d, spec.sides));
        break;
      case "range":
        faces = dice.map((d) => dieFace(d + spec.low - 1, spec.high - spec.low + 1));
        break;
    }
  } catch {
    faces = dice.map((d) => dieFace(d, 0));
  }
  return { notation, dice: faces, total, counts };
}

/**
 * The newest roll of `notation` in `events` (oldest first) up to table version `version`, drawn as
 * its dice when its total is `total` (the roll the state holds); else null, and the window shows the
 * total alone. A window reads the dice here: the state keeps only the total.
 */
export function lastRollFaces(
  events: readonly { readonly version: number; readonly event: GameEvent }[],
  version: number,
  notation: string,
  total: number,
): RollFaces | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const seen = events[i];
    const e = seen?.event;
    // An event of a version past the table's cannot be the roll its state shows.
    if (!seen || seen.version > version || e?.kind !== "roll" || e.notation !== notation) continue;
    return e.total === total ? rollFaces(e.notation, e.dice, e.total) : null;
  }
  return null;
}

/** What a screen reader hears for a roll: "Dice 2 (success), 1, 2 (success) = 2 successes". */
export function rollLabel(roll: RollFaces, i18n: Localizer): string {
  const dice = roll.dice
    .map((d) => (d.success ? i18n.format("CANTINA.DiceFaces.Success", { value: d.value }) : String(d.value)))
    .join(", ");
  const total = roll.counts ? i18n.format("CANTINA.DiceFaces.Successes", { count: roll.total }) : String(roll.total);
  return `${i18n.localize("CANTINA.Chat.Dice")} ${dice} = ${total}`;
}

/**
 * The one markup of a drawn roll, for every chat (the page's, the replay's, Foundry's cards): the
 * dice, then the total; labelled as a whole for screen readers.
 */
export function rollHtml(roll: RollFaces, i18n: Localizer): string {
  const dice = roll.dice
    .map(
      (d) =>
        `<span class="cantina-die-face" data-die="${d.value}" data-die-face${d.success === null ? "" : ` data-success="${d.success}"`}>${d.svg}</span>`,
    )
    .join("");
  return (
    `<span class="cantina-roll" role="img" aria-label="${escapeHtml(rollLabel(roll, i18n))}" data-roll-notation="${escapeHtml(roll.notation)}">` +
    `<span class="cantina-dice">${dice}</span>` +
    `<span class="cantina-total" data-roll-total="${roll.total}">= ${roll.total}</span></span>`
  );
}
