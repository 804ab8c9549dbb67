/**
 * The measurement behind each game's `sizes` (src/games/<family>.ts): random and bot matches of every
 * game at its longest options, every step seen by every viewer. It prints the largest push (view,
 * the legal moves of the seat to act, the step's events), replay step, state and log entry, each
 * less what the game's declared `growth` allows at that version, and fails if any passes its bound.
 * The unit test (tests/foundry/replay-pages.test.ts) checks one long match of each game.
 */
import { describe, expect, it } from "vitest";
import { bots, games, sizes } from "../../src/games";
import { eventFor } from "../../src/rules/core";
import { replaySteps } from "../../src/table/record-file";
import { jsonBytes, longRecord, viewersOf } from "../helpers/long-record";
import { soakCount } from "./counts";

const LONGEST: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  hununga: { target: 9, maxTurns: 2000 },
  "defiance-and-domain": { maxMoves: 5000, paired: true, repetitionDraw: false },
  porrika: { maxMoves: 5000, paired: true, repetitionDraw: false },
  takat: { maxMoves: 5000, paired: true, repetitionDraw: false },
  "ubongo-solo": { mode: "count", puzzles: 20 },
};

/** What a push holds beside its table summary, view, legal moves and events: a countdown, a stopwatch. */
const PUSH_CLOCKS = 160;

describe("each game's measured sizes hold over long random and bot matches", () => {
  it.each(Object.keys(games))("%s", (gameId) => {
    const game = games[gameId]!;
    const profile = sizes[gameId];
    const seats = Math.min(game.maxSeats, Math.max(2, game.minSeats, gameId.startsWith("sabacc") ? 3 : 0));
    const levels = Object.keys(bots[gameId] ?? {});
    // Ubongo's players only solve as bots; the others also play at random.
    const players = gameId.startsWith("ubongo") ? levels : [undefined, ...levels.filter((l) => l !== "strong")];
    const most = { push: 0, step: 0, state: 0, entry: 0, steps: 0 };
    for (const bot of players)
      for (let seed = 1; seed <= soakCount(6, "SOAK_GAMES"); seed++) {
        const options = LONGEST[gameId] ?? {};
        const record = longRecord({ gameId, seed, seats, options, ...(bot ? { bot } : {}) });
        const replayed = replaySteps(record, games);
        if (!replayed.ok) throw new Error(replayed.error.code);
        most.steps = Math.max(most.steps, record.log.length);
        replayed.steps.forEach((step, i) => {
          const grown = (profile?.growth ?? 0) * i;
          const status = game.status(step.state);
          most.state = Math.max(most.state, jsonBytes(step.state) - grown);
          if (i > 0) most.entry = Math.max(most.entry, jsonBytes(record.log[i]));
          for (const viewer of viewersOf(record)) {
            const view = game.view(step.state, viewer);
            const events = step.events.flatMap((e) => eventFor(e, viewer) ?? []);
            const acting = viewer.role === "seat" && status.toAct.includes(viewer.seat);
            const legal = acting ? game.legalMoves(step.state, viewer.seat) : [];
            // The push as the host builds it (TableUpdate), its clocks apart.
            const push = {
              type: "table",
              table: {
                id: record.id,
                gameId,
                eventId: record.eventId,
                seats: record.seats,
                version: i,
                over: status.over,
                toAct: status.toAct,
                createdAt: Date.now(),
              },
              seat: viewer.role === "seat" ? viewer.seat : null,
              view,
              legalMoves: legal,
              events: events.map((event) => ({ version: i, event })),
              full: false,
            };
            most.push = Math.max(most.push, jsonBytes(push) + PUSH_CLOCKS - grown);
            const shown = { seat: step.seat, view, over: status.over, toAct: status.toAct, events };
            most.step = Math.max(most.step, jsonBytes(shown) - grown);
          }
        });
      }
    console.log(gameId, JSON.stringify(most), JSON.stringify(profile ?? "no sizes"));
    expect(profile, `${gameId} declares its sizes`).toBeDefined();
    if (!profile) return;
    expect(most.push).toBeLessThanOrEqual(profile.view);
    expect(most.step).toBeLessThanOrEqual(profile.step ?? profile.view + profile.perShown);
    expect(most.entry).toBeLessThanOrEqual(profile.perMove);
  });
});
