/**
 * The host's replay request: a seated player gets each step only as their seat saw it (another seat's
 * hidden hand and private rolls never appear in the reply), a user who held no seat is refused, the GM gets all.
 */
import { describe, expect, it } from "vitest";
import { games } from "../../src/games";
import { eventFor } from "../../src/rules/core";
import type { SuperSimplifiedState, SuperSimplifiedView } from "../../src/rules/sabacc/super-simplified";
import { TableClient } from "../../src/table/client";
import { Errors, type HostReply } from "../../src/table/protocol";
import { replaySteps } from "../../src/table/record-file";
import type { ViewedReplay } from "../../src/table/replay-view";
import { MemoryStore, type TableRecord } from "../../src/table/store";
import { botRecord } from "../helpers/replay-record";
import { startMemoryHost } from "../helpers/memory-host";

const SABACC = "sabacc-super-simplified";
const USERS = ["gm", "alice", "bob", "dave"];

/** A finished three-seat match that ended in a show, alice at s1, bob at s2, a bot at s3. */
function finishedMatch(): TableRecord {
  for (let seed = 1; seed < 200; seed++) {
    const record = botRecord(SABACC, seed);
    const last = record.state as SuperSimplifiedState;
    if (last.shown.length < 2) continue;
    const seats = record.seats.map((s, i) =>
      i < 2 ? { ...s, kind: "person" as const, userId: i === 0 ? "alice" : "bob", name: i === 0 ? "Alice" : "Bob" } : s,
    );
    return { ...record, id: "t1", seats };
  }
  throw new Error("no seed gave a show");
}

async function hostWith(records: readonly TableRecord[], archived: readonly TableRecord[] = []) {
  const store = new MemoryStore();
  for (const r of records) store.tables.set(r.id, JSON.stringify(r));
  const { network } = await startMemoryHost({
    users: USERS,
    store,
    random: { die: () => 1 } as never,
    readArchive: async (id) => archived.find((r) => r.id === id) ?? null,
  });
  const client = (user: string) => new TableClient(network.client(user));
  return { client };
}

function replayOf(reply: HostReply): ViewedReplay {
  if (!reply.ok || !reply.replay) throw new Error(JSON.stringify(reply));
  return reply.replay;
}

describe("the replay request", () => {
  it("gives a seated player every step as their seat saw it: no other seat's hidden hand or private roll", async () => {
    const record = finishedMatch();
    const truth = replaySteps(record, games);
    if (!truth.ok) throw new Error(truth.error.code);
    const { client } = await hostWith([record]);
    const reply = await client("alice").replay("t1");
    const replay = replayOf(reply);
    expect(replay.viewer).toEqual({ role: "seat", seat: "s1" });
    expect(replay.steps).toHaveLength(truth.steps.length);
    let hiddenChecked = 0;
    for (const [i, step] of replay.steps.entries()) {
      const state = truth.steps[i]?.state as SuperSimplifiedState;
      for (const seat of (step.view as SuperSimplifiedView).seats) {
        if (seat.seat === "s1" || state.shown.includes(seat.seat)) continue;
        expect(seat.hand, `step ${i}: ${seat.seat}'s hand`).toBeNull();
        if (state.hands[seat.seat] !== null) hiddenChecked++;
      }
      for (const event of step.events) {
        if ("audience" in event && event.audience)
          expect(event.audience, `step ${i}: a private ${event.kind}`).toContain("s1");
        if (event.kind === "hidden-roll") expect(event).not.toHaveProperty("dice");
      }
      // Exactly what eventFor lets alice see: nothing more.
      const allowed = (truth.steps[i]?.events ?? []).flatMap((e) => eventFor(e, { role: "seat", seat: "s1" }) ?? []);
      expect(step.events).toEqual(allowed);
    }
    expect(hiddenChecked).toBeGreaterThan(0);
    // Nothing of the record itself travels: no log, no state, no moves.
    const text = JSON.stringify(reply);
    for (const key of ['"log"', '"state"', '"move"', '"options"']) expect(text).not.toContain(key);
  });

  it("refuses a user who held no seat at the table, and an unknown table", async () => {
    const { client } = await hostWith([finishedMatch()]);
    expect(await client("dave").replay("t1")).toEqual({ ok: false, error: { code: Errors.notSeated } });
    expect(await client("gm").replay("nope")).toEqual({ ok: false, error: { code: Errors.unknownTable } });
  });

  it("refuses a table whose match is not over", async () => {
    const record = finishedMatch();
    const { finishedAt: _f, ...unfinished } = record;
    const { client } = await hostWith([{ ...unfinished, id: "t2" }]);
    expect(await client("alice").replay("t2")).toEqual({ ok: false, error: { code: Errors.notFinished } });
  });

  it("gives the GM every hand at every step, from an archived table too", async () => {
    const record = finishedMatch();
    const truth = replaySteps(record, games);
    if (!truth.ok) throw new Error(truth.error.code);
    const { state: _s, ...archived } = record;
    const { client } = await hostWith([], [{ ...archived, state: undefined } as TableRecord]);
    const replay = replayOf(await client("gm").replay("t1"));
    expect(replay.viewer).toEqual({ role: "gm" });
    for (const [i, step] of replay.steps.entries()) {
      const state = truth.steps[i]?.state as SuperSimplifiedState;
      for (const seat of (step.view as SuperSimplifiedView).seats) expect(seat.hand).toBe(state.hands[seat.seat]);
      expect(step.events).toEqual(truth.steps[i]?.events);
    }
  });
});
