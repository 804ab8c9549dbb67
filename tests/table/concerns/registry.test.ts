/**
 * The registry of table concerns (issue 36): every request the protocol knows has one operation, a
 * request claimed twice is a programmer's error, and each concern's update is built from its viewer alone.
 */
import { describe, expect, it } from "vitest";
import { CONCERNS } from "../../../src/table/concerns";
import type { TableConcern, TableViewer } from "../../../src/table/concerns/contract";
import { GM_ONLY, operationsOf } from "../../../src/table/ops/dispatch";
import { ClientRequestSchema } from "../../../src/table/parse-request";
import { tableSummary, tableUpdate } from "../../../src/table/updates";
import { opContext, openedBooks } from "../../helpers/op-books";

/** The request types of the wire schema (a variant keyed by `type`). */
function requestTypes(): string[] {
  const variant = ClientRequestSchema.pipe[0];
  return variant.options.map((o) => o.entries.type.literal);
}

describe("the registry of table concerns", () => {
  it("serves every request of the protocol that changes the books, and only those", () => {
    const served = Object.keys(operationsOf(CONCERNS)).sort();
    // The host runs these itself (a transfer writes a character's sheet between two stored changes).
    const kept = requestTypes().filter((type) => !["sync", "replay", "watch", "tournament-transfer"].includes(type));
    expect(kept.length).toBeGreaterThan(15);
    expect(served).toEqual(kept.sort());
  });

  it("refuses to start with a request claimed by two concerns (or by a concern and the core)", () => {
    const twice: TableConcern = {
      name: "twice",
      operations: { undo: { run: () => ({ ok: true, reply: { ok: true } }) } },
    };
    expect(() => operationsOf([...CONCERNS, twice])).toThrow(/twice claims requests already served: undo/);
    const core: TableConcern = {
      name: "core",
      operations: { intent: { run: () => ({ ok: true, reply: { ok: true } }) } },
    };
    expect(() => operationsOf([core])).toThrow(/intent/);
  });

  it("keeps the GM's requests GM-only whichever concern serves them", () => {
    expect([...GM_ONLY].sort()).toEqual(
      [
        "create",
        "end",
        "rematch",
        "pause",
        "seat-bot",
        "remove-player",
        "seat-user",
        "event-create",
        "event-join",
        "ledger-adjust",
        "skip",
        "lobby-start",
        "tournament-create",
        "tournament-circuit",
        "tournament-manage",
        "tournament-sign-ups",
        "tournament-round",
      ].sort(),
    );
  });

  it("gives each concern's update hook only its viewer's own seat and role, in the registry's order", () => {
    const ctx = opContext();
    const { books, table } = openedBooks(ctx);
    const seen: string[] = [];
    const spy = (name: string, field: "canBet" | "canUndo"): TableConcern => ({
      name,
      update: ({ user, seat, viewer }: TableViewer) => {
        seen.push(`${name}:${user}:${seat ?? "-"}:${viewer.role}`);
        return field === "canBet" ? { canBet: true } : { canUndo: true };
      },
      summary: () => ({ undo: true }),
    });
    const concerns = [spy("first", "canBet"), spy("second", "canUndo")];
    const alice = tableUpdate(ctx, concerns, books, table, "alice", 0);
    const rey = tableUpdate(ctx, concerns, books, table, "rey", 0);
    expect(seen).toEqual([
      "first:alice:seat-1:seat",
      "second:alice:seat-1:seat",
      "first:rey:-:spectator",
      "second:rey:-:spectator",
    ]);
    expect(alice).toMatchObject({ canBet: true, canUndo: true, table: { undo: true } });
    expect(rey?.seat).toBeNull();
    expect(tableSummary(ctx, concerns, table)).toMatchObject({ undo: true });
  });

  it("adds no concern's update fields to a table still waiting for its players", () => {
    const ctx = opContext();
    const { books, table } = openedBooks(ctx);
    const waiting = {
      ...table,
      lobby: { spec: { gameId: "race", seats: [], options: {} }, seated: [], declined: [], version: 0, by: "gm" },
    };
    const loud: TableConcern = { name: "loud", update: () => ({ canUndo: true }) };
    expect(tableUpdate(ctx, [loud], books, waiting, "alice", 0)).not.toHaveProperty("canUndo");
  });
});
