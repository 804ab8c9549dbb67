/**
 * The Sabacc tournaments in the Foundry vault (issue 37): each one sealed record, written with the
 * change that carries it, loaded back with the ledger, and sealed again for a GM's new key so that
 * GM opens it when taking over. The store over a Map of settings, as vault-reseal.test.ts does.
 */
import { describe, expect, it } from "vitest";
import { Sealer, generateKeyPair } from "../../src/foundry/crypto";
import { SealedStore, type VaultBackend, VaultKeys } from "../../src/foundry/sealed-store";
import type { Ledger } from "../../src/table/ledger";
import { tournamentPart } from "../../src/foundry/vault-ledger";
import { type Tournament, gmAdd, openTransfer } from "../../src/tournament";
import { jsonBytes } from "../../src/table/concerns/tournament/sizes";
import { GM, as, eventWith, pid, tournamentWith } from "../tournament/fixtures";

class MapBackend implements VaultBackend {
  readonly map = new Map<string, unknown>();
  read(key: string): unknown {
    return this.map.get(key) ?? null;
  }
  async write(key: string, value: unknown): Promise<void> {
    if (value === null) this.map.delete(key);
    else this.map.set(key, JSON.parse(JSON.stringify(value)) as unknown);
  }
}

function ledgerWith(players: number): Ledger {
  const tournament = tournamentWith(players, ["electrum"]);
  return { events: { e1: eventWith(players, 500) }, tournaments: { [tournament.id]: tournament } };
}

describe("tournaments in the Foundry vault", () => {
  it("a tournament is stored as one sealed record with the event it plays in, and loads back whole", async () => {
    const gm = await Sealer.create("gm", await generateKeyPair());
    const backend = new MapBackend();
    const store = new SealedStore(gm, () => ({}), backend);
    await store.load();
    const ledger = ledgerWith(2);
    await store.commit({ ledger });
    await store.flush();
    const stored = backend.read(VaultKeys.tournament("t1"));
    expect(stored).toMatchObject({ kind: "tournament" });
    expect(JSON.stringify(stored)).not.toContain("Char 1");
    const again = await new SealedStore(gm, () => ({}), backend).load();
    expect(again.ledger?.tournaments?.t1).toEqual(JSON.parse(JSON.stringify(ledger.tournaments?.t1)));
    expect(again.ledger?.events.e1?.accounts).toEqual(JSON.parse(JSON.stringify(ledger.events.e1?.accounts)));
  });

  it("a change of the tournament alone rewrites its record, and the last one stored is the one loaded", async () => {
    const gm = await Sealer.create("gm", await generateKeyPair());
    const backend = new MapBackend();
    const store = new SealedStore(gm, () => ({}), backend);
    await store.load();
    await store.commit({ ledger: ledgerWith(1) });
    await store.commit({ ledger: ledgerWith(3) });
    await store.flush();
    const loaded = await new SealedStore(gm, () => ({}), backend).load();
    expect(Object.keys(loaded.ledger?.tournaments?.t1?.participants ?? {})).toHaveLength(3);
  });

  it("sealed again for another GM's new key: that GM opens the tournament when taking over", async () => {
    const gm = await Sealer.create("gm", await generateKeyPair());
    const gm2 = await Sealer.create("gm2", await generateKeyPair());
    const backend = new MapBackend();
    let readers = { gm2: gm2.publicJwk };
    const store = new SealedStore(gm, () => readers, backend);
    await store.load();
    await store.commit({ ledger: ledgerWith(2) });
    await store.flush();
    // The second GM on a new browser: a new key, everything sealed again for it.
    const gm2b = await Sealer.create("gm2", await generateKeyPair());
    readers = { gm2: gm2b.publicJwk };
    await store.reseal();
    const taken = new SealedStore(gm2b, () => ({ gm: gm.publicJwk }), backend);
    const books = await taken.load();
    expect(taken.ledgerUnreadable).toBe(false);
    expect(Object.keys(books.ledger?.tournaments?.t1?.participants ?? {})).toHaveLength(2);
  });
});

describe('a stored tournament\'s length (docs/security.md, "What lengths reveal")', () => {
  /** A tournament of `players` with one transfer of `credits` and one GM addition with `reason`. */
  function tournamentOf(players: number, credits: number, reason: string): Tournament {
    const opened = openTransfer(
      { tournament: tournamentWith(players, ["electrum"]), event: eventWith(players, 500) },
      { id: "x1", kind: "buy-in", participant: pid(1), credits },
      as("u1"),
      1,
    );
    if (!opened.ok) throw new Error(opened.error.code);
    const added = gmAdd(opened.books.tournament, "electrum", pid(2), GM, reason, 2);
    if (!added.ok) throw new Error(added.error.code);
    return added.tournament;
  }

  async function storedLength(tournament: Tournament): Promise<number> {
    const gm = await Sealer.create("gm", await generateKeyPair());
    const part = tournamentPart(tournament);
    return (await gm.sealRecord(part.kind, {}, part.value, part.bound)).ct.length;
  }

  it("does not tell a transfer's amount nor the length of the GM's reason", async () => {
    const long = "€".repeat(500);
    // As many characters as put the short reason's record just under a padding bucket, the long one's over it.
    let players = 2;
    while (jsonBytes(tournamentOf(players, 5, "x")) + jsonBytes(long) < 8192) players++;
    expect(jsonBytes(tournamentOf(players, 5, "x"))).toBeLessThan(8188);
    const lengths = new Set([
      await storedLength(tournamentOf(players, 5, "x")),
      await storedLength(tournamentOf(players, 987_654, "x")),
      await storedLength(tournamentOf(players, 5, long)),
    ]);
    expect(lengths.size).toBe(1);
  });
});
