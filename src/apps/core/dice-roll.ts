/**
 * A roll that arrives is shown rolling in its window: the dice already show the host's result (the
 * state is drawn first) and tumble briefly onto it (CSS, styles/core.css; off with prefers-reduced-motion).
 */

/** The class whose CSS animation tumbles a die (its face is never changed: no roll is made here). */
export const ROLLING = "cantina-die-rolling";

/** Starts the tumble of every die shown in `root` (`[data-die-face]`); how many. */
export function rollDiceIn(root: ParentNode): number {
  const dice = [...root.querySelectorAll<HTMLElement>("[data-die-face]")];
  for (const die of dice) {
    die.classList.remove(ROLLING);
    // A die still tumbling from the last roll starts again: the class removed, a layout, then added.
    void die.offsetWidth;
    die.classList.add(ROLLING);
    die.addEventListener("animationend", () => die.classList.remove(ROLLING), { once: true });
  }
  return dice.length;
}
