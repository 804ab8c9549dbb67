/**
 * The spectator betting panel's context (templates/table/betting.hbs, both hosts): open pools take
 * bets, settled ones show payouts; every pool the viewer staked on stays listed, with their totals.
 */
import type { TableUpdate } from "../../table/protocol";
import { seatNames } from "../core/types";
import { signedAmount } from "../../table/match-summary";

const SHOWN_SETTLED = 3;

export function bettingContext(update: TableUpdate): Record<string, unknown> | null {
  const book = update.betting;
  if (!book) return null;
  const names = seatNames(update);
  const canBet = update.canBet === true;
  const label = (market: string, outcome: string): { labelKey: string; name: string } =>
    market === "winner"
      ? { labelKey: "", name: names[outcome] ?? outcome }
      : { labelKey: `CANTINA.Betting.Outcome.${market}.${outcome}`, name: "" };
  const live = book.pools.filter((p) => p.status === "open" || p.status === "counting");
  const mine = (p: (typeof book.pools)[number]): boolean => p.myPayout > 0 || p.outcomes.some((o) => o.mine > 0);
  const done = book.pools.filter((p) => p.status === "settled" || p.status === "refunded");
  // Every long pool (the match's own questions, settled at its end) and the newest short ones.
  const latest = new Set([
    ...done.filter((p) => p.kind === "long"),
    ...done.filter((p) => p.kind === "short").slice(-SHOWN_SETTLED),
  ]);
  // Long pools first (they settle at the end), then the newest short ones.
  const shown = done.filter((p) => latest.has(p) || mine(p));
  const settled = [...shown.filter((p) => p.kind === "long"), ...shown.filter((p) => p.kind === "short").reverse()];
  const staked = book.pools.reduce((sum, p) => sum + p.outcomes.reduce((s, o) => s + o.mine, 0), 0);
  const paid = book.pools.reduce((sum, p) => sum + p.myPayout, 0);
  return {
    tableId: update.table.id,
    canBet,
    sharePct: book.sharePct,
    shareHeld: book.shareHeld,
    sharePaid: book.sharePaid,
    // The viewer's own money at this table: staked in every pool, received back, the difference.
    myTotals: staked > 0 ? { staked, paid, net: signedAmount(paid - staked) } : null,
    // Pools the viewer can neither bet in nor has staked on fold under one line (a seated player's
    // Seven Ulwan window was three screens tall at 1024×768, most of it pools).
    folded: !canBet && staked === 0 && paid === 0 && live.length + settled.length > 0,
    poolCount: live.length + settled.length,
    pools: [...live, ...settled].map((p) => {
      const result = p.result === null ? null : label(p.market, p.result);
      // A pool nobody staked on ends "refunded" with nothing to give back: it says it closed without bets.
      const unstaked = p.status === "refunded" && p.total === 0;
      const running = p.status === "open" || p.status === "counting";
      return {
        id: p.id,
        kind: p.kind,
        status: p.status,
        marketKey: `CANTINA.Betting.Market.${p.market}`,
        kindKey: `CANTINA.Betting.Kind.${p.kind}`,
        statusKey: `CANTINA.Betting.Status.${p.open ? "open" : unstaked ? "empty" : p.status}`,
        open: p.open,
        bettable: p.open && canBet,
        total: p.total,
        // The pool's line in words: what it holds so far (live) or held (settled, refunded); empty, whether bets may still come.
        lineKey: `CANTINA.GameNight.Betting.${p.total === 0 ? (p.open ? "PoolEmpty" : "PoolNone") : running ? "PoolLine" : "PoolWas"}`,
        // A closed pool nobody bet in is its line and result alone: a table of zeros says nothing more.
        hasTable: p.open || p.total > 0,
        // "Your stake" is a column for those who may bet or did.
        showMine: canBet || p.outcomes.some((o) => o.mine > 0),
        hasResult: result !== null && (p.status === "settled" || p.status === "refunded"),
        refunded: p.status === "refunded" && !unstaked,
        resultLabelKey: result?.labelKey ?? "",
        resultName: result?.name ?? "",
        myPayout: p.myPayout,
        // A payout explains the winner's share taken from the pool before the winning stakes shared it.
        shareTaken: p.status === "settled" && p.share > 0 ? p.share : 0,
        sharePct: book.sharePct,
        outcomes: p.outcomes.map((o) => ({
          ...label(p.market, o.outcome),
          outcome: o.outcome,
          staked: o.staked,
          mine: o.mine,
          hasOdds: o.odds !== null,
          odds: o.odds ?? 0,
          won: p.status === "settled" && p.result === o.outcome,
          bettable: p.open && canBet,
          poolId: p.id,
          tableId: update.table.id,
        })),
      };
    }),
  };
}

/** A "Bet on this" button's bet: its pool and outcome, and the stake typed in its pool's field ("0" if none). */
export function betOf(button: HTMLElement): { pool: string; outcome: string; stake: string } {
  const pool = button.dataset.pool ?? "";
  const panel = button.closest<HTMLElement>("[data-betting]");
  const input = [...(panel?.querySelectorAll<HTMLInputElement>("input") ?? [])].find(
    (i) => i.getAttribute("name") === `bet-${pool}`,
  );
  return { pool, outcome: button.dataset.outcome ?? "", stake: input?.value ?? "0" };
}

/**
 * Shows a bet's refusal where the spectator is looking: under the stake field of the pool they bet
 * on (not at the end of the panel), the field marked invalid; the other pools' lines are cleared.
 */
export function showBetError(panel: ParentNode | null, pool: string, text: string): void {
  if (!panel) return;
  for (const slot of panel.querySelectorAll<HTMLElement>("[data-bet-error]"))
    slot.textContent = slot.dataset.betError === pool ? text : "";
  for (const input of panel.querySelectorAll<HTMLInputElement>("input[name^='bet-']")) {
    if (text && input.getAttribute("name") === `bet-${pool}`) input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
  }
  const shown = text
    ? [...panel.querySelectorAll<HTMLElement>("[data-bet-error]")].find((s) => s.dataset.betError === pool)
    : undefined;
  shown?.scrollIntoView?.({ block: "center", behavior: "instant" });
}
