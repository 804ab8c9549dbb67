/**
 * The Ulwan family's analysis option, for the browser tests that look at it (ulwan-analysis and its
 * soak run): the GM's lobby creates a table with the option on.
 */
import type { Page } from "playwright-core";

/** The GM creates a Finkel's Ur table with the analysis option on; each seat a bot (greedy) or a user. */
export async function createAnalysisTable(
  gm: Page,
  seats: readonly ["bot" | string, "bot" | string],
  game = "ulwan-finkel",
): Promise<void> {
  await gm.bringToFront();
  await gm.selectOption('select[name="gameId"]', game);
  for (const [i, seat] of seats.entries()) {
    if (seat === "bot") {
      await gm.selectOption(`select[name="seat${i}.kind"]`, "bot");
      await gm.selectOption(`select[name="seat${i}.botLevel"]`, "greedy");
    } else {
      await gm.selectOption(`select[name="seat${i}.kind"]`, "person");
      await gm.selectOption(`select[name="seat${i}.userId"]`, seat);
    }
  }
  const analysis = gm.locator('input[name="option.analysis"]');
  if (!(await analysis.isChecked())) await analysis.check();
  await gm.click('[data-page-action="lobby-create"]');
}
