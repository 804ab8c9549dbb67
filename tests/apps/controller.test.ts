/**
 * The table controller both hosts share: a click runs the game's action and sends its move, a
 * refusal comes back as a message whose seats are named from the table that failed, and bets go
 * through the same sender.
 */
import { describe, expect, it } from "vitest";
import en from "../../lang/en.json";
import { dictionaryLocalizer } from "../../src/apps/core/i18n";
import { refuse, succeed } from "../../src/rules/core";
import type { GameApp } from "../../src/apps/core/types";
import { TableController, errorMessage } from "../../src/apps/table/controller";
import type { HostReply, TableUpdate } from "../../src/table/protocol";

const i18n = dictionaryLocalizer(en);

function update(id: string, names: readonly string[]): TableUpdate {
  return {
    type: "table",
    table: {
      id,
      gameId: "g",
      eventId: "e1",
      version: 1,
      over: false,
      toAct: [],
      createdAt: 0,
      seats: names.map((name, i) => ({ seat: `seat-${i + 1}`, name, kind: "person", userId: name, account: name })),
    },
    seat: "seat-1",
    view: null,
    legalMoves: [],
    events: [],
    full: false,
  };
}

const app: GameApp = {
  gameId: "g",
  parts: {},
  context: () => ({}),
  actions: {
    go: (input) => succeed({ move: { type: "go", to: input.data.to } }),
    refuse: () => refuse("CANTINA.Sabacc.Error.CannotAffordAnte", { seat: "seat-2", ante: 5 }),
  },
};

describe("the table controller", () => {
  it("sends the move an action makes, and reports the host's refusal with seat names from that table", async () => {
    const sent: unknown[] = [];
    let reply: HostReply = { ok: true };
    const sender = {
      move: async (tableId: string, move: unknown) => (sent.push([tableId, move]), reply),
      bet: async () => reply,
    };
    const controller = new TableController(
      () => sender,
      i18n,
      (id) => (id === "g" ? app : undefined),
    );
    const first = update("t1", ["Han", "Lando"]);
    const second = update("t2", ["Maz", "Chewie"]);
    expect(controller.handles(first, "go")).toBe(true);
    expect(controller.handles(first, "fly")).toBe(false);
    const busy: boolean[] = [];
    expect(await controller.action(first, "go", { data: { to: "a3" }, fields: {} }, (on) => busy.push(on))).toBe("");
    expect(sent).toEqual([["t1", { type: "go", to: "a3" }]]);
    expect(busy).toEqual([true, false]);
    // The refusal names the seat at the table that failed, whatever table came first.
    reply = {
      ok: false,
      error: { code: "CANTINA.Sabacc.Error.CannotAffordAnte", params: { seat: "seat-2", ante: 5 } },
    };
    expect(await controller.action(second, "go", { data: {}, fields: {} })).toContain("Chewie");
    expect(await controller.bet(second, "long-winner", "seat-1", "10")).toContain("Chewie");
    // A game's own refusal is not sent at all.
    sent.length = 0;
    expect(await controller.action(first, "refuse", { data: {}, fields: {} })).toContain("Lando");
    expect(sent).toEqual([]);
  });

  it("a second click while a table's move or bet awaits its answer sends nothing; another table's goes", async () => {
    const sent: unknown[] = [];
    let answer: (reply: HostReply) => void = () => undefined;
    const sender = {
      move: (tableId: string, move: unknown) => {
        sent.push([tableId, move]);
        return tableId === "t1"
          ? new Promise<HostReply>((r) => (answer = r))
          : Promise.resolve({ ok: true } as HostReply);
      },
      bet: async (tableId: string) => (sent.push([tableId, "bet"]), { ok: true } as HostReply),
    };
    const controller = new TableController(
      () => sender,
      i18n,
      (id) => (id === "g" ? app : undefined),
    );
    const first = update("t1", ["Han", "Lando"]);
    const pending = controller.action(first, "go", { data: { to: "a3" }, fields: {} });
    expect(controller.sending("t1")).toBe(true);
    expect(await controller.action(first, "go", { data: { to: "a3" }, fields: {} })).toBe("");
    expect(await controller.bet(first, "long-winner", "seat-1", "10")).toBe("");
    expect(await controller.action(update("t2", ["Maz"]), "go", { data: { to: "b1" }, fields: {} })).toBe("");
    expect(sent).toEqual([
      ["t1", { type: "go", to: "a3" }],
      ["t2", { type: "go", to: "b1" }],
    ]);
    answer({ ok: true });
    expect(await pending).toBe("");
    expect(controller.sending("t1")).toBe(false);
    expect(await controller.bet(first, "long-winner", "seat-1", "10")).toBe("");
    expect(sent).toHaveLength(3);
  });

  it("names a seat only when it has a name there", () => {
    const message = errorMessage({ code: "CANTINA.Error.NotYourTurn" }, undefined, i18n);
    expect(message).toBe(i18n.localize("CANTINA.Error.NotYourTurn"));
  });
});
