/**
 * A roll that arrives is shown rolling in its window: the dice already show the host's result (the
 * state is drawn first) and tumble briefly onto it (Web Animations; none with prefers-reduced-motion).
 */

/** The class a tumbling die carries (its face is never changed: no roll is made here). */
export const ROLLING = "cantina-die-rolling";

/** The tumble: spun and small, then a little past its place, then still (keyframes in code: the module's CSS scoping takes no @keyframes). */
const TUMBLE: Keyframe[] = [
  { transform: "rotate(-300deg) scale(0.6)", opacity: 0.5 },
  { transform: "rotate(25deg) scale(1.12)", opacity: 1, offset: 0.7 },
  { transform: "none", opacity: 1 },
];

/** Whether this player asked for less motion. */
function stillWanted(): boolean {
  return globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;
}

/** Starts the tumble of every die shown in `root` (`[data-die-face]`); how many tumble. */
export function rollDiceIn(root: ParentNode): number {
  if (stillWanted()) return 0;
  const dice = [...root.querySelectorAll<HTMLElement>("[data-die-face]")];
  for (const die of dice) {
    die.classList.add(ROLLING);
    const done = (): void => die.classList.remove(ROLLING);
    if (typeof die.animate !== "function") continue;
    const run = die.animate(TUMBLE, { duration: 600, easing: "ease-out" });
    run.onfinish = done;
    run.oncancel = done;
  }
  return dice.length;
}
