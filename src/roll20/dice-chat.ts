/**
 * A roll drawn as its dice in Roll20's chat (issue 33): the window's dice model (src/apps/core/dice-faces.ts:
 * a d2 a coin, a d6 its pips, other dice numbered, successes marked, the total) as spans with inline
 * styles in the palette's colours. Roll20's chat takes a script's HTML with inline styles; no SVG.
 */
import type { ChatEntry } from "../apps/core/chat";
import { type DieFace, type RollFaces, rollFaces, rollLabel } from "../apps/core/dice-faces";
import type { Localizer } from "../apps/core/i18n";
import { colour } from "../palette";
import { card, escapeChat } from "./render";

const INK = colour("dice-ink");
const FACE = colour("dice-face");
const GOLD = colour("dice-gold");
const MISS = colour("dice-miss");
const TICK = colour("dice-success");

/** A die's box: 24 px with its outline, its face's ground; the shape per kind is added to it. */
const BOX = `display:inline-block;vertical-align:middle;box-sizing:border-box;width:24px;height:24px;margin:1px 2px;border:2px solid ${INK};color:${INK};text-align:center;font-weight:bold;font-family:sans-serif`;

/** Which cells of a 3×3 grid (row-major, 0–8) hold a pip on each face of a d6. */
const PIPS: Readonly<Record<number, readonly number[]>> = {
  1: [4],
  2: [0, 8],
  3: [0, 4, 8],
  4: [0, 2, 6, 8],
  5: [0, 2, 4, 6, 8],
  6: [0, 2, 3, 5, 6, 8],
};

/** The pips as three rows of three dots (a cell without a pip is an empty dot): no positioning needed. */
function pips(value: number): string {
  const on = new Set(PIPS[value] ?? []);
  const rows = [0, 1, 2].map((row) => {
    const dots = [0, 1, 2].map((col) => {
      const fill = on.has(row * 3 + col) ? INK : "transparent";
      return `<span data-pip="${on.has(row * 3 + col)}" style="display:inline-block;width:4px;height:4px;margin:0 1px;border-radius:50%;background:${fill}"></span>`;
    });
    return `<span style="display:block;height:6px;line-height:6px">${dots.join("")}</span>`;
  });
  return rows.join("");
}

/** One die: a coin (round, a double rim), a d6 with its pips, or a numbered die; a counted success gold with a tick. */
export function dieChatHtml(die: DieFace): string {
  const ground = die.success === true ? GOLD : die.success === false ? MISS : FACE;
  const digits = String(die.value).length;
  const size = digits >= 3 ? 9 : digits === 2 ? 11 : 13;
  const shape =
    die.kind === "coin"
      ? `border-radius:50%;border-style:double;border-width:3px;font-size:${size}px;line-height:18px`
      : die.kind === "pips" && PIPS[die.value]
        ? "border-radius:5px;padding-top:1px;line-height:0"
        : `border-radius:7px 2px;font-size:${size}px;line-height:20px`;
  const inside = die.kind === "pips" && PIPS[die.value] ? pips(die.value) : String(die.value);
  const mark = die.success === null ? "" : ` data-success="${die.success}"`;
  const tick = die.success === true ? `<span style="color:${TICK};font-weight:bold">&#10003;</span>` : "";
  return (
    `<span data-die-kind="${die.kind}" data-die-value="${die.value}"${mark} style="${BOX};background:${ground};${shape}">` +
    `${inside}</span>${tick}`
  );
}

/** A roll as chat HTML: the notation as the texts write it, each die drawn, then the total (or the successes counted). */
export function rollChatHtml(roll: RollFaces, i18n: Localizer): string {
  const total = roll.counts ? i18n.format("CANTINA.DiceFaces.Successes", { count: roll.total }) : String(roll.total);
  return (
    `<div data-roll-notation="${escapeChat(roll.notation)}" title="${escapeChat(rollLabel(roll, i18n))}">` +
    `<span style="margin-right:4px">${escapeChat(roll.notation)}</span>` +
    roll.dice.map(dieChatHtml).join("") +
    `<span data-roll-total="${roll.total}" style="margin-left:4px;font-weight:bold">= ${escapeChat(total)}</span></div>`
  );
}

/**
 * The table's card for a roll: who did what, then the roll drawn as its dice. `posted`: Roll20 rolled
 * these dice itself (its roll template, tooltip and 3D dice are just above), and the card says so.
 */
export function rollCard(title: string, entry: ChatEntry, i18n: Localizer, posted = false): string {
  const roll = rollFaces(entry.notation ?? "", entry.dice ?? [], entry.total ?? 0);
  const lines = [escapeChat(entry.text), rollChatHtml(roll, i18n)];
  if (posted) lines.push(escapeChat(i18n.localize("CANTINA.Roll20Dice.Posted")));
  return card(title, lines);
}
