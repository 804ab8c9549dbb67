/**
 * The accessibility check of the browser tests: axe-core with its default rules over a page (each
 * open window, the lobby, the ledger, the chat); any violation fails the test with its nodes.
 */
import { resolve } from "node:path";
import type { Page } from "playwright-core";

interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: readonly { readonly target: readonly unknown[]; readonly failureSummary?: string }[];
}

const AXE = resolve("node_modules/axe-core/axe.min.js");

/**
 * Runs axe-core on the page (as `label` says who is looking), or only on the elements `within`
 * selects (a window whose page another check covers), and throws on any violation.
 */
export async function expectAccessible(page: Page, label: string, within?: string): Promise<void> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async (selector) => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            ctx: Document | { include: string[] },
            options: { resultTypes: string[]; preload: { assets: string[] } },
          ): Promise<{ violations: unknown[] }>;
        };
      }
    ).axe;
    // Only the violations are read: axe then skips the node details of passes and the rest (its
    // documented speed-up); every rule still runs. Of the assets axe loads first, only the media are
    // read by a rule that runs (no-autoplay-audio): the stylesheets (CSSOM) serve only its
    // experimental css-orientation-lock, off by default, and fetching them took a third of each run.
    const options = { resultTypes: ["violations"], preload: { assets: ["media"] } };
    return (await axe.run(selector ? { include: [selector] } : document, options)).violations;
  }, within);
  const found = violations as AxeViolation[];
  if (found.length === 0) return;
  const lines = found.flatMap((v) => [
    `${v.id} (${v.impact ?? "?"}): ${v.help}`,
    ...v.nodes
      .slice(0, 5)
      .map((n) => `    ${JSON.stringify(n.target)} ${n.failureSummary?.split("\n").join(" ") ?? ""}`),
  ]);
  throw new Error(`Accessibility violations for ${label}:\n${lines.join("\n")}`);
}
