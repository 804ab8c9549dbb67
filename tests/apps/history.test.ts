/**
 * "Moves played" (issue 27, src/apps/core/history.ts): one numbered entry per move in version order, its lines as chat
 * writes them, the last marked; built from a viewer's own events, so a private roll or card never shows to another.
 */
import { describe, expect, it } from "vitest";
import en from "../../lang/en.json";
import { HISTORY_COLLAPSED, historyContext, movesPlayed } from "../../src/apps/core/history";
import { dictionaryLocalizer } from "../../src/apps/core/i18n";
import { seatNames } from "../../src/apps/core/types";
import { chatNamers } from "../../src/games";
import { type AnyGame, type Game, type GameEvent, SeededRandom, ok, succeed, refuse } from "../../src/rules/core";
import type { TableClient } from "../../src/table/client";
import { clientsOf, startMemoryHost } from "../helpers/memory-host";

const i18n = dictionaryLocalizer({
  ...en,
  TEST: { Pass: "{seat} passes.", Card: "{seat} draws {card}.", Start: "The table is set." },
});

const notice = (key: string, params: Record<string, string>): GameEvent => ({ kind: "notice", key, params });

describe("the moves played", () => {
  it("one numbered entry per move, in version order, newest last and marked; the setup's lines are no move", () => {
    const seen = [
      { version: 0, event: notice("TEST.Start", {}) },
      { version: 2, event: notice("TEST.Pass", { seat: "b" }) },
      { version: 1, event: notice("TEST.Pass", { seat: "a" }) },
      {
        version: 2,
        event: { kind: "roll", seat: "b", purpose: "TEST.Start", notation: "2d6", dice: [3, 4], total: 7 } as const,
      },
    ];
    const moves = movesPlayed(seen, { a: "Ana", b: "Bo" }, i18n);
    expect(moves).toEqual([
      { number: 1, version: 1, lines: ["Ana passes."], last: false },
      { number: 2, version: 2, lines: ["Bo passes.", "Bo: The table is set. — 2d6 = 7"], last: true },
    ]);
    expect(movesPlayed([{ version: 0, event: notice("TEST.Start", {}) }], {}, i18n)).toEqual([]);
    // Only the last so many: numbered as in the whole list.
    expect(movesPlayed(seen, { a: "Ana", b: "Bo" }, i18n, [], 1)).toEqual(moves.slice(1));
  });

  it(`collapsed to the last ${HISTORY_COLLAPSED} moves, with a toggle to show every one once there are more`, () => {
    const seen = [1, 2, 3, 4, 5].map((version) => ({ version, event: notice("TEST.Pass", { seat: `s${version}` }) }));
    const closed = historyContext("t1", {}, { seen, i18n, namers: [], open: false }).history;
    expect(closed).toMatchObject({ tableId: "t1", count: 5, toggle: true, open: false });
    expect(closed.moves.map((m) => m.number)).toEqual([3, 4, 5]);
    const open = historyContext("t1", {}, { seen, i18n, namers: [], open: true }).history;
    expect(open.moves.map((m) => m.number)).toEqual([1, 2, 3, 4, 5]);
    expect(open.moves.at(-1)?.last).toBe(true);
    // Three moves or fewer: all of them, and no toggle.
    const few = historyContext("t1", {}, { seen: seen.slice(0, 3), i18n, namers: [], open: true }).history;
    expect(few).toMatchObject({ count: 3, toggle: false, open: false });
  });
});

/** Each pass draws a card seen by its player only and rolls a die in private: a Sabacc-like secret. */
const secrets: Game<{ turn: number; seats: readonly string[] }, { type: "pass" }, object, { turn: number }> = {
  id: "test-secrets",
  nameKey: "TEST.Start",
  minSeats: 2,
  maxSeats: 2,
  usesLedger: false,
  optionSchema: {},
  defaultOptions: () => ({}),
  checkOptions: () => succeed({}),
  setup: (seats) => ok({ turn: 0, seats }, [notice("TEST.Start", {})]),
  isMove: (m: unknown): m is { type: "pass" } => typeof m === "object" && m !== null,
  legalMoves: (s, seat) => (s.seats[s.turn % 2] === seat ? [{ type: "pass" }] : []),
  apply: (s, seat) => {
    if (s.seats[s.turn % 2] !== seat) return refuse("CANTINA.Error.NotYourTurn");
    return ok({ ...s, turn: s.turn + 1 }, [
      { kind: "roll", seat, purpose: "TEST.Start", notation: "1d20", dice: [17], total: 17, audience: [seat] },
      { kind: "notice", key: "TEST.Card", params: { seat, card: "the Idiot" }, seat, audience: [seat] },
      { kind: "notice", key: "TEST.Pass", params: { seat }, seat },
    ]);
  },
  view: (s) => ({ turn: s.turn }),
  status: (s) => ({ over: s.turn >= 4, toAct: s.turn >= 4 ? [] : [s.seats[s.turn % 2]!] }),
};

/** The list as this client's window draws it: its own chat lines of the table. */
function listOf(client: TableClient, tableId: string): string[][] {
  const update = client.tables.get(tableId);
  if (!update) throw new Error(`${client.user} does not see ${tableId}`);
  const seen = client.chat.filter((l) => l.tableId === tableId);
  return movesPlayed(seen, seatNames(update), i18n, chatNamers).map((m) => [String(m.number), ...m.lines]);
}

describe("the moves played, as each viewer received them", () => {
  it("a private roll and a private card show to their player and the GM only; others read that a roll was made", async () => {
    const users = ["gm", "alice", "bob", "carol"];
    const { host, network } = await startMemoryHost({
      games: { [secrets.id]: secrets as unknown as AnyGame },
      users,
      random: new SeededRandom(1),
    });
    const c = clientsOf(network, users);
    const created = await c.gm!.create({
      gameId: secrets.id,
      seats: [
        { kind: "person", userId: "alice", name: "Alice" },
        { kind: "person", userId: "bob", name: "Bob" },
      ],
      options: {},
    });
    if (!created.ok || !created.tableId) throw new Error("no table");
    const id = created.tableId;
    await c.carol!.sync();
    await c.alice!.move(id, { type: "pass" });
    await c.bob!.move(id, { type: "pass" });
    await host.idle();
    const own = (name: string) => [
      `${name}: The table is set. — 1d20 = 17`,
      `${name} draws the Idiot.`,
      `${name} passes.`,
    ];
    const hidden = (name: string) => [`${name} rolls 1d20 in private (The table is set.).`, `${name} passes.`];
    expect(listOf(c.gm!, id)).toEqual([
      ["1", ...own("Alice")],
      ["2", ...own("Bob")],
    ]);
    expect(listOf(c.alice!, id)).toEqual([
      ["1", ...own("Alice")],
      ["2", ...hidden("Bob")],
    ]);
    expect(listOf(c.bob!, id)).toEqual([
      ["1", ...hidden("Alice")],
      ["2", ...own("Bob")],
    ]);
    // A spectator: neither card nor either die.
    expect(listOf(c.carol!, id)).toEqual([
      ["1", ...hidden("Alice")],
      ["2", ...hidden("Bob")],
    ]);
    expect(JSON.stringify(listOf(c.carol!, id))).not.toMatch(/Idiot|17/);
  });

  it("a Takat game's moves, in the order played, each as chat writes it", async () => {
    const users = ["gm", "alice", "bob"];
    const { host, network } = await startMemoryHost({ users, random: new SeededRandom(1) });
    const c = clientsOf(network, users);
    const created = await c.gm!.create({
      gameId: "takat",
      seats: [
        { kind: "person", userId: "alice", name: "Ana" },
        { kind: "person", userId: "bob", name: "Bo" },
      ],
      options: {},
    });
    if (!created.ok || !created.tableId) throw new Error("no table");
    const id = created.tableId;
    await c.alice!.move(id, { type: "enter", to: 1 });
    await c.bob!.move(id, { type: "enter", to: 2 });
    await c.alice!.move(id, { type: "move", from: 1, to: 2 });
    await host.idle();
    const expected = [
      ["1", "Ana enters a disc on hex 1."],
      ["2", "Bo enters a disc on hex 2."],
      ["3", "Ana moves the top disc from hex 1 to hex 2 (now 2 high)."],
    ];
    for (const client of [c.gm!, c.alice!, c.bob!]) expect(listOf(client, id)).toEqual(expected);
  });
});
