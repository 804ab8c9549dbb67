/**
 * Buy-ins and cash-outs through a real TableHost (issue 37): the host's purse and its own store, the
 * domain's refusals, and a crash at every step (a throwing purse write, a refused or crashing store
 * commit, the host restarted from its store): each transfer ends applied exactly once, no credit made or lost.
 */
import { describe, expect, it } from "vitest";
import { bots } from "../../src/games";
import { SeededRandom } from "../../src/rules/core";
import { type TableHost } from "../../src/table/host";
import { own } from "../../src/table/ledger";
import { MemoryStore, type StoreChange } from "../../src/table/store";
import { TournamentErrors as E, type TransferKind } from "../../src/tournament";
import { clientsOf, countingIds, noticesTo, startMemoryHost } from "../helpers/memory-host";
import { type Fault, Faults, MemoryPurse } from "../tournament/fixtures";
import {
  CHARACTERS,
  USERS,
  type TournamentWorld,
  balance,
  ok,
  openTournament,
  refusedUnchanged,
  storedTournament,
  tournamentWorld,
  viewOf,
} from "./tournament-host";

/** A memory store whose commits count with the purse's writes on the same faults (refused, or a crash before or after landing). */
class FaultyStore extends MemoryStore {
  faults = new Faults();
  override async commit(change: StoreChange): Promise<void> {
    let landed: Promise<void> = Promise.resolve();
    const written = this.faults.write(() => {
      landed = super.commit(change);
    });
    await landed;
    if (!written.ok) throw new Error("store refused the write");
  }
}

const SHEET = 1000;

async function world(purse: MemoryPurse | null = new MemoryPurse().set("ch-ana", SHEET).set("ch-ben", SHEET)) {
  const store = new FaultyStore();
  const w = await tournamentWorld({ store, ...(purse ? { purse } : {}) });
  const id = await openTournament(w, ["electrum"]);
  return { w, id, store, purse };
}

const transfer = (id: string, transferId: string, kind: TransferKind, credits: number, participant = "ch-ana") =>
  ({ type: "tournament-transfer", tournamentId: id, transferId, kind, participant, credits }) as const;

/** A new host started from the same store (the old one is gone, as after a crash), with clients of its own. */
async function restarted(w: TournamentWorld, purse: MemoryPurse): Promise<TournamentWorld> {
  w.host.stop();
  const { host, network } = await startMemoryHost<MemoryStore>({
    users: USERS,
    random: new SeededRandom(8),
    bots,
    now: () => 2_000,
    newId: countingIds("r"),
    characters: (user) => CHARACTERS[user] ?? [],
    purse,
    store: w.store,
  });
  await host.idle();
  return { ...w, host, network, clients: clientsOf(network, USERS) };
}

/** How often this transfer's entry is in the ledger. */
function entries(host: TableHost, eventId: string, transferId: string): number {
  return (
    own(host.currentLedger().events, eventId)?.entries.filter((e) => e.reason.endsWith(` ${transferId}`)).length ?? 0
  );
}

describe("tournament-transfer", () => {
  it("buys in from the character's sheet and cashes out to it: the ledger and the sheet change together, once", async () => {
    const { w, id, purse } = await world();
    ok(await w.clients.ana!.tournament(transfer(id, "buy-1", "buy-in", 300)));
    expect([purse!.credits("ch-ana"), balance(w, "ch-ana")]).toEqual([700, 300]);
    // The same transfer id again is the same transfer: nothing moves twice.
    ok(await w.clients.ana!.tournament(transfer(id, "buy-1", "buy-in", 300)));
    expect([purse!.credits("ch-ana"), balance(w, "ch-ana")]).toEqual([700, 300]);
    ok(await w.clients.ana!.tournament(transfer(id, "out-1", "cash-out", 120)));
    expect([purse!.credits("ch-ana"), balance(w, "ch-ana")]).toEqual([820, 180]);
    expect(viewOf(w, "ana", id).transfers.map((t) => [t.id, t.status])).toEqual([
      ["buy-1", "applied"],
      ["out-1", "applied"],
    ]);
  });

  it("refuses, storing nothing: no purse, above the sheet, another player's character, more than the ledger holds, a reused id", async () => {
    const none = await world(null);
    await refusedUnchanged(none.w, "ana", transfer(none.id, "b1", "buy-in", 10), E.noPurse);
    const { w, id } = await world();
    await refusedUnchanged(w, "ana", transfer(id, "b2", "buy-in", SHEET + 1), E.sheetTooLow);
    await refusedUnchanged(w, "ana", transfer(id, "b3", "buy-in", 10, "ch-ben"), E.notYours);
    await refusedUnchanged(w, "ana", transfer(id, "b4", "cash-out", 10), E.ledgerTooLow);
    await refusedUnchanged(w, "ana", transfer(id, "b5", "buy-in", 0), E.badAmount);
    ok(await w.clients.ana!.tournament(transfer(id, "b6", "buy-in", 10)));
    await refusedUnchanged(w, "ana", transfer(id, "b6", "buy-in", 20), E.transferIdReused);
    await refusedUnchanged(w, "ana", transfer("nope", "b7", "buy-in", 20), E.unknownTournament);
  });

  it("asks again with the same request id once a sheet refused the write: the transfer then finishes, once", async () => {
    const { w, id, purse } = await world();
    const ana = w.network.client("ana");
    const request = { ...transfer(id, "again", "buy-in", 200), requestId: "req-1" };
    purse!.faults = new Faults(0, "refuse");
    const first = await ana.request(request);
    expect(first.ok ? "ok" : first.error.code).toBe(E.purseRefused);
    expect(storedTournament(w.host, id).transfers.again?.status).toBe("pending");
    purse!.faults = new Faults();
    ok(await ana.request(request));
    ok(await ana.request(request));
    expect([purse!.credits("ch-ana"), balance(w, "ch-ana")]).toEqual([800, 200]);
  });

  it("the GM moves any character's credits", async () => {
    const { w, id, purse } = await world();
    ok(await w.clients.gm!.tournament(transfer(id, "gm-1", "buy-in", 250, "ch-ben")));
    expect([purse!.credits("ch-ben"), balance(w, "ch-ben")]).toEqual([750, 250]);
  });

  it("tells the GMs at the start of a transfer it cannot finish, naming the character, and keeps it pending in their view", async () => {
    const { w, id, store, purse } = await world();
    // The sheet pays; the books' final write crashes before it lands.
    store.faults = new Faults(1, "crash-before");
    const reply = await w.clients.ana!.tournament(transfer(id, "stuck", "buy-in", 400));
    expect(reply.ok).toBe(false);
    store.faults = new Faults();
    // The actor is gone by the next load: the transfer cannot be finished.
    purse!.sheets.delete("ch-ana");
    const next = await restarted(w, purse!);
    expect(noticesTo(next.network, "gm")).toContainEqual({
      type: "notice",
      error: { code: E.pendingBuyIn, params: { name: "Ana Solo", credits: 400, id: "stuck" } },
    });
    await next.clients.gm!.sync();
    expect(viewOf(next, "gm", id).pending).toEqual(["stuck"]);
  });
});

describe("a transfer crashed at every step ends applied exactly once", () => {
  const FAULTS: readonly Fault[] = ["crash-before", "crash-after", "refuse"];
  // Write 0: the books (pending; a cash-out's ledger entry too); 1: the sheet; 2: the books (applied).
  for (const kind of ["buy-in", "cash-out"] as const)
    for (const fault of FAULTS)
      for (const at of [0, 1, 2])
        it(`${kind}, ${fault} at write ${at}: after a restart and a retry, no credit made or lost`, async () => {
          const { w, id, store, purse } = await world();
          const total = (x: TournamentWorld): number => purse!.credits("ch-ana") + balance(x, "ch-ana");
          if (kind === "cash-out") ok(await w.clients.ana!.tournament(transfer(id, "fund", "buy-in", 600)));
          const before = total(w);
          const sheetBefore = purse!.credits("ch-ana");
          const faults = new Faults(at, fault);
          store.faults = faults;
          purse!.faults = faults;
          await w.clients.ana!.tournament(transfer(id, "t-1", kind, 300));
          store.faults = new Faults();
          purse!.faults = new Faults();
          expect(faults.writes).toBeGreaterThan(at);
          const next = await restarted(w, purse!);
          // What the store kept pending, the new host finished on its own at its start.
          const kept = storedTournament(next.host, id).transfers["t-1"];
          if (kept) expect(kept.status).toBe("applied");
          // The client retries the same transfer (its reply may have been a refusal or lost).
          ok(await next.clients.ana!.tournament(transfer(id, "t-1", kind, 300)));
          expect(storedTournament(next.host, id).transfers["t-1"]?.status).toBe("applied");
          expect(entries(next.host, next.eventId, "t-1")).toBe(1);
          expect(purse!.sheets.get("ch-ana")?.marks.filter((m) => m === "t-1")).toEqual(["t-1"]);
          expect(purse!.credits("ch-ana")).toBe(sheetBefore + (kind === "buy-in" ? -300 : 300));
          expect(total(next)).toBe(before);
        });
});
