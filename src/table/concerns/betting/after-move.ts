/**
 * Spectator betting: each move advances the table's pools (opens, closes, settles them), and the
 * credits that moves (payouts, refunds, the winner's share) land in the event's accounts, in the move's change.
 */
import { HOUSE_ACCOUNT, type Ledger, adjust, ensureAccount, orSame, own, withEvent, withHouse } from "../../ledger";
import { type Credit, advance } from "./book";
import type { OpContext } from "../../context";
import type { TableRecord } from "../../store";
import type { MoveExtension } from "../contract";

export const spectatorBetting: MoveExtension = (step, ctx) => {
  const record = step.record;
  const markets = ctx.markets?.[step.before.gameId];
  if (!record.betting || !markets) return step;
  const moved = advance(
    record.betting,
    markets,
    record.state,
    record.version,
    record.seats.map((s) => s.seat),
    (n) => ctx.bettingRandom.die(n),
    (seat) => record.seats.find((s) => s.seat === seat)?.account ?? null,
  );
  const next = { ...record, betting: moved.book };
  return { ...step, record: next, ledger: withCredits(ctx, step.ledger, next, moved.credits) };
};

/**
 * The ledger with betting credits written into the table's event. Every credit lands in an
 * account: the house's is opened with nothing, and an account gone missing is opened empty.
 */
export function withCredits(
  ctx: Pick<OpContext, "now" | "hostUser">,
  ledger: Ledger,
  record: TableRecord,
  credits: readonly Credit[],
): Ledger {
  let event = own(ledger.events, record.eventId);
  if (!event || credits.length === 0) return ledger;
  for (const c of credits) {
    event =
      c.account === HOUSE_ACCOUNT
        ? withHouse(event, ctx.now(), ctx.hostUser)
        : ensureAccount(event, c.account, c.account, 0, ctx.now(), ctx.hostUser, 0);
    const reason = `${c.reason} ${record.id}${c.pool ? `/${c.pool}` : ""}`;
    const detail = {
      table: record.id,
      bet: c.reason === "bet" ? ("stake" as const) : c.reason,
      ...(c.pool ? { pool: c.pool } : {}),
      ...(c.market ? { market: c.market } : {}),
    };
    event = orSame(adjust(event, c.account, c.amount, 0, reason, ctx.now(), ctx.hostUser, "bet", detail), event);
  }
  return withEvent(ledger, event);
}
