/**
 * Roll20's table-flow commands (issue 27) in the sandbox stand-in: a table whose invited players sit
 * down themselves, a GM's away mark and skip, a seat given to another player; each command parsed and checked.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { parseCommand } from "../../src/roll20/commands";
import { flowRequest } from "../../src/roll20/flow-commands";
import { builtScript } from "./built";
import { ALICE, BOB, CHANDRA, GM, night, tables } from "./harness";

let script = "";
beforeAll(async () => {
  script = await builtScript();
}, 120_000);

const players = { exists: (id: string) => id === ALICE, name: (id: string) => (id === ALICE ? "Alice" : id) };

describe("Roll20 table-flow commands", () => {
  it("parses each command with its table, seat and version, and refuses one missing an argument", () => {
    expect(parseCommand("!cantina again t1 4")).toEqual({
      ok: true,
      command: { verb: "again", tableId: "t1", version: 4 },
    });
    expect(parseCommand("!cantina sit t1 seat-2 0")).toEqual({
      ok: true,
      command: { verb: "sit", tableId: "t1", seat: "seat-2", version: 0 },
    });
    expect(parseCommand("!cantina start t1")).toEqual({ ok: true, command: { verb: "start", tableId: "t1" } });
    for (const bad of ["!cantina sit t1 seat-2", "!cantina undo t1", "!cantina seatto t1 seat-1", "!cantina away t1"])
      expect(parseCommand(bad)).toMatchObject({ ok: false, error: { code: "CANTINA.Roll20.Error.BadArguments" } });
  });

  it("turns each into the host's request, naming an open seat's taker; a player the campaign lacks is refused here", () => {
    expect(flowRequest({ verb: "sit", tableId: "t1", seat: "seat-1", version: 2 }, ALICE, players, "X")).toEqual({
      ok: true,
      request: { type: "sit-down", tableId: "t1", seat: "seat-1", sit: true, version: 2, name: "Alice" },
    });
    expect(flowRequest({ verb: "skip", tableId: "t1", seat: "seat-1" }, GM, players, "X")).toEqual({
      ok: true,
      request: { type: "skip", tableId: "t1", seat: "seat-1" },
    });
    expect(flowRequest({ verb: "seatto", tableId: "t1", seat: "seat-1", playerId: BOB }, GM, players, "X")).toEqual({
      ok: false,
      error: { code: "X", params: { id: BOB } },
    });
  });

  it("a table opened with sitdown=true waits; the invited players sit down by command and it starts with their purses", async () => {
    const r20 = night(script);
    r20.type(GM, `!cantina new sabacc-super-simplified ${ALICE} ${BOB} sitdown=true`);
    await r20.settle();
    const waiting = tables(r20)[0];
    expect(waiting?.lobby).toMatchObject({ seated: [], version: 0 });
    // Only the GM starts a waiting table; a player's start changes nothing.
    r20.type(ALICE, `!cantina start ${waiting?.id}`);
    r20.type(CHANDRA, `!cantina sit ${waiting?.id} seat-1 0`);
    await r20.settle();
    expect(tables(r20)[0]?.lobby).toMatchObject({ seated: [], version: 0 });
    r20.type(ALICE, `!cantina sit ${waiting?.id} seat-1 0`);
    await r20.settle();
    expect(tables(r20)[0]?.lobby?.seated).toEqual(["seat-1"]);
    r20.type(BOB, `!cantina sit ${waiting?.id} seat-2 1`);
    await r20.settle();
    const started = tables(r20)[0];
    expect(started?.lobby).toBeUndefined();
    expect(started?.purses).toBeDefined();
    expect(started?.seats.map((s) => s.userId)).toEqual([ALICE, BOB]);
  });

  it("the GM marks a player away and gives a seat to another player by command", async () => {
    const r20 = night(script);
    r20.type(GM, `!cantina new ulwan ${ALICE} ${BOB}`);
    await r20.settle();
    const id = tables(r20)[0]?.id ?? "";
    r20.type(GM, `!cantina away ${id} seat-2`);
    await r20.settle();
    expect(Object.keys(tables(r20)[0]?.away ?? {})).toEqual(["seat-2"]);
    r20.type(GM, `!cantina seatto ${id} seat-2 ${CHANDRA}`);
    await r20.settle();
    expect(tables(r20)[0]?.seats[1]?.userId).toBe(CHANDRA);
  });
});
