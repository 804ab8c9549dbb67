/** Which finished tables are due for the archive, alone: finished long enough ago, settled, pools over. */
import { describe, expect, it } from "vitest";
import { dueForArchive } from "../../../src/table/ops/archive";
import { aliceBobRace, booksOf, finishedRace, opContext } from "../../helpers/op-books";

describe("the archive's choice", () => {
  it("takes a settled table once its time after the finish is up, never when archiving is off", () => {
    const { books, tableId } = finishedRace(opContext(1_000));
    const finished = books.tables.get(tableId);
    expect(finished).toMatchObject({ finishedAt: 1_000, settled: true });
    expect(dueForArchive(books, opContext(1_500), 1_000)).toEqual([]);
    expect(dueForArchive(books, opContext(2_000), 1_000)).toEqual([finished]);
    expect(dueForArchive(books, opContext(9_000), null)).toEqual([]);
  });

  it("keeps a finished table of a ledger game whose match is not settled, and a table whose pools still run", () => {
    const unsettled = finishedRace(opContext(1_000));
    const table = unsettled.books.tables.get(unsettled.tableId);
    if (!table) throw new Error("no table");
    expect(dueForArchive(booksOf([{ ...table, settled: false }]), opContext(9_000), 0)).toEqual([]);
    const betting = finishedRace(opContext(1_000), { ...aliceBobRace, betting: { winnerShare: 10 } });
    const withPools = betting.books.tables.get(betting.tableId);
    if (!withPools?.betting) throw new Error("no pools");
    expect(dueForArchive(betting.books, opContext(9_000), 0)).toEqual([withPools]);
    const running = { ...withPools, betting: { ...withPools.betting, over: false } };
    expect(dueForArchive(booksOf([running]), opContext(9_000), 0)).toEqual([]);
  });
});
