/**
 * Ulwan, Finkel's Ur and Seven Ulwan inside Foundry, against the stand-ins (standins.ts for game.*,
 * ui.notifications, socketlib…, and application.ts: ApplicationV2 on happy-dom): the window
 * renders its parts from the real templates with its own contexts, and clicks on its DOM go
 * through Foundry's click routing to the host the runtime started, as in Foundry.
 *
 *  - a board click (a piece, then a lit destination; the listeners the window binds at its first
 *    render) sends the move the board showed;
 *  - a spectator's bet from the window's betting panel reaches the host; a seated player's is refused;
 *  - the launcher offers the boards of the compendium "cantina-games.cantina-boards" (and the
 *    payment modes), and a table opens on the board chosen there or pasted as JSON;
 *  - the host the runtime starts has the betting markets: a Seven Ulwan table opens its pools.
 */
import { readFileSync, readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pairOf } from "../../src/apps/ulwan/context";
import { bettingContext } from "../../src/apps/table/betting";
import { games, markets } from "../../src/games";
import { type BoardChoice, boardChoices, lobbySpec } from "../../src/apps/table/lobby";
import type { BoardField } from "../../src/rules/core";
import type { GameWindow as GameWindowClass } from "../../src/foundry/game-window";
import type * as WindowsModule from "../../src/foundry/windows";
import { BOARDS, SEVEN_ID, type UlwanMove, type UlwanView, sevenUlwanMarkets } from "../../src/rules/ulwan";
import type { Book } from "../../src/table/concerns/betting/book";
import type { TableClient } from "../../src/table/client";
import type { TableUpdate } from "../../src/table/protocol";
import type { FoundryDom } from "./application";
import { renderTemplate } from "./handlebars";
import { playerClient } from "./standins";
import type { GameWindowInternals, LauncherInternals } from "./world";
import { gmWorld, highestFaces, openTable, settleAll } from "./world";
import { clientWindow, drawAs, loadWindows, removeFoundryGlobals } from "./world";

interface WindowInternals extends GameWindowInternals {
  _configureRenderParts(options: object): Record<string, { template: string }>;
  needsRender(update: TableUpdate): boolean;
}

interface LauncherWithBoards extends LauncherInternals {
  boardChoices(): Promise<Record<string, BoardChoice[]>>;
}

let GameWindow: typeof GameWindowClass;
let windows: typeof WindowsModule;
let dom: FoundryDom;

beforeAll(async () => ({ dom, GameWindow, windows } = await loadWindows()));

afterAll(() => removeFoundryGlobals());

async function setup(gameId: string, options: Record<string, unknown> = {}) {
  // Highest faces: 4d2>2 rolls 4, so the first player can always move.
  const { world, runtime } = await gmWorld(["alice", "bob", "carol"], { random: () => highestFaces });
  const alice = await playerClient(world, "alice");
  const carol = await playerClient(world, "carol");
  const tableId = await openTable(runtime, gameId, {
    names: ["Aurra", "Bossk"],
    options,
    // Tables of a game with betting markets open with spectator betting, as the launcher proposes.
    ...(markets[gameId] ? { betting: { winnerShare: 5 } } : {}),
  });
  const settle = () => settleAll(runtime, [alice, carol]);
  await settle();
  const windowFor = (client: TableClient) => clientWindow<WindowInternals>(GameWindow, client, tableId);
  return { world, runtime, alice, carol, tableId, windowFor, settle };
}

describe("the board in the Foundry window", () => {
  it.each(["ulwan", "ulwan-finkel", SEVEN_ID])(
    "%s: roll, then a piece and a lit destination send the move the board showed",
    async (gameId) => {
      const { world, runtime, alice, tableId, windowFor, settle } = await setup(gameId);
      const win = windowFor(alice.client);
      let root = await drawAs(world, win, "alice");
      const roll = root.querySelector<HTMLButtonElement>('button[data-action="roll"]');
      expect(roll).not.toBeNull();
      roll!.focus();
      dom.click(roll!);
      await win.lastAction;
      await settle();

      const before = alice.client.tables.get(tableId)!;
      root = await drawAs(world, win, "alice");
      const sources = root.querySelectorAll<HTMLElement>("[data-board] [data-selectable]");
      expect(sources.length).toBeGreaterThan(0);
      const source = sources[0]!;
      // The Roll button is gone after the roll: the keyboard focus goes to the first piece that can move.
      expect(root.querySelector(":focus")).toBe(source);
      // Squares and trays are buttons: Enter and Space click them.
      expect(source.tagName).toBe("BUTTON");
      expect(source.getAttribute("type")).toBe("button");
      // A click on what is inside the square (its piece) selects the square and lights its destinations.
      dom.click(source.children[0] ?? source);
      const board = root.querySelector<HTMLElement>("[data-board]")!;
      expect(board.dataset.selected).toBe(source.dataset.square);
      expect(source.getAttribute("aria-pressed")).toBe("true");
      const lit = root.querySelectorAll<HTMLElement>("[data-board] [data-destination]");
      expect(lit.length).toBeGreaterThan(0);
      const dest = lit[0]!;
      expect(dest.tagName).toBe("BUTTON");
      (dest as HTMLElement).focus();
      dom.click(dest);
      await win.lastAction;
      await settle();
      // Redrawn after the move, the focus stays on the square the piece went to.
      root = await drawAs(world, win, "alice");
      expect(root.querySelector<HTMLElement>(":focus")?.dataset.square).toBe((dest as HTMLElement).dataset.square);

      const record = runtime.host!.record(tableId)!;
      const last = record.log[record.log.length - 1]!;
      expect(last.seat).toBe("seat-1");
      expect(before.legalMoves).toContainEqual(last.move);
      expect(pairOf(before.view as UlwanView, last.move as UlwanMove)).toEqual({
        from: source.dataset.square,
        to: dest.dataset.square,
      });
      expect(world.wire.notifications.filter((n) => n.kind === "warn")).toEqual([]);
    },
  );

  it("a click on a square that is not lit clears the selection and sends nothing", async () => {
    const { world, runtime, alice, tableId, windowFor, settle } = await setup("ulwan");
    const win = windowFor(alice.client);
    dom.click((await drawAs(world, win, "alice")).querySelector('button[data-action="roll"]')!);
    await win.lastAction;
    await settle();
    const root = await drawAs(world, win, "alice");
    const version = runtime.host!.record(tableId)!.version;
    const source = root.querySelector("[data-board] [data-selectable]")!;
    dom.click(source);
    const other = [...root.querySelectorAll("[data-board] [data-square]")].find(
      (sq) => !sq.hasAttribute("data-destination") && sq !== source,
    )!;
    dom.click(other);
    await win.lastAction;
    await settle();
    expect(root.querySelector<HTMLElement>("[data-board]")!.dataset.selected).toBe("");
    expect(root.querySelectorAll("[data-destination]").length).toBe(0);
    expect(runtime.host!.record(tableId)!.version).toBe(version);
  });
});

describe("spectator betting in the Foundry window", () => {
  it("the host started by the runtime has the markets: a Seven Ulwan table opens its pools", async () => {
    expect(markets[SEVEN_ID]).toBe(sevenUlwanMarkets);
    const { runtime, alice, carol, tableId, settle } = await setup(SEVEN_ID);
    const book = runtime.host!.record(tableId)!.betting as Book | undefined;
    expect(book?.pools.map((p) => p.id)).toEqual(expect.arrayContaining(["long-winner"]));
    expect(book?.pools.every((p) => p.status === "open")).toBe(true);
    // Carol may watch, but without an account in the event she is offered no bet; the GM's join changes that.
    expect(carol.client.tables.get(tableId)).toMatchObject({ canBet: false });
    const eventId = runtime.host!.record(tableId)!.eventId;
    expect((await runtime.client!.joinEvent(eventId, "carol", "Carol")).ok).toBe(true);
    await settle();
    expect(carol.client.tables.get(tableId)).toMatchObject({
      canBet: true,
      betting: { pools: expect.arrayContaining([expect.objectContaining({ id: "long-winner", open: true })]) },
    });
    expect(alice.client.tables.get(tableId)).toMatchObject({ canBet: false });
    // Plain Ulwan has no markets: no book.
    const plain = await runtime.client!.create({
      gameId: "ulwan",
      seats: [
        { kind: "person", userId: "alice", name: "A" },
        { kind: "person", userId: "bob", name: "B" },
      ],
      options: {},
    });
    expect(runtime.host!.record((plain as { tableId: string }).tableId)!.betting).toBeUndefined();
  });

  it("a spectator's bet from the window reaches the host; the window redraws with the stake", async () => {
    const { world, runtime, carol, tableId, windowFor, settle } = await setup(SEVEN_ID);
    // Joining the event is the GM's act: carol bets from the account the GM opened for her.
    const eventId = runtime.host!.record(tableId)!.eventId;
    expect((await runtime.client!.joinEvent(eventId, "carol", "Carol")).ok).toBe(true);
    await settle();
    const win = windowFor(carol.client);
    expect(Object.values(win._configureRenderParts({})).map((p) => p.template)).toContain(
      "modules/cantina-games/templates/table/betting.hbs",
    );
    let root = await drawAs(world, win, "carol");
    expect(root.querySelector("[data-betting]")).not.toBeNull();
    root.querySelector<HTMLInputElement>('input[name="bet-long-winner"]')!.value = "50";
    // A redraw (someone moved) keeps the stake being typed.
    root = await drawAs(world, win, "carol");
    expect(root.querySelector<HTMLInputElement>('input[name="bet-long-winner"]')!.value).toBe("50");
    const button = root.querySelector(
      '[data-pool="long-winner"] [data-outcome="seat-1"] button[data-page-action="side-bet"]',
    );
    expect(button).not.toBeNull();
    const credits = (): number | undefined =>
      Object.values(runtime.host!.currentLedger().events)[0]?.accounts.carol?.credits;
    dom.click(button!);
    await win.lastAction;
    await settle();

    const pool = (runtime.host!.record(tableId)!.betting as Book).pools.find((p) => p.id === "long-winner")!;
    expect(pool.bets).toEqual([expect.objectContaining({ user: "carol", outcome: "seat-1", amount: 50 })]);
    expect(credits()).toBe(1000 - 50);
    // A bet moves the book, not the table's version: the window still knows it must redraw.
    const update = carol.client.tables.get(tableId)!;
    expect(win.needsRender(update)).toBe(true);
    root = await drawAs(world, win, "carol");
    expect(win.needsRender(update)).toBe(false);
    expect(root.querySelector('[data-pool="long-winner"] [data-outcome="seat-1"] [data-my-stake="50"]')).not.toBeNull();
    expect(root.querySelector("[data-bet-error]")!.textContent).toBe("");
  });

  it("a fold of pools the reader opened stays open when a bet redraws the panel (Foundry replaces the part)", async () => {
    const { world, runtime, alice, carol, tableId, windowFor, settle } = await setup(SEVEN_ID);
    const eventId = runtime.host!.record(tableId)!.eventId;
    expect((await runtime.client!.joinEvent(eventId, "carol", "Carol")).ok).toBe(true);
    await settle();
    // A seated player can bet in no pool: the pools fold under one line, which Alice opens.
    const win = windowFor(alice.client);
    let root = await drawAs(world, win, "alice");
    const fold = (): HTMLDetailsElement | null => root.querySelector<HTMLDetailsElement>("[data-betting-fold]");
    expect(fold()).not.toBeNull();
    fold()!.open = true;
    const panel = root.querySelector("[data-betting]");
    // Carol's bet changes the pools, so Alice's panel is drawn again.
    const carolWin = windowFor(carol.client);
    const carolRoot = await drawAs(world, carolWin, "carol");
    carolRoot.querySelector<HTMLInputElement>('input[name="bet-long-winner"]')!.value = "50";
    dom.click(
      carolRoot.querySelector('[data-pool="long-winner"] [data-outcome="seat-1"] button[data-page-action="side-bet"]')!,
    );
    await carolWin.lastAction;
    await settle();
    expect((runtime.host!.record(tableId)!.betting as Book).pools.some((p) => p.bets.length > 0)).toBe(true);
    root = await drawAs(world, win, "alice");
    expect(root.querySelector("[data-betting]")).not.toBe(panel);
    expect(fold()?.open).toBe(true);
  });

  it("a seated player sees no bet buttons, and a bet sent from their window anyway is refused by the host", async () => {
    const { world, runtime, alice, tableId, windowFor, settle } = await setup(SEVEN_ID);
    const win = windowFor(alice.client);
    const root = await drawAs(world, win, "alice");
    expect(root.querySelector("[data-betting]")).not.toBeNull();
    expect(root.querySelectorAll('[data-page-action="side-bet"]').length).toBe(0);
    // Draw the panel as if the update allowed betting (a tampered page): the host still refuses.
    const update = alice.client.tables.get(tableId)!;
    root.querySelector("[data-betting]")!.outerHTML = renderTemplate(
      "table/betting.hbs",
      bettingContext({ ...update, canBet: true })!,
    );
    const button = win.element.querySelector(
      '[data-pool="long-winner"] [data-outcome="seat-2"] button[data-page-action="side-bet"]',
    )!;
    dom.click(button);
    await win.lastAction;
    await settle();
    expect(world.wire.notifications.map((n) => n.text)).toContain("CANTINA.Betting.Error.Seated");
    expect(win.element.querySelector("[data-bet-error]")!.textContent).toBe("CANTINA.Betting.Error.Seated");
    expect((runtime.host!.record(tableId)!.betting as Book).pools.every((p) => p.bets.length === 0)).toBe(true);
  });
});

/** The boards compendium as Foundry serves it: the pack's JournalEntries (their flags hold the boards). */
function boardDocuments(): { id: string; name: string; flags: Record<string, unknown> }[] {
  return readdirSync("packs/cantina-boards")
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => {
      const entry = JSON.parse(readFileSync(`packs/cantina-boards/${f}`, "utf8")) as {
        _id: string;
        name: string;
        flags: Record<string, unknown>;
      };
      return { id: entry._id, name: entry.name, flags: entry.flags };
    });
}

const customBoard = { ...BOARDS["seven-ulwan"]!, id: "sandstone", name: "Sandstone" };

describe("the launcher's boards", () => {
  async function launcherWith(docs: ReturnType<typeof boardDocuments> | null) {
    const { world, runtime } = await setup("ulwan");
    if (docs) world.packs.set("cantina-games.cantina-boards", { getDocuments: async () => docs });
    const launcher = new windows.Launcher(
      runtime,
      {} as WindowsModule.WindowManager,
      SEVEN_ID,
    ) as unknown as LauncherWithBoards;
    return { world, runtime, launcher };
  }

  it("offers the boards of the compendium, the payment modes, and a field to paste a board", async () => {
    const docs = [
      ...boardDocuments(),
      {
        id: "sandstone0000001",
        name: "Board: Sandstone",
        flags: { "cantina-games": { boardId: "sandstone", board: customBoard } },
      },
    ];
    const { launcher } = await launcherWith(docs);
    const context = await launcher._prepareContext();
    const text = context.fields as {
      key: string;
      options: { value: string; label: string; labelKey: string; selected: boolean }[];
    }[];
    const board = text.find((t) => t.key === "board")!;
    // Only boards Seven Ulwan can be played on: Ulwan's and Finkel's paths do not start on an Aurek.
    expect(board.options.map((c) => [c.value, c.label])).toEqual([
      ["seven-ulwan", "Board: Seven Ulwan"],
      ["pack:sandstone0000001", "Board: Sandstone"],
    ]);
    expect(board.options.find((c) => c.selected)?.value).toBe("seven-ulwan");
    const payment = text.find((t) => t.key === "payment")!;
    expect(payment.options.map((c) => c.value)).toEqual(["open", "closed", "tokens"]);
    expect(payment.options.map((c) => c.labelKey)).toEqual([
      "CANTINA.Ulwan.Payment.open",
      "CANTINA.Ulwan.Payment.closed",
      "CANTINA.Ulwan.Payment.tokens",
    ]);

    const html = renderTemplate("table/lobby.hbs", context);
    expect(html).toContain(
      '<select id="cantina-option-board" name="option.board" data-board-choice data-refresh data-page-action="lobby-refresh">',
    );
    expect(html).toContain('<option value="pack:sandstone0000001" >Board: Sandstone</option>');
    expect(html).toContain("data-board-preview");
    expect(html).toContain('name="boardJson"');
    expect(html).toContain('<label for="cantina-board-json">');
    expect(html).toContain('name="option.payment"');
  });

  it("a table opens on the compendium board chosen, or on a board pasted as JSON", async () => {
    const docs = [
      ...boardDocuments(),
      {
        id: "sandstone0000001",
        name: "Board: Sandstone",
        flags: { "cantina-games": { boardId: "sandstone", board: customBoard } },
      },
    ];
    const { runtime, launcher } = await launcherWith(docs);
    const names = { user: (id: string) => id, bot: (n: number) => `Bot ${n}` };
    const open = async (): Promise<{ board: unknown; stateBoard: string }> => {
      const asked = lobbySpec(launcher.lobby, windows.catalogue, names, await launcher.boardChoices());
      if (!asked.ok) throw new Error(asked.error.code);
      const reply = await runtime.client!.create(asked.spec);
      expect(reply, JSON.stringify(reply)).toMatchObject({ ok: true });
      const record = runtime.host!.record((reply as { tableId: string }).tableId)!;
      // The players' purses are at this table until it ends: end it before opening the next.
      expect((await runtime.client!.end(record.id)).ok).toBe(true);
      return {
        board: (record.options as { board: unknown }).board,
        stateBoard: (record.state as { board: { id: string } }).board.id,
      };
    };
    launcher.lobby.seats = [
      { kind: "person", userId: "alice", name: "", botLevel: "" },
      { kind: "person", userId: "bob", name: "", botLevel: "" },
    ];
    // A shipped board, unchanged in the compendium, goes by its id.
    expect(await open()).toEqual({ board: "seven-ulwan", stateBoard: "seven-ulwan" });
    launcher.lobby.values.board = "pack:sandstone0000001";
    expect(await open()).toEqual({ board: customBoard, stateBoard: "sandstone" });
    // A pasted journal entry export (or a board's JSON) replaces the choice.
    const pasted = { ...BOARDS["seven-ulwan"]!, id: "pasted", name: "Pasted" };
    launcher.lobby.boardJson = JSON.stringify({ name: "Board: Pasted", flags: { "cantina-games": { board: pasted } } });
    expect(await open()).toEqual({ board: pasted, stateBoard: "pasted" });
    // A board Seven Ulwan cannot be played on is refused with the reason.
    launcher.lobby.boardJson = JSON.stringify(BOARDS.finkel);
    const finkel = lobbySpec(launcher.lobby, windows.catalogue, names, await launcher.boardChoices());
    if (!finkel.ok) throw new Error(finkel.error.code);
    const refused = await runtime.client!.create(finkel.spec);
    expect(refused).toMatchObject({ ok: false, error: { code: "CANTINA.Ulwan.Error.Board.FirstAurek" } });
    launcher.lobby.boardJson = "{ not json";
    expect(lobbySpec(launcher.lobby, windows.catalogue, names, await launcher.boardChoices())).toEqual({
      ok: false,
      error: { code: "CANTINA.Lobby.BadJson" },
    });
  });

  it("without the compendium it offers the shipped boards", async () => {
    const { launcher } = await launcherWith(null);
    expect((await launcher.boardChoices()).board!.map((c) => c.value)).toEqual(["seven-ulwan"]);
    const plainBoard = games.ulwan!.optionSchema.board as BoardField;
    expect(
      boardChoices(plainBoard, [{ id: "x", name: "Broken", boardId: null, board: { rows: 0 } }]).map((c) => c.value),
    ).toEqual(Object.keys(BOARDS));
  });
});
