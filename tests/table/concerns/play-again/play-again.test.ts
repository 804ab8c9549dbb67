/** The `play-again` operation alone: seated players' votes on a finished table, the last one dealing it again. */
import { describe, expect, it } from "vitest";
import { PlayAgainErrors, playAgain, votingSeats } from "../../../../src/table/concerns/play-again/play-again-op";
import { Errors } from "../../../../src/table/protocol";
import type { TableSpec } from "../../../../src/table/protocol";
import { aliceBobRace, finishedRace, opContext, openedBooks, stored } from "../../../helpers/op-books";

const vote = (from: string, tableId: string, version: number) =>
  ({ type: "play-again", from, tableId, version }) as const;

describe("the play-again operation", () => {
  it("keeps a first vote on the finished table and pushes it, dealing nothing yet", () => {
    const ctx = opContext();
    const { books, tableId } = finishedRace(ctx);
    const table = books.tables.get(tableId);
    if (!table) throw new Error("no table");
    const result = playAgain(books, vote("alice", tableId, table.version), ctx);
    expect(result).toMatchObject({
      ok: true,
      reply: { ok: true, version: table.version },
      change: { tables: [{ id: tableId, playAgain: ["seat-1"] }] },
      push: [{ since: table.version + 1 }],
    });
    if (!result.ok) return;
    expect(result.change?.deleted).toBeUndefined();
    expect(result.change?.ledger).toBeUndefined();
  });

  it("is idempotent: the same player voting again stores nothing", () => {
    const ctx = opContext();
    const first = finishedRace(ctx);
    const version = first.books.tables.get(first.tableId)?.version ?? -1;
    const books = stored(first.books, playAgain(first.books, vote("alice", first.tableId, version), ctx));
    expect(playAgain(books, vote("alice", first.tableId, version), ctx)).toEqual({
      ok: true,
      reply: { ok: true, version },
    });
  });

  it("deals the table again when the last seated player votes, as the GM's Deal again does (archived, same seats)", () => {
    const ctx = opContext();
    const first = finishedRace(ctx);
    const old = first.books.tables.get(first.tableId);
    if (!old) throw new Error("no table");
    const books = stored(first.books, playAgain(first.books, vote("alice", first.tableId, old.version), ctx));
    const result = playAgain(books, vote("bob", first.tableId, old.version), ctx);
    if (!result.ok) throw new Error(result.error.code);
    const fresh = result.change?.tables?.[0];
    expect(fresh?.id).not.toBe(first.tableId);
    expect(fresh?.version).toBe(0);
    expect(fresh?.seats.map((s) => [s.userId, s.account])).toEqual(old.seats.map((s) => [s.userId, s.account]));
    expect(fresh?.options).toEqual(old.options);
    expect(fresh?.ops).toEqual([{ at: 5_000, by: "bob", op: "rematch", from: first.tableId }]);
    expect(result.change?.archived?.[0]).toMatchObject({ id: first.tableId, playAgain: ["seat-1", "seat-2"] });
    expect(result).toMatchObject({ reply: { ok: true, tableId: fresh?.id, version: 0 }, removed: [first.tableId] });
    // A vote arriving after the new deal is answered with the new table and changes nothing.
    const after = stored(books, result);
    expect(playAgain(after, vote("alice", first.tableId, old.version), ctx)).toEqual({
      ok: true,
      reply: { ok: true, tableId: fresh?.id, version: 0 },
    });
  });

  it("waits only for the seats people hold: a bot seat never holds up the new deal", () => {
    const ctx = opContext();
    const spec: TableSpec = {
      ...aliceBobRace,
      seats: [
        aliceBobRace.seats[0] ?? { kind: "bot", userId: null, name: "" },
        { kind: "bot", userId: null, name: "Droid", botLevel: "easy" },
      ],
    };
    const { books, tableId } = finishedRace(ctx, spec);
    const table = books.tables.get(tableId);
    if (!table) throw new Error("no table");
    expect(votingSeats(table)).toEqual(["seat-1"]);
    const result = playAgain(books, vote("alice", tableId, table.version), ctx);
    expect(result).toMatchObject({ ok: true, removed: [tableId] });
  });

  it("refuses a spectator, a match still playing and a stale version, changing nothing", () => {
    const ctx = opContext();
    const { books, tableId } = finishedRace(ctx);
    const version = books.tables.get(tableId)?.version ?? -1;
    expect(playAgain(books, vote("carol", tableId, version), ctx)).toEqual({
      ok: false,
      error: { code: PlayAgainErrors.notSeated },
    });
    expect(playAgain(books, vote("alice", tableId, version - 1), ctx)).toEqual({
      ok: false,
      error: { code: Errors.stale, params: { current: version } },
    });
    const playing = openedBooks(ctx);
    expect(playAgain(playing.books, vote("alice", playing.table.id, 0), ctx)).toEqual({
      ok: false,
      error: { code: PlayAgainErrors.notOver },
    });
    expect(playAgain(books, vote("alice", "nope", 0), ctx)).toEqual({
      ok: false,
      error: { code: Errors.unknownTable },
    });
  });
});
