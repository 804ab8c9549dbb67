/**
 * The spectator betting panel's context (templates/table/betting.hbs, shared by the standalone page
 * and the Foundry window) from a table update: open pools take bets, counting ones show their
 * stakes, settled ones their result and payouts.
 */
import type { TableUpdate } from "../../table/protocol";
import { seatNames } from "../core/types";

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
  const settled = book.pools
    .filter((p) => p.status === "settled" || p.status === "refunded")
    .slice(-SHOWN_SETTLED)
    .reverse();
  return {
    tableId: update.table.id,
    canBet,
    sharePct: book.sharePct,
    shareHeld: book.shareHeld,
    sharePaid: book.sharePaid,
    pools: [...live, ...settled].map((p) => {
      const result = p.result === null ? null : label(p.market, p.result);
      return {
        id: p.id,
        kind: p.kind,
        status: p.status,
        marketKey: `CANTINA.Betting.Market.${p.market}`,
        kindKey: `CANTINA.Betting.Kind.${p.kind}`,
        statusKey: `CANTINA.Betting.Status.${p.open ? "open" : p.status}`,
        open: p.open,
        bettable: p.open && canBet,
        total: p.total,
        hasResult: result !== null && (p.status === "settled" || p.status === "refunded"),
        refunded: p.status === "refunded",
        resultLabelKey: result?.labelKey ?? "",
        resultName: result?.name ?? "",
        myPayout: p.myPayout,
        outcomes: p.outcomes.map((o) => ({
          ...label(p.market, o.outcome),
          outcome: o.outcome,
          staked: o.staked,
          mine: o.mine,
          hasOdds: o.odds !== null,
          odds: o.odds ?? 0,
          bettable: p.open && canBet,
          poolId: p.id,
          tableId: update.table.id,
        })),
      };
    }),
  };
}
