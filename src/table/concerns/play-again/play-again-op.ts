/**
 * "Play again" (a seated player's `play-again`): votes kept on the finished table; the vote that completes
 * them deals it again as the GM's "Deal again" does (rematch.ts). A repeated or late vote changes nothing.
 */
import type { SeatId } from "../../../rules/core";
import { Errors } from "../../protocol";
import type { TableRecord } from "../../store";
import { refuse, succeed } from "../../../rules/core";
import { type Asked, type Books, type OpContext, type OpResult, gameOf } from "../../context";
import { rematch } from "../../ops/rematch";

/** Why a vote is refused (lang/*.json, CANTINA.PlayAgain). */
export const PlayAgainErrors = {
  notSeated: "CANTINA.PlayAgain.NotSeated",
  notOver: "CANTINA.PlayAgain.NotOver",
} as const;

/**
 * The seats whose vote a table waits for: those a person holds (bots never hold up a new deal), except
 * a seat a bot finished for its away player, until that player votes (`finishedBy`: they may be gone still).
 */
export function votingSeats(record: Pick<TableRecord, "seats" | "playAgain">): SeatId[] {
  const votes = record.playAgain ?? [];
  return record.seats
    .filter((s) => s.kind === "person" && s.userId !== null && (s.finishedBy === undefined || votes.includes(s.seat)))
    .map((s) => s.seat);
}

export function playAgain(books: Books, request: Asked<"play-again">, ctx: OpContext): OpResult {
  const record = books.tables.get(request.tableId);
  // Dealt again already (by the last vote or the GM): the rematch's own answer names the new table.
  if (!record) return rematch(books, { type: "rematch", tableId: request.tableId, from: request.from }, ctx);
  const held = record.seats.filter((s) => s.kind === "person" && s.userId === request.from).map((s) => s.seat);
  if (held.length === 0) return refuse(PlayAgainErrors.notSeated);
  const status = gameOf(ctx, record.gameId)?.status(record.state);
  if (!status?.over) return refuse(PlayAgainErrors.notOver);
  if (request.version !== record.version) return refuse(Errors.stale, { current: record.version });
  const before = record.playAgain ?? [];
  const votes = [...before, ...held.filter((s) => !before.includes(s))];
  if (votes.length === before.length) return succeed({ reply: { ok: true, version: record.version } });
  const voted: TableRecord = { ...record, playAgain: votes };
  if (votingSeats(voted).every((s) => votes.includes(s)))
    return rematch(booksWith(books, voted), { type: "rematch", tableId: record.id, from: request.from }, ctx);
  return succeed({
    change: { tables: [voted] },
    reply: { ok: true, version: record.version },
    push: [{ record: voted, since: record.version + 1 }],
  });
}

/** The books with one table as given (the vote that completes is part of what the rematch archives). */
function booksWith(books: Books, record: TableRecord): Books {
  return { ...books, tables: new Map([...books.tables, [record.id, record]]) };
}
