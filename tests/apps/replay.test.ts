/** The replay model (views and chat per step and viewer) and the record file's export and import checks. */
import { describe, expect, it } from "vitest";
import en from "../../lang/en.json";
import { dictionaryLocalizer } from "../../src/apps/core/i18n";
import { createRenderer } from "../../src/standalone/render";
import { type Replay, viewedChat, viewedUpdate, viewerOf } from "../../src/apps/replay/model";
import { viewedWindowContext } from "../../src/apps/replay/context";
import { apps, chatNamers, games } from "../../src/games";
import type { GameEvent, Viewer } from "../../src/rules/core";
import type { SuperSimplifiedState, SuperSimplifiedView } from "../../src/rules/sabacc/super-simplified";
import { type ReplayRecord, RecordErrors, exportRecord, importRecord, replaySteps } from "../../src/table/record-file";
import { matchSummary } from "../../src/table/match-summary";
import { botRecord, viewedAs } from "../helpers/replay-record";

const i18n = dictionaryLocalizer(en);
// The templates as the standalone page renders them (Foundry's `localize` helper).
const render = createRenderer(i18n);

const SABACC = "sabacc-super-simplified";

function replayOf(record: ReplayRecord): Replay {
  const r = replaySteps(record, games);
  if (!r.ok) throw new Error(r.error.code);
  return { record, game: r.game, steps: r.steps };
}

/** The game's window parts drawn from the step's update, as the replay window draws them. */
function html(replay: Replay, index: number, viewer: Viewer): string {
  const app = apps[replay.record.gameId];
  if (!app) throw new Error("no app");
  const context = app.context(viewedUpdate(viewedAs(replay, viewer), index));
  return Object.values(app.parts)
    .map((p) => render(p, context))
    .join("");
}

/** A Sabacc record whose match ended with a show (hands revealed) and one step before the show. */
function sabaccWithShow(): { replay: Replay; beforeShow: number } {
  for (let seed = 1; seed < 200; seed++) {
    const replay = replayOf(botRecord(SABACC, seed));
    const last = replay.steps[replay.steps.length - 1]?.state as SuperSimplifiedState;
    if (last.shown.length < 2) continue;
    // The last step at which every seat holds a hand and nothing is shown yet.
    const beforeShow = replay.steps.reduce((found, s, i) => {
      const st = s.state as SuperSimplifiedState;
      return st.shown.length === 0 && st.seats.every((seat) => st.hands[seat] !== null) ? i : found;
    }, -1);
    if (beforeShow > 0) return { replay, beforeShow };
  }
  throw new Error("no seed gave a show");
}

describe("replay model", () => {
  it("has the setup and one step per move", () => {
    const record = botRecord(SABACC, 3);
    const replay = replayOf(record);
    expect(replay.steps).toHaveLength(record.log.length);
    expect(replay.steps[0]?.seat).toBeNull();
    expect(viewedUpdate(viewedAs(replay, { role: "gm" }), replay.steps.length - 1).table.over).toBe(true);
    expect(viewedUpdate(viewedAs(replay, { role: "gm" }), 0).legalMoves).toEqual([]);
  });

  it("Sabacc: before the show a player sees only their own hand, the GM every hand", () => {
    const { replay, beforeShow } = sabaccWithShow();
    const state = replay.steps[beforeShow]?.state as SuperSimplifiedState;
    const player = viewedUpdate(viewedAs(replay, { role: "seat", seat: "s1" }), beforeShow).view as SuperSimplifiedView;
    for (const seat of player.seats) expect(seat.hand).toBe(seat.seat === "s1" ? state.hands.s1 : null);
    const gm = viewedUpdate(viewedAs(replay, { role: "gm" }), beforeShow).view as SuperSimplifiedView;
    for (const seat of gm.seats) expect(seat.hand).toBe(state.hands[seat.seat]);
    // The drawn window: the others' hands are hidden marks; the GM's has none hidden.
    const playerHtml = html(replay, beforeShow, { role: "seat", seat: "s1" });
    expect(playerHtml.match(/data-hand="hidden"/g)).toHaveLength(2);
    expect(html(replay, beforeShow, { role: "gm" })).not.toContain('data-hand="hidden"');
    const spectatorHtml = html(replay, beforeShow, { role: "spectator" });
    expect(spectatorHtml.match(/data-hand="hidden"/g)).toHaveLength(3);
  });

  it("Sabacc: after the show everyone sees the shown hands", () => {
    const { replay } = sabaccWithShow();
    const end = replay.steps.length - 1;
    const state = replay.steps[end]?.state as SuperSimplifiedState;
    const view = viewedUpdate(viewedAs(replay, { role: "spectator" }), end).view as SuperSimplifiedView;
    for (const seat of view.seats)
      expect(seat.hand).toBe(state.shown.includes(seat.seat) ? state.hands[seat.seat] : null);
  });

  it("Sabacc: a player's chat shows others' hand rolls as hidden rolls, the GM's shows the dice", () => {
    const { replay } = sabaccWithShow();
    const rollStep = replay.steps.findIndex(
      (s) => s.seat === "s2" && s.events.some((e) => e.kind === "roll" && e.audience !== undefined),
    );
    expect(rollStep).toBeGreaterThan(0);
    const mine = viewedChat(viewedAs(replay, { role: "seat", seat: "s1" }), rollStep, i18n, chatNamers);
    expect(mine.some((l) => l.dice !== undefined)).toBe(false);
    expect(mine.some((l) => l.private)).toBe(true);
    const gm = viewedChat(viewedAs(replay, { role: "gm" }), rollStep, i18n, chatNamers);
    expect(gm.some((l) => l.dice !== undefined)).toBe(true);
    const own = viewedChat(viewedAs(replay, { role: "seat", seat: "s2" }), rollStep, i18n, chatNamers);
    expect(own.some((l) => l.dice !== undefined)).toBe(true);
  });

  it("a user replays as the seat they held, the GM as the GM, others as spectators", () => {
    const record = { ...botRecord(SABACC, 3) };
    const seats = record.seats.map((s, i) => (i === 1 ? { ...s, kind: "person" as const, userId: "u2" } : s));
    expect(viewerOf({ ...record, seats }, "u2", false)).toEqual({ role: "seat", seat: "s2" });
    expect(viewerOf({ ...record, seats }, "u9", false)).toEqual({ role: "spectator" });
    expect(viewerOf({ ...record, seats }, "u2", true)).toEqual({ role: "gm" });
  });

  it("Ulwan replays to its end", () => {
    const replay = replayOf(botRecord("ulwan", 5, 2, "greedy"));
    const end = viewedUpdate(viewedAs(replay, { role: "seat", seat: "s1" }), replay.steps.length - 1);
    expect(end.table.over).toBe(true);
    expect(html(replay, replay.steps.length - 1, { role: "seat", seat: "s1" })).toContain("cantina");
  });
});

describe("replay window context", () => {
  it("names the step, the viewers the GM may choose, the speeds, and the step's chat lines", () => {
    const replay = replayOf(botRecord(SABACC, 3));
    const gm = viewedAs(replay, { role: "gm" });
    const state = {
      index: 0,
      playing: false,
      speedMs: 1000,
      chooseViewer: true,
      canExport: true,
    };
    const ctx = viewedWindowContext(gm, state, i18n, chatNamers, "Sabacc", "<p>board</p>");
    expect(ctx.caption).toBe("Setup");
    expect(ctx.atStart).toBe(true);
    expect(ctx.atEnd).toBe(false);
    expect(ctx.last).toBe(replay.steps.length - 1);
    expect((ctx.viewers as { key: string; selected: boolean }[]).map((v) => v.key)).toEqual([
      "gm",
      "seat:s1",
      "seat:s2",
      "seat:s3",
      "spectator",
    ]);
    expect((ctx.speeds as { selected: boolean }[]).filter((s) => s.selected)).toHaveLength(1);
    const moved = replay.steps.findIndex((s) => s.seat === "s2");
    expect(viewedWindowContext(gm, { ...state, index: moved }, i18n, chatNamers, "S", "").caption).toBe("Bot 2 moves");
    const end = viewedWindowContext(gm, { ...state, index: replay.steps.length - 1 }, i18n, chatNamers, "S", "");
    expect(end.atEnd).toBe(true);
  });
});

describe("record file", () => {
  it("round-trips: an exported record imports to the same steps and final state", () => {
    const record = botRecord(SABACC, 7);
    const imported = importRecord(exportRecord(record), games);
    expect(imported.ok).toBe(true);
    if (!imported.ok) return;
    expect(imported.steps).toHaveLength(record.log.length);
    expect(imported.steps[imported.steps.length - 1]?.state).toEqual(record.state);
    expect(imported.record.log).toEqual(record.log);
  });

  it("keeps the state in a record given with one and checks it", () => {
    const record = botRecord("ulwan", 2, 2, "greedy");
    const file = JSON.parse(exportRecord(record)) as { record: Record<string, unknown> };
    file.record.state = record.state;
    expect(importRecord(JSON.stringify(file), games).ok).toBe(true);
    file.record.state = { ...(record.state as object), turn: 99 };
    expect(importRecord(JSON.stringify(file), games)).toMatchObject({
      ok: false,
      error: { code: "CANTINA.Replay.Error.FinalState" },
    });
  });

  it("keeps the host's match-summary lines after the rules' last events, refuses a forged one and any other added line", () => {
    const record = botRecord(SABACC, 2);
    const withLines = (...extra: GameEvent[]): string => {
      const log = record.log.map((e, i) =>
        i === record.log.length - 1 ? { ...e, events: [...e.events, ...extra] } : e,
      );
      return exportRecord({ ...record, log });
    };
    // The summary this record's own seats, purses (none here) and result give: kept.
    const result = games[SABACC]!.status(record.state).result!;
    const summary = matchSummary(record.seats, {}, result);
    const imported = importRecord(withLines(...summary), games);
    expect(imported.ok).toBe(true);
    if (imported.ok) expect(imported.steps[imported.steps.length - 1]?.events.slice(-summary.length)).toEqual(summary);
    // A summary line the replay does not give (tests/table/record-file.test.ts has a host's record).
    const forged: GameEvent = {
      kind: "notice",
      key: "CANTINA.Money.Summary",
      params: { winners: "s1", nets: "Han +10" },
    };
    expect(importRecord(withLines(forged), games)).toMatchObject({
      ok: false,
      error: { code: RecordErrors.moneyLines },
    });
    const other: GameEvent = { kind: "notice", key: "CANTINA.Sabacc.Log.Win", params: {} };
    expect(importRecord(withLines(other), games)).toMatchObject({ ok: false, error: { code: RecordErrors.mismatch } });
  });

  it("refuses a file that is not JSON or not a record", () => {
    expect(importRecord("{nope", games)).toMatchObject({ ok: false, error: { code: "CANTINA.Replay.Error.NotJson" } });
    expect(importRecord("{}", games)).toMatchObject({ ok: false, error: { code: "CANTINA.Replay.Error.Format" } });
  });

  it("refuses another format version", () => {
    const file = JSON.parse(exportRecord(botRecord(SABACC, 1))) as Record<string, unknown>;
    file.version = 2;
    expect(importRecord(JSON.stringify(file), games)).toMatchObject({
      ok: false,
      error: { code: "CANTINA.Replay.Error.Version", params: { version: "2" } },
    });
  });

  it("refuses an unknown game", () => {
    const file = JSON.parse(exportRecord(botRecord(SABACC, 1))) as { record: Record<string, unknown> };
    file.record.gameId = "pazaak";
    expect(importRecord(JSON.stringify(file), games)).toMatchObject({
      ok: false,
      error: { code: "CANTINA.Replay.Error.UnknownGame", params: { game: "pazaak" } },
    });
  });

  it("refuses a tampered move, naming its step", () => {
    const record = botRecord("ulwan", 4, 2, "greedy");
    const file = JSON.parse(exportRecord(record)) as { record: { log: { move: unknown }[] } };
    const step = 3;
    const entry = file.record.log[step];
    if (!entry) throw new Error("short game");
    entry.move = { type: "no-such-move" };
    expect(importRecord(JSON.stringify(file), games)).toMatchObject({
      ok: false,
      error: { code: "CANTINA.Replay.Error.MoveRefused", params: { step } },
    });
  });

  it("refuses tampered dice (the events no longer match what was recorded)", () => {
    const record = botRecord(SABACC, 9);
    const file = JSON.parse(exportRecord(record)) as { record: { log: { dice: number[] }[] } };
    const step = file.record.log.findIndex((e, i) => i > 0 && e.dice.length > 0);
    const entry = file.record.log[step];
    if (!entry) throw new Error("no dice");
    entry.dice = entry.dice.map((d) => (d === 1 ? 2 : 1));
    const result = importRecord(JSON.stringify(file), games);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.params?.step).toBe(step);
  });

  it("refuses a record whose game did not end", () => {
    const record = botRecord("ulwan", 4, 2, "greedy");
    const file = JSON.parse(exportRecord(record)) as { record: { log: unknown[] } };
    file.record.log = file.record.log.slice(0, 5);
    expect(importRecord(JSON.stringify(file), games)).toMatchObject({
      ok: false,
      error: { code: "CANTINA.Replay.Error.Unfinished" },
    });
  });

  it("every refusal has an English text", () => {
    for (const code of Object.values(RecordErrors)) expect(i18n.localize(code)).not.toBe(code);
  });
});
