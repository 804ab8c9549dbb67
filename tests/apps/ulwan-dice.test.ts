// @vitest-environment happy-dom
/**
 * Dice are dice (issue 33): the Ulwan family's window draws its last `4d2>2` roll as the four d2
 * coins the roll event carries, the successes marked, and the total; from the update's events or,
 * when the update holds none (a push without a new move), from the events its client has seen.
 */
import { describe, expect, it } from "vitest";
import en from "../../lang/en.json";
import { apps } from "../../src/games";
import { dictionaryLocalizer } from "../../src/apps/core/i18n";
import { windowParts } from "../../src/apps/table/window-model";
import { createRenderer } from "../../src/standalone/render";
import type { GameEvent } from "../../src/rules/core";
import { type UlwanMove, type UlwanState, type UlwanView, ulwan } from "../../src/rules/ulwan";
import type { TableUpdate } from "../../src/table/protocol";
import { startFinkel, startUlwan, step } from "../rules/ulwan/helpers";
import { viewedUpdate } from "../helpers/table-update";

const render = createRenderer(dictionaryLocalizer(en));

/** What the host sends the first seat after `events` at version 4 (none: a push with no new move). */
function update(state: UlwanState, events: readonly GameEvent[]): TableUpdate<UlwanView, UlwanMove> {
  const u = viewedUpdate(ulwan, state, state.seats[0]!, ["Aurra", "Bossk"], { gameId: state.game, version: 4 });
  return { ...u, events: events.map((event) => ({ version: 4, event })) };
}

/** The window's table part as the page draws it. */
function table(gameId: string, u: TableUpdate, seen?: readonly { version: number; event: GameEvent }[]): Element {
  const root = document.createElement("div");
  root.innerHTML = render("ulwan/table.hbs", apps[gameId]!.context(u, undefined, seen));
  return root;
}

const coins = (root: Element) =>
  [...root.querySelectorAll("[data-roll] [data-die-face]")].map((d) => ({
    kind: d.querySelector("svg")?.getAttribute("data-die-kind"),
    value: d.getAttribute("data-die"),
    success: d.getAttribute("data-success"),
  }));

describe("Ulwan window: the last roll drawn as its dice", () => {
  it("after a roll shows four d2 coins, exactly the successes marked, and the total", () => {
    const rolled = step(startUlwan(), { type: "roll" }, [2, 1, 2, 1]);
    expect(rolled.state.roll).toBe(2);
    const root = table("ulwan", update(rolled.state, rolled.events));
    expect(coins(root)).toEqual([
      { kind: "coin", value: "2", success: "true" },
      { kind: "coin", value: "1", success: "false" },
      { kind: "coin", value: "2", success: "true" },
      { kind: "coin", value: "1", success: "false" },
    ]);
    // Only the counted coins carry the tick.
    expect(root.querySelectorAll('[data-roll] [data-success="true"] svg path')).toHaveLength(2);
    expect(root.querySelector("[data-roll]")!.getAttribute("data-roll")).toBe("2");
    expect(root.querySelector("[data-roll] [data-roll-total]")!.textContent).toBe("= 2");
    // A screen reader hears each coin and whether it counted (the drawings themselves are hidden from it).
    expect(root.querySelectorAll('[data-roll] svg[aria-hidden="true"]')).toHaveLength(4);
    const spoken = [...root.querySelectorAll("[data-roll] .cantina-dice-sep")].map((s) => s.textContent).join("");
    expect(spoken).toBe("2 (success), 1, 2 (success), 1");
  });

  it("Finkel's Ur draws its roll the same way; the window's part that tumbles is each coin, not the line", () => {
    const rolled = step(startFinkel(), { type: "roll" }, [1, 2, 2, 2]);
    const root = table("ulwan-finkel", update(rolled.state, rolled.events));
    expect(coins(root).map((c) => c.success)).toEqual(["false", "true", "true", "true"]);
    expect(root.querySelector("[data-roll]")!.hasAttribute("data-die-face")).toBe(false);
    expect(root.querySelector("[data-roll-total]")!.textContent).toBe("= 3");
  });

  it("an update with no new events draws the roll from the events the client has seen", () => {
    const rolled = step(startUlwan(), { type: "roll" }, [2, 2, 1, 2]);
    const seen = rolled.events.map((event) => ({ version: 4, event }));
    const root = table("ulwan", update(rolled.state, []), seen);
    expect(coins(root).map((c) => c.value)).toEqual(["2", "2", "1", "2"]);
  });

  it("the window model hands the game the events its host's client holds (a watcher's push carries none)", () => {
    const rolled = step(startUlwan(), { type: "roll" }, [1, 2, 1, 1]);
    const seen = rolled.events.map((event) => ({ version: 4, event }));
    const history = { seen, i18n: dictionaryLocalizer(en), namers: [], open: false };
    const options = { isGM: false, helpOpen: false, hasBots: false, now: 0, history };
    const parts = windowParts(apps.ulwan!, update(rolled.state, []), options);
    const root = document.createElement("div");
    root.innerHTML = render("ulwan/table.hbs", parts.find((p) => p.id === "game-table")!.context);
    expect(coins(root).map((c) => c.success)).toEqual(["false", "true", "false", "false"]);
  });

  it("a roll held of a version past the table's is not the one drawn", () => {
    const rolled = step(startUlwan(), { type: "roll" }, [2, 2, 1, 1]);
    const later = step(startUlwan(), { type: "roll" }, [1, 1, 2, 2]).events;
    const seen = [
      ...rolled.events.map((event) => ({ version: 4, event })),
      ...later.map((event) => ({ version: 5, event })),
    ];
    const root = table("ulwan", update(rolled.state, []), seen);
    expect(coins(root).map((c) => c.value)).toEqual(["2", "2", "1", "1"]);
  });

  it("a roll whose event is not known (or not this roll) shows its total alone, as before", () => {
    const rolled = step(startUlwan(), { type: "roll" }, [2, 2, 1, 2]);
    const other = step(startUlwan(), { type: "roll" }, [2, 1, 1, 1]).events;
    for (const events of [[], other]) {
      const root = table("ulwan", update(rolled.state, events));
      expect(coins(root)).toEqual([]);
      expect(root.querySelector("[data-roll]")!.textContent).toContain("Rolled: 3");
    }
  });
});
