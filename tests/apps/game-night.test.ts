/**
 * The table controls of a window (templates/table/controls.hbs) on a game night: a finished table
 * shows no live notice (away marks, the turn clock), and a player whose seat a bot took after a
 * time-out is offered "I'm back".
 */
import { describe, expect, it } from "vitest";
import en from "../../lang/en.json";
import { dictionaryLocalizer } from "../../src/apps/core/i18n";
import { tableControls } from "../../src/apps/table/tables";
import { createRenderer } from "../../src/standalone/render";
import type { TableUpdate } from "../../src/table/protocol";
import { HAN_AND_LANDO, tableUpdate } from "../helpers/table-update";

const i18n = dictionaryLocalizer(en);
const render = createRenderer(i18n);
const controls = (update: TableUpdate, isGM = false): string =>
  render("table/controls.hbs", tableControls(update, { isGM, hasHelp: false, helpOpen: false, hasBots: true }));

/** Han's seat played by a bot since his time ran out; Lando marked away; a thirty-second turn clock. */
const HAN_TAKEN: TableUpdate["table"]["seats"] = [
  { seat: "seat-1", name: "Han", kind: "bot", userId: null, account: "han", botLevel: "steady", awayUserId: "han" },
  HAN_AND_LANDO[1]!,
];
const time = { away: ["seat-2"], turnClock: { turnSeconds: 30, botAfterSeconds: 60 } };

describe("a window's table controls on a game night", () => {
  it('while the match is on: the away marks, the turn clock, and "I\'m back" for the player a bot replaced', () => {
    const han = { ...tableUpdate({ gameId: "sabacc-true", time }, HAN_TAKEN, null, {}, []), reclaim: "seat-1" };
    const html = controls(han);
    expect(html).toContain("Han is away: a bot plays for them.");
    expect(html).toContain("data-away-mark");
    expect(html).toContain("cantina-turn-clock");
    expect(html).toMatch(/data-op="back" data-seat="seat-1"[^>]*>I(&#x27;|')m back</);
  });

  it('a finished table shows no away mark, no turn clock and no "I\'m back", to a player or the GM', () => {
    const over = {
      ...tableUpdate({ gameId: "sabacc-true", time, over: true }, HAN_TAKEN, null, {}, []),
      reclaim: "seat-1",
    };
    for (const isGM of [false, true]) {
      const html = controls(over, isGM);
      expect(html).not.toContain("is away");
      expect(html).not.toContain("data-away-mark");
      expect(html).not.toContain("cantina-turn-clock");
      expect(html).not.toContain('data-op="back"');
      expect(html).not.toContain('data-op="mark-away"');
    }
  });
});
