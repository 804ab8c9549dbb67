// @vitest-environment happy-dom
/**
 * The spectator betting panel in a window whose viewer cannot bet (a seated player, a watcher outside
 * the event) and staked nothing: its pools fold under one line (issue 33: in Seven Ulwan they made a
 * player's window three screens tall at 1024×768); whoever can bet, or did, sees them open.
 */
import { describe, expect, it } from "vitest";
import en from "../../lang/en.json";
import { dictionaryLocalizer } from "../../src/apps/core/i18n";
import { bettingContext } from "../../src/apps/table/betting";
import { createRenderer } from "../../src/standalone/render";
import type { BookView } from "../../src/table/concerns/betting/book";
import type { TableUpdate } from "../../src/table/protocol";

const pool = (id: string, mine: number): BookView["pools"][number] => ({
  id,
  kind: "long",
  market: "winner",
  status: "open",
  open: true,
  closesAt: 1,
  settlesAt: 2,
  total: 100,
  result: null,
  myPayout: 0,
  share: 0,
  outcomes: [{ outcome: "seat-1", staked: 100, mine, odds: 1 }],
});

/** The panel as drawn for a viewer who may bet or not, over pools with their own stakes. */
function panel(canBet: boolean, mine: number): Element {
  const betting: BookView = { sharePct: 5, shareHeld: 0, sharePaid: 0, pools: [pool("long-winner", mine)] };
  const update = { table: { id: "t1", seats: [{ seat: "seat-1", name: "Han" }] }, betting, canBet };
  const context = bettingContext(update as unknown as TableUpdate) ?? {};
  const html = createRenderer(dictionaryLocalizer(en))("table/betting.hbs", context);
  return new DOMParser().parseFromString(html, "text/html").querySelector("[data-betting]")!;
}

describe("the betting panel of a viewer who cannot bet", () => {
  it("folds the pools under a line that names how many there are; the rule and the title stay in view", () => {
    const seated = panel(false, 0);
    const fold = seated.querySelector("details[data-betting-fold]");
    expect(fold).not.toBeNull();
    expect(fold!.hasAttribute("open")).toBe(false);
    expect(fold!.querySelector("summary")!.textContent).toBe("Show the pools and their odds (1)");
    expect(fold!.querySelector('[data-pool="long-winner"]')).not.toBeNull();
    expect(seated.querySelector("h3")!.closest("details")).toBeNull();
  });

  it("leaves them open for a viewer who may bet, or who staked on one", () => {
    for (const [canBet, mine] of [
      [true, 0],
      [false, 20],
    ] as const) {
      const open = panel(canBet, mine);
      expect(open.querySelector("details[data-betting-fold]")).toBeNull();
      expect(open.querySelector('[data-pool="long-winner"]')).not.toBeNull();
    }
  });
});
