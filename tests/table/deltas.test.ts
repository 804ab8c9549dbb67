/**
 * A host that sends deltas (issue 25, "Cost per move"): each user is sent what changed in their own
 * view against the update they hold; their TableClient ends up with exactly what whole updates
 * would give (tables and chat, for a seated player, a spectator and the GM); a lost delta or one
 * against a base the client does not hold makes it ask for that one table whole, once.
 */
import { describe, expect, it } from "vitest";
import { bots, games } from "../../src/games";
import { SeededRandom } from "../../src/rules/core";
import { TableClient } from "../../src/table/client";
import { TableHost } from "../../src/table/host";
import type { HostMessage, TableUpdate } from "../../src/table/protocol";
import { MemoryStore } from "../../src/table/store";
import { type HostTransport, MemoryNetwork } from "../../src/table/transport";
import { countingIds } from "../helpers/memory-host";

const USERS = ["gm", "alice", "bob", "carol"];

/** A host over a new network whose pushes pass `drop` first (true: the push is lost on the way). */
async function world(deltas: boolean, drop: (to: string, m: HostMessage) => boolean = () => false) {
  const network = new MemoryNetwork();
  const inner = network.host();
  const transport: HostTransport = {
    serve: (handler) => inner.serve(handler),
    send: (to, message) => {
      if (!drop(to, message)) inner.send(to, message);
    },
  };
  const host = await TableHost.start({
    games,
    bots,
    transport,
    store: new MemoryStore(),
    hostUser: "gm",
    isGM: (u) => u === "gm",
    users: () => USERS,
    allowSpectators: () => true,
    random: new SeededRandom(11),
    now: () => 5_000,
    newId: countingIds(),
    botDelayMs: 0,
    deltas,
  });
  const clients = Object.fromEntries(USERS.map((u) => [u, new TableClient(network.client(u), () => 5_000)]));
  return { host, network, clients: clients as Record<string, TableClient> };
}

type World = Awaited<ReturnType<typeof world>>;

/** What a client holds, without the revs (only a delta host numbers its updates). */
function held(client: TableClient) {
  const tables = [...client.tables.values()].map(({ rev: _rev, ...rest }: TableUpdate) => rest);
  return JSON.parse(JSON.stringify({ tables, chat: client.chat })) as {
    tables: typeof tables;
    chat: typeof client.chat;
  };
}

/** Alice and Bob play their first legal move in turn, `moves` moves in all, at a new table (no bot: no timer). */
async function play(w: World, gameId: string, moves: number, each: (i: number) => Promise<void> = async () => {}) {
  const created = await w.clients.gm!.create({
    gameId,
    seats: [
      { kind: "person", userId: "alice", name: "Alice" },
      { kind: "person", userId: "bob", name: "Bob" },
    ],
    options: games[gameId]!.defaultOptions(),
  });
  const tableId = (created as { tableId: string }).tableId;
  for (let i = 0; i < moves; i++) {
    const mover = ["alice", "bob"]
      .map((u) => w.clients[u]!)
      .find((c) => {
        const update = c.tables.get(tableId);
        return update && !update.table.over && update.seat !== null && update.table.toAct.includes(update.seat);
      });
    const move = mover?.tables.get(tableId)?.legalMoves[0];
    if (!mover || move === undefined) break;
    await mover.move(tableId, move);
    await w.host.idle();
    await each(i);
  }
  return tableId;
}

const bytes = (w: World, type: string) =>
  w.network.sent.filter((s) => s.message.type === type).reduce((n, s) => n + JSON.stringify(s.message).length, 0);

describe("updates sent as deltas", () => {
  for (const gameId of ["ulwan", "sabacc-true"])
    it(`${gameId}: after every move each client holds what whole updates give, for far fewer bytes`, async () => {
      const whole = await world(false);
      const delta = await world(true);
      const snapshots: unknown[] = [];
      await play(whole, gameId, 12, async () => void snapshots.push(USERS.map((u) => held(whole.clients[u]!))));
      await play(delta, gameId, 12, async (i) => {
        expect(
          USERS.map((u) => held(delta.clients[u]!)),
          `after move ${i + 1}`,
        ).toEqual(snapshots[i]);
      });
      expect(snapshots.length).toBeGreaterThan(3);
      const deltas = delta.network.sent.filter((s) => s.message.type === "table-delta");
      expect(new Set(deltas.map((s) => s.to))).toEqual(new Set(USERS));
      expect(bytes(delta, "table") + bytes(delta, "table-delta")).toBeLessThan(bytes(whole, "table") / 2);
      // Nobody asked for a table again: every delta applied.
      expect(delta.network.requests.filter((r) => (r.request as { type: string }).type === "sync")).toEqual([]);
    });

  it("a lost delta: that client asks for the table whole, once, and is in step again", async () => {
    let lose = 0;
    const whole = await world(false);
    const w = await world(true, (to, m) => to === "carol" && m.type === "table-delta" && lose-- > 0);
    const snapshots: unknown[] = [];
    await play(whole, "ulwan", 6, async () => void snapshots.push(held(whole.clients.carol!)));
    const tableId = await play(w, "ulwan", 6, async (i) => {
      if (i === 2) lose = 1;
      // Found at the next push (move 5), and in step again: the same picture and chat (the table came whole: `full`, every event).
      const picture = (h: ReturnType<typeof held>) => ({
        chat: h.chat,
        tables: h.tables.map(({ full: _, events: __, ...t }) => t),
      });
      if (i >= 4)
        expect(picture(held(w.clients.carol!)), `after move ${i + 1}`).toEqual(
          picture(snapshots[i] as ReturnType<typeof held>),
        );
    });
    const syncs = w.network.requests.filter((r) => (r.request as { type: string }).type === "sync");
    expect(syncs).toEqual([{ from: "carol", request: { type: "sync", tableId } }]);
  });

  it("a delta against a base this client does not hold (another host's) is not applied: the table is asked for whole", async () => {
    const w = await world(true);
    const tableId = await play(w, "ulwan", 2);
    const before = held(w.clients.carol!);
    const sent = w.network.sent.filter((s) => s.to === "carol" && s.message.type === "table-delta").at(-1)!;
    const forged = { ...sent.message, base: "another-host.1", delta: [{ p: ["view"], v: "forged" }] } as HostMessage;
    w.network.host().send("carol", forged);
    await w.host.idle();
    expect(w.clients.carol!.tables.get(tableId)?.view).not.toBe("forged");
    const now = w.clients.carol!.tables.get(tableId)!;
    expect([now.view, now.table]).toEqual([before.tables[0]!.view, before.tables[0]!.table]);
    expect(w.network.requests.at(-1)).toEqual({ from: "carol", request: { type: "sync", tableId } });
  });

  it("a per-table sync with a table id no object may name is refused as malformed and sends nothing", async () => {
    const w = await world(true);
    for (const tableId of ["__proto__", "", 7, "x".repeat(201)])
      expect(await w.host.handle("carol", { type: "sync", tableId }), String(tableId)).toEqual({
        ok: false,
        error: { code: "CANTINA.Error.Malformed" },
      });
    expect(w.network.receivedBy("carol")).toEqual([]);
  });

  it("a per-table sync of a table that is gone tells the client it is gone", async () => {
    const w = await world(true);
    await w.host.handle("carol", { type: "sync", tableId: "t404" });
    expect(w.network.receivedBy("carol")).toEqual([{ type: "table-removed", tableId: "t404" }]);
  });
});
