/** The Sabacc window's context and actions, driven from a player's own update only. */
import { describe, expect, it } from "vitest";
import en from "../../lang/en.json";
import { superSimplifiedApp } from "../../src/apps/sabacc";
import { chatEntry } from "../../src/apps/core/chat";
import { dictionaryLocalizer } from "../../src/apps/core/i18n";
import { ScriptedRandom, eventFor } from "../../src/rules/core";
import {
  superSimplifiedSabacc as game,
  type SuperSimplifiedMove,
  type SuperSimplifiedState,
  type SuperSimplifiedView,
} from "../../src/rules/sabacc/super-simplified";
import type { TableUpdate } from "../../src/table/protocol";
import { ROLLED_AND_KEPT } from "../helpers/sabacc";
import { HAN_AND_LANDO, tableUpdate } from "../helpers/table-update";
import { renderTemplate } from "../foundry/dom";

const seats = ["seat-1", "seat-2"];

function play(dice: number[], moves: readonly [string, unknown][]): SuperSimplifiedState {
  const random = new ScriptedRandom(dice);
  const setup = game.setup(seats, game.defaultOptions(), random);
  if (!setup.ok) throw new Error("setup");
  let state = setup.state;
  for (const [seat, move] of moves) {
    const r = game.apply(state, seat, move as never, random);
    if (!r.ok) throw new Error(r.error.code);
    state = r.state;
  }
  return state;
}

/** What the host sends `seat` (null: a spectator) of this state, Han against Lando. */
function updateFor(
  state: SuperSimplifiedState,
  seat: string | null,
): TableUpdate<SuperSimplifiedView, SuperSimplifiedMove> {
  const viewer = seat ? { role: "seat" as const, seat } : { role: "spectator" as const };
  const moves = seat ? game.legalMoves(state, seat) : [];
  return tableUpdate({ gameId: game.id, version: 3 }, HAN_AND_LANDO, seat, game.view(state, viewer), moves);
}

describe("Sabacc window", () => {
  it("offers the order roll, then the hand roll, then reroll or keep, to the seat to act only", () => {
    let state = play([], []);
    expect(superSimplifiedApp.context(updateFor(state, "seat-1")).controls).toMatchObject({
      rollOrder: true,
      rollHand: false,
    });
    state = play(
      [60, 30, 12],
      [
        ["seat-1", { type: "roll-order" }],
        ["seat-2", { type: "roll-order" }],
        ["seat-1", { type: "roll-hand" }],
      ],
    );
    expect(superSimplifiedApp.context(updateFor(state, "seat-1")).controls).toMatchObject({
      reroll: true,
      keep: true,
      bet: false,
    });
    const other = superSimplifiedApp.context(updateFor(state, "seat-2"));
    expect(other.controls).toMatchObject({ any: false });
    expect(other.waitingFor).toBe("Han");
  });

  it("shows a player their own hand and a hidden card for the other's", () => {
    const state = play(
      [60, 30, 12],
      [
        ["seat-1", { type: "roll-order" }],
        ["seat-2", { type: "roll-order" }],
        ["seat-1", { type: "roll-hand" }],
      ],
    );
    const mine = superSimplifiedApp.context(updateFor(state, "seat-1")).seats as {
      hand: number | null;
      handKnown: boolean;
    }[];
    const theirs = superSimplifiedApp.context(updateFor(state, "seat-2")).seats as {
      hand: number | null;
      handKnown: boolean;
      hasHand: boolean;
    }[];
    expect(mine[0]).toMatchObject({ hand: 12, handKnown: true });
    expect(theirs[0]).toMatchObject({ hand: null, handKnown: false, hasHand: true });
  });

  it("turns clicks into moves; a bet reads the amount field or goes all in", () => {
    const state = play([60, 30, 12, 20], [...ROLLED_AND_KEPT]);
    const update = updateFor(state, "seat-1");
    const { actions } = superSimplifiedApp;
    expect(actions.bet!({ data: {}, fields: { amount: "250" } }, update)).toEqual({
      ok: true,
      move: { type: "bet", amount: 250 },
    });
    expect(actions.bet!({ data: { amount: "all" }, fields: {} }, update)).toEqual({
      ok: true,
      move: { type: "bet", amount: 900 },
    });
    expect(actions.bet!({ data: {}, fields: { amount: "-3" } }, update)).toHaveProperty("error");
    expect(actions.fold!({ data: {}, fields: {} }, update)).toEqual({ ok: true, move: { type: "fold" } });
    expect(actions["roll-order"]!({ data: {}, fields: {} }, update)).toEqual({
      ok: true,
      move: { type: "roll-order" },
    });
  });

  it("writes each roll to chat with its notation, each die and the total; others read only that a private roll happened", () => {
    const i18n = dictionaryLocalizer(en);
    const names = { "seat-1": "Han", "seat-2": "Lando" };
    const setup = game.setup(seats, game.defaultOptions(), new ScriptedRandom([]));
    if (!setup.ok) throw new Error("setup");
    const random = new ScriptedRandom([60, 30, 12]);
    let state = setup.state;
    for (const seat of seats) {
      const r = game.apply(state, seat, { type: "roll-order" }, random);
      if (!r.ok) throw new Error("order");
      state = r.state;
    }
    const rolled = game.apply(state, "seat-1", { type: "roll-hand" }, random);
    if (!rolled.ok) throw new Error("hand");
    const event = rolled.events[0]!;
    const own = chatEntry(eventFor(event, { role: "seat", seat: "seat-1" })!, names, i18n);
    expect(own).toMatchObject({ notation: "1d23", dice: [12], total: 12, private: true });
    expect(own.text).toBe("Han: hand — 1d23");
    const theirs = chatEntry(eventFor(event, { role: "seat", seat: "seat-2" })!, names, i18n);
    expect(theirs).toEqual({ text: "Han rolls 1d23 in private (hand).", private: true });
  });
});

describe("Sabacc chat lines", () => {
  it("name cards as the window does, not by their ids", async () => {
    const { sabaccCardNamer } = await import("../../src/apps/sabacc/chat");
    const i18n = dictionaryLocalizer(en);
    const names = { "seat-1": "Han" };
    const trade = chatEntry(
      { kind: "notice", key: "CANTINA.Sabacc.Log.Trade", seat: "seat-1", params: { seat: "seat-1", card: "coins-5" } },
      names,
      i18n,
      [sabaccCardNamer],
    );
    expect(trade.text).toBe("Han trades away 5 of Coins.");
    const lock = chatEntry(
      {
        kind: "notice",
        key: "CANTINA.Sabacc.Log.LockCards",
        seat: "seat-1",
        params: { seat: "seat-1", cards: "idiot-1 staves-15" },
      },
      names,
      i18n,
      [sabaccCardNamer],
    );
    expect(lock.text).toBe("Han locks The Idiot, Ace of Staves in the Static Field.");
  });

  it("name a shown hand's kind as a player reads it, never by its id", async () => {
    const { sabaccCardNamer } = await import("../../src/apps/sabacc/chat");
    const i18n = dictionaryLocalizer(en);
    const show = chatEntry(
      {
        kind: "notice",
        key: "CANTINA.Sabacc.Log.ShowCards",
        seat: "seat-1",
        params: { seat: "seat-1", cards: "coins-10 coins-13", total: 23, kind: "pure-sabacc" },
      },
      { "seat-1": "Han" },
      i18n,
      [sabaccCardNamer],
    );
    expect(show.text).toBe("Han shows 10 of Coins, Mistress of Coins: 23, Pure Sabacc.");
  });

  it("name the viewer's own hand for text hosts (GameApp.ownHand): cards by name, a dice hand its value, a spectator none", async () => {
    const { apps } = await import("../../src/games");
    const i18n = dictionaryLocalizer(en);
    const cards = {
      seats: [
        { seat: "seat-1", hand: ["coins-5", "idiot-1"] },
        { seat: "seat-2", hand: null },
      ],
    };
    const trueApp = apps["sabacc-true"]!;
    expect(trueApp.ownHand?.(tableUpdate({ gameId: "sabacc-true" }, HAN_AND_LANDO, "seat-1", cards, []), i18n)).toBe(
      "5 of Coins, The Idiot",
    );
    expect(
      trueApp.ownHand?.(tableUpdate({ gameId: "sabacc-true" }, HAN_AND_LANDO, "seat-2", cards, []), i18n),
    ).toBeNull();
    expect(trueApp.ownHand?.(tableUpdate({ gameId: "sabacc-true" }, HAN_AND_LANDO, null, cards, []), i18n)).toBeNull();
    const state = play([60, 30, 12, 12], ROLLED_AND_KEPT);
    const mine = updateFor(state, "seat-1");
    expect(mine.view.seats[0]!.hand).toBe(12);
    expect(apps[game.id]!.ownHand?.(mine, i18n)).toBe("12");
    expect(apps[game.id]!.ownHand?.(updateFor(state, null), i18n)).toBeNull();
  });
});

describe("Sabacc winner badge", () => {
  /** Han and Lando tie at 12 and share the pot; the host's result says each is down 18 over the match. */
  function splitPotUpdate(): TableUpdate<SuperSimplifiedView, SuperSimplifiedMove> {
    const state = play(
      [60, 30, 12, 12],
      [...ROLLED_AND_KEPT, ["seat-1", { type: "bet", amount: 0 }], ["seat-2", { type: "bet", amount: 0 }]],
    );
    const update = updateFor(state, "seat-1");
    const result = { winners: state.winners, creditDelta: { "seat-1": -18, "seat-2": -18 }, luckSpent: {} };
    return { ...update, table: { ...update.table, over: true, result } };
  }

  it("names a shared pot a split pot, with what each won and their net apart (not 'Winner · −18 net')", () => {
    const update = splitPotUpdate();
    expect(update.view.winners).toEqual(["seat-1", "seat-2"]);
    const html = renderTemplate("sabacc/table.hbs", superSimplifiedApp.context(update));
    const badges = [...html.matchAll(/data-winner>([^]*?)<\/p>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ""));
    expect(badges).toHaveLength(2);
    for (const badge of badges) {
      expect(badge).toMatch(/^Split pot · won \d+ \(−18 net\)$/);
      expect(badge).not.toContain("Winner");
    }
  });
});
