/**
 * "Moves as a list" in the unequal-forces windows (as the Ulwan family has): every legal move once, in
 * the notation of docs/rules/unequal-forces.md, each button sending the very move the board would.
 */
import { describe, expect, it } from "vitest";
import en from "../../lang/en.json";
import de from "../../lang/de.json";
import { apps, games } from "../../src/games";
import { dictionaryLocalizer } from "../../src/apps/core/i18n";
import { createRenderer } from "../../src/standalone/render";
import type { ActionInput } from "../../src/apps/core/types";
import { type AnyGame, SeededRandom } from "../../src/rules/core";
import { SEATS, type UnequalMatch, startMatch, toAct, updateFor } from "../helpers/unequal-match";

const render = createRenderer(dictionaryLocalizer(en));
const renderDe = createRenderer(dictionaryLocalizer(de));
type M = UnequalMatch;

/** The list's buttons as rendered: their board click and their text. */
function buttons(html: string): { from: string; to: string; text: string }[] {
  const list = /<details class="cantina-unequal-movelist"[^]*?<\/details>/.exec(html)?.[0] ?? "";
  return [...list.matchAll(/data-action="board-move" data-from="([^"]*)" data-to="([^"]*)">([^<]*)<\/button>/g)].map(
    (m) => ({ from: m[1]!, to: m[2]!, text: m[3]! }),
  );
}

const controls = (id: string, s: M, seat: string | null, r = render): string =>
  r("unequal/controls.hbs", apps[id]!.context(updateFor(id, s, seat)));

/** Presses the list's button `b` as the player to act: the move the window sends, applied. */
function press(id: string, s: M, b: { from: string; to: string }, fields: Record<string, string> = {}): M {
  const seat = toAct(s);
  const result = apps[id]!.actions["board-move"]!(
    { data: { from: b.from, to: b.to }, fields } as ActionInput,
    updateFor(id, s, seat),
  );
  if (!("move" in result)) throw new Error(`${JSON.stringify(b)}: ${JSON.stringify(result)}`);
  const r = (games[id] as AnyGame).apply(s, seat, result.move, new SeededRandom(2));
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.state as M;
}

describe("the unequal-forces games list their moves as buttons", () => {
  it("Takat: one button per legal move, in hex numbers; each one plays its move; none for the waiting side", () => {
    let s = startMatch("takat");
    const first = buttons(controls("takat", s, toAct(s)));
    expect(first.length).toBe(games.takat!.legalMoves(s, toAct(s)).length);
    expect(first[0]).toMatchObject({ from: "reserve-0", text: expect.stringMatching(/^Reserve → hex \d$/) });
    s = press("takat", s, first[0]!);
    s = press("takat", s, buttons(controls("takat", s, toAct(s)))[0]!);
    const moves = buttons(controls("takat", s, toAct(s)));
    expect(moves.some((b) => /^Hex \d → hex \d$/.test(b.text))).toBe(true);
    // The side that waits and a spectator get no list (they have no moves).
    const waiting = SEATS.find((x) => x !== toAct(s))!;
    expect(buttons(controls("takat", s, waiting))).toEqual([]);
    expect(buttons(controls("takat", s, null))).toEqual([]);
    expect(controls("takat", s, toAct(s), renderDe)).toContain("Züge als Liste");
  });

  it("Por'rika: the setup's placements by kind, then each piece's moves as 'Kind from → to' in triangle keys", () => {
    let s = startMatch("porrika");
    const setup = buttons(controls("porrika", s, toAct(s)));
    // Triangles as a player reads them (issue 33): square and side in words, never the id "0,1,n".
    expect(setup.map((b) => b.text)).toContain("Egg Carrier → a2, north triangle");
    expect(setup.map((b) => b.text)).toContain("Guardian → a2, north triangle");
    expect(buttons(controls("porrika", s, toAct(s), renderDe)).map((b) => b.text)).toContain(
      "Eierträger → a2, Norddreieck",
    );
    for (let i = 0; i < 6; i++) {
      const list = buttons(controls("porrika", s, toAct(s)));
      s = press(
        "porrika",
        s,
        list.find((b) => b.from === (i < 2 ? "tray-egg" : "tray-guardian"))!,
      );
    }
    const play = buttons(controls("porrika", s, toAct(s)));
    expect(play.length).toBeGreaterThan(0);
    for (const b of play)
      expect(b.text).toMatch(
        /^(Egg Carrier|Guardian|Ser'ra) [a-z]\d+, (north|east|south|west) triangle → [a-z]\d+, (north|east|south|west) triangle$/,
      );
    const before = s.inner.moves;
    s = press("porrika", s, play[0]!);
    expect(s.inner.moves).toBe(before + 1);
  });

  it("Defiance and Domain: one button per square (the facing is the chosen one), the chosen facing sent", () => {
    const s = startMatch("defiance-and-domain");
    const seat = toAct(s);
    const legal = games["defiance-and-domain"]!.legalMoves(s, seat) as { type: string; square?: number }[];
    const squares = new Set(legal.filter((m) => m.type === "place").map((m) => m.square));
    const list = buttons(controls("defiance-and-domain", s, seat));
    expect(list).toHaveLength(squares.size);
    expect(list[0]!.text).toMatch(/^Counter → square [a-z]\d+ \(facing as chosen\)$/);
    const after = press("defiance-and-domain", s, list[0]!, { facing: "2" });
    const [x, y] = list[0]!.to.split(",").map(Number);
    // A counter of the side to act (r: Rebel) facing direction 2, as chosen in the radio group.
    const placed = (after.inner as unknown as { cells: readonly string[] }).cells[y! * 10 + x!];
    expect(placed?.slice(1)).toBe("2");
    expect(after.inner.moves).toBe(s.inner.moves + 1);
  });
});
