/** What every Sabacc window's context starts from: names, the viewer's seat, what they may do, the table's common fields. */
import type { SeatId } from "../../rules/core";
import type { TableUpdate } from "../../table/protocol";
import { seatNames } from "../core/types";
import { signedAmount } from "../../table/match-summary";
import { type DieFace, dieFace } from "../core/dice-faces";

/** The sides of the order roll's die (`1d100`, common.ts). */
const ORDER_DIE = 100;

interface SeatLike {
  readonly seat: SeatId;
  readonly orderRolls: readonly number[];
  readonly credits: number;
  readonly luck: number | null;
  readonly folded: boolean;
  readonly shown: boolean;
  readonly winner: boolean;
  readonly payout: number;
}

/** The fields every Sabacc window shows for a seat; each variant adds its own. */
export interface SeatBasics {
  readonly seat: SeatId;
  readonly name: string;
  readonly isMe: boolean;
  readonly toAct: boolean;
  readonly credits: number;
  readonly orderRolls: string;
  /** The same rolls drawn as dice. */
  readonly orderDice: readonly DieFace[];
  readonly luckKnown: boolean;
  readonly luck: number | null;
  readonly folded: boolean;
  readonly shown: boolean;
  readonly winner: boolean;
  readonly payout: number;
  /** Once the match is over: the seat's net change over it, signed (+35, −20); else empty. */
  readonly net: string;
  /**
   * How a winner's badge names them: "Winner", or "Split pot" when several share it (a sharer can
   * be down over the match, so "Winner · −18 net" read wrong).
   */
  readonly winnerKey: string;
}

/** The fields every Sabacc window's context has, whatever the variant. */
export interface TableBasics {
  readonly tableId: string;
  readonly gameKey: string;
  readonly over: boolean;
  /** The play order by name, once rolled. */
  readonly playOrder: string;
  /** Who the viewer waits for, by name, when they have nothing to do. */
  readonly waitingFor: string;
}

export interface Basics<S extends SeatLike, M extends { type: string }> {
  readonly nameOf: (seat: SeatId) => string;
  /** The viewer's own seat, if they hold one. */
  readonly me: S | null;
  readonly legal: readonly M[];
  readonly can: (type: M["type"]) => boolean;
  /** Who is to act, by name. */
  readonly actorNames: string;
  /** The winners, by name. */
  readonly winnerNames: string;
  /** Every seat has rolled for order and the order is still open: a tie is being rolled off. */
  readonly tied: boolean;
  readonly seatBasics: (s: S) => SeatBasics;
  readonly tableBasics: TableBasics;
}

export function sabaccBasics<S extends SeatLike, M extends { type: string }>(
  update: TableUpdate<unknown, M>,
  view: {
    readonly phase: string;
    readonly seats: readonly S[];
    readonly toAct: readonly SeatId[];
    readonly playOrder: readonly SeatId[];
    readonly winners: readonly SeatId[];
  },
): Basics<S, M> {
  const names = seatNames(update);
  const nameOf = (seat: SeatId): string => names[seat] ?? seat;
  const legal = update.legalMoves;
  const delta = update.table.result?.creditDelta;
  const net = (seat: SeatId): string =>
    delta && Object.prototype.hasOwnProperty.call(delta, seat) ? signedAmount(delta[seat] ?? 0) : "";
  const actorNames = view.toAct.map(nameOf).join(", ");
  const over = view.phase === "over";
  return {
    nameOf,
    me: view.seats.find((s) => s.seat === update.seat) ?? null,
    legal,
    can: (type) => legal.some((m) => m.type === type),
    actorNames,
    winnerNames: view.winners.map(nameOf).join(", "),
    tied: view.phase === "order" && view.seats.every((s) => s.orderRolls.length > 0),
    seatBasics: (s) => ({
      seat: s.seat,
      name: nameOf(s.seat),
      isMe: s.seat === update.seat,
      toAct: view.toAct.includes(s.seat),
      credits: s.credits,
      orderRolls: s.orderRolls.join(", "),
      orderDice: s.orderRolls.map((r) => dieFace(r, ORDER_DIE)),
      luckKnown: s.luck !== null,
      luck: s.luck,
      folded: s.folded,
      shown: s.shown,
      winner: s.winner,
      payout: s.payout,
      net: net(s.seat),
      winnerKey: view.winners.length > 1 ? "CANTINA.Sabacc.SplitPot" : "CANTINA.Sabacc.Winner",
    }),
    tableBasics: {
      tableId: update.table.id,
      gameKey: `CANTINA.Games.${update.table.gameId}`,
      over,
      playOrder: view.playOrder.map(nameOf).join(" → "),
      waitingFor: legal.length === 0 && !over ? actorNames : "",
    },
  };
}
