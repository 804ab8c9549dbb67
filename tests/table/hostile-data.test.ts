/**
 * Hostile data is refused, not thrown (issue 23): record files, board data (every game's board
 * option, a pasted board) and stored books read back (memory, localStorage, Foundry's sealed store)
 * holding deep (to 100,000 levels), wide or huge values give a clear refusal, no exception, and
 * change nothing stored.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Sealer, generateKeyPair } from "../../src/foundry/crypto";
import { SealedStore, VaultKeys } from "../../src/foundry/sealed-store";
import { games } from "../../src/games";
import {
  type JsonLimits,
  BAD_OPTION,
  JsonErrors,
  RECORD_LIMITS,
  SeededRandom,
  resolveBoardOption,
} from "../../src/rules/core";
import { pastedBoard } from "../../src/apps/table/lobby";
import { LocalStorageStore } from "../../src/standalone/store";
import { exportRecord, importRecord } from "../../src/table/record-file";
import { Errors } from "../../src/table/protocol";
import { MemoryStore, StoreErrors } from "../../src/table/store";
import { deepValue, hostileValue, isBoundRefusal } from "../helpers/hostile";
import { countingIds, noticesTo, startMemoryHost } from "../helpers/memory-host";
import { botRecord } from "../helpers/replay-record";
import { mapStorage } from "../helpers/map-storage";

/** A deep, wide or huge value as JSON text, written without JSON.stringify (which recurses). */
const hostileText = fc.oneof(
  fc.integer({ min: 65, max: 100_000 }).map((d) => "[".repeat(d) + "0" + "]".repeat(d)),
  fc.integer({ min: 65, max: 100_000 }).map((d) => '{"a":'.repeat(d) + "0" + "}".repeat(d)),
  fc.integer({ min: 20_001, max: 60_000 }).map((n) => `[${"0,".repeat(n)}0]`),
  fc.integer({ min: 200_001, max: 600_000 }).map((n) => JSON.stringify("x".repeat(n))),
);
/** Limits the wide and huge texts above break (the depth is the real one; a record file is 7,000 values, 75,000 characters). */
const smallRecordLimits: JsonLimits = { depth: RECORD_LIMITS.depth, nodes: 20_000, chars: 200_000 };

/** A finished Ulwan record's file, played once. */
const baseFile = exportRecord(botRecord("ulwan", 3, 2));

type Where = "move" | "state" | "beside";

/** That file with `text` as the value of its last move, of its final state, or beside the record. */
function recordFileWith(text: string, where: Where): string {
  const file = JSON.parse(baseFile) as { record: { log: { move: unknown }[]; state?: unknown } };
  if (where === "move") file.record.log[file.record.log.length - 1]!.move = "@HOSTILE@";
  else if (where === "state") file.record.state = "@HOSTILE@";
  else (file as Record<string, unknown>).junk = "@HOSTILE@";
  return JSON.stringify(file).replace('"@HOSTILE@"', text);
}

describe("record files", () => {
  it("a record holding a 100,000-deep value (its final state, its last move) is refused as too deep, not thrown", () => {
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    for (const where of ["state", "move"] as const)
      expect(importRecord(recordFileWith(deep, where), games), where).toEqual({
        ok: false,
        error: { code: JsonErrors.tooDeep, params: { limit: 64 } },
      });
  });

  it("deep, wide or huge values anywhere in a file: a bound refusal, nothing thrown", () => {
    expect(importRecord(recordFileWith("0", "beside"), games, smallRecordLimits).ok).toBe(true);
    fc.assert(
      fc.property(hostileText, fc.constantFrom("move", "state", "beside") as fc.Arbitrary<Where>, (text, where) => {
        const result = importRecord(recordFileWith(text, where), games, smallRecordLimits);
        expect(result.ok).toBe(false);
        expect(isBoundRefusal(result.ok ? undefined : result.error.code)).toBe(true);
      }),
      { numRuns: 25 },
    );
  });
});

describe("board data", () => {
  const boardGames = Object.values(games).flatMap((game) =>
    Object.entries(game.optionSchema).flatMap(([key, field]) => (field.kind === "board" ? [{ game, key, field }] : [])),
  );

  it("every game's board option refuses deep, wide and huge board data with the walker's reason", () => {
    expect(boardGames.length).toBeGreaterThan(0);
    fc.assert(
      fc.property(hostileValue, fc.nat(), (hostile, pick) => {
        const { game, key, field } = boardGames[pick % boardGames.length]!;
        const seats = Array.from({ length: game.minSeats }, (_, i) => `seat-${i + 1}`);
        const options = { ...(game.defaultOptions() as Record<string, unknown>), [key]: hostile.value };
        const checked = game.checkOptions(options, seats);
        const error = checked.ok ? null : checked.error;
        // A string names a shipped board (looked up, never walked): not one, so a bad option.
        const expected = typeof hostile.value === "string" ? error?.code === BAD_OPTION : isBoundRefusal(error?.code);
        expect(expected, `${game.id} ${hostile.what}: ${error?.code}`).toBe(true);
        expect(resolveBoardOption(field, hostile.value)).toBeNull();
      }),
      { numRuns: 10 },
    );
  });

  it("a pasted board too deep is refused before it is parsed", () => {
    expect(pastedBoard("[".repeat(100_000) + "]".repeat(100_000))).toEqual({
      ok: false,
      error: { code: JsonErrors.tooDeep, params: { limit: 64 } },
    });
    expect(pastedBoard("{nope")).toEqual({ ok: false, error: { code: "CANTINA.Lobby.BadJson" } });
  });
});

/** A memory store holding an event and a table, then `hostile` in place of one stored value. */
async function storeWith(hostile: string, where: "table" | "ledger" | "requests"): Promise<MemoryStore> {
  const store = new MemoryStore(smallRecordLimits);
  const { network } = await startMemoryHost({
    users: ["gm"],
    random: new SeededRandom(2),
    newId: countingIds(),
    store,
  });
  await network.deliver("gm", { type: "event-create", requestId: "e", name: "Night", startingCredits: 100 });
  if (where === "table") store.tables.set("t-bad", hostile);
  if (where === "ledger") store.ledger = hostile;
  if (where === "requests") store.requests = hostile;
  return store;
}

const storedOf = (store: MemoryStore) => ({
  tables: [...store.tables.entries()],
  ledger: store.ledger,
  requests: store.requests,
});

describe("stored books read back", () => {
  it("a stored table, ledger or request list too big to walk is refused at load: no exception, nothing overwritten", async () => {
    await fc.assert(
      fc.asyncProperty(
        hostileText,
        fc.constantFrom("table", "ledger", "requests") as fc.Arbitrary<"table" | "ledger" | "requests">,
        async (text, where) => {
          const store = await storeWith(text, where);
          const before = storedOf(store);
          const { host, network } = await startMemoryHost({ users: ["gm"], random: new SeededRandom(2), store });
          const books = await store.load();
          expect(books.refused).toHaveLength(1);
          expect(isBoundRefusal(books.refused?.[0]?.error.code)).toBe(true);
          expect(noticesTo(network, "gm")).toContainEqual({ type: "notice", error: books.refused?.[0]?.error });
          expect(host.summaries().map((t) => t.id)).not.toContain("t-bad");
          const reply = await network.deliver("gm", {
            type: "event-create",
            requestId: "e2",
            name: "N",
            startingCredits: 1,
          });
          if (where === "ledger")
            // Said in the GM's language: a code of its own, no English reason inside another message.
            expect(reply).toEqual({ ok: false, error: { code: StoreErrors.ledgerRefused } });
          // A ledger refused is never overwritten; a table refused is left as stored.
          const after = storedOf(store);
          expect(after.tables.find(([k]) => k === "t-bad")).toEqual(before.tables.find(([k]) => k === "t-bad"));
          if (where === "ledger") expect(after).toEqual(before);
        },
      ),
      { numRuns: 15 },
    );
  });

  it("localStorage: a stored table that is not JSON is refused at load with the coded reason and left as stored", async () => {
    const data = new Map<string, string>();
    data.set("cantina-games:table:t-bad", "{not json");
    const store = new LocalStorageStore(mapStorage(data));
    const books = await store.load();
    expect(books.tables).toEqual([]);
    expect(books.refused).toEqual([{ key: "cantina-games:table:t-bad", error: { code: Errors.storedNotJson } }]);
    expect([...data]).toEqual([["cantina-games:table:t-bad", "{not json"]]);
  });

  it("localStorage: a 100,000-deep stored ledger is refused at load and every change refused, the ledger kept", async () => {
    const data = new Map<string, string>();
    const storage = mapStorage(data);
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    data.set("cantina-games:ledger", deep);
    const store = new LocalStorageStore(storage);
    const books = await store.load();
    expect(books.ledger).toBeNull();
    expect(books.refused).toEqual([
      { key: "cantina-games:ledger", error: { code: JsonErrors.tooDeep, params: { limit: 64 } } },
    ]);
    await expect(store.commit({ deleted: ["x"] })).rejects.toThrow(StoreErrors.ledgerRefused);
    expect(data.get("cantina-games:ledger")).toBe(deep);
  });

  it("Foundry's sealed store: a record too deep to walk is left unread (a table) or locks the ledger, never overwritten", async () => {
    const sealer = await Sealer.create("gm", await generateKeyPair());
    const readers = { gm: sealer.publicJwk };
    const map = new Map<string, unknown>([
      [VaultKeys.index, { v: 2, tables: ["t1"], events: [], archived: [] }],
      [VaultKeys.table("t1"), await sealer.sealRecord("table", readers, { logLength: 0, deep: deepValue(100) })],
    ]);
    const backend = {
      read: (k: string) => map.get(k) ?? null,
      write: async (k: string, v: unknown) => void map.set(k, v),
    };
    const tableStore = new SealedStore(sealer, () => ({}), backend);
    expect((await tableStore.load()).tables).toEqual([]);
    expect(tableStore.unreadable).toEqual(["t1"]);
    map.set(VaultKeys.index, { v: 2, tables: [], events: ["e1"], archived: [] });
    map.set(VaultKeys.event("e1"), await sealer.sealRecord("ledger", readers, { id: "e1", deep: deepValue(100) }));
    const eventStore = new SealedStore(sealer, () => ({}), backend);
    expect((await eventStore.load()).ledger).toBeNull();
    expect(eventStore.ledgerUnreadable).toBe(true);
    const sealedEvent = map.get(VaultKeys.event("e1"));
    await expect(eventStore.commit({ deleted: ["t1"] })).rejects.toThrow();
    expect(map.get(VaultKeys.event("e1"))).toBe(sealedEvent);
  });
});
