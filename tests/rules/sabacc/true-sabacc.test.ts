/** True Sabacc (Nova Circuit): one test per step of text 003. Deals are scripted by naming the card dealt. */
import { describe, expect, it } from "vitest";
import {
  ScriptedRandom,
  eventFor,
  type GameEvent,
  type Purses,
  type NoticeEvent,
  type RollEvent,
  type SeatId,
  type Viewer,
} from "../../../src/rules/core";
import { games } from "../../../src/games";
import { DECK, DECK_IDS, handKind, type CardId } from "../../../src/rules/sabacc/deck";
import {
  TRUE_ID,
  trueSabacc as game,
  type TrueMove,
  type TrueOptions,
  type TrueState,
} from "../../../src/rules/sabacc/true-sabacc";
import { deepFreeze, keysOf, refusedIn, startVariant, stepGame } from "../../helpers/sabacc";

const A: Viewer = { role: "seat", seat: "a" };
const B: Viewer = { role: "seat", seat: "b" };
const spectator: Viewer = { role: "spectator" };

type StartOptions = Partial<TrueOptions> & { readonly purses?: Purses };

const start = (seats: readonly SeatId[] = ["a", "b"], options: StartOptions = {}): TrueState =>
  startVariant(game, seats, options);

/** The dice that deal these cards one after another from this deck ("the deck table"). */
function diceFor(deck: readonly CardId[], cards: readonly CardId[]): number[] {
  const left = [...deck];
  return cards.map((c) => {
    const i = left.indexOf(c);
    if (i < 0) throw new Error(`${c} is not in the deck`);
    left.splice(i, 1);
    return i + 1;
  });
}

let log: GameEvent[] = [];

/** A move that must succeed; `cards` are the cards its dice deal, `dice` any other dice (the GM's shift roll comes after). */
function act(
  s: TrueState,
  seat: SeatId,
  move: TrueMove,
  cards: readonly CardId[] = [],
  dice: readonly number[] = [],
): TrueState {
  const r = stepGame(game, s, seat, move, [...diceFor(s.deck, cards), ...dice]);
  log = [...r.events];
  return deepFreeze(r.state);
}

const refused = (s: TrueState, seat: SeatId, move: TrueMove): string => refusedIn(game, s, seat, move);
const rolls = (events: readonly GameEvent[]): RollEvent[] => events.filter((e): e is RollEvent => e.kind === "roll");
const notices = (events: readonly GameEvent[], key: string): NoticeEvent[] =>
  events.filter((e): e is NoticeEvent => e.kind === "notice" && e.key === `CANTINA.Sabacc.Log.${key}`);
const seatView = (s: TrueState, viewer: Viewer, seat: SeatId) =>
  game.view(s, viewer).seats.find((x) => x.seat === seat)!;
const bet = (amount: number): TrueMove => ({ type: "bet", amount });
const KEEP: TrueMove = { type: "keep" };
const STAND: TrueMove = { type: "stand" };
const lock = (...cards: CardId[]): TrueMove => ({ type: "lock", cards });

/** Order a 90, b 10: a draws first; antes paid. */
function ordered(options: Partial<TrueOptions> = {}): TrueState {
  let s = start(["a", "b"], options);
  s = act(s, "a", { type: "roll-order" }, [], [90]);
  return act(s, "b", { type: "roll-order" }, [], [10]);
}

/** Dealt: a coins-10, coins-5; b sabres-9, sabres-8 (all kept). Round 1's draw/trade/stand comes next. */
function dealt(options: StartOptions = {}): TrueState {
  let s = ordered(options);
  s = act(s, "a", { type: "deal" }, ["coins-10"]);
  s = act(s, "a", KEEP);
  s = act(s, "b", { type: "deal" }, ["sabres-9"]);
  s = act(s, "b", KEEP);
  s = act(s, "a", { type: "deal" }, ["coins-5"]);
  s = act(s, "a", KEEP);
  s = act(s, "b", { type: "deal" }, ["sabres-8"]);
  return act(s, "b", KEEP);
}

/** Both stand, both bet 100, nobody locks: the GM's shift roll is `shift`. */
function throughRound(s0: TrueState, shift: number): TrueState {
  let s = act(s0, "a", STAND);
  s = act(s, "b", STAND);
  s = act(s, "a", bet(100));
  s = act(s, "b", bet(100));
  s = act(s, "a", lock());
  return act(s, "b", lock(), [], [shift]);
}

/** A state about to reveal: phase cheat, hands as given, the rest of the deck intact. */
function atCheat(hands: Record<SeatId, CardId[]>, fields: Record<SeatId, CardId[]> = {}, luck = 0): TrueState {
  const s = ordered();
  const used = new Set([...Object.values(hands).flat(), ...Object.values(fields).flat()]);
  return deepFreeze({
    ...s,
    phase: "cheat",
    round: 4,
    turn: 0,
    deck: DECK_IDS.filter((c) => !used.has(c)),
    hands: { a: [], b: [], ...hands },
    fields: { a: [], b: [], ...fields },
    luck: { a: luck, b: luck },
    betting: { high: 0, contributed: {}, acted: {}, final: true, caller: "a" },
  });
}

const reveal = (s: TrueState): TrueState => act(act(s, "a", { type: "no-cheat" }), "b", { type: "no-cheat" });

describe("True Sabacc (Nova Circuit)", () => {
  it("is registered by its id", () => {
    expect(games[TRUE_ID]).toBeDefined();
    expect(game.defaultOptions()).toMatchObject({ mainAnte: 500, sabaccAnte: 1000, defaultLuck: 3 });
  });

  it("the deck: 76 cards, four suits of 1-15 and two each of the eight named cards", () => {
    expect(DECK).toHaveLength(76);
    expect(new Set(DECK_IDS).size).toBe(76);
    for (const suit of ["sabres", "flasks", "coins", "staves"]) {
      expect(DECK.filter((c) => c.suit === suit).map((c) => c.value)).toEqual([
        1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
      ]);
    }
    const named = DECK.filter((c) => c.suit === null).map((c) => `${String(c.rank)}:${c.value}`);
    expect(named).toEqual([
      "idiot:0",
      "idiot:0",
      "queen:-2",
      "queen:-2",
      "endurance:-8",
      "endurance:-8",
      "balance:-11",
      "balance:-11",
      "demise:-13",
      "demise:-13",
      "moderation:-14",
      "moderation:-14",
      "evil-one:-15",
      "evil-one:-15",
      "star:-17",
      "star:-17",
    ]);
  });

  it("rule 1: draw order by a public 1d100, highest first", () => {
    const s = ordered();
    expect(s.playOrder).toEqual(["a", "b"]);
    expect(s.phase).toBe("deal");
  });

  it("rule 3: antes of 500 to the Main Pot and 1,000 to the Sabacc Pot", () => {
    const s = ordered();
    expect(s.mainPot).toBe(1000);
    expect(s.sabaccPot).toBe(2000);
    expect(s.credits).toEqual({ a: 3500, b: 3500 });
    const poor = game.setup(["a", "b"], game.defaultOptions(), new ScriptedRandom([]), {
      a: { credits: 1499, luck: 3 },
    });
    expect(poor.ok ? null : poor.error.code).toBe("CANTINA.Sabacc.Error.CannotAffordAnte");
  });

  it("rule 4a: in draw order each is dealt by a roll of 1d76, then 1d75, against the deck table, told to them in private", () => {
    let s = ordered();
    expect(refused(s, "b", { type: "deal" })).toBe("CANTINA.Error.NotYourTurn");
    s = act(s, "a", { type: "deal" }, ["coins-10"]);
    const roll = rolls(log)[0]!;
    expect(roll).toMatchObject({
      seat: "a",
      notation: "1d76",
      dice: [DECK_IDS.indexOf("coins-10") + 1],
      audience: [],
      quiet: true,
    });
    // The roll is the bookkeeper's: the GM sees it; the player is told the card; others learn only
    // that a card was dealt. Nobody but the GM sees its range, which counts the cards gone.
    expect(eventFor(roll, { role: "gm" })).toEqual(roll);
    expect(eventFor(roll, A)).toBeNull();
    expect(eventFor(roll, B)).toBeNull();
    expect(eventFor(notices(log, "Dealt")[0]!, A)).toMatchObject({ params: { seat: "a", card: "coins-10" } });
    expect(eventFor(notices(log, "Dealt")[0]!, B)).toBeNull();
    expect(eventFor(notices(log, "DealtHidden")[0]!, B)).toEqual({
      kind: "notice",
      key: "CANTINA.Sabacc.Log.DealtHidden",
      seat: "a",
      params: { seat: "a" },
    });
    expect(game.view(s, B).deckCount).toBeNull();
    expect(game.view(s, { role: "gm" }).deckCount).toBe(75);
    expect(s.hands.a).toEqual(["coins-10"]);
    expect(s.deck).toHaveLength(75);
    expect(seatView(s, A, "a").hand).toEqual(["coins-10"]);
    expect(seatView(s, B, "a")).toMatchObject({ hand: null, handCount: 1, total: null });
    expect(game.view(s, B).pending).toBeNull();
    expect(game.view(s, A).pending).toBe("coins-10");
    s = act(s, "a", KEEP);
    s = act(s, "b", { type: "deal" }, ["coins-10".replace("10", "11")]);
    expect(rolls(log)[0]!.notation).toBe("1d75");
  });

  it("rule 4b: a Luck/Force point rerolls the card; the card rerolled away is set aside, never dealt again", () => {
    let s = act(ordered(), "a", { type: "deal" }, ["star-1"]);
    expect(game.legalMoves(s, "a")).toEqual([{ type: "reroll" }, KEEP]);
    s = act(s, "a", { type: "reroll" }, ["coins-7"]);
    // star-1 is in a's hand while a decides, so 75 cards are left to roll against.
    expect(rolls(log)[0]).toMatchObject({ notation: "1d75", audience: [], quiet: true });
    for (const e of log) expect(eventFor(e, B)).toBeNull();
    expect(s.hands.a).toEqual(["coins-7"]);
    expect(s.setAside).toEqual([{ card: "star-1", seat: "a" }]);
    expect(s.deck).not.toContain("star-1");
    expect(s.luck.a).toBe(2);
    expect(seatView(s, A, "a").setAside).toEqual(["star-1"]);
    expect(seatView(s, B, "a").setAside).toBeNull();
    expect(game.status(s).toAct).toEqual(["b"]);
  });

  it("rules 4c-4d: the second card in draw order, with its own reroll", () => {
    let s = ordered();
    s = act(act(s, "a", { type: "deal" }, ["coins-10"]), "a", KEEP);
    s = act(act(s, "b", { type: "deal" }, ["sabres-9"]), "b", KEEP);
    expect(s.dealCard).toBe(2);
    s = act(s, "a", { type: "deal" }, ["coins-5"]);
    expect(rolls(log)[0]!.purpose).toBe("CANTINA.Sabacc.Roll.SecondCard");
    s = act(s, "a", { type: "reroll" }, ["coins-6"]);
    s = act(act(s, "b", { type: "deal" }, ["sabres-8"]), "b", KEEP);
    expect(s.phase).toBe("dts");
    expect(s.round).toBe(1);
    expect(s.hands).toEqual({ a: ["coins-10", "coins-6"], b: ["sabres-9", "sabres-8"] });
  });

  it("rule 5a: draw: one more card, in private, with a Luck/Force reroll", () => {
    let s = dealt();
    s = act(s, "a", { type: "draw" }, ["coins-3"]);
    expect(rolls(log)[0]).toMatchObject({ notation: "1d72", audience: [], purpose: "CANTINA.Sabacc.Roll.Draw" });
    expect(keysOf(log)).toContain("CANTINA.Sabacc.Log.Draw");
    expect(game.legalMoves(s, "a")).toEqual([{ type: "reroll" }, KEEP]);
    s = act(s, "a", KEEP);
    expect(s.hands.a).toEqual(["coins-10", "coins-5", "coins-3"]);
    expect(seatView(s, B, "a").handCount).toBe(3);
  });

  it("rule 5b: trade: the discard is shown to all, the replacement is private", () => {
    let s = dealt();
    expect(refused(s, "a", { type: "trade", card: "sabres-9" })).toBe("CANTINA.Sabacc.Error.NotInHand");
    s = act(s, "a", { type: "trade", card: "coins-5" }, ["coins-8"]);
    const trade = notices(log, "Trade")[0]!;
    expect(trade.params).toEqual({ seat: "a", card: "coins-5" });
    expect(eventFor(trade, B)).toEqual(trade);
    expect(s.discards).toEqual(["coins-5"]);
    expect(game.view(s, B).discards).toEqual(["coins-5"]);
    expect(eventFor(rolls(log)[0]!, B)).toBeNull();
    expect(keysOf(log.map((e) => eventFor(e, B)).filter((e): e is GameEvent => e !== null))).toEqual([
      "CANTINA.Sabacc.Log.Trade",
      "CANTINA.Sabacc.Log.DealtHidden",
    ]);
    s = act(s, "a", KEEP);
    expect(s.hands.a).toEqual(["coins-10", "coins-8"]);
  });

  it("rule 5c: stand: neither drawing nor trading", () => {
    let s = act(dealt(), "a", STAND);
    expect(keysOf(log)).toEqual(["CANTINA.Sabacc.Log.Stand"]);
    s = act(s, "b", STAND);
    expect(s.phase).toBe("betting");
    expect(s.hands.a).toEqual(["coins-10", "coins-5"]);
  });

  it("rule 6: betting in draw order: match the bet before, or raise; the round goes on until all have matched", () => {
    let s = act(act(dealt(), "a", STAND), "b", STAND);
    expect(game.legalMoves(s, "a").some((m) => m.type === "call")).toBe(false);
    expect(refused(s, "a", { type: "call" })).toBe("CANTINA.Sabacc.Error.NoCall");
    s = act(s, "a", bet(100));
    expect(refused(s, "b", bet(50))).toBe("CANTINA.Sabacc.Error.MustMatch");
    s = act(s, "b", bet(300));
    expect(notices(log, "Raise")).toHaveLength(1);
    // b raised: a must meet 300 (200 more) or fold before the round ends.
    expect(s.phase).toBe("betting");
    expect(game.status(s).toAct).toEqual(["a"]);
    expect(refused(s, "a", bet(100))).toBe("CANTINA.Sabacc.Error.MustMatch");
    s = act(s, "a", bet(200));
    expect(s.phase).toBe("lock");
    expect(s.mainPot).toBe(1000 + 600);
    expect(s.credits).toEqual({ a: 3200, b: 3200 });
  });

  it("rule 6 (interpretation): nobody may raise beyond what the poorest player still in could meet", () => {
    let s = act(act(dealt({ purses: { b: { credits: 1800, luck: 3 } } }), "a", STAND), "b", STAND);
    expect(s.credits.b).toBe(300);
    expect(refused(s, "a", bet(301))).toBe("CANTINA.Sabacc.Error.RaiseCap");
    s = act(s, "a", bet(300));
    expect(game.legalMoves(s, "b")).toEqual([{ type: "fold" }, bet(300)]);
  });

  it("rule 7: locked cards go face up into the Static Field, seen by all", () => {
    let s = act(act(act(act(dealt(), "a", STAND), "b", STAND), "a", bet(0)), "b", bet(0));
    expect(s.phase).toBe("lock");
    expect(refused(s, "a", lock("sabres-9"))).toBe("CANTINA.Sabacc.Error.NotInHand");
    s = act(s, "a", lock("coins-10"));
    expect(notices(log, "LockCards")[0]!.params).toEqual({ seat: "a", cards: "coins-10" });
    expect(seatView(s, B, "a")).toMatchObject({ field: ["coins-10"], hand: null, handCount: 1 });
    expect(s.hands.a).toEqual(["coins-5"]);
  });

  it("rule 8: the GM's public 1d100; 33-66 is a Sabacc Shift that redeals every card not in the Static Field", () => {
    for (const [roll, shift] of [
      [32, false],
      [33, true],
      [66, true],
      [67, false],
    ] as const) {
      const s = throughRound(dealt(), roll);
      const gmRoll = rolls(log).find((r) => r.purpose === "CANTINA.Sabacc.Roll.Shift")!;
      expect(gmRoll).toEqual({
        kind: "roll",
        seat: null,
        purpose: "CANTINA.Sabacc.Roll.Shift",
        notation: "1d100",
        dice: [roll],
        total: roll,
      });
      expect(s.phase).toBe(shift ? "shift" : "dts");
      expect(s.round).toBe(shift ? 1 : 2);
    }
    // a locked coins-10; the shift redeals a's one card in hand and both of b's.
    let s = act(act(act(act(dealt(), "a", STAND), "b", STAND), "a", bet(0)), "b", bet(0));
    s = act(act(s, "a", lock("coins-10")), "b", lock(), [], [50]);
    expect(notices(log, "Shift")).toHaveLength(1);
    s = act(s, "a", { type: "redraw" }, ["staves-2"]);
    expect(rolls(log).map((r) => r.audience)).toEqual([[]]);
    s = act(s, "b", { type: "redraw" }, ["staves-3", "staves-4"]);
    expect(s.hands).toEqual({ a: ["staves-2"], b: ["staves-3", "staves-4"] });
    expect(s.fields.a).toEqual(["coins-10"]);
    expect(s.setAside.map((x) => x.card)).toEqual(["coins-5", "sabres-9", "sabres-8"]);
    expect(s.phase).toBe("dts");
    expect(s.round).toBe(2);
  });

  it("rules 9-16: rounds 2 and 3 repeat steps 5-8; after round 3 no shift comes again", () => {
    let s = throughRound(dealt(), 1);
    expect(s.round).toBe(2);
    s = throughRound(s, 100);
    expect(s.round).toBe(3);
    s = throughRound(s, 50);
    expect(s.phase).toBe("shift");
    s = act(act(s, "a", { type: "redraw" }, ["flasks-1", "flasks-2"]), "b", { type: "redraw" }, [
      "flasks-3",
      "flasks-4",
    ]);
    expect(s.round).toBe(4);
    expect(s.shiftRolls).toEqual([
      { round: 1, roll: 1 },
      { round: 2, roll: 100 },
      { round: 3, roll: 50 },
    ]);
  });

  /** At round 4's draw/trade/stand: a coins-10, coins-5; b sabres-9, sabres-8. */
  const round4 = (): TrueState => throughRound(throughRound(throughRound(dealt(), 1), 1), 1);

  it("rules 17-18: round 4: draw/trade/stand, then locking comes before betting, and no shift roll", () => {
    let s = act(act(round4(), "a", STAND), "b", STAND);
    expect(s.phase).toBe("lock");
    s = act(s, "a", lock("coins-10"));
    s = act(s, "b", lock());
    expect(rolls(log)).toEqual([]);
    expect(s.phase).toBe("betting");
  });

  it("rule 19: calling: the caller matches without raising; one last round in which all must meet the bet again, none may raise, the caller last", () => {
    let s = act(act(act(act(round4(), "a", STAND), "b", STAND), "a", lock()), "b", lock());
    s = act(s, "a", bet(200));
    expect(game.legalMoves(s, "b")).toContainEqual({ type: "call" });
    s = act(s, "b", { type: "call" });
    expect(notices(log, "Call")[0]!.params).toEqual({ seat: "b", amount: 200 });
    // "players must again meet the previous bet": 200 more each, so the round's bet is 400.
    expect(s.betting).toMatchObject({ final: true, caller: "b", high: 400 });
    // The last round goes on from the caller: a must meet the bet again, cannot raise.
    expect(game.status(s).toAct).toEqual(["a"]);
    expect(refused(s, "a", bet(300))).toBe("CANTINA.Sabacc.Error.NoRaise");
    expect(refused(s, "a", bet(100))).toBe("CANTINA.Sabacc.Error.MustMatch");
    expect(game.legalMoves(s, "a")).toEqual([{ type: "fold" }, bet(200)]);
    s = act(s, "a", bet(200));
    // "When the round of betting has once again returned to the player who called, they too must meet the bet."
    expect(game.status(s).toAct).toEqual(["b"]);
    expect(game.legalMoves(s, "b")).toEqual([{ type: "fold" }, bet(200)]);
    s = act(s, "b", bet(200));
    expect(s.phase).toBe("cheat");
    expect(game.status(s).toAct).toEqual(["a"]);
  });

  it("rule 19 (interpretation): in the last round a raise before the call is matched and the bet met again", () => {
    let s = start(["a", "b", "c"]);
    s = act(
      act(act(s, "a", { type: "roll-order" }, [], [90]), "b", { type: "roll-order" }, [], [50]),
      "c",
      { type: "roll-order" },
      [],
      [10],
    );
    const states = {
      ...s,
      phase: "betting" as const,
      round: 4,
      turn: 0,
      hands: { a: ["coins-1"], b: ["coins-2"], c: ["coins-3"] },
      deck: DECK_IDS.filter((x) => !["coins-1", "coins-2", "coins-3"].includes(x)),
    };
    s = deepFreeze(states);
    s = act(s, "a", bet(100));
    s = act(s, "b", bet(300));
    s = act(s, "c", { type: "call" });
    // The bet was 300: each must reach 600 this round, c (the caller) last.
    expect(game.status(s).toAct).toEqual(["a"]);
    expect(game.legalMoves(s, "a")).toEqual([{ type: "fold" }, bet(500)]);
    s = act(s, "a", bet(500));
    expect(game.status(s).toAct).toEqual(["b"]);
    s = act(s, "b", bet(300));
    expect(game.status(s).toAct).toEqual(["c"]);
    s = act(s, "c", bet(300));
    expect(s.phase).toBe("cheat");
    expect(s.mainPot).toBe(1500 + 3 * 600);
  });

  it("rule 19 (interpretation): a player who cannot meet the bet again can only fold", () => {
    let s = act(act(act(act(round4(), "a", STAND), "b", STAND), "a", lock()), "b", lock());
    s = act(s, "a", bet(200));
    s = act(s, "b", { type: "call" });
    const poor = { ...s, credits: { ...s.credits, a: 150 } };
    expect(game.legalMoves(poor, "a")).toEqual([{ type: "fold" }]);
    expect(refused(poor, "a", bet(200))).toBe("CANTINA.Sabacc.Error.BetTooLarge");
  });

  it("rule 19a: cheating: all three Luck/Force points add a named card, in secret", () => {
    let s = atCheat({ a: ["coins-10", "coins-5"], b: ["sabres-9", "sabres-8"] }, {}, 3);
    expect(game.legalMoves(s, "a")).toHaveLength(77);
    s = act(s, "a", { type: "cheat", card: "coins-8" });
    expect(s.hands.a).toEqual(["coins-10", "coins-5", "coins-8"]);
    expect(s.deck).not.toContain("coins-8");
    expect(s.luck.a).toBe(0);
    expect(s.luckSpent.a).toBe(3);
    for (const e of log) expect(eventFor(e, B)).toBeNull();
    expect(seatView(s, A, "a").cheated).toBe("coins-8");
    expect(seatView(s, B, "a").cheated).toBeNull();
    // Not even the card count gives it away before the show.
    expect(seatView(s, B, "a").handCount).toBe(2);
    expect(seatView(s, { role: "spectator" }, "a").handCount).toBe(2);
    expect(seatView(s, A, "a").handCount).toBe(3);
    // "if you spent any of your points previously, you cannot cheat": three points are not enough
    // once one was spent in this match.
    const spent = { ...atCheat({ a: ["coins-10"], b: ["sabres-9"] }, {}, 3), luckSpent: { a: 1, b: 0 } };
    expect(game.legalMoves(spent, "a")).toEqual([{ type: "no-cheat" }]);
    expect(refused(spent, "a", { type: "cheat", card: "coins-8" })).toBe("CANTINA.Sabacc.Error.CannotCheat");
    // With fewer than three points only "no-cheat" is offered (and every seat still gets the step).
    const poor = atCheat({ a: ["coins-10"], b: ["sabres-9"] }, {}, 2);
    expect(game.legalMoves(poor, "a")).toEqual([{ type: "no-cheat" }]);
    expect(refused(poor, "a", { type: "cheat", card: "coins-8" })).toBe("CANTINA.Sabacc.Error.CannotCheat");
    expect(refused(atCheat({ a: ["coins-10"] }, {}, 3), "a", { type: "cheat", card: "coins-99" })).toBe(
      "CANTINA.Sabacc.Error.UnknownCard",
    );
    // A card taken from the deck leaves no trace at the show: nothing explains it (issue 33).
    const shown = act(s, "b", { type: "no-cheat" });
    expect(shown.phase).toBe("over");
    expect(seatView(shown, B, "a").cheated).toBeNull();
    expect(keysOf(log)).toContain("CANTINA.Sabacc.Log.ShowCards");
    expect(keysOf(log)).not.toContain("CANTINA.Sabacc.Log.CheatShown");
  });

  it("rule 19a (interpretation): a cheat naming a card already out adds a duplicate; the show's public line names it (the duplicate is visible to every player there), the GM sees it", () => {
    let s = atCheat({ a: ["coins-10", "coins-5"], b: ["sabres-9", "sabres-8"] }, {}, 3);
    s = act(s, "a", { type: "cheat", card: "sabres-8" });
    expect(s.hands.a).toEqual(["coins-10", "coins-5", "sabres-8!a"]);
    s = act(s, "b", { type: "no-cheat" });
    expect(s.phase).toBe("over");
    expect(s.duplicates).toEqual(["sabres-8"]);
    expect(notices(log, "ShowCards").map((e) => e.params?.cards)).toEqual([
      "coins-10 coins-5 sabres-8",
      "sabres-9 sabres-8",
    ]);
    // Issue 33: the shown hands show two Eights of Sabres, so the show's public line says where the
    // second came from: a's three Luck/Force points (for everyone: no audience), after the hands.
    const explained = log.filter((e) => e.kind === "notice" && e.key === "CANTINA.Sabacc.Log.CheatShown");
    expect(explained).toEqual([
      { kind: "notice", key: "CANTINA.Sabacc.Log.CheatShown", seat: "a", params: { seat: "a", card: "sabres-8" } },
    ]);
    expect(log.indexOf(explained[0]!)).toBeGreaterThan(
      log.findIndex((e) => e.kind === "notice" && e.key === "CANTINA.Sabacc.Log.ShowCards"),
    );
    // Others see it as the card it copies; the hand counts it (10 + 5 + 8 = 23).
    expect(seatView(s, B, "a").hand).toEqual(["coins-10", "coins-5", "sabres-8"]);
    // After the show everyone's view marks the card the line explains, as the card it copies.
    for (const viewer of [B, { role: "spectator" } as Viewer]) {
      expect(game.view(s, viewer).duplicates).toEqual([]);
      expect(seatView(s, viewer, "a").cheated).toBe("sabres-8");
      expect(seatView(s, viewer, "b").cheated).toBeNull();
    }
    // The GM's view marks the cheated card and the card seen twice.
    expect(game.view(s, { role: "gm" }).duplicates).toEqual(["sabres-8"]);
    expect(seatView(s, { role: "gm" }, "a").cheated).toBe("sabres-8!a");
    expect(seatView(s, { role: "gm" }, "a").hand).toContain("sabres-8!a");
    expect(s.winners).toEqual(["a"]);
  });

  it("rules 20-23: rounds 5 on repeat draw/trade/stand, lock and betting until someone calls", () => {
    let s = act(act(act(act(round4(), "a", STAND), "b", STAND), "a", lock()), "b", lock());
    s = act(act(s, "a", bet(0)), "b", bet(0));
    expect(s.round).toBe(5);
    expect(s.phase).toBe("dts");
    s = act(act(act(act(s, "a", STAND), "b", STAND), "a", lock()), "b", lock());
    expect(s.phase).toBe("betting");
    expect(game.legalMoves(s, "a")).toContainEqual({ type: "call" });
  });

  it("interpretation: the house calls the game at the round limit, so every match ends", () => {
    const limited = throughRound(throughRound(throughRound(dealt({ roundLimit: 4 }), 1), 1), 1);
    const s = act(act(act(act(limited, "a", STAND), "b", STAND), "a", lock()), "b", lock());
    expect(keysOf(log)).toContain("CANTINA.Sabacc.Log.HouseCall");
    expect(s.betting.final).toBe(true);
    expect(game.legalMoves(s, "a")).toEqual([{ type: "fold" }, bet(0)]);
  });

  it("rule 24: Idiot's Array beats Pure Sabacc, which beats the closest to 23 or -23", () => {
    expect(handKind(["idiot-1", "coins-2", "staves-3"])).toBe("idiots-array");
    expect(handKind(["idiot-1", "queen-1", "staves-3"])).toBe("hand");
    expect(handKind(["coins-10", "coins-13"])).toBe("pure-sabacc");
    expect(handKind(["star-1", "balance-1", "coins-5"])).toBe("pure-sabacc");
    const ia = reveal(atCheat({ a: ["coins-10", "coins-13"], b: ["idiot-1", "sabres-2", "flasks-3"] }));
    expect(ia.winners).toEqual(["b"]);
    const pure = reveal(atCheat({ a: ["coins-10", "coins-13"], b: ["sabres-10", "sabres-12"] }));
    expect(pure.winners).toEqual(["a"]);
    const negative = reveal(atCheat({ a: ["star-1", "coins-4"], b: ["sabres-10", "sabres-12"] }));
    // -13 is 10 from -23; 22 is 1 from 23.
    expect(negative.winners).toEqual(["b"]);
    const shown = reveal(atCheat({ a: ["coins-10"], b: ["sabres-9"] }, { a: ["coins-11"] }));
    expect(notices(log, "ShowCards").map((n) => n.params)).toEqual([
      { seat: "a", cards: "coins-11 coins-10", total: 21, kind: "hand" },
      { seat: "b", cards: "sabres-9", total: 9, kind: "hand" },
    ]);
    expect(seatView(shown, B, "a").hand).toEqual(["coins-10"]);
  });

  it("rule 24 (interpretation): bombing out, above 23, below -23 or exactly 0, never wins and costs nothing", () => {
    const s = reveal(atCheat({ a: ["coins-15", "coins-14"], b: ["sabres-2"] }));
    expect(s.winners).toEqual(["b"]);
    expect(s.credits.a).toBe(3500);
    const zero = reveal(atCheat({ a: ["coins-2", "queen-1"], b: ["sabres-2"] }));
    expect(zero.winners).toEqual(["b"]);
    const all = reveal(atCheat({ a: ["coins-15", "coins-14"], b: ["star-1", "star-2"] }));
    expect(all.outcome).toBe("bomb-out");
    expect(all.winners).toEqual([]);
    expect(all.payouts).toEqual({ a: 500, b: 500 });
    expect(all.house).toBe(2000);
  });

  it("rule 25: a tie is broken by Sudden Demise: one more card each, shown to all, and a recount", () => {
    let s = reveal(atCheat({ a: ["coins-10", "coins-9"], b: ["sabres-10", "sabres-9"] }));
    expect(s.phase).toBe("demise");
    expect(s.demise).toEqual(["a", "b"]);
    expect(notices(log, "SuddenDemise")).toHaveLength(1);
    s = act(s, "a", { type: "demise-draw" }, ["coins-2"]);
    // The card is public after the show; the roll's range stays private (it counts the cards gone).
    const dealt = notices(log, "Dealt")[0]!;
    expect(dealt.audience).toBeUndefined();
    expect(eventFor(dealt, B)).toEqual(dealt);
    expect(eventFor(rolls(log)[0]!, B)).toBeNull();
    s = act(s, "b", { type: "demise-draw" }, ["coins-3"]);
    // a 21, b 22.
    expect(s.winners).toEqual(["b"]);
    expect(s.outcome).toBe("show");
    // 22 against -22 is a tie too.
    const mirrored = reveal(atCheat({ a: ["coins-10", "coins-12"], b: ["moderation-1", "endurance-1"] }));
    expect(mirrored.phase).toBe("demise");
  });

  it("rule 25 (interpretation): with too few cards left for a Sudden Demise the tie stands and the pots split", () => {
    const s0 = atCheat({ a: ["coins-10", "coins-9"], b: ["sabres-10", "sabres-9"] });
    const s = reveal(
      deepFreeze({ ...s0, deck: s0.deck.slice(0, 1), setAside: s0.deck.slice(1).map((card) => ({ card, seat: "a" })) }),
    );
    expect(s.phase).toBe("over");
    expect(s.outcome).toBe("split");
    expect(s.payouts).toEqual({ a: 500, b: 500 });
    expect(s.house).toBe(2000);
  });

  it("rule 26: the winner takes the Main Pot, and the Sabacc Pot only with an Idiot's Array or Pure Sabacc", () => {
    const pure = reveal(atCheat({ a: ["coins-10", "coins-13"], b: ["sabres-2"] }));
    expect(pure.payouts).toEqual({ a: 3000 });
    expect(pure.house).toBe(0);
    expect(game.status(pure).result?.creditDelta).toEqual({ a: 1500, b: -1500 });
    const plain = reveal(atCheat({ a: ["coins-10", "coins-12"], b: ["sabres-2"] }));
    expect(plain.payouts).toEqual({ a: 1000 });
    expect(plain.house).toBe(2000);
    expect(notices(log, "House")[0]!.params).toEqual({ amount: 2000 });
    // Pure Sabacc tied and broken by Sudden Demise: the winner still won with a Pure Sabacc.
    let tied = reveal(atCheat({ a: ["coins-10", "coins-13"], b: ["sabres-10", "sabres-13"] }));
    tied = act(act(tied, "a", { type: "demise-draw" }, ["coins-1"]), "b", { type: "demise-draw" }, ["queen-1"]);
    expect(tied.winners).toEqual(["b"]);
    expect(tied.payouts).toEqual({ b: 3000 });
  });

  it("interpretation: when all but one fold, the last player takes the Main Pot unshown; the Sabacc Pot goes to the house", () => {
    let s = act(act(dealt(), "a", STAND), "b", STAND);
    s = act(act(s, "a", bet(300)), "b", { type: "fold" });
    expect(s.phase).toBe("over");
    expect(s.outcome).toBe("uncontested");
    expect(s.payouts).toEqual({ a: 1300 });
    expect(s.house).toBe(2000);
    expect(seatView(s, B, "a").hand).toBeNull();
  });

  it("secrets: other seats and spectators never see a hand, a set-aside card or Luck/Force points before the show", () => {
    const s = act(dealt(), "a", { type: "draw" }, ["coins-3"]);
    for (const viewer of [B, spectator]) {
      const v = seatView(s, viewer, "a");
      expect(v).toMatchObject({
        hand: null,
        total: null,
        kind: null,
        luck: null,
        setAside: null,
        cheated: null,
        handCount: 3,
      });
      expect(game.view(s, viewer).pending).toBeNull();
      expect(JSON.stringify(game.view(s, viewer))).not.toMatch(/coins-(10|5|3)/);
    }
    expect(seatView(s, { role: "gm" }, "a").hand).toEqual(["coins-10", "coins-5", "coins-3"]);
  });
});
