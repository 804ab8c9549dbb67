/**
 * Spectator betting over the markets a game offers, pure functions over JSON.
 * Details: docs/table.md, "src/table/betting.ts".
 */
import { type Result, refuse, succeed } from "../../../rules/core";

export type Observation = Readonly<Record<string, number>>;

/** What a game offers to bet on; the functions read only observations the host takes from states. */
export interface ShortMarket {
  readonly id: string;
  readonly outcomes: readonly string[];
  /** The outcome over the counting window, from the observations when betting closed and now. */
  decide(atClose: Observation, now: Observation): string;
}

export interface LongMarket {
  readonly id: string;
  outcomes(seats: readonly string[]): readonly string[];
  /** The outcome at the end of the match. */
  decide(final: Observation, winner: string | null, seats: readonly string[]): string;
}

export interface MarketSet {
  readonly short: readonly ShortMarket[];
  readonly long: readonly LongMarket[];
  /** Long pools take bets for this many moves from the start (about a quarter of a match). */
  readonly longBetsUntil: number;
  /** Counters from the game's state (landings, activations, pieces borne off…). */
  observe(state: unknown): Observation;
  /** The seat that won, or null while the match runs. */
  winner(state: unknown): string | null;
}

export interface Bet {
  readonly user: string;
  readonly account: string;
  readonly outcome: string;
  readonly amount: number;
  /** Order of placement within the book (ties of rounding go in this order). */
  readonly seq: number;
}

export type PoolStatus = "open" | "counting" | "settled" | "refunded";

export interface Pool {
  readonly id: string;
  readonly kind: "short" | "long";
  readonly market: string;
  readonly outcomes: readonly string[];
  readonly status: PoolStatus;
  readonly openedAt: number;
  /** Short pools: betting closes at this table version; long pools: bets taken until then. */
  readonly closesAt: number;
  /** Short pools: decided at this version (the counting window runs from closesAt). */
  readonly settlesAt: number;
  readonly atClose: Observation | null;
  readonly bets: readonly Bet[];
  readonly result: string | null;
  /** account -> credits paid out (payouts or refunds) when the pool settled. */
  readonly paid: Readonly<Record<string, number>>;
  /** The winner's share taken from this pool. */
  readonly share: number;
}

export interface Book {
  readonly tableId: string;
  /** Percent of each settled pool set aside for the match winner. */
  readonly sharePct: number;
  readonly pools: readonly Pool[];
  /** Shares taken and not yet paid (paid to the winner's account at the end). */
  readonly shareHeld: number;
  readonly sharePaid: number;
  /** Version at which the next short pool opens (when none is running). */
  readonly nextShortAt: number;
  readonly seq: number;
  readonly over: boolean;
}

/** A credit movement the host writes into the event ledger. */
export interface Credit {
  readonly account: string;
  readonly amount: number;
  readonly reason: "bet" | "payout" | "refund" | "share";
  readonly pool: string;
  /** The pool's market (none for the winner's share, which comes from every pool). */
  readonly market?: string;
}

/** The host's dice for timings: 1..sides. */
export type Die = (sides: number) => number;

export const BetErrors = {
  noBetting: "CANTINA.Betting.Error.NoBetting",
  seated: "CANTINA.Betting.Error.Seated",
  closed: "CANTINA.Betting.Error.Closed",
  outcome: "CANTINA.Betting.Error.Outcome",
  amount: "CANTINA.Betting.Error.Amount",
  funds: "CANTINA.Betting.Error.Funds",
  noAccount: "CANTINA.Betting.Error.NoAccount",
} as const;

export function newBook(
  tableId: string,
  sharePct: number,
  seats: readonly string[],
  markets: MarketSet,
  version: number,
  die: Die,
): Book {
  const pools: Pool[] = markets.long.map((m) => ({
    id: `long-${m.id}`,
    kind: "long",
    market: m.id,
    outcomes: [...m.outcomes(seats)],
    status: "open",
    openedAt: version,
    closesAt: version + markets.longBetsUntil,
    settlesAt: -1,
    atClose: null,
    bets: [],
    result: null,
    paid: {},
    share: 0,
  }));
  return { tableId, sharePct, pools, shareHeld: 0, sharePaid: 0, nextShortAt: version + die(3), seq: 0, over: false };
}

export function placeBet(
  book: Book,
  poolId: string,
  user: string,
  account: string,
  outcome: string,
  amount: number,
  balance: number,
  version: number,
): Result<{ book: Book }> {
  const pool = book.pools.find((p) => p.id === poolId);
  if (!pool || pool.status !== "open" || version >= pool.closesAt || book.over) return refuse(BetErrors.closed);
  if (!pool.outcomes.includes(outcome)) return refuse(BetErrors.outcome);
  if (!Number.isSafeInteger(amount) || amount < 1) return refuse(BetErrors.amount);
  if (amount > balance) return refuse(BetErrors.funds);
  const bet: Bet = { user, account, outcome, amount, seq: book.seq };
  return succeed({
    book: {
      ...book,
      seq: book.seq + 1,
      pools: book.pools.map((p) => (p.id === poolId ? { ...p, bets: [...p.bets, bet] } : p)),
    },
  });
}

/** Settles a pool against `result`; returns the pool and the credits to pay. */
export function settlePool(
  pool: Pool,
  result: string,
  sharePct: number,
): { pool: Pool; credits: Credit[]; share: number } {
  const total = pool.bets.reduce((a, b) => a + b.amount, 0);
  const winners = pool.bets.filter((b) => b.outcome === result);
  const winning = winners.reduce((a, b) => a + b.amount, 0);
  const paid: Record<string, number> = {};
  const credits: Credit[] = [];
  const add = (account: string, amount: number, reason: Credit["reason"]): void => {
    if (amount <= 0) return;
    paid[account] = (paid[account] ?? 0) + amount;
    credits.push({ account, amount, reason, pool: pool.id, market: pool.market });
  };
  if (winning === 0) {
    for (const b of pool.bets) add(b.account, b.amount, "refund");
    return { pool: { ...pool, status: "refunded", result, paid, share: 0 }, credits, share: 0 };
  }
  const share = Math.floor((total * sharePct) / 100);
  const net = total - share;
  const sorted = [...winners].sort((a, b) => a.seq - b.seq);
  const amounts = sorted.map((b) => Math.floor((net * b.amount) / winning));
  let left = net - amounts.reduce((a, b) => a + b, 0);
  for (let i = 0; left > 0; i = (i + 1) % amounts.length, left--) amounts[i] = (amounts[i] ?? 0) + 1;
  sorted.forEach((b, i) => add(b.account, amounts[i] ?? 0, "payout"));
  return { pool: { ...pool, status: "settled", result, paid, share }, credits, share };
}

function refundPool(pool: Pool): { pool: Pool; credits: Credit[] } {
  const paid: Record<string, number> = {};
  const credits: Credit[] = [];
  for (const b of pool.bets) {
    paid[b.account] = (paid[b.account] ?? 0) + b.amount;
    credits.push({ account: b.account, amount: b.amount, reason: "refund", pool: pool.id, market: pool.market });
  }
  return { pool: { ...pool, status: "refunded", paid }, credits };
}

/**
 * Moves the book on after the table reached `version` with `state`: closes, decides and opens
 * short pools, and at the end of the match settles everything and pays the winner's share.
 * `winnerAccount` names the ledger account of the winning seat.
 */
export function advance(
  book: Book,
  markets: MarketSet,
  state: unknown,
  version: number,
  seats: readonly string[],
  die: Die,
  winnerAccount: (seat: string) => string | null,
): { book: Book; credits: Credit[] } {
  if (book.over) return { book, credits: [] };
  const obs = markets.observe(state);
  const winner = markets.winner(state);
  const credits: Credit[] = [];
  let shareHeld = book.shareHeld;
  let pools: Pool[] = [];
  for (const p of book.pools) {
    let pool = p;
    if (pool.kind === "short") {
      const market = markets.short.find((m) => m.id === pool.market);
      if (pool.status === "open" && winner !== null) {
        // The match ended while the pool still took bets: nothing was counted, every stake goes back.
        const r = refundPool(pool);
        pool = r.pool;
        credits.push(...r.credits);
      }
      if (pool.status === "open" && version >= pool.closesAt) pool = { ...pool, status: "counting", atClose: obs };
      if (pool.status === "counting" && market && (version >= pool.settlesAt || winner !== null)) {
        const s = settlePool(pool, market.decide(pool.atClose ?? obs, obs), book.sharePct);
        pool = s.pool;
        credits.push(...s.credits);
        shareHeld += s.share;
      }
    } else if (winner !== null && (pool.status === "open" || pool.status === "counting")) {
      const market = markets.long.find((m) => m.id === pool.market);
      if (market) {
        const s = settlePool(pool, market.decide(obs, winner, seats), book.sharePct);
        pool = s.pool;
        credits.push(...s.credits);
        shareHeld += s.share;
      }
    } else if (pool.status === "open" && version >= pool.closesAt) {
      pool = { ...pool, status: "counting", atClose: obs };
    }
    pools.push(pool);
  }
  let next: Book = { ...book, pools, shareHeld };
  if (winner !== null) {
    const account = winnerAccount(winner);
    if (account && shareHeld > 0) credits.push({ account, amount: shareHeld, reason: "share", pool: "" });
    return {
      book: {
        ...next,
        over: true,
        shareHeld: account ? 0 : shareHeld,
        sharePaid: next.sharePaid + (account ? shareHeld : 0),
      },
      credits,
    };
  }
  const running = pools.some((p) => p.kind === "short" && (p.status === "open" || p.status === "counting"));
  if (!running && version >= book.nextShortAt && markets.short.length > 0) {
    const market = markets.short[die(markets.short.length) - 1] as ShortMarket;
    const closesAt = version + 1 + die(4);
    const settlesAt = closesAt + 3 + die(6);
    const id = `short-${pools.filter((p) => p.kind === "short").length + 1}`;
    pools = [
      ...pools,
      {
        id,
        kind: "short",
        market: market.id,
        outcomes: [...market.outcomes],
        status: "open",
        openedAt: version,
        closesAt,
        settlesAt,
        atClose: null,
        bets: [],
        result: null,
        paid: {},
        share: 0,
      },
    ];
    next = { ...next, pools, nextShortAt: settlesAt + die(4) };
  }
  return { book: next, credits };
}

/** The table is removed before the end: every unsettled pool is refunded; held shares go to the house. */
export function cancel(book: Book, houseAccount: string): { book: Book; credits: Credit[] } {
  const credits: Credit[] = [];
  const pools = book.pools.map((p) => {
    if (p.status !== "open" && p.status !== "counting") return p;
    const r = refundPool(p);
    credits.push(...r.credits);
    return r.pool;
  });
  if (book.shareHeld > 0) credits.push({ account: houseAccount, amount: book.shareHeld, reason: "share", pool: "" });
  return { book: { ...book, pools, over: true, shareHeld: 0, sharePaid: book.sharePaid + book.shareHeld }, credits };
}

export interface PoolView {
  readonly id: string;
  readonly kind: "short" | "long";
  readonly market: string;
  readonly status: PoolStatus;
  readonly open: boolean;
  readonly closesAt: number;
  readonly settlesAt: number;
  readonly total: number;
  readonly outcomes: readonly {
    readonly outcome: string;
    readonly staked: number;
    readonly mine: number;
    readonly odds: number | null;
  }[];
  readonly result: string | null;
  readonly myPayout: number;
  /** The match winner's share taken from this pool at its settling (public, as its total is). */
  readonly share: number;
}

export interface BookView {
  readonly sharePct: number;
  readonly shareHeld: number;
  readonly sharePaid: number;
  readonly pools: readonly PoolView[];
}

/** What one user sees of a book: totals per outcome, their own stakes and payouts, the current odds. */
export function bookView(book: Book, account: string | null, version: number): BookView {
  return {
    sharePct: book.sharePct,
    shareHeld: book.shareHeld,
    sharePaid: book.sharePaid,
    pools: book.pools.map((p) => {
      const total = p.bets.reduce((a, b) => a + b.amount, 0);
      const net = total - Math.floor((total * book.sharePct) / 100);
      return {
        id: p.id,
        kind: p.kind,
        market: p.market,
        status: p.status,
        open: p.status === "open" && version < p.closesAt && !book.over,
        closesAt: p.closesAt,
        settlesAt: p.settlesAt,
        total,
        result: p.result,
        myPayout: account === null ? 0 : (p.paid[account] ?? 0),
        share: p.share,
        outcomes: p.outcomes.map((outcome) => {
          const staked = p.bets.filter((b) => b.outcome === outcome).reduce((a, b) => a + b.amount, 0);
          const mine =
            account === null
              ? 0
              : p.bets.filter((b) => b.outcome === outcome && b.account === account).reduce((a, b) => a + b.amount, 0);
          return { outcome, staked, mine, odds: staked > 0 ? Math.round((100 * net) / staked) / 100 : null };
        }),
      };
    }),
  };
}

/** A book's money in three sums: what spectators staked, what went back to them, the winner's share paid. */
export function bookTotals(book: Book): { staked: number; paidBack: number; share: number } {
  let staked = 0;
  let paidBack = 0;
  for (const p of book.pools) {
    for (const b of p.bets) staked += b.amount;
    for (const amount of Object.values(p.paid)) paidBack += amount;
  }
  return { staked, paidBack, share: book.sharePaid };
}
