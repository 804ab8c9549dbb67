/**
 * The wire schema of client requests (src/table/parse-request.ts, valibot): what it accepts, what it
 * refuses, and what it keeps of what it accepts.
 */
import { describe, expect, it } from "vitest";
import { parseRequest } from "../../src/table/parse-request";

const move = { type: "intent", requestId: "r1", tableId: "t1", version: 3, move: { type: "stand" } };

describe("the request schema", () => {
  it("accepts a move and keeps its seat and request id", () => {
    expect(parseRequest({ ...move, seat: "s2" })).toEqual({ ...move, seat: "s2" });
  });

  it("refuses a move without a move, or with a negative or fractional version", () => {
    const { move: _dropped, ...noMove } = move;
    expect(parseRequest(noMove)).toBeNull();
    expect(parseRequest({ ...move, version: -1 })).toBeNull();
    expect(parseRequest({ ...move, version: 1.5 })).toBeNull();
  });

  it.each(["__proto__", "constructor", "toString", "", "x".repeat(201)])("refuses the id %j", (id) => {
    expect(parseRequest({ ...move, tableId: id })).toBeNull();
    expect(parseRequest({ ...move, requestId: id })).toBeNull();
  });

  it("refuses an unknown type, a non-object and an array", () => {
    expect(parseRequest({ type: "cheat", tableId: "t1" })).toBeNull();
    expect(parseRequest("intent")).toBeNull();
    expect(parseRequest(null)).toBeNull();
    expect(parseRequest([move])).toBeNull();
  });

  it("drops fields a request does not have", () => {
    expect(parseRequest({ type: "end", tableId: "t1", extra: { huge: true } })).toEqual({ type: "end", tableId: "t1" });
  });

  it("trims names and refuses blank ones", () => {
    expect(parseRequest({ type: "event-create", name: "  Night  ", startingCredits: 100 })).toEqual({
      type: "event-create",
      name: "Night",
      startingCredits: 100,
    });
    expect(parseRequest({ type: "event-create", name: "   ", startingCredits: 100 })).toBeNull();
  });

  it("stores a ledger reason as plain text, and reads an empty one (the host refuses it)", () => {
    const adjust = { type: "ledger-adjust", eventId: "e1", account: "a1", credits: 5, luck: 0 };
    expect(parseRequest({ ...adjust, reason: " won\u0007 a bet " })).toEqual({ ...adjust, reason: "won  a bet" });
    expect(parseRequest({ ...adjust, reason: "" })).toEqual({ ...adjust, reason: "" });
    expect(parseRequest({ ...adjust, reason: "x".repeat(501) })).toBeNull();
  });

  it("accepts a table spec and refuses a turn clock with a key too many", () => {
    const spec = {
      gameId: "g",
      seats: [{ kind: "bot", userId: null, name: "Bot", botLevel: "easy", stake: 10 }],
      options: { any: "thing" },
      turnClock: { turnSeconds: 60, botAfterSeconds: 0 },
    };
    expect(parseRequest({ type: "create", spec })).toEqual({ type: "create", spec });
    expect(parseRequest({ type: "create", spec: { ...spec, turnClock: { ...spec.turnClock, extra: 1 } } })).toBeNull();
    expect(
      parseRequest({ type: "create", spec: { ...spec, seats: [{ kind: "ghost", userId: null, name: "" }] } }),
    ).toBeNull();
  });

  it("reads the table-flow requests", () => {
    expect(parseRequest({ type: "away", tableId: "t", seat: "s", away: true })).not.toBeNull();
    expect(parseRequest({ type: "skip", tableId: "t", seat: "s" })).not.toBeNull();
    expect(parseRequest({ type: "undo", tableId: "t", version: 0 })).not.toBeNull();
    expect(parseRequest({ type: "away", tableId: "t", seat: "s", away: "yes" })).toBeNull();
  });
});
