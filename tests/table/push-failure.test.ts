/**
 * A push that fails after its move is stored (issue 35, any host): the stored move still schedules
 * the bot that acts next, the request is answered as applied (it was), and the players who were not
 * reached are sent the table again once the transport works; the failure is logged, never thrown.
 */
import { describe, expect, it } from "vitest";
import { bots, games } from "../../src/games";
import { SeededRandom } from "../../src/rules/core";
import { TableHost } from "../../src/table/host";
import type { HostMessage, UserId } from "../../src/table/protocol";
import { MemoryStore } from "../../src/table/store";
import type { HostTransport, RequestHandler } from "../../src/table/transport";

/** A transport that throws on every send while `broken` (a chat or socket that failed). */
class BreakableTransport implements HostTransport {
  broken = false;
  readonly sent: { to: UserId; message: HostMessage }[] = [];
  handler: RequestHandler | null = null;
  serve(handler: RequestHandler): void {
    this.handler = handler;
  }
  send(to: UserId, message: HostMessage): void {
    if (this.broken) throw new Error("transport down");
    this.sent.push({ to, message });
  }
}

async function world() {
  const transport = new BreakableTransport();
  const timers: { run: () => void; ms: number }[] = [];
  const logged: string[] = [];
  const host = await TableHost.start({
    store: new MemoryStore(),
    transport,
    hostUser: "gm",
    isGM: (u) => u === "gm",
    users: () => ["gm", "alice"],
    random: new SeededRandom(5),
    games,
    bots,
    botDelayMs: 10,
    now: () => 1_000,
    setTimer: (run, ms) => timers.push({ run, ms }),
    clearTimer: () => undefined,
    log: (m) => logged.push(m),
  });
  /** Runs every timer due so far (and those they set), as time passing would. */
  const runTimers = async (): Promise<void> => {
    for (let i = 0; i < 50 && timers.length > 0; i++) {
      timers.splice(0).forEach((t) => t.run());
      // The host's queue runs on promises: let it drain (host.idle() would wait on the bot's fake timer).
      for (let j = 0; j < 20; j++) await new Promise((r) => setImmediate(r));
    }
  };
  return { host, transport, logged, runTimers };
}

describe("a failed push after a stored move (any host)", () => {
  it("still lets the bot move next, answers the move as applied, and sends the table again later", async () => {
    const w = await world();
    const created = await w.host.handle("gm", {
      type: "create",
      spec: {
        gameId: "ulwan",
        seats: [
          { kind: "person", userId: "alice", name: "Alice" },
          { kind: "bot", userId: null, name: "Droid" },
        ],
      },
    });
    expect(created.ok).toBe(true);
    const tableId = (created as { tableId: string }).tableId;
    const game = games.ulwan!;
    // Seats are drawn at random: find Alice's and the bot's.
    const seatOf = (kind: string): string => w.host.record(tableId)!.seats.find((s) => s.kind === kind)!.seat;
    const [aliceSeat, botSeat] = [seatOf("person"), seatOf("bot")];
    // Each of Alice's moves is pushed over a broken transport; the one that hands the turn to the bot is checked.
    let checked = false;
    for (let step = 0; step < 60 && !checked; step++) {
      await w.runTimers();
      const record = w.host.record(tableId)!;
      const status = game.status(record.state);
      if (status.over) break;
      if (!status.toAct.includes(aliceSeat)) continue;
      const move = w.host.updateFor(record, "alice", record.version)!.legalMoves[0];
      w.transport.broken = true;
      const reply = await w.host.handle("alice", { type: "intent", tableId, version: record.version, move });
      w.transport.broken = false;
      expect(reply.ok).toBe(true);
      const stored = w.host.record(tableId)!;
      expect(stored.version).toBeGreaterThan(record.version);
      expect(w.logged.length).toBeGreaterThan(0);
      if (!game.status(stored.state).toAct.includes(botSeat)) continue;
      await w.runTimers();
      // The bot moved (the table went on past the stored move) and Alice was sent the table again.
      expect(w.host.record(tableId)!.version).toBeGreaterThan(stored.version);
      const toAlice = w.transport.sent.filter((s) => s.to === "alice" && s.message.type === "table");
      expect(toAlice.some((s) => s.message.type === "table" && s.message.table.version >= stored.version)).toBe(true);
      checked = true;
    }
    expect(checked).toBe(true);
  });
});
