/** The Simplified and True Sabacc windows: contexts from one viewer's update, rendered HTML, and clicks to moves. */
import { describe, expect, it } from "vitest";
import en from "../../lang/en.json";
import { apps } from "../../src/games";
import { dictionaryLocalizer } from "../../src/apps/core/i18n";
import { backSvg, cardFace, cardSvg, deckSvgs, foundryDeckData } from "../../src/apps/sabacc/cards";
import { ScriptedRandom, type SeatId } from "../../src/rules/core";
import { DECK_IDS } from "../../src/rules/sabacc/deck";
import { simplifiedSabacc, type SimplifiedState } from "../../src/rules/sabacc/simplified";
import { trueSabacc, type TrueMove, type TrueState } from "../../src/rules/sabacc/true-sabacc";
import { createRenderer } from "../../src/standalone/render";
import type { TableUpdate } from "../../src/table/protocol";
import { ROLLED_AND_KEPT } from "../helpers/sabacc";
import { HAN_AND_LANDO, tableUpdate } from "../helpers/table-update";

const render = createRenderer(dictionaryLocalizer(en));
const seats = ["seat-1", "seat-2"];

/** An update of a Sabacc table, Han against Lando, for `seat` (null: a spectator). */
function update(gameId: string, view: unknown, legalMoves: readonly unknown[], seat: SeatId | null): TableUpdate {
  return tableUpdate({ gameId }, HAN_AND_LANDO, seat, view, legalMoves);
}

function html(u: TableUpdate): string {
  const app = apps[u.table.gameId]!;
  const context = app.context(u);
  return Object.values(app.parts)
    .map((p) => render(p, context))
    .join("");
}

/** Plays moves with dice that deal named cards (for deals) or given numbers. */
function trueState(steps: readonly (readonly [SeatId, TrueMove, readonly (string | number)[]])[]): TrueState {
  const setup = trueSabacc.setup(seats, trueSabacc.defaultOptions(), new ScriptedRandom([]));
  if (!setup.ok) throw new Error("setup");
  let s = setup.state;
  for (const [seat, move, dice] of steps) {
    const left = [...s.deck];
    const numbers = dice.map((d) => {
      if (typeof d === "number") return d;
      const i = left.indexOf(d);
      left.splice(i, 1);
      return i + 1;
    });
    const r = trueSabacc.apply(s, seat, move, new ScriptedRandom(numbers));
    if (!r.ok) throw new Error(r.error.code);
    s = r.state;
  }
  return s;
}

const dealtTrue = (): TrueState =>
  trueState([
    ["seat-1", { type: "roll-order" }, [90]],
    ["seat-2", { type: "roll-order" }, [10]],
    ["seat-1", { type: "deal" }, ["coins-10"]],
    ["seat-1", { type: "keep" }, []],
    ["seat-2", { type: "deal" }, ["sabres-9"]],
    ["seat-2", { type: "keep" }, []],
    ["seat-1", { type: "deal" }, ["coins-5"]],
    ["seat-1", { type: "keep" }, []],
    ["seat-2", { type: "deal" }, ["sabres-8"]],
    ["seat-2", { type: "keep" }, []],
  ]);

const trueUpdate = (s: TrueState, seat: SeatId | null): TableUpdate =>
  update(
    trueSabacc.id,
    trueSabacc.view(s, seat ? { role: "seat", seat } : { role: "spectator" }),
    seat ? trueSabacc.legalMoves(s, seat) : [],
    seat,
  );

describe("Sabacc card faces", () => {
  it("draws every one of the 76 cards as SVG from the deck data, and a back", () => {
    for (const id of DECK_IDS) expect(cardSvg(id)).toContain(`data-card-svg="${id}"`);
    expect(cardSvg("coins-7")).toContain('data-symbol="coins"');
    // Signs are paths, never a font's glyph (⛰ is missing from many fonts).
    expect(cardSvg("endurance-1")).toContain('data-symbol="endurance"');
    for (const id of DECK_IDS) expect(cardSvg(id)).not.toMatch(/[\u2600-\u27bf\u25c9]/u);
    expect(cardSvg("sabres-12").match(/data-corner[^>]*>12</g)).toHaveLength(2);
    expect(cardSvg("star-1").match(/data-corner[^>]*>\u221217</g)).toHaveLength(2);
    expect(backSvg()).toContain("data-card-back");
    expect(Object.keys(deckSvgs(DECK_IDS))).toHaveLength(77);
    expect(cardFace("coins-7!seat-1")).toMatchObject({ value: 7, duplicate: true });
  });

  it("describes the deck as a Foundry Cards document for the compendium", () => {
    const deck = foundryDeckData(DECK_IDS, "modules/cantina-games/assets/sabacc", (id) => id) as {
      type: string;
      cards: { faces: { img: string }[]; value: number }[];
    };
    expect(deck.type).toBe("deck");
    expect(deck.cards).toHaveLength(76);
    expect(deck.cards[0]!.faces[0]!.img).toBe("modules/cantina-games/assets/sabacc/sabres-1.svg");
    expect(deck.cards.map((c) => c.value).reduce((a, b) => a + b, 0)).toBe(
      4 * 120 - 2 * (2 + 8 + 11 + 13 + 14 + 15 + 17),
    );
  });
});

describe("True Sabacc window", () => {
  it("shows a player their own cards, and only the backs of the other's", () => {
    const s = dealtTrue();
    const mine = html(trueUpdate(s, "seat-1"));
    expect(mine).toContain('data-card="coins-10"');
    expect(mine).toContain('aria-label="10 of Coins"');
    expect(mine).not.toContain('data-card="sabres-9"');
    expect(mine.match(/data-card="hidden"/g)).toHaveLength(2);
    const spectator = html(trueUpdate(s, null));
    expect(spectator).not.toMatch(/data-card="(coins|sabres)-/);
  });

  it("labels an ordinary hand by its total alone: 'Your hand · 15' and 'Total 15', never '15 · hand' or a dangling '·'", () => {
    const mine = html(trueUpdate(dealtTrue(), "seat-1"));
    const text = mine.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    // Coins 10 and Coins 5: a total of 15, an ordinary hand.
    expect(text).toContain("Your hand · 15 ");
    expect(text).toMatch(/Total 15 [^·]/);
    expect(text).not.toMatch(/· hand\b/);
    expect(text).not.toMatch(/\d · (<|\s*$|\s(?=[A-Z]))/);
    expect(mine).toMatch(/data-hand-total data-total="15">Total 15</);
  });

  it("lets a player tick a card to trade or lock (checkboxes carrying data-card), and turns clicks into moves", () => {
    const s = dealtTrue();
    const u = trueUpdate(s, "seat-1");
    const page = html(u);
    expect(page).toContain('<input type="checkbox" name="card.coins-10" data-card="coins-10"');
    expect(page).toContain('data-action="trade"');
    const { actions } = apps[trueSabacc.id]!;
    expect(actions.trade!({ data: {}, fields: { "card.coins-5": "on" } }, u)).toEqual({
      ok: true,
      move: { type: "trade", card: "coins-5" },
    });
    expect(actions.trade!({ data: {}, fields: {} }, u)).toEqual({
      ok: false,
      error: { code: "CANTINA.Sabacc.Error.PickOneCard" },
    });
    expect(actions.draw!({ data: {}, fields: {} }, u)).toEqual({ ok: true, move: { type: "draw" } });
    expect(actions.lock!({ data: {}, fields: { "card.coins-5": "on", "card.coins-10": "on" } }, u)).toEqual({
      ok: true,
      move: { type: "lock", cards: ["coins-5", "coins-10"] },
    });
    expect(actions.lock!({ data: { none: "true" }, fields: { "card.coins-5": "on" } }, u)).toEqual({
      ok: true,
      move: { type: "lock", cards: [] },
    });
    expect(actions.cheat!({ data: {}, fields: { cheatCard: "star-2" } }, u)).toEqual({
      ok: true,
      move: { type: "cheat", card: "star-2" },
    });
  });

  it("offers match, raise and fold in betting; a raise adds to the match", () => {
    const s = trueState([
      ["seat-1", { type: "roll-order" }, [90]],
      ["seat-2", { type: "roll-order" }, [10]],
      ["seat-1", { type: "deal" }, [1]],
      ["seat-1", { type: "keep" }, []],
      ["seat-2", { type: "deal" }, [1]],
      ["seat-2", { type: "keep" }, []],
      ["seat-1", { type: "deal" }, [1]],
      ["seat-1", { type: "keep" }, []],
      ["seat-2", { type: "deal" }, [1]],
      ["seat-2", { type: "keep" }, []],
      ["seat-1", { type: "stand" }, []],
      ["seat-2", { type: "stand" }, []],
      ["seat-1", { type: "bet", amount: 100 }, []],
    ]);
    const u = trueUpdate(s, "seat-2");
    const context = apps[trueSabacc.id]!.context(u) as { controls: Record<string, unknown> };
    expect(context.controls).toMatchObject({ bet: true, match: 100, raise: true, call: false, fold: true });
    const page = html(u);
    expect(page).toContain('data-action="bet" data-amount="100"');
    expect(page).toContain("Match (100)");
    const { actions } = apps[trueSabacc.id]!;
    expect(actions.raise!({ data: {}, fields: { raise: "50" } }, u)).toEqual({
      ok: true,
      move: { type: "bet", amount: 150 },
    });
    expect(actions.raise!({ data: {}, fields: { raise: "x" } }, u)).toHaveProperty("error");
    expect(actions.bet!({ data: { amount: "100" }, fields: {} }, u)).toEqual({
      ok: true,
      move: { type: "bet", amount: 100 },
    });
  });
});

describe("Simplified Sabacc window", () => {
  it("offers lock or play on, shows a lock to all and the value to nobody else", () => {
    const setup = simplifiedSabacc.setup(seats, simplifiedSabacc.defaultOptions(), new ScriptedRandom([]));
    if (!setup.ok) throw new Error("setup");
    let s: SimplifiedState = setup.state;
    const random = new ScriptedRandom([90, 10, 17, 21]);
    const moves: [SeatId, unknown][] = [
      ...ROLLED_AND_KEPT,
      ["seat-1", { type: "bet", amount: 250 }],
      ["seat-2", { type: "bet", amount: 250 }],
    ];
    for (const [seat, m] of moves) {
      const r = simplifiedSabacc.apply(s, seat, m as never, random);
      if (!r.ok) throw new Error(r.error.code);
      s = r.state;
    }
    const u = update(
      simplifiedSabacc.id,
      simplifiedSabacc.view(s, { role: "seat", seat: "seat-1" }),
      simplifiedSabacc.legalMoves(s, "seat-1"),
      "seat-1",
    );
    const page = html(u);
    expect(page).toContain('data-action="lock"');
    expect(page).toContain('data-action="play-on"');
    expect(apps[simplifiedSabacc.id]!.actions.lock!({ data: {}, fields: {} }, u)).toEqual({
      ok: true,
      move: { type: "lock" },
    });
    const locked = simplifiedSabacc.apply(s, "seat-1", { type: "lock" }, new ScriptedRandom([]));
    if (!locked.ok) throw new Error("lock");
    const other = html(
      update(simplifiedSabacc.id, simplifiedSabacc.view(locked.state, { role: "seat", seat: "seat-2" }), [], "seat-2"),
    );
    expect(other).toContain("data-locked");
    expect(other).toContain('data-hand="hidden"');
    expect(other).not.toContain('data-hand="17"');
  });
});

describe("Sabacc window keys built at run time", () => {
  it("every phase, status, outcome and hand kind has its string", () => {
    const i18n = dictionaryLocalizer(en);
    const has = (key: string): boolean => i18n.localize(key) !== key;
    const keys = [
      ...["order", "initial", "bet", "lock", "adjust", "shift", "over"].map(
        (p) => `CANTINA.Sabacc.Simplified.Phase.${p}`,
      ),
      ...["initial", "bet", "lock", "adjust", "shift"].map((p) => `CANTINA.Sabacc.Simplified.Status.${p}`),
      ...["order", "deal", "dts", "betting", "lock", "shift", "cheat", "demise", "over"].map(
        (p) => `CANTINA.Sabacc.True.Phase.${p}`,
      ),
      ...["deal", "dts", "betting", "lock", "shift", "cheat", "demise"].map((p) => `CANTINA.Sabacc.True.Status.${p}`),
      ...["show", "uncontested", "split", "bomb-out"].map((o) => `CANTINA.Sabacc.True.Outcome.${o}`),
      ...["idiots-array", "pure-sabacc", "hand", "bomb-out"].map((k) => `CANTINA.Sabacc.True.Kind.${k}`),
      ...DECK_IDS.map((id) => cardFace(id).nameKey),
      ...["sabres", "flasks", "coins", "staves"].map((s) => `CANTINA.Sabacc.Suit.${s}`),
    ];
    expect(keys.filter((k) => !has(k))).toEqual([]);
    expect(i18n.format("CANTINA.Sabacc.Card.Commander", { suit: "Coins" })).toBe("Commander of Coins");
  });
});

describe("Simplified Sabacc window sends what the rules accept", () => {
  it("rule 6 all in: a player holding less than the 250 minimum goes all in with what they hold", () => {
    const purses = { "seat-1": { credits: 250 + 110, luck: 3 }, "seat-2": { credits: 5000, luck: 3 } };
    const setup = simplifiedSabacc.setup(seats, simplifiedSabacc.defaultOptions(), new ScriptedRandom([]), purses);
    if (!setup.ok) throw new Error(setup.error.code);
    let s: SimplifiedState = setup.state;
    const random = new ScriptedRandom([90, 10, 17, 21]);
    for (const [seat, m] of ROLLED_AND_KEPT) {
      const r = simplifiedSabacc.apply(s, seat, m as never, random);
      if (!r.ok) throw new Error(r.error.code);
      s = r.state;
    }
    const legal = simplifiedSabacc.legalMoves(s, "seat-1");
    expect(legal).toContainEqual({ type: "bet", amount: 110 });
    const u = update(simplifiedSabacc.id, simplifiedSabacc.view(s, { role: "seat", seat: "seat-1" }), legal, "seat-1");
    expect(html(u)).toContain("(110)");
    const sent = apps[simplifiedSabacc.id]!.actions.bet!({ data: { amount: "all" }, fields: {} }, u);
    expect(sent).toEqual({ ok: true, move: { type: "bet", amount: 110 } });
    if (!("move" in sent)) throw new Error("no move");
    expect(simplifiedSabacc.apply(s, "seat-1", sent.move as never, new ScriptedRandom([])).ok).toBe(true);
  });
});
