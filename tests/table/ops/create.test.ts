/** The `create` operation alone: a table and the purses it takes as one change, or a refusal that changes nothing. */
import { describe, expect, it } from "vitest";
import { integer } from "../../../src/rules/core";
import { HOUSE_ACCOUNT, emptyLedger } from "../../../src/table/ledger";
import { createTable } from "../../../src/table/ops/create";
import { Errors } from "../../../src/table/protocol";
import { aliceBobRace, booksOf, opContext, race } from "../../helpers/op-books";

describe("the create operation", () => {
  it("opens the table and the event its seats' purses move from, as one change pushed from version 0", () => {
    const books = booksOf([]);
    const result = createTable(books, { type: "create", from: "gm", spec: aliceBobRace }, opContext());
    if (!result.ok) throw new Error(result.error.code);
    const table = result.change?.tables?.[0];
    expect(table).toMatchObject({ gameId: "race", version: 0, settled: false, purses: expect.any(Object) });
    expect(result.reply).toEqual({ ok: true, tableId: table?.id, version: 0 });
    expect(result.push).toEqual([{ record: table, since: 0 }]);
    expect(result.bots).toEqual({ tableId: table?.id });
    const event = Object.values(result.change?.ledger?.events ?? {})[0];
    expect(Object.keys(event?.accounts ?? {}).sort()).toEqual(["alice", "bob", HOUSE_ACCOUNT].sort());
    // The purses left the accounts for the table: nothing in the accounts until the match settles.
    expect(event?.accounts.alice?.credits).toBe(0);
    expect(books.ledger).toEqual(emptyLedger());
  });

  it("opens new accounts with the options the game's schema marks as a seat's starting purse, whatever their names", () => {
    const optionSchema = {
      bank: integer(700, 0, 10_000, { purse: "credits" }),
      charm: integer(2, 0, 9, { purse: "luck" }),
    };
    const game = { ...race, optionSchema, defaultOptions: () => ({ bank: 700, charm: 2 }) };
    const spec = { ...aliceBobRace, options: { bank: 900, charm: 5 } };
    const result = createTable(booksOf([]), { type: "create", from: "gm", spec }, opContext(5_000, { race: game }));
    if (!result.ok) throw new Error(result.error.code);
    expect(result.change?.tables?.[0]?.purses).toEqual({
      "seat-1": { credits: 900, luck: 5 },
      "seat-2": { credits: 900, luck: 5 },
    });
  });

  it("refuses an unknown game, a seat count the game does not take and too large a winner's share", () => {
    const books = booksOf([]);
    const ask = (spec: typeof aliceBobRace) => createTable(books, { type: "create", from: "gm", spec }, opContext());
    expect(ask({ ...aliceBobRace, gameId: "nope" })).toMatchObject({ ok: false, error: { code: Errors.unknownGame } });
    expect(ask({ ...aliceBobRace, seats: aliceBobRace.seats.slice(0, 1) })).toMatchObject({ ok: false });
    expect(ask({ ...aliceBobRace, betting: { winnerShare: 51 } })).toMatchObject({
      ok: false,
      error: { code: Errors.badOption, params: { option: "winnerShare" } },
    });
  });

  it("refuses two seats on one account of a game that uses the ledger", () => {
    const spec = {
      ...aliceBobRace,
      seats: [
        { kind: "person" as const, userId: "alice", name: "Alice" },
        { kind: "person" as const, userId: "alice", name: "Alice again" },
      ],
    };
    expect(createTable(booksOf([]), { type: "create", from: "gm", spec }, opContext())).toMatchObject({
      ok: false,
      error: { code: Errors.sameAccountTwice },
    });
  });
});
