/**
 * Seven Ulwan, every rule of text 000, with scripted dice. The Seven Ulwan board (player 1's path):
 *   d1 Aurek, c1 Besh, b1 Dorn, a1 Cresh | a2 Besh, b2 Esk, c2 Aurek, d2 Cresh, e2 Besh, f2 Aurek,
 *   g2 Esk, h2 Besh | h1 Forn, g1 Cresh.  Player 2 mirrors it on rank 3.
 * Defaults: ante 10 credits, open wallet, 1000 credits each.
 */
import { describe, expect, it } from "vitest";
import { ScriptedRandom } from "../../../src/rules/core";
import { games } from "../../../src/games";
import { HAND, costs, sevenUlwan } from "../../../src/rules/ulwan";
import { A, B, SEATS, legalKeys, refused, rollN, setPieces, startSeven, step, where } from "./helpers";

const pot = (s: { economy: { pot: number } | null }) => s.economy?.pot ?? -1;
const credits = (s: { economy: { credits: readonly number[] } | null }) => s.economy?.credits ?? [];

describe("Seven Ulwan", () => {
  it("rule: seven pieces each, and an ante fixed before play begins", () => {
    expect(games["seven-ulwan"]).toBeDefined();
    const s = startSeven({ ante: 25 });
    expect(s.pos[0]).toEqual(Array(7).fill(HAND));
    expect(s.pos[1]).toHaveLength(7);
    expect(s.economy?.ante).toBe(25);
    expect(sevenUlwan.checkOptions({ ...sevenUlwan.defaultOptions(), ante: 0 }, SEATS)).toMatchObject({
      ok: false,
      error: { code: "CANTINA.Error.BadOption" },
    });
    expect(sevenUlwan.checkOptions({ ...sevenUlwan.defaultOptions(), payment: "barter" }, SEATS)).toMatchObject({
      ok: false,
      error: { code: "CANTINA.Error.BadOption" },
    });
  });

  it("rule: adding a piece costs one ante", () => {
    let s = rollN(startSeven(), 1).state;
    s = step(s, { type: "enter" }).state;
    expect(pot(s)).toBe(10);
    expect(credits(s)).toEqual([990, 1000]);
  });

  it("rule: a player cannot spend what they do not have", () => {
    const s = rollN(setPieces(startSeven({ purses: { [A]: { credits: 5, luck: 0 } } }), ["a2"], []), 1).state;
    expect(legalKeys(s)).toEqual(["move:a2"]);
    expect(refused(s, { type: "enter" })).toBe("CANTINA.Ulwan.Error.CannotAfford");
  });

  it("rule: a roll of 4 may instead place a new piece on your first Aurek square for free", () => {
    let s = rollN(setPieces(startSeven({ purses: { [A]: { credits: 0, luck: 0 } } }), [], []), 4).state;
    expect(legalKeys(s)).toEqual(["place"]);
    s = step(s, { type: "place" }).state;
    expect(where(s).a).toEqual(["d1"]);
    expect(pot(s)).toBe(0);
    // Not when one of your own pieces stands there.
    const t = rollN(setPieces(startSeven(), ["d1"], []), 4).state;
    expect(legalKeys(t)).not.toContain("place");
    expect(refused(t, { type: "place" })).toBe("CANTINA.Ulwan.Error.FirstAurekTaken");
    // Only with a 4.
    const u = rollN(setPieces(startSeven(), [], []), 3).state;
    expect(refused(u, { type: "place" })).toBe("CANTINA.Ulwan.Error.NotFour");
  });

  it("rule: Cresh's extra roll is bought for 5× the ante", () => {
    let s = rollN(startSeven(), 4).state;
    s = step(s, { type: "enter" }).state; // onto a1, a Cresh
    expect(s.phase).toBe("offer");
    expect(s.offer).toEqual({ kind: "cresh", cost: 50 });
    expect(legalKeys(s)).toEqual(["buy-roll", "decline"]);
    s = step(s, { type: "buy-roll" }).state;
    expect(s.phase).toBe("roll");
    expect(s.turn).toBe(0);
    expect(pot(s)).toBe(60);
    // Declining ends the turn without paying.
    let d = step(rollN(startSeven(), 4).state, { type: "enter" }).state;
    d = step(d, { type: "decline" }).state;
    expect(d.turn).toBe(1);
    expect(pot(d)).toBe(10);
  });

  it("rule: Cresh's protection is free: a piece on a Cresh cannot be knocked off, the lander bounces", () => {
    let s = rollN(setPieces(startSeven(), ["b2"], ["d2"]), 2).state;
    s = step(s, { type: "move", from: "b2" }).state;
    expect(where(s)).toMatchObject({ a: ["e2"], b: ["d2"] });
    expect(pot(s)).toBe(0);
  });

  it("rule: Dorn gives a free piece onto your first Aurek square when you land on it", () => {
    let s = rollN(startSeven(), 3).state;
    s = step(s, { type: "enter" }).state; // b1, the Dorn
    expect(s.offer).toEqual({ kind: "dorn", cost: 0 });
    s = step(s, { type: "dorn-place" }).state;
    expect(where(s).a).toEqual(["b1", "d1"]);
    expect(pot(s)).toBe(10); // only the first piece's ante
    expect(s.turn).toBe(1);
  });

  it("rule: staying on the Dorn, one more piece may be bought per turn for 2× the ante, as an additional move", () => {
    let s = setPieces(startSeven(), ["a2"], ["a3"], { turn: 1 });
    s = rollN(s, 0).state; // player 2 passes; player 1's turn starts with no piece on a Dorn
    expect(legalKeys(s)).toEqual(["roll"]);
    s = setPieces(startSeven(), ["b1"], ["a3"], { turn: 1 });
    s = rollN(s, 0).state; // now player 1 starts a turn on the Dorn
    expect(legalKeys(s)).toEqual(["dorn-buy", "roll"]);
    s = step(s, { type: "dorn-buy" }).state;
    expect(where(s).a).toEqual(["b1", "d1"]);
    expect(pot(s)).toBe(20);
    expect(s.phase).toBe("roll"); // still to roll: the piece was an additional move
    expect(legalKeys(s)).toEqual(["roll"]); // once per turn
    expect(refused(s, { type: "dorn-buy" })).toBe("CANTINA.Ulwan.Error.NoDorn");
  });

  it('rule: the Dorn purchase needs "your piece" that "remains in this position" since the start of the turn, once per turn, whenever you are about to roll', () => {
    // Player 1 starts a turn with a piece on the Dorn b1 and one on b2.
    let s = rollN(setPieces(startSeven(), ["b1", "b2"], ["a3"], { turn: 1 }), 0).state;
    expect(legalKeys(s)).toEqual(["dorn-buy", "roll"]);
    // Not bought before rolling: after a Cresh's extra roll (bought) it is still this turn's purchase.
    s = step(rollN(s, 2).state, { type: "move", from: "b2" }).state; // b2 → d2, a Cresh
    s = step(s, { type: "buy-roll" }).state;
    expect(legalKeys(s)).toEqual(["dorn-buy", "roll"]);
    s = step(s, { type: "dorn-buy" }).state;
    expect(where(s).a).toEqual(["b1", "d1", "d2"]);
    expect(legalKeys(s)).toEqual(["roll"]); // once per turn
    // Bought at the start of the turn: not again before the extra roll.
    let t = rollN(setPieces(startSeven(), ["b1", "b2"], ["a3"], { turn: 1 }), 0).state;
    t = step(t, { type: "dorn-buy" }).state;
    t = step(step(rollN(t, 2).state, { type: "move", from: "b2" }).state, { type: "buy-roll" }).state;
    expect(legalKeys(t)).toEqual(["roll"]);
    // The piece that stood there has left: another piece on that Dorn (or any other) does not count.
    const u0 = rollN(setPieces(startSeven(), ["b1"], ["a3"], { turn: 1 }), 0).state;
    const left = { ...u0, pos: [[...u0.pos[0]].reverse(), u0.pos[1]] as typeof u0.pos }; // piece 0 back in hand, piece 6 on b1
    expect(legalKeys(left)).toEqual(["roll"]);
    expect(refused(left, { type: "dorn-buy" })).toBe("CANTINA.Ulwan.Error.NoDorn");
    // Landing on the Dorn this turn is the free piece's offer, not the purchase.
    let v = rollN(setPieces(startSeven(), [], ["a3"]), 3).state;
    v = step(v, { type: "enter" }).state; // onto b1
    expect(legalKeys(v)).toEqual(["decline", "dorn-place"]);
  });

  it("rule: Esk, for 5× the ante, moves a piece on a red or blue square to an adjacent red or blue square, sideways or diagonally, into the opponent's territory too", () => {
    let s = rollN(setPieces(startSeven(), ["a2"], []), 1).state;
    s = step(s, { type: "move", from: "a2" }).state; // onto b2, an Esk
    expect(s.offer).toEqual({ kind: "esk", cost: 50 });
    const keys = legalKeys(s);
    // From b2 (Esk): sideways a2, c2; diagonally c1 (own Besh) and c3 (the opponent's Besh).
    expect(keys).toEqual(["decline", "esk:b2>a2", "esk:b2>c1", "esk:b2>c2", "esk:b2>c3"]);
    expect(refused(s, { type: "esk", from: "b2", to: "d2" })).toBe("CANTINA.Ulwan.Error.NotAdjacent");
    s = step(s, { type: "esk", from: "b2", to: "c3" }).state;
    expect(where(s).a).toEqual(["c3"]);
    expect(pot(s)).toBe(50);
    expect(s.turn).toBe(1);
  });

  it("rule: an Esk move may use any of your pieces on a red or blue square, not only the one on the Esk", () => {
    let s = rollN(setPieces(startSeven(), ["a2", "f2"], []), 1).state;
    s = step(s, { type: "move", from: "a2" }).state;
    expect(legalKeys(s)).toContain("esk:f2>e2");
    s = step(s, { type: "esk", from: "f2", to: "e2" }).state;
    expect(where(s).a).toEqual(["b2", "e2"]);
  });

  it("rule: invasion: while an opponent stands on your Aurek or Besh squares, your tile effects cost double (adding a piece does not)", () => {
    const s = setPieces(startSeven(), ["c3"], [], { turn: 1 });
    expect(costs(s, 1)).toMatchObject({ invaded: true, cresh: 100, dorn: 40, esk: 100, enter: 10 });
    expect(costs(s, 0)).toMatchObject({ invaded: false, cresh: 50 });
    // Occupying the opponent's Cresh does not invade.
    const t = setPieces(startSeven(), ["a3"], [], { turn: 1 });
    expect(costs(t, 1).invaded).toBe(false);
    // Player 2 pays double for the Cresh's extra roll.
    let u = rollN(s, 4).state;
    u = step(u, { type: "enter" }).state;
    expect(u.offer).toEqual({ kind: "cresh", cost: 100 });
  });

  it("rule: an Esk move onto an opponent's piece knocks it off (red and blue squares give no protection)", () => {
    let s = rollN(setPieces(startSeven(), ["a2"], ["c2"]), 1).state;
    s = step(s, { type: "move", from: "a2" }).state; // b2, the Esk
    expect(legalKeys(s)).toContain("esk:b2>c2");
    s = step(s, { type: "esk", from: "b2", to: "c2" }).state;
    expect(where(s)).toMatchObject({ a: ["c2"], b: [], handB: 7 });
  });

  it("interpretation: a piece landing on an invader in its own territory sends it off the board", () => {
    let s = rollN(setPieces(startSeven(), [], ["c1"]), 2).state;
    s = step(s, { type: "enter" }).state; // enters on c1, where player 2's invader stands
    expect(where(s)).toMatchObject({ a: ["c1"], b: [], handB: 7 });
  });

  it("rule: a player cannot spend what they do not have, in tokens too", () => {
    const s = startSeven({ payment: "tokens", tokens: 3, entryFee: 10 });
    const t = step(rollN(s, 4).state, { type: "enter" }).state; // a1 Cresh: 2 tokens left, 5 needed
    expect(t.offer).toBeNull();
    expect(t.economy?.tokens).toEqual([2, 3]);
  });

  it("rule: an invading piece keeps moving forward along the opponent's side until it rejoins the shared row", () => {
    let s = rollN(setPieces(startSeven(), ["c3"], []), 2).state;
    s = step(s, { type: "move", from: "c3" }).state;
    expect(where(s).a).toEqual(["a3"]); // c3 -> b3 -> a3, the opponent's Cresh
    s = step(s, { type: "decline" }).state;
    s = rollN(s, 0).state;
    s = step(rollN(s, 1).state, { type: "move", from: "a3" }).state;
    expect(where(s).a).toEqual(["a2"]);
  });

  it("rule: Forn: while you hold your Forn, your other pieces may land on a Cresh held by the opponent and knock it off", () => {
    let s = rollN(setPieces(startSeven(), ["h1", "b2"], ["d2"]), 2).state;
    const r = step(s, { type: "move", from: "b2" });
    s = r.state;
    expect(where(s)).toMatchObject({ a: ["d2", "h1"], b: [], handB: 7 });
    expect(r.events.some((e) => e.kind === "notice" && e.key === "CANTINA.Ulwan.Log.Forn")).toBe(true);
    expect(s.offer?.kind).toBe("cresh"); // it now stands on the Cresh
    // Without the Forn the same move bounces.
    let t = rollN(setPieces(startSeven(), ["h2", "b2"], ["d2"]), 2).state;
    t = step(t, { type: "move", from: "b2" }).state;
    expect(where(t).a).toEqual(["e2", "h2"]);
    // The Forn gives no power over a Cresh held by a friend: still a bounce.
    let f = rollN(setPieces(startSeven(), ["h1", "b2", "d2"], []), 2).state;
    f = step(f, { type: "move", from: "b2" }).state;
    expect(where(f).a).toEqual(["d2", "e2", "h1"]);
  });

  it("rule: the final Cresh, occupied, bounces a piece off the board (Seven Ulwan too)", () => {
    let s = rollN(setPieces(startSeven(), ["g1", "h2"], []), 2).state;
    s = step(s, { type: "move", from: "h2" }).state;
    expect(where(s)).toMatchObject({ a: ["g1"], offA: 1 });
  });

  it("rule: open wallet: the winner takes the pot", () => {
    let s = setPieces(startSeven(), ["g1"], ["b2"], { offA: 6 });
    s = { ...s, economy: s.economy && { ...s.economy, credits: [900, 950], pot: 150 } };
    s = step(rollN(s, 1).state, { type: "move", from: "g1" }).state;
    expect(s.winner).toBe(0);
    expect(credits(s)).toEqual([1050, 950]);
    expect(pot(s)).toBe(0);
    expect(sevenUlwan.status(s).result?.creditDelta).toEqual({ [A]: 50, [B]: -50 });
  });

  it("rule: closed wallet: the tokens are bought up front at the ante price, one ante is one token, the winner collects both entry fees", () => {
    let s = startSeven({ payment: "closed", ante: 5, tokens: 100, defaultCredits: 2000 });
    expect(s.economy).toMatchObject({ credits: [1500, 1500], tokens: [100, 100], fees: 1000, unit: 1 });
    s = step(rollN(s, 1).state, { type: "enter" }).state;
    expect(s.economy?.tokens).toEqual([99, 100]);
    s = setPieces(s, ["g1"], [], { offA: 6 });
    s = step(rollN(s, 1).state, { type: "move", from: "g1" }).state;
    expect(credits(s)).toEqual([2500, 1500]);
    expect(sevenUlwan.status(s).result?.creditDelta).toEqual({ [A]: 500, [B]: -500 });
  });

  it("rule: fair-play tokens: a flat entry fee buys an equal stack (100 by default), the ante is one token, the winner takes both fees", () => {
    let s = startSeven({ payment: "tokens", entryFee: 30 });
    expect(s.economy).toMatchObject({ credits: [970, 970], tokens: [100, 100], fees: 60, unit: 1, ante: 1 });
    s = step(rollN(s, 4).state, { type: "enter" }).state;
    s = step(s, { type: "buy-roll" }).state;
    expect(s.economy?.tokens).toEqual([94, 100]);
    expect(s.economy?.tokensSpent).toBe(6);
    const poor = sevenUlwan.setup(
      SEATS,
      { ...sevenUlwan.defaultOptions(), payment: "tokens", entryFee: 2000 },
      new ScriptedRandom([]),
    );
    expect(poor.ok ? null : poor.error.code).toBe("CANTINA.Ulwan.Error.CannotAffordEntry");
  });

  it("rule: a tile effect that cannot be paid for is not offered", () => {
    const s = startSeven({ purses: { [A]: { credits: 30, luck: 0 } } });
    const t = step(rollN(s, 4).state, { type: "enter" }).state; // a1 Cresh; 20 left, 50 needed
    expect(t.offer).toBeNull();
    expect(t.turn).toBe(1);
  });

  it("setup validates and the view carries costs and invasion for the window", () => {
    const r = sevenUlwan.setup(SEATS, sevenUlwan.defaultOptions(), new ScriptedRandom([]));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const v = sevenUlwan.view(r.state, { role: "spectator" });
    expect(v.costs[0]).toMatchObject({ enter: 10, cresh: 50, dorn: 20, esk: 50 });
    expect(v.invaded).toEqual([false, false]);
  });
});
