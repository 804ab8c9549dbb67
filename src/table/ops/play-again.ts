/**
 * "Play again" (a seated player's `play-again`): votes kept on the finished table; the vote that completes
 * them deals it again as the GM's "Deal again" does (rematch.ts). A repeated or late vote changes nothing.
 */
import type { SeatId } from "../../rules/core";
import { Errors } from "../protocol";
import type { TableRecord } from "../store";
import { type Asked, type Books, type OpContext, type OpResult, done, gameOf, refused } from "./context";
import { rematch } from "./rematch";

/** Why a vote is refused (lang/*.json, CANTINA.PlayAgain). */
export const PlayAgainErrors = {
  notSeated: "CANTINA.PlayAgain.NotSeated",
  notOver: "CANTINA.PlayAgain.NotOver",
} as const;

/** The seats whose vote a table waits for: those a person holds (bots never hold up a new deal). */
export function votingSeats(record: Pick<TableRecord, "seats">): SeatId[] {
  return record.seats.filter((s) => s.kind === "person" && s.userId !== null).map((s) => s.seat);
}

export function playAgain(books: Books, request: Asked<"play-again">, ctx: OpContext): OpResult {
  const record = books.tables.get(request.tableId);
  // Dealt again already (by the last vote or the GM): the rematch's own answer names the new table.
  if (!record) return rematch(books, { type: "rematch", tableId: request.tableId, from: request.from }, ctx);
  const held = record.seats.filter((s) => s.kind === "person" && s.userId === request.from).map((s) => s.seat);
  if (held.length === 0) return refused({ code: PlayAgainErrors.notSeated });
  const status = gameOf(ctx, record.gameId)?.status(record.state);
  if (!status?.over) return refused({ code: PlayAgainErrors.notOver });
  if (request.version !== record.version) return refused({ code: Errors.stale, params: { current: record.version } });
  const before = record.playAgain ?? [];
  const votes = [...before, ...held.filter((s) => !before.includes(s))];
  if (votes.length === before.length) return done({ reply: { ok: true, version: record.version } });
  const voted: TableRecord = { ...record, playAgain: votes };
  if (votingSeats(record).every((s) => votes.includes(s)))
    return rematch(booksWith(books, voted), { type: "rematch", tableId: record.id, from: request.from }, ctx);
  return done({
    change: { tables: [voted] },
    reply: { ok: true, version: record.version },
    push: [{ record: voted, since: record.version + 1 }],
  });
}

/** The books with one table as given (the vote that completes is part of what the rematch archives). */
function booksWith(books: Books, record: TableRecord): Books {
  return { ...books, tables: new Map([...books.tables, [record.id, record]]) };
}
