/**
 * Issue 37 on Roll20: a character buys in from its credits attribute and cashes out to it through the
 * built script's chat buttons, in the sandbox stand-in (one global scope, `state` kept only as JSON and
 * only when saved, objects kept at once, restarts). A crash at every point in between (an attribute's
 * write refused, the sandbox dying at a write, `state` older than the sheets after a restart) neither
 * makes nor loses a credit, and each transfer is applied once; a player cannot move a character they
 * do not control; buying in above the attribute is refused with the localized message.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { TRANSFERS_ATTRIBUTE, parseMarks } from "../../src/roll20/character-purse";
import { STATE_KEY } from "../../src/roll20/store";
import { builtScript } from "./built";
import { ALICE, BOB, GM } from "./harness";
import type { FakeRoll20 } from "./sandbox";
import {
  type TourNight,
  clickWith,
  lastButton,
  ledgerOf,
  told,
  tourNight,
  tournamentOf,
  transferButton,
} from "./tournament-helpers";

let script = "";
beforeAll(async () => {
  script = await builtScript();
}, 120_000);

const START = 1000;

/** Han's credits: on the sheet, in the event's account (its participant id is the character's id). */
function credits(night: TourNight): { sheet: number; ledger: number } {
  const account = ledgerOf(night.r20).events[night.eventId]?.accounts[night.han];
  return { sheet: Number(night.r20.attribute(night.han, "credits")), ledger: account?.credits ?? 0 };
}

/**
 * Credits on their way: a pending cash-out the ledger paid and the sheet has not yet taken, a pending
 * buy-in the sheet paid and the ledger has not yet taken (the sheet's mark says which side is done).
 */
function inTransit(night: TourNight): number {
  const marks = parseMarks(night.r20.attribute(night.han, TRANSFERS_ATTRIBUTE) ?? "").map((m) => m.id);
  return Object.values(tournamentOf(night.r20, night.tournamentId).transfers)
    .filter((t) => t.status === "pending" && (t.kind === "cash-out") !== marks.includes(t.id))
    .reduce((sum, t) => sum + t.credits, 0);
}

/** How often the transfer shows in the ledger's entries and in the sheet's marks, and its status. */
function applied(night: TourNight, id: string): { entries: number; marks: number; status?: string } {
  const event = ledgerOf(night.r20).events[night.eventId];
  const entries = (event?.entries ?? []).filter((e) => e.account === night.han && e.reason.endsWith(` ${id}`)).length;
  const marks = parseMarks(night.r20.attribute(night.han, TRANSFERS_ATTRIBUTE) ?? "").filter((m) => m.id === id);
  const status = tournamentOf(night.r20, night.tournamentId).transfers[id]?.status;
  return { entries, marks: marks.length, ...(status ? { status } : {}) };
}

function onlyTransfer(night: TourNight, kind: string): string {
  const ids = Object.values(tournamentOf(night.r20, night.tournamentId).transfers)
    .filter((t) => t.kind === kind)
    .map((t) => t.id);
  expect(ids.length).toBe(1);
  return ids[0] ?? "";
}

type Point =
  | "books-die-at-pending"
  | "sheet-die-at-credits"
  | "books-die-at-close"
  | "state-not-saved"
  | "credits-set-throws"
  | "marks-set-throws";

const POINTS: readonly Point[] = [
  "books-die-at-pending",
  "sheet-die-at-credits",
  "books-die-at-close",
  "state-not-saved",
  "credits-set-throws",
  "marks-set-throws",
];

/**
 * Arms the fault for one point: which write of the transfer's run throws or kills the sandbox, and
 * when `state` was last saved. Each fires once.
 */
function arm(r20: FakeRoll20, point: Point): void {
  let fired = false;
  let sheetWritten = false;
  const credit = (t?: Record<string, unknown>): boolean => String(t?.name).toLowerCase() === "credits";
  r20.onWrite = ({ type, target }) => {
    if (fired) return;
    if (type === "attribute") sheetWritten = true;
    switch (point) {
      case "books-die-at-pending":
        if (type === "state") return ((fired = true), "die");
        return;
      case "sheet-die-at-credits":
        // The pending record is saved; the sandbox dies as it writes the sheet.
        if (type === "attribute" && credit(target)) {
          fired = true;
          r20.save();
          return "die";
        }
        return;
      case "books-die-at-close":
        if (type === "attribute" && credit(target)) r20.save();
        if (type === "state" && sheetWritten) return ((fired = true), "die");
        return;
      case "credits-set-throws":
        if (type === "attribute" && credit(target)) return ((fired = true), "throw");
        return;
      case "marks-set-throws":
        if (type === "attribute" && target?.name === TRANSFERS_ATTRIBUTE) return ((fired = true), "throw");
        return;
      case "state-not-saved":
        return;
    }
  };
}

/** After the fault: the sandbox restarts (from what was saved, or from all when nothing died). */
async function recover(r20: FakeRoll20, point: Point): Promise<void> {
  r20.onWrite = null;
  if (point === "credits-set-throws") return; // nothing died: the same button is clicked again below
  if (point === "marks-set-throws") r20.save();
  r20.crash();
  await r20.settle();
}

describe("Roll20 tournament: buy-in and cash-out through a character's credits attribute", () => {
  it("a buy-in moves credits from the attribute into the event and a cash-out back, each once however often clicked", async () => {
    const night = await tourNight(script);
    const buy = await transferButton(night, ALICE, "buyin", night.han);
    await clickWith(night.r20, ALICE, buy, 600);
    expect(credits(night)).toEqual({ sheet: 400, ledger: 600 });
    await clickWith(night.r20, ALICE, buy, 600);
    expect(credits(night)).toEqual({ sheet: 400, ledger: 600 });
    const cash = await transferButton(night, ALICE, "cashout", night.han);
    await clickWith(night.r20, ALICE, cash, 250);
    await clickWith(night.r20, ALICE, cash, 250);
    expect(credits(night)).toEqual({ sheet: 650, ledger: 350 });
    expect(applied(night, onlyTransfer(night, "cash-out"))).toEqual({ entries: 1, marks: 1, status: "applied" });
  });

  for (const point of POINTS)
    it(`buy-in, ${point}: after the restart and the same click again, applied once, no credit made or lost`, async () => {
      const night = await tourNight(script);
      const buy = await transferButton(night, ALICE, "buyin", night.han);
      night.r20.save();
      arm(night.r20, point);
      await clickWith(night.r20, ALICE, buy, 600);
      await recover(night.r20, point);
      let now = credits(night);
      expect(now.sheet + now.ledger + inTransit(night), `${point}: after the restart`).toBe(START);
      await clickWith(night.r20, ALICE, buy, 600);
      now = credits(night);
      expect(now, point).toEqual({ sheet: 400, ledger: 600 });
      expect(applied(night, onlyTransfer(night, "buy-in")), point).toEqual({ entries: 1, marks: 1, status: "applied" });
    });

  for (const point of POINTS)
    it(`cash-out, ${point}: after the restart and the same click again, applied once, no credit made or lost`, async () => {
      const night = await tourNight(script);
      await clickWith(night.r20, ALICE, await transferButton(night, ALICE, "buyin", night.han), 600);
      const cash = await transferButton(night, ALICE, "cashout", night.han);
      night.r20.save();
      arm(night.r20, point);
      await clickWith(night.r20, ALICE, cash, 250);
      await recover(night.r20, point);
      let now = credits(night);
      expect(now.sheet + now.ledger + inTransit(night), `${point}: after the restart`).toBe(START);
      await clickWith(night.r20, ALICE, cash, 250);
      now = credits(night);
      expect(now, point).toEqual({ sheet: 650, ledger: 350 });
      expect(applied(night, onlyTransfer(night, "cash-out")), point).toEqual({
        entries: 1,
        marks: 1,
        status: "applied",
      });
    });

  it("a sheet change whose books a restart lost is undone at the start and the GM is told, naming the character", async () => {
    const night = await tourNight(script);
    const buy = await transferButton(night, ALICE, "buyin", night.han);
    night.r20.save();
    await clickWith(night.r20, ALICE, buy, 600);
    expect(credits(night)).toEqual({ sheet: 400, ledger: 600 });
    const at = night.r20.chat.length;
    night.r20.crash();
    await night.r20.settle();
    expect(credits(night)).toEqual({ sheet: START, ledger: 0 });
    expect(night.r20.attribute(night.han, TRANSFERS_ATTRIBUTE)).toBe("");
    expect(told(night.r20, GM, at).some((t) => t.includes("Han") && t.includes("undone"))).toBe(true);
  });

  it("a pending transfer that cannot finish at the start is whispered to the GM and stays pending for the GM's card", async () => {
    const night = await tourNight(script);
    const buy = await transferButton(night, ALICE, "buyin", night.han);
    arm(night.r20, "sheet-die-at-credits");
    await clickWith(night.r20, ALICE, buy, 600);
    night.r20.onWrite = null;
    // The sheet cannot be read at the start: its credits attribute was renamed meanwhile.
    for (const o of night.r20.objects.values())
      if (o.type === "attribute" && o.object.props.name === "credits") o.object.props.name = "cash";
    const at = night.r20.chat.length;
    night.r20.crash();
    await night.r20.settle();
    expect(told(night.r20, GM, at).some((t) => /buy-in of 600 credits from Han/.test(t))).toBe(true);
    expect(told(night.r20, ALICE, at).some((t) => /600/.test(t))).toBe(false);
    night.r20.type(GM, `!cantina tour pending ${night.tournamentId}`);
    await night.r20.settle();
    expect(told(night.r20, GM, at).some((t) => /Pending: buy-in of 600 credits, Han/.test(t))).toBe(true);
    expect(JSON.stringify(night.r20.state[STATE_KEY])).toContain('"pending"');
    // The sheet put right, the GM tries it again from the pending card: applied once.
    for (const o of night.r20.objects.values())
      if (o.type === "attribute" && o.object.props.name === "cash") o.object.props.name = "credits";
    const retry = lastButton(night.r20, GM, `!cantina tour retry ${night.tournamentId} `);
    await clickWith(night.r20, GM, retry);
    await clickWith(night.r20, GM, retry);
    expect(credits(night)).toEqual({ sheet: 400, ledger: 600 });
    expect(applied(night, onlyTransfer(night, "buy-in"))).toEqual({ entries: 1, marks: 1, status: "applied" });
  });

  it("a player cannot move a character they do not control; buying in above the attribute is refused with the localized message", async () => {
    const night = await tourNight(script);
    const before = JSON.stringify(night.r20.state[STATE_KEY]);
    const alicesButton = await transferButton(night, ALICE, "buyin", night.han);
    // Bob types Alice's button (any player can type any command): refused to Bob alone.
    const at = night.r20.chat.length;
    await clickWith(night.r20, BOB, alicesButton, 100);
    expect(told(night.r20, BOB, at).some((t) => t.includes("You can only act for your own character"))).toBe(true);
    expect(told(night.r20, ALICE, at)).toEqual([]);
    // Nor may Bob enter Alice's character.
    night.r20.type(BOB, `!cantina tour enter ${night.tournamentId} ${night.han}`);
    await night.r20.settle();
    expect(told(night.r20, BOB, at).some((t) => t.includes("is not one"))).toBe(true);
    // Alice asks for more than Han's sheet holds.
    const from = night.r20.chat.length;
    await clickWith(night.r20, ALICE, alicesButton, 1500);
    expect(
      told(night.r20, ALICE, from).some((t) => t.includes("Han's sheet holds 1000 credits: buy in with at most 1000")),
    ).toBe(true);
    expect(credits(night)).toEqual({ sheet: START, ledger: 0 });
    expect(JSON.stringify(night.r20.state[STATE_KEY])).toBe(before);
  });
});
