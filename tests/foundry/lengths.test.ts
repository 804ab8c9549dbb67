/**
 * No secret in a message's length (issue 10): every Foundry client sees the length of every sealed
 * message and stored record. Random matches (Sabacc's keep or reroll, cheats and private 1d23
 * rolls; Ulwan; Seven Ulwan with a spectator's private stakes; Ubongo's secret placements;
 * Hununga; the unequal-forces games) are played with the real sealing and the real sealed store; for each message kind, the
 * sealed length must be a function of public facts only (the game, the table's version, a full
 * resync or not, how many pools and bets: public-size.ts), so it cannot depend on any hidden value.
 * The long games are played for their first moves here, whole in tests/soak/lengths.soak.test.ts.
 * docs/security.md, "What lengths reveal".
 */
import { describe, expect, it } from "vitest";
import { rollJson } from "../../src/foundry/chat";
import { type PublicJwk, Sealer, generateKeyPair, paddedSize } from "../../src/foundry/crypto";
import { sealRoll } from "../../src/foundry/sealed-chat";
import { type Seen, TAG, b64, byKind, expectPublicLengths, playMatch } from "../helpers/lengths-match";

describe("no secret in a sealed message's length", () => {
  it("a private 1d23 roll's envelope has one length for every value (600 and 604 characters before)", async () => {
    const gm = await Sealer.create("gm", await generateKeyPair());
    const alice = await Sealer.create("alice", await generateKeyPair());
    const keys: Record<string, PublicJwk> = { alice: alice.publicJwk };
    const lengths = new Set<number>();
    for (let value = 1; value <= 23; value++) {
      const envelopes = await sealRoll(
        { sealer: gm, publicKey: (u) => keys[u] ?? null },
        "0123456789abcdef",
        ["alice", "gm"],
        "Simplified Sabacc · Alice: hand (1d23)",
        rollJson("1d23", [value]),
      );
      for (const e of Object.values(envelopes)) lengths.add(e.ct.length);
    }
    expect([...lengths]).toEqual([b64(paddedSize(0) + TAG)]);
  });

  it("True and Simplified Sabacc: each kind's length comes from public facts, whatever keep, reroll, cheat or hand", async () => {
    const seen: Seen[] = [];
    await playMatch("sabacc-true", 5, seen);
    await playMatch("sabacc-simplified", 3, seen);
    await playMatch("sabacc-super-simplified", 4, seen);
    const kinds = byKind(seen);
    // What the matches held: keep and reroll, cheats, every kind of message.
    const requests = (kinds.get("request") ?? []).map((s) => s.hidden).join("\n");
    for (const move of ['"type":"keep"', '"type":"reroll"', '"type":"cheat"', '"type":"no-cheat"'])
      expect(requests, move).toContain(move);
    const totals = new Set((kinds.get("chat: private roll") ?? []).map((s) => s.hidden));
    expect(totals.size, "private rolls of different values").toBeGreaterThan(1);
    // Ledger pushes grow with the public count of entries: expectPublicLengths checks them below.
    expect(kinds.get("push: ledger")?.length ?? 0).toBeGreaterThan(3);
    for (const kind of ["request", "reply", "push: a move's update", "chat: private roll"]) {
      expect(kinds.get(kind)?.length ?? 0, kind).toBeGreaterThan(3);
      const lengths = new Set((kinds.get(kind) ?? []).map((s) => s.length));
      expect(lengths.size, `${kind}: one length for every hidden value`).toBe(1);
    }
    for (const kind of ["push: full table", "stored step"])
      expect(kinds.get(kind)?.length ?? 0, kind).toBeGreaterThan(5);
    expect(kinds.get("stored log")?.length ?? 0, "stored log").toBeGreaterThan(2);
    // A table's record while it plays, then, its match over, the whole finished table on the shelf.
    const records = (kinds.get("stored table")?.length ?? 0) + (kinds.get("stored finished")?.length ?? 0);
    expect(records, "stored table and finished").toBeGreaterThan(5);
    expect(kinds.get("stored finished")?.length ?? 0).toBeGreaterThanOrEqual(3);
    expectPublicLengths(seen);
  });

  it("Ulwan and Seven Ulwan: a spectator's private stakes never change a push's or a record's length", async () => {
    const seen: Seen[] = [];
    await playMatch("ulwan", 5, seen, 30);
    await playMatch("seven-ulwan", 6, seen, 60);
    const pushes = seen.filter((s) => s.game === "seven-ulwan" && s.hidden.startsWith("dave"));
    // Dave's pushes with and without stakes of his own, and stored books with his bets.
    expect(pushes.some((s) => /stakes .*[1-9]/.test(s.hidden))).toBe(true);
    expect(pushes.some((s) => /stakes [0,]*$/.test(s.hidden))).toBe(true);
    expect(seen.some((s) => s.kind === "stored table" && s.bound > 0 && s.game === "seven-ulwan")).toBe(true);
    expectPublicLengths(seen);
  });

  it("the unequal-forces games: every length comes from public facts, the repetition hashes' growth included", async () => {
    const seen: Seen[] = [];
    await playMatch("defiance-and-domain", 9, seen, 24);
    await playMatch("porrika", 9, seen, 24);
    await playMatch("takat", 9, seen, 24);
    expect(byKind(seen).get("push: full table")?.length ?? 0).toBeGreaterThan(2);
    expectPublicLengths(seen);
  });

  it("Ubongo and Hununga: placements and hands hidden until shown never change a length", async () => {
    const seen: Seen[] = [];
    await playMatch("ubongo", 7, seen);
    await playMatch("hununga", 8, seen, 30);
    expect(byKind(seen).get("push: full table")?.length ?? 0).toBeGreaterThan(2);
    expectPublicLengths(seen);
  });

  it("pushes to their recipient only go unpadded whatever the game: nobody else receives their bytes", async () => {
    const seen: Seen[] = [];
    const delivery = { deltas: true, recipientOnly: true };
    await playMatch("sabacc-true", 5, seen, 1500, delivery);
    await playMatch("seven-ulwan", 6, seen, 40, delivery);
    await playMatch("ulwan", 5, seen, 30, delivery);
    await playMatch("takat", 9, seen, 24, delivery);
    const deltas = byKind(seen).get("push: a move's delta") ?? [];
    for (const game of ["sabacc-true", "seven-ulwan", "ulwan", "takat"])
      expect(deltas.filter((s) => s.game === game).length, game).toBeGreaterThan(3);
    // A hidden-hand game's deltas too are what changed for their one reader, far under the 8 KiB bucket.
    expect(Math.max(...deltas.filter((s) => s.game === "sabacc-true").map((s) => s.length))).toBeLessThan(8192);
    // The open games: their deltas are what changed, far under the 8 KiB bucket.
    const open = deltas.filter((s) => s.game === "ulwan" || s.game === "takat");
    expect(Math.max(...open.map((s) => s.size))).toBeLessThan(4096);
    expectPublicLengths(seen);
  });
});
