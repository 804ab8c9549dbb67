/**
 * A replay reply's padding bound (public-size.ts `replyBound`): the same for every viewer of a table
 * (it depends on the game and the step count only) and never below what the reply holds.
 */
import { describe, expect, it } from "vitest";
import { paddedSize } from "../../src/foundry/crypto";
import { replyBound } from "../../src/foundry/public-size";
import { games } from "../../src/games";
import type { Viewer } from "../../src/rules/core";
import { replaySteps } from "../../src/table/record-file";
import { viewReplay } from "../../src/table/replay-view";
import { botRecord } from "../helpers/replay-record";

describe("a replay reply's size", () => {
  for (const [gameId, seats] of [
    ["sabacc-super-simplified", 3],
    ["sabacc-true", 3],
    ["ulwan", 2],
  ] as const)
    it(`${gameId}: every viewer's reply is padded to the same bucket, which holds it`, () => {
      for (const seed of gameId === "ulwan" ? [1] : [1, 2, 3]) {
        const record = botRecord(gameId, seed, seats);
        const replayed = replaySteps(record, games);
        if (!replayed.ok) throw new Error(replayed.error.code);
        const viewers: Viewer[] = [{ role: "gm" }, { role: "seat", seat: "s1" }, { role: "seat", seat: "s2" }];
        const buckets = viewers.map((viewer) => {
          const reply = { ok: true as const, replay: viewReplay(record, replayed.game, replayed.steps, viewer) };
          const bound = replyBound(reply);
          expect(JSON.stringify(reply).length).toBeLessThanOrEqual(bound);
          return paddedSize(bound);
        });
        expect(new Set(buckets).size).toBe(1);
      }
    });
});
