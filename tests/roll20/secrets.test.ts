/**
 * Secrets in the sandbox stand-in, for every game with hidden information: after every step of a
 * whole match (a restart included), every message and every handout the sandbox holds is read, and
 * no private line (a hand roll, a dealt card, a Luck/Force point spent) reaches anyone but its owner.
 */
import { beforeAll, describe, expect, it } from "vitest";
import en from "../../lang/en.json";
import { chatEntry } from "../../src/apps/core/chat";
import { dictionaryLocalizer } from "../../src/apps/core/i18n";
import { chatNamers, games } from "../../src/games";
import { unpackArchive } from "../../src/roll20/archive-pack";
import { escapeChat } from "../../src/roll20/render";
import type { LogEntry } from "../../src/table/protocol";
import { builtScript } from "./built";
import { ALICE, BOB, CHANDRA, GM, SPECTATOR, night, root, tables } from "./harness";
import { playToEnd } from "./match";
import { expectPagesApart, openRace, playRace } from "./puzzle-helpers";
import type { FakeRoll20 } from "./sandbox";

const i18n = dictionaryLocalizer(en);
let script = "";
beforeAll(async () => {
  script = await builtScript();
}, 120_000);

const EVERYONE = [GM, ALICE, BOB, CHANDRA, SPECTATOR];

/** Each private line of a table so far, as chat would write it, with the users who may see it. */
function privateLines(r20: FakeRoll20, tableId: string): { text: string; owners: string[] }[] {
  const books = root(r20);
  const archived = books.archives.find((a) => a.id === tableId);
  // An archived table's log is kept packed: read back as it was archived (archive-pack.ts).
  const record = books.tables[tableId] ?? (archived && unpackArchive(archived, games[archived.gameId]));
  if (!record) return [];
  const names = Object.fromEntries(record.seats.map((s) => [s.seat, s.name]));
  const userOf = (seat: string): string | null => record.seats.find((s) => s.seat === seat)?.userId ?? null;
  return (record.log as readonly LogEntry[]).flatMap((entry) =>
    entry.events.flatMap((event) => {
      if (event.kind === "hidden-roll" || event.audience === undefined) return [];
      const owners = event.audience.flatMap((seat) => userOf(seat) ?? []);
      return [{ text: escapeChat(chatEntry(event, names, i18n, chatNamers).text), owners }];
    }),
  );
}

function viewers(to: readonly string[] | "all"): readonly string[] {
  return to === "all" ? EVERYONE : to;
}

/** Every message and handout checked against the table's private lines so far. */
function checkSecrets(r20: FakeRoll20, tableId: string): void {
  const secrets = privateLines(r20, tableId);
  for (const message of r20.chat) {
    for (const { text, owners } of secrets) {
      if (!message.content.includes(text)) continue;
      const others = viewers(message.to).filter((v) => !owners.includes(v));
      expect(others, `"${text}" reached ${others.join(", ")}`).toEqual([]);
    }
    // A hand is shown to one player at a time, and never in public.
    if (message.content.includes(escapeChat("Your hand:"))) expect(viewers(message.to).length).toBe(1);
    // A puzzle's solution is never offered as a button.
    expect(message.content.includes("!cantina claim")).toBe(false);
  }
  for (const handout of r20.handouts()) {
    const journal = String(handout.get("inplayerjournals"));
    // A finished table's handout left every journal: archived, only the GM's (who sees handouts anyway).
    if (journal === "" && handout.get("archived") === true && handout.get("controlledby") === "") continue;
    expect(journal.split(","), "a handout in one journal only").toHaveLength(1);
    expect(journal).not.toBe("all");
    expect(handout.get("controlledby")).toBe(journal);
    expect(handout.get("gmnotes")).toBe("");
    const notes = String(handout.get("notes"));
    for (const { text, owners } of secrets)
      if (notes.includes(text)) expect(owners, `"${text}" in ${journal}'s handout`).toContain(journal);
  }
}

const hidden = Object.values(games).filter((g) => g.id.startsWith("sabacc") || g.id === "ubongo");

describe("secrets in Roll20: no private line reaches anyone but its owner", () => {
  it.each(hidden.map((g) => ({ id: g.id })))("$id", { timeout: 180_000 }, async ({ id }) => {
    const r20 = night(script);
    const tableId = await playToEnd(r20, id, [ALICE, BOB, CHANDRA].slice(0, games[id]?.maxSeats ?? 2), {
      restartAt: 4,
      afterStep: (t) => checkSecrets(r20, t),
    });
    expect(privateLines(r20, tableId).length > 0 || id === "ubongo").toBe(true);
  });

  it(
    "a player whose name another shares still gets their secrets, and only they (through their own mailbox)",
    { timeout: 180_000 },
    async () => {
      const r20 = night(script);
      r20.rename(CHANDRA, "alice");
      r20.type(GM, `!cantina new ${hidden[0]?.id ?? ""} ${ALICE} ${BOB}`);
      await r20.settle();
      const tableId = Object.keys(root(r20).tables)[0] ?? "";
      await playToEnd(r20, hidden[0]?.id ?? "", [ALICE, BOB], { afterStep: (t) => checkSecrets(r20, t) }).catch(
        () => undefined,
      );
      const toAlice = r20.chat.filter((m) => m.to !== "all" && m.to.includes(ALICE));
      expect(toAlice.length).toBeGreaterThan(0);
      for (const m of toAlice) expect(m.to).toEqual([ALICE]);
      expect(r20.chat.some((m) => m.to !== "all" && m.to.includes(CHANDRA))).toBe(false);
      // Alice's handout: in her journal, or (the match over) retired, named for her.
      const aliceHandout = r20
        .handouts()
        .find((h) => h.get("inplayerjournals") === ALICE || String(h.get("name")).endsWith("· Alice"));
      expect(String(aliceHandout?.get("notes") ?? "")).toContain(escapeChat("Alice: "));
      expect(privateLines(r20, tableId).some((l) => l.owners.includes(ALICE))).toBe(true);
      expect(tableId).not.toBe("");
    },
  );

  it(
    "Ubongo on pages: each player's page and tiles are theirs alone, through a whole race and a restart",
    { timeout: 180_000 },
    async () => {
      const r20 = night(script);
      const { tableId, pageOf } = await openRace(r20);
      await playRace(
        r20,
        tableId,
        () => {
          checkSecrets(r20, tableId);
          expectPagesApart(r20, tableId, pageOf);
          // The tile card (turn, turn over, "Ubongo!") is whispered to its own player only.
          for (const m of r20.chat) if (/!cantina (tile|done) /.test(m.content)) expect(viewers(m.to)).toHaveLength(1);
        },
        true,
      );
      expect(games.ubongo?.status(tables(r20).find((t) => t.id === tableId)?.state).over).toBe(true);
    },
  );
});
