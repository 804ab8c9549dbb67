/**
 * The event ledger window in Foundry, against a stand-in for `foundry.applications.api`
 * (ApplicationV2 as a bare class whose element finds nothing, HandlebarsApplicationMixin as the
 * identity) plus the stand-ins of standins.ts (game.*, ui.notifications, socketlib, Roll,
 * ChatMessage, CONFIG). Its forms are stood in by FormData values.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CantinaRuntime } from "../../src/foundry/runtime";
import type { LedgerWindow as LedgerWindowClass } from "../../src/foundry/ledger-window";
import { playerClient } from "./standins";
import { gmWorld, installBareApplication, removeFoundryGlobals } from "./world";

class FakeApplication {
  static PARTS: Record<string, { template: string }> = {};
  readonly element = {
    querySelector: () => null,
    querySelectorAll: () => [],
    contains: () => false,
    setAttribute: () => undefined,
    removeAttribute: () => undefined,
  };
  rendered = false;
  constructor(readonly options: object) {}
  async _onRender(): Promise<void> {}
  async render(): Promise<this> {
    this.rendered = true;
    await (this as unknown as { _onRender(c: object, o: object): Promise<void> })._onRender({}, {});
    return this;
  }
}

interface LedgerInternals {
  _prepareContext(): Promise<Record<string, unknown>>;
  formData: (selector: string) => FormData | null;
  render(): Promise<unknown>;
}

type Actions = Record<string, (this: unknown) => Promise<void>>;

let LedgerWindow: typeof LedgerWindowClass;

beforeAll(async () => {
  installBareApplication(FakeApplication);
  ({ LedgerWindow } = await import("../../src/foundry/ledger-window"));
});

afterAll(() => removeFoundryGlobals());

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.set(k, v);
  return data;
}

/** Runs one of the window's actions with the given form values. */
async function act(
  win: LedgerInternals,
  action: string,
  selector: string,
  values: Record<string, string>,
): Promise<void> {
  win.formData = (s) => (s === selector ? form(values) : null);
  const actions = (LedgerWindow as unknown as { DEFAULT_OPTIONS: { actions: Actions } }).DEFAULT_OPTIONS.actions;
  await actions[action]!.call(win);
}

async function setup() {
  const { world, runtime } = await gmWorld(["alice", "bob"]);
  const alice = await playerClient(world, "alice");
  const win = new LedgerWindow(runtime) as unknown as LedgerInternals;
  await win.render();
  return { world, runtime, alice, win };
}

describe("the event ledger window", () => {
  it("the event: the GM opens an event, adds a participant and sees the standings; new tables open in it", async () => {
    const { runtime, win } = await setup();
    await act(win, "eventCreate", "[data-event-form]", { name: "Nova night", startingCredits: "5000" });
    await act(win, "eventJoin", "[data-join-form]", { account: "alice", name: "Lady Alice" });
    await runtime.settle();
    const context = await win._prepareContext();
    const event = context.event as {
      name: string;
      standings: { id: string; name: string; credits: number; luck: number; rank: number }[];
    };
    expect(event.name).toBe("Nova night");
    expect(event.standings).toEqual([
      expect.objectContaining({ id: "alice", name: "Lady Alice", credits: 5000, luck: 3, totalCredits: 5000, rank: 1 }),
    ]);
    // The launcher (any create without an event) opens tables in the event shown here, and says so.
    await win.render();
    const { Launcher } = await import("../../src/foundry/windows");
    const launcher = new Launcher(runtime, {} as never, "sabacc-super-simplified") as unknown as {
      _prepareContext(): Promise<Record<string, unknown>>;
    };
    expect((await launcher._prepareContext()).eventName).toBe("Nova night");
    const reply = await runtime.client!.create({
      gameId: "sabacc-super-simplified",
      seats: [
        { kind: "person", userId: "alice", name: "Lady Alice" },
        { kind: "bot", userId: null, name: "Droid" },
      ],
      options: {},
    });
    expect(reply.ok).toBe(true);
    const table = runtime.client!.tables.get((reply as { tableId: string }).tableId)!;
    expect(runtime.client!.events.find((e) => e.id === table.table.eventId)?.name).toBe("Nova night");
  });

  it("the event: an adjustment needs a reason, and the reason is kept in the history", async () => {
    const { world, runtime, win } = await setup();
    await act(win, "eventCreate", "[data-event-form]", { name: "Electrum night", startingCredits: "1000" });
    await act(win, "eventJoin", "[data-join-form]", { account: "bob", name: "Bob" });
    const before = world.wire.notifications.length;
    await act(win, "ledgerAdjust", "[data-ledger-form]", { account: "bob", credits: "-200", luck: "0", reason: "" });
    expect(world.wire.notifications.slice(before).map((n) => n.text)).toContain("CANTINA.Error.ReasonRequired");
    await act(win, "ledgerAdjust", "[data-ledger-form]", {
      account: "bob",
      credits: "-200",
      luck: "-1",
      reason: "Paid the Hutts",
    });
    await runtime.settle();
    const context = await win._prepareContext();
    const event = context.event as {
      standings: { id: string; credits: number; luck: number }[];
      entries: { text: string }[];
    };
    expect(event.standings.find((a) => a.id === "bob")).toMatchObject({ credits: 800, luck: 2 });
    expect(event.entries[0]?.text).toContain("Paid the Hutts");
  });

  it("a player sees only their own balance, and cannot change the ledger", async () => {
    const { world, runtime, alice, win } = await setup();
    await act(win, "eventCreate", "[data-event-form]", { name: "Nova night", startingCredits: "5000" });
    await act(win, "eventJoin", "[data-join-form]", { account: "alice", name: "Alice" });
    await act(win, "eventJoin", "[data-join-form]", { account: "bob", name: "Bob" });
    await runtime.settle();
    await alice.transport.settled();
    expect(alice.client.events.flatMap((e) => e.accounts.map((a) => a.id))).toEqual(["alice"]);
    world.install("alice");
    const playerWindow = new LedgerWindow({
      client: alice.client,
      addView: () => undefined,
    } as unknown as CantinaRuntime) as unknown as LedgerInternals;
    const context = await playerWindow._prepareContext();
    expect(context.isGM).toBe(false);
    const version = JSON.stringify(runtime.host!.currentLedger());
    await act(playerWindow, "ledgerAdjust", "[data-ledger-form]", {
      account: "alice",
      credits: "100000",
      luck: "3",
      reason: "gift",
    });
    expect(JSON.stringify(runtime.host!.currentLedger())).toBe(version);
  });

  it("exports: a GM downloads the event as CSV (saveDataToFile) and makes a journal entry of one HTML page", async () => {
    const { world, runtime, win } = await setup();
    await act(win, "eventCreate", "[data-event-form]", { name: "Nova night", startingCredits: "100" });
    await act(win, "eventJoin", "[data-join-form]", { account: "alice", name: "Lady Alice" });
    await runtime.settle();
    const saved: [string, string, string][] = [];
    const journals: { name: string; pages: { type: string; text: { content: string; format: number } }[] }[] = [];
    const g = globalThis as unknown as Record<string, unknown>;
    (g.foundry as Record<string, unknown>).utils = {
      saveDataToFile: (data: string, type: string, name: string) => saved.push([data, type, name]),
    };
    g.JournalEntry = { create: async (data: (typeof journals)[number]) => journals.push(data) };
    g.CONST = { JOURNAL_ENTRY_PAGE_FORMATS: { HTML: 1 } };
    try {
      const actions = (LedgerWindow as unknown as { DEFAULT_OPTIONS: { actions: Actions } }).DEFAULT_OPTIONS.actions;
      await actions.ledgerCsv!.call(win);
      await actions.ledgerJournal!.call(win);
    } finally {
      delete g.JournalEntry;
      delete g.CONST;
    }
    expect(saved).toHaveLength(1);
    expect(saved[0]![1]).toBe("text/csv");
    expect(saved[0]![2]).toBe("Nova-night.csv");
    expect(saved[0]![0]).toContain("Lady Alice");
    expect(journals).toEqual([
      {
        name: "Nova night",
        pages: [{ name: "Nova night", type: "text", text: { content: expect.any(String), format: 1 } }],
      },
    ]);
    expect(journals[0]!.pages[0]!.text.content).toContain("<td>Lady Alice</td><td>100</td>");
    expect(world.wire.notifications.map((n) => n.kind)).toContain("info");
  });
});
