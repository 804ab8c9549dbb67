/**
 * The standalone page's replay list (src/standalone/replay.ts) for each kind of user: the GM and a
 * player who sat at a finished table see it, and so does a spectator who sat nowhere (issue 27: the
 * list was empty for them), replaying it through a spectator's eyes.
 */
import { Window } from "happy-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import en from "../../lang/en.json";
import { dictionaryLocalizer } from "../../src/apps/core/i18n";
import { mayReplay, viewerOf } from "../../src/apps/replay/model";
import { ReplayPanel } from "../../src/standalone/replay";
import { createRenderer } from "../../src/standalone/render";
import { botRecord } from "../helpers/replay-record";

const i18n = dictionaryLocalizer(en);
const render = createRenderer(i18n);
const record = botRecord("sabacc-super-simplified", 3, 2);
const seated = {
  ...record,
  seats: record.seats.map((s, i) => ({ ...s, kind: "person" as const, userId: `player${i + 1}` })),
};

function listFor(user: string, isGM: boolean): HTMLElement {
  const document = new Window().document as unknown as Document;
  const root = document.createElement("div");
  document.body.append(root);
  new ReplayPanel(root, render, i18n, user, isGM, () => [seated]).start();
  return root;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("the standalone replay list", () => {
  it("lists a finished table for the GM, for a player who sat at it, and for a spectator who sat nowhere", () => {
    for (const [user, isGM] of [
      ["gm", true],
      ["player1", false],
      ["rey", false],
    ] as const) {
      const root = listFor(user, isGM);
      expect(root.querySelectorAll(`[data-replay-row="${seated.id}"]`), user).toHaveLength(1);
    }
  });

  it("a spectator replays it through a spectator's eyes, never a seat's", () => {
    expect(viewerOf(seated, "rey", false)).toEqual({ role: "spectator" });
    expect(viewerOf(seated, "player1", false)).toEqual({ role: "seat", seat: seated.seats[0]!.seat });
  });

  it("who may replay: everyone where spectators may watch; else only the GM and those who sat at it", () => {
    expect(mayReplay(seated, "rey", false, true)).toBe(true);
    expect(mayReplay(seated, "rey", false, false)).toBe(false);
    expect(mayReplay(seated, "player2", false, false)).toBe(true);
    expect(mayReplay(seated, "gm", true, false)).toBe(true);
  });
});
