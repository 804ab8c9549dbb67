/**
 * The Ulwan window's analysis parts: the win-chance bar and the review are drawn from what the
 * view carries (the host decides who gets them), and not at all without them.
 */
import { describe, expect, it } from "vitest";
import en from "../../lang/en.json";
import { dictionaryLocalizer } from "../../src/apps/core/i18n";
import { createRenderer } from "../../src/standalone/render";
import { ulwanContext } from "../../src/apps/ulwan/context";
import { type UlwanMove, type UlwanState, type UlwanView, ulwanFinkel } from "../../src/rules/ulwan";
import { SeededRandom } from "../../src/rules/core";
import type { TableUpdate } from "../../src/table/protocol";
import { namedSeats, tableUpdate } from "../helpers/table-update";

const i18n = dictionaryLocalizer(en);
// The templates as the standalone page renders them (Foundry's `localize` helper).
const render = createRenderer(i18n);
const table = (context: object): string => render("ulwan/table.hbs", context);

/** What the host sends `seat` (null: a spectator) of this Finkel state, without its moves (the table part only). */
function update(state: UlwanState, seat: string | null): TableUpdate<UlwanView, UlwanMove> {
  return tableUpdate(
    { gameId: state.game, version: 3, over: state.phase === "over", toAct: [state.seats[state.turn]!] },
    namedSeats(state.seats, ["Aurra", "Bossk"]),
    seat,
    ulwanFinkel.view(state, seat ? { role: "seat", seat } : { role: "spectator" }),
    [],
  );
}

/** A whole two-piece Finkel game with the analysis option, random legal moves. */
function playedGame(analysis: boolean): UlwanState[] {
  const random = new SeededRandom(8);
  const setup = ulwanFinkel.setup(["a", "b"], { ...ulwanFinkel.defaultOptions(), pieces: 2, analysis }, random);
  if (!setup.ok) throw new Error(setup.error.code);
  const states = [setup.state];
  let s = setup.state;
  while (s.phase !== "over") {
    const seat = s.seats[s.turn];
    const legal = ulwanFinkel.legalMoves(s, seat);
    const r = ulwanFinkel.apply(s, seat, legal[random.die(legal.length) - 1] as UlwanMove, random);
    if (!r.ok) throw new Error(r.error.code);
    s = r.state;
    states.push(s);
  }
  return states;
}

describe("Ulwan window: analysis", () => {
  const states = playedGame(true);
  const during = states[Math.floor(states.length / 2)]!;
  const over = states[states.length - 1]!;

  it("rule (analysis option): a spectator's window shows the win-chance bar; a seated player's does not", () => {
    const html = table(ulwanContext(update(during, null)));
    expect(html).toContain("data-win-bar");
    expect(html).toMatch(/Chances of winning: Aurra \d+%, Bossk \d+%/);
    expect(table(ulwanContext(update(during, "a")))).not.toContain("data-win-bar");
  });

  it("rule (analysis option): after the game every window shows the review, one row per move with a choice", () => {
    const context = ulwanContext(update(over, "a")) as { review: { loss: string }[] };
    expect(context.review.length).toBeGreaterThan(0);
    const html = table(context);
    expect(html).toContain("data-review");
    expect((html.match(/data-review-line=/g) ?? []).length).toBe(context.review.length);
  });

  it("a finished game shows no chances of winning (a live notice), only the review", () => {
    const html = table(ulwanContext(update(over, null)));
    expect(html).not.toContain("data-win-bar");
    expect(html).not.toContain("Chances of winning");
    expect(html).toContain("data-review");
  });

  it("without the option there is neither bar nor review", () => {
    const plain = playedGame(false);
    expect(table(ulwanContext(update(plain[3]!, null)))).not.toContain("data-win-bar");
    expect(table(ulwanContext(update(plain[plain.length - 1]!, "a")))).not.toContain("data-review");
  });
});
