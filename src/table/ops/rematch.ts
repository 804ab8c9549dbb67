/**
 * Dealing again (a GM's `rematch`): a new table with the same seats, options, event and betting,
 * and the old one taken away (archived when its match finished, else called off as by `end`), in
 * one change. Asked again for a table already dealt again, it answers with that new table.
 */
import { Errors, type TableSpec } from "../protocol";
import type { SeatAssignment } from "../seat-protocol";
import type { TableRecord } from "../store";
import { refuse, succeed } from "../../rules/core";
import { type Asked, type Books, type OpContext, type OpResult, ledgerChange, opEntry } from "../context";
import { calledOff } from "./end";
import { newTable } from "./new-table";

/** A seat a bot finished for its away player who has not voted to play again: a bot keeps it for them again. */
function stillAway(old: TableRecord, seat: SeatAssignment): boolean {
  return seat.finishedBy !== undefined && !(old.playAgain ?? []).includes(seat.seat);
}

/** The spec that opens `old` again: its seats (bots with their level and stake), options, event and betting. */
function specOf(old: TableRecord): TableSpec {
  return {
    gameId: old.gameId,
    eventId: old.eventId,
    seats: old.seats.map((s) => {
      const botLevel = stillAway(old, s) ? s.finishedBy : s.botLevel;
      return {
        name: s.name,
        kind: stillAway(old, s) ? "bot" : s.kind,
        userId: stillAway(old, s) ? null : s.userId,
        account: s.account,
        ...(botLevel !== undefined ? { botLevel } : {}),
        ...(s.stake !== undefined ? { stake: s.stake } : {}),
      };
    }),
    options: old.options,
    ...(old.betting ? { betting: { winnerShare: old.betting.sharePct } } : {}),
    ...(old.turnClock ? { turnClock: old.turnClock } : {}),
    ...(old.undo ? { undo: true } : {}),
  };
}

export function rematch(books: Books, request: Asked<"rematch">, ctx: OpContext): OpResult {
  const old = books.tables.get(request.tableId);
  if (!old) {
    const dealt = [...books.tables.values()].find((r) =>
      r.ops?.some((o) => o.op === "rematch" && o.from === request.tableId),
    );
    return dealt
      ? succeed({ reply: { ok: true, tableId: dealt.id, version: dealt.version } })
      : refuse(Errors.unknownTable);
  }
  // A finished match is kept in the archive; an unfinished one is called off (nothing if settled already).
  const finished = old.finishedAt !== undefined;
  const ledgerBefore = calledOff(books.ledger, ctx, old);
  const built = newTable(ctx, request.from, specOf(old), ledgerBefore);
  if (!built.ok) return built;
  // A seat a bot holds for an absent player stays theirs to take back at the new table.
  const seats = built.record.seats.map((s, i) => {
    const was = old.seats[i];
    const away = was && stillAway(old, was) ? (was.userId ?? undefined) : was?.awayUserId;
    return away !== undefined ? { ...s, awayUserId: away } : s;
  });
  const record: TableRecord = {
    ...built.record,
    seats,
    ops: [opEntry(ctx, request.from, "rematch", { from: old.id })],
  };
  return succeed({
    change: {
      tables: [record],
      ...(finished ? { archived: [old] } : { deleted: [old.id] }),
      ...ledgerChange(built.ledger, books.ledger),
    },
    reply: { ok: true, tableId: record.id, version: 0 },
    push: [{ record, since: 0 }],
    removed: [old.id],
    pushLedger: true,
    bots: { tableId: record.id },
  });
}
