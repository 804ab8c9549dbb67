/**
 * Takat writes every move to chat (issue 27): each enter and each move gives one notice naming the
 * mover (a seat, named by chat), the hexes and the stack's new height; a record made before these
 * lines existed still replays and imports, and one with a forged line is still refused.
 */
import { describe, expect, it } from "vitest";
import en from "../../../lang/en.json";
import { chatEntry } from "../../../src/apps/core/chat";
import { dictionaryLocalizer } from "../../../src/apps/core/i18n";
import { games } from "../../../src/games";
import { SeededRandom } from "../../../src/rules/core";
import { TAKAT_NOTICES, type TakatState, takat } from "../../../src/rules/unequal/takat";
import { RecordErrors, exportRecord, importRecord, replaySteps } from "../../../src/table/record-file";
import { botRecord } from "../../helpers/replay-record";

const SEATS = ["white", "black"];
const i18n = dictionaryLocalizer(en);

function setUp(): TakatState {
  const r = takat.setup(SEATS, takat.defaultOptions(), new SeededRandom(1));
  if (!r.ok) throw new Error(r.error.code);
  return r.state;
}

describe("Takat: every move in chat", () => {
  it("an entry and a stacking move each give one line: who, which hexes, how high the stack is now", () => {
    const s0 = setUp();
    const a = takat.apply(s0, "white", { type: "enter", to: 1 }, new SeededRandom(2));
    if (!a.ok) throw new Error(a.error.code);
    expect(a.events).toEqual([
      { kind: "notice", key: TAKAT_NOTICES.enter, params: { seat: "white", to: 1 }, seat: "white" },
    ]);
    const b = takat.apply(a.state, "black", { type: "enter", to: 2 }, new SeededRandom(2));
    if (!b.ok) throw new Error(b.error.code);
    const c = takat.apply(b.state, "white", { type: "move", from: 1, to: 2 }, new SeededRandom(2));
    if (!c.ok) throw new Error(c.error.code);
    const names = { white: "Ana", black: "Bo" };
    expect(c.events.map((e) => chatEntry(e, names, i18n).text)).toEqual([
      "Ana moves the top disc from hex 1 to hex 2 (now 2 high).",
    ]);
    expect(chatEntry(b.events[0]!, names, i18n).text).toBe("Bo enters a disc on hex 2.");
  });

  it("a refused move gives no line and changes nothing", () => {
    const s0 = setUp();
    const r = takat.apply(s0, "white", { type: "enter", to: 0 }, new SeededRandom(2));
    expect(r.ok).toBe(false);
  });

  it("a record made before the move lines (its steps without them) still replays and imports", () => {
    const record = botRecord("takat", 4, 2);
    expect(record.log.slice(1).every((e) => e.events.some((ev) => ev.kind === "notice"))).toBe(true);
    const old = {
      ...record,
      log: record.log.map((e) => ({
        ...e,
        events: e.events.filter((ev) => !(ev.kind === "notice" && ev.key.startsWith("CANTINA.Unequal.Takat.Chat."))),
      })),
    };
    const replayed = replaySteps(old, games);
    expect(replayed.ok, JSON.stringify(replayed)).toBe(true);
    expect(importRecord(exportRecord(old), games).ok).toBe(true);
    expect(importRecord(exportRecord(record), games).ok).toBe(true);
  });

  it("a record with an edited move line is still refused at that step", () => {
    const record = botRecord("takat", 4, 2);
    const forged = {
      ...record,
      log: record.log.map((e, i) =>
        i !== 2
          ? e
          : {
              ...e,
              events: e.events.map((ev) => (ev.kind === "notice" ? { ...ev, params: { ...ev.params, to: 6 } } : ev)),
            },
      ),
    };
    expect(replaySteps(forged, games)).toMatchObject({
      ok: false,
      error: { code: RecordErrors.mismatch, params: { step: 2 } },
    });
  });
});
