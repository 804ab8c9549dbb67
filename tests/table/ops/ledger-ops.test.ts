/** The ledger operations alone: an event opened, an account joined, an adjustment, each one change to the ledger. */
import { describe, expect, it } from "vitest";
import { HOUSE_ACCOUNT } from "../../../src/table/ledger";
import { joinEvent } from "../../../src/table/ops/event-join";
import { openEvent } from "../../../src/table/ops/event-open";
import { AdjustErrors, adjustLedger } from "../../../src/table/ops/ledger-adjust";
import { Errors } from "../../../src/table/protocol";
import { booksOf, opContext } from "../../helpers/op-books";

/** The books with one event opened ("Night", 500 each), and its id. */
function nightBooks() {
  const opened = openEvent(
    booksOf([]),
    { type: "event-create", from: "gm", name: "Night", startingCredits: 500 },
    opContext(),
  );
  if (!opened.ok || !opened.change?.ledger) throw new Error("not opened");
  return { books: booksOf([], opened.change.ledger), eventId: opened.reply.ok ? (opened.reply.eventId ?? "") : "" };
}

describe("the event and ledger operations", () => {
  it("opening an event gives it its name, starting credits and an open house account", () => {
    const { books, eventId } = nightBooks();
    const event = books.ledger.events[eventId];
    expect(event).toMatchObject({ name: "Night", startingCredits: 500 });
    expect(Object.keys(event?.accounts ?? {})).toEqual([HOUSE_ACCOUNT]);
  });

  it("joining opens the account with the event's starting credits; the house's id and unknown events are refused", () => {
    const { books, eventId } = nightBooks();
    const joined = joinEvent(
      books,
      { type: "event-join", from: "gm", eventId, account: "alice", name: "Alice" },
      opContext(),
    );
    if (!joined.ok) throw new Error(joined.error.code);
    expect(joined.change?.ledger?.events[eventId]?.accounts.alice).toMatchObject({ name: "Alice", credits: 500 });
    expect(
      joinEvent(books, { type: "event-join", from: "gm", eventId, account: HOUSE_ACCOUNT, name: "H" }, opContext()),
    ).toEqual({ ok: false, error: { code: Errors.reservedAccount } });
    expect(
      joinEvent(books, { type: "event-join", from: "gm", eventId: "nope", account: "a", name: "A" }, opContext()),
    ).toEqual({ ok: false, error: { code: Errors.unknownEvent } });
  });

  it("an adjustment moves the account's credits with its reason; without a reason it is refused", () => {
    const { books, eventId } = nightBooks();
    const joined = joinEvent(
      books,
      { type: "event-join", from: "gm", eventId, account: "alice", name: "Alice" },
      opContext(),
    );
    if (!joined.ok || !joined.change?.ledger) throw new Error("not joined");
    const withAlice = booksOf([], joined.change.ledger);
    const adjust = { type: "ledger-adjust", from: "gm", eventId, account: "alice", credits: 25, luck: 0 } as const;
    const adjusted = adjustLedger(withAlice, { ...adjust, reason: "prize" }, opContext());
    if (!adjusted.ok) throw new Error(adjusted.error.code);
    const event = adjusted.change?.ledger?.events[eventId];
    expect(event?.accounts.alice?.credits).toBe(525);
    expect(event?.entries.at(-1)).toMatchObject({ account: "alice", credits: 25, reason: "prize" });
    expect(adjustLedger(withAlice, { ...adjust, reason: "" }, opContext())).toEqual({
      ok: false,
      error: { code: Errors.reasonRequired },
    });
  });

  it("an adjustment that would change nothing or take more than the account holds is refused, so no ±0 entry is written", () => {
    const { books, eventId } = nightBooks();
    const joined = joinEvent(
      books,
      { type: "event-join", from: "gm", eventId, account: "alice", name: "Alice" },
      opContext(),
    );
    if (!joined.ok || !joined.change?.ledger) throw new Error("not joined");
    const withAlice = booksOf([], joined.change.ledger);
    const adjust = { type: "ledger-adjust", from: "gm", eventId, account: "alice", reason: "fine" } as const;
    expect(adjustLedger(withAlice, { ...adjust, credits: 0, luck: 0 }, opContext())).toEqual({
      ok: false,
      error: { code: AdjustErrors.nothing },
    });
    expect(adjustLedger(withAlice, { ...adjust, credits: -501, luck: 0 }, opContext())).toEqual({
      ok: false,
      error: { code: AdjustErrors.creditsTooLow, params: { name: "Alice", have: 500 } },
    });
    expect(adjustLedger(withAlice, { ...adjust, reason: "  ", credits: 5, luck: 0 }, opContext())).toEqual({
      ok: false,
      error: { code: Errors.reasonRequired },
    });
    const all = adjustLedger(withAlice, { ...adjust, credits: -500, luck: 0 }, opContext());
    if (!all.ok) throw new Error(all.error.code);
    expect(all.change?.ledger?.events[eventId]?.entries.at(-1)).toMatchObject({ account: "alice", credits: -500 });
  });
});
