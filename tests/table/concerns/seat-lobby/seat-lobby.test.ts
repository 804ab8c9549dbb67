/** The seat lobby alone: a table that waits for its invited players, who sit down or decline; the purses are taken at the start. */
import { describe, expect, it } from "vitest";
import { emptyLedger } from "../../../../src/table/ledger";
import type { Books, OpContext, OpResult } from "../../../../src/table/context";
import { operate } from "../../../../src/table/ops/dispatch";
import {
  lobbyRefusal,
  openSeatLobby,
  sitDown,
  startLobby,
} from "../../../../src/table/concerns/seat-lobby/seat-lobby-op";
import { Errors, LobbyErrors, type TableSpec } from "../../../../src/table/protocol";
import { CONCERNS } from "../../../../src/table/concerns";
import { tableUpdate } from "../../../../src/table/updates";
import { aliceBobRace, booksOf, opContext, openedBooks, stored } from "../../../helpers/op-books";

const lobbySpec: TableSpec = { ...aliceBobRace, sitDown: true };

function opened(ctx: OpContext, spec: TableSpec = lobbySpec): { books: Books; tableId: string } {
  const result = openSeatLobby(booksOf([]), { type: "create", spec, from: "gm" }, ctx);
  if (!result.ok) throw new Error(result.error.code);
  const books = stored(booksOf([], emptyLedger()), result);
  return { books, tableId: result.reply.ok ? (result.reply.tableId ?? "") : "" };
}

const sit = (from: string, tableId: string, seat: string, version: number, yes = true, name?: string) =>
  ({ type: "sit-down", from, tableId, seat, sit: yes, version, ...(name ? { name } : {}) }) as const;

function ok(result: OpResult): Extract<OpResult, { ok: true }> {
  if (!result.ok) throw new Error(result.error.code);
  return result;
}

describe("the seat lobby", () => {
  it("opens a waiting table without touching the ledger, and shows nobody a move or an event", () => {
    const ctx = opContext();
    const { books, tableId } = opened(ctx);
    const record = books.tables.get(tableId);
    expect(record?.lobby).toMatchObject({ seated: [], declined: [], version: 0, by: "gm" });
    expect(record?.purses).toBeUndefined();
    expect(Object.keys(books.ledger.events)).toEqual([]);
    const update = record && tableUpdate(ctx, CONCERNS, books, record, "alice", 0);
    expect(update).toMatchObject({ seat: "seat-1", legalMoves: [], events: [] });
    expect(update?.table).toMatchObject({ toAct: [], over: false, lobby: { version: 0 } });
    expect(update?.deadline).toBeUndefined();
  });

  it("keeps a sit-down, pushes it, and takes nothing yet", () => {
    const ctx = opContext();
    const { books, tableId } = opened(ctx);
    const result = ok(sitDown(books, sit("alice", tableId, "seat-1", 0), ctx));
    expect(result.change?.tables?.[0]?.lobby).toMatchObject({ seated: ["seat-1"], version: 1 });
    expect(result.change?.ledger).toBeUndefined();
    expect(result.push?.[0]?.record.lobby?.seated).toEqual(["seat-1"]);
  });

  it("is idempotent: sitting down again stores nothing, even at the old version", () => {
    const ctx = opContext();
    const first = opened(ctx);
    const books = stored(first.books, sitDown(first.books, sit("alice", first.tableId, "seat-1", 0), ctx));
    expect(sitDown(books, sit("alice", first.tableId, "seat-1", 0), ctx)).toEqual({
      ok: true,
      reply: { ok: true, version: 0 },
    });
  });

  it("refuses a sit-down at a version the lobby has moved past, changing nothing", () => {
    const ctx = opContext();
    const first = opened(ctx);
    const books = stored(first.books, sitDown(first.books, sit("alice", first.tableId, "seat-1", 0), ctx));
    expect(sitDown(books, sit("bob", first.tableId, "seat-2", 0), ctx)).toEqual({
      ok: false,
      error: { code: Errors.stale, params: { current: 1 } },
    });
  });

  it("refuses a user at a seat they are not invited to, and a second seat to one user", () => {
    const ctx = opContext();
    const { books, tableId } = opened(ctx, {
      ...lobbySpec,
      seats: [
        { kind: "person", userId: "alice", name: "Alice" },
        { kind: "person", userId: null, name: "" },
      ],
    });
    expect(sitDown(books, sit("bob", tableId, "seat-1", 0), ctx)).toEqual({
      ok: false,
      error: { code: LobbyErrors.notInvited },
    });
    const seated = stored(books, sitDown(books, sit("alice", tableId, "seat-1", 0), ctx));
    expect(sitDown(seated, sit("alice", tableId, "seat-2", 1), ctx)).toEqual({
      ok: false,
      error: { code: LobbyErrors.alreadySeated },
    });
  });

  it("starts the game when the last invited player sits down: setup and purses in the same change", () => {
    const ctx = opContext();
    const first = opened(ctx);
    const books = stored(first.books, sitDown(first.books, sit("alice", first.tableId, "seat-1", 0), ctx));
    const result = ok(sitDown(books, sit("bob", first.tableId, "seat-2", 1), ctx));
    const started = result.change?.tables?.[0];
    expect(started?.id).toBe(first.tableId);
    expect(started?.lobby).toBeUndefined();
    expect(started?.seats.map((s) => [s.kind, s.userId, s.account])).toEqual([
      ["person", "alice", "alice"],
      ["person", "bob", "bob"],
    ]);
    expect(started?.purses).toBeDefined();
    const event = Object.values(result.change?.ledger?.events ?? {})[0];
    expect(event?.entries.filter((e) => e.kind === "seated").map((e) => e.account)).toEqual(["alice", "bob"]);
    expect(result).toMatchObject({
      reply: { ok: true, tableId: first.tableId, version: 0 },
      bots: { tableId: first.tableId },
    });
    expect(started?.ops).toEqual([{ at: 5_000, by: "bob", op: "lobby-start" }]);
  });

  it("lets an invited player decline: their seat opens, and at the GM's start a bot takes it on the house's stake, never their purse", () => {
    const ctx = opContext();
    const first = opened(ctx);
    const declined = ok(sitDown(first.books, sit("bob", first.tableId, "seat-2", 0, false), ctx));
    const lobby = declined.change?.tables?.[0];
    expect(lobby?.lobby?.declined).toEqual([{ seat: "seat-2", user: "bob" }]);
    expect(lobby?.seats[1]).toMatchObject({ kind: "person", userId: null });
    let books = stored(first.books, declined);
    books = stored(books, sitDown(books, sit("alice", first.tableId, "seat-1", 1), ctx));
    const result = ok(startLobby(books, { type: "lobby-start", from: "gm", tableId: first.tableId }, ctx));
    const started = result.change?.tables?.[0];
    expect(started?.seats.map((s) => s.kind)).toEqual(["person", "bot"]);
    expect(started?.seats[1]?.stake).toBeGreaterThan(0);
    const event = Object.values(result.change?.ledger?.events ?? {})[0];
    expect(event?.entries.some((e) => e.account === "bob")).toBe(false);
    expect(event?.accounts.bob).toBeUndefined();
    // Started already: the GM's start again changes nothing.
    const after = stored(books, result);
    expect(startLobby(after, { type: "lobby-start", from: "gm", tableId: first.tableId }, ctx)).toEqual({
      ok: true,
      reply: { ok: true, tableId: first.tableId, version: 0 },
    });
  });

  it("lets anyone take an open seat under the name they give, on their own account", () => {
    const ctx = opContext();
    const { books, tableId } = opened(ctx, {
      ...lobbySpec,
      seats: [
        { kind: "bot", userId: null, name: "Droid" },
        { kind: "person", userId: null, name: "" },
      ],
    });
    const result = ok(sitDown(books, sit("rey", tableId, "seat-2", 0, true, "Rey"), ctx));
    const started = result.change?.tables?.[0];
    expect(started?.lobby).toBeUndefined();
    expect(started?.seats[1]).toMatchObject({ kind: "person", userId: "rey", name: "Rey", account: "rey" });
  });

  it("refuses every other request about a waiting table: it has not started", () => {
    const ctx = opContext();
    const { books, tableId } = opened(ctx);
    const intent = { type: "intent", tableId, version: 0, move: { type: "step" }, from: "alice" } as const;
    expect(lobbyRefusal(books, intent)).toEqual({ ok: false, error: { code: LobbyErrors.notStarted } });
    expect(operate(books, intent, ctx)).toEqual({ ok: false, error: { code: LobbyErrors.notStarted } });
    expect(lobbyRefusal(books, { type: "end", tableId })).toBeNull();
  });

  it("refuses a sit-down once the game has started, unless it is the seat's own player repeating it", () => {
    const ctx = opContext();
    const first = opened(ctx);
    let books = stored(first.books, sitDown(first.books, sit("alice", first.tableId, "seat-1", 0), ctx));
    books = stored(books, sitDown(books, sit("bob", first.tableId, "seat-2", 1), ctx));
    expect(sitDown(books, sit("bob", first.tableId, "seat-2", 1), ctx)).toEqual({
      ok: true,
      reply: { ok: true, version: 0 },
    });
    expect(sitDown(books, sit("carol", first.tableId, "seat-2", 2), ctx)).toEqual({
      ok: false,
      error: { code: LobbyErrors.notWaiting },
    });
  });

  it("an ended lobby returns nothing to anyone and leaves the ledger as it was: no purse was ever taken", () => {
    const ctx = opContext();
    const earlier = openedBooks(ctx).books;
    const result = ok(openSeatLobby(earlier, { type: "create", spec: lobbySpec, from: "gm" }, ctx));
    const tableId = result.reply.ok ? (result.reply.tableId ?? "") : "";
    const books = stored(earlier, result);
    expect(books.tables.get(tableId)?.eventId).toBe(Object.keys(earlier.ledger.events)[0]);
    const ended = ok(operate(books, { type: "end", tableId, from: "gm" }, ctx));
    expect(ended.change).toEqual({ deleted: [tableId] });
  });
});
