/**
 * The game window's render state on the happy-dom ApplicationV2 of application.ts (renders one at a
 * time, templates that load asynchronously, a title Foundry redraws only when a render passes it):
 * an update that arrives mid-render is drawn after it (the window ends on the latest update), one
 * render draws every part from one update, the title follows the first update, a right-click plays
 * nothing and Enter in a game's form never reloads the page (issue 9); an update re-renders only the
 * parts whose context changed (the others keep their nodes), parts come and go in their place, and
 * a first render draws every part (issue 17).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GameWindow as GameWindowClass } from "../../src/foundry/game-window";
import type { CantinaRuntime } from "../../src/foundry/runtime";
import { SEVEN_ID } from "../../src/rules/ulwan";
import type { TableClient } from "../../src/table/client";
import type { TableUpdate } from "../../src/table/protocol";
import type { FoundryDom } from "./application";
import { playerClient } from "./standins";
import { clientWindow, gmWorld, loadGameWindow, openTable, removeFoundryGlobals, settleAll } from "./world";

let dom: FoundryDom;
let GameWindow: typeof GameWindowClass;

beforeAll(async () => ({ dom, GameWindow } = await loadGameWindow()));

afterAll(() => removeFoundryGlobals());

async function setup(gameId: string, betting = false) {
  // The GM's client stays the current user: the host's pushes come from it. The windows show
  // their own client's updates (who renders them only changes the header's GM tools).
  const { world, runtime } = await gmWorld(["alice", "bob", "carol"]);
  const alice = await playerClient(world, "alice");
  const bob = await playerClient(world, "bob");
  const carol = await playerClient(world, "carol");
  const tableId = await openTable(runtime, gameId, betting ? { betting: { winnerShare: 5 } } : {});
  // Joining the event is the GM's act: carol bets from the account the GM opens for her.
  const eventId = runtime.host!.record(tableId)!.eventId;
  expect((await runtime.client!.joinEvent(eventId, "carol", "Carol")).ok).toBe(true);
  const settle = () => settleAll(runtime, [alice, bob, carol]);
  await settle();
  /** A window of `client`'s, re-rendered on its news as windows.ts does. */
  const windowFor = (client: TableClient) => {
    const win = clientWindow<GameWindowClass>(GameWindow, client, tableId);
    client.onChange(() => {
      const update = client.tables.get(tableId);
      if (update) win.refresh(update);
    });
    return win;
  };
  /** What a window opened now on `update` shows (its parts' HTML). */
  const freshView = async (update: TableUpdate, chat: TableClient["chat"] = []): Promise<string> => {
    // A client with this one update, its chat lines (the moves played) and nothing being sent or kept.
    const client = {
      tables: new Map([[tableId, update]]),
      chat,
      sending: () => false,
      keptMove: () => false,
      onSending: () => () => undefined,
      watch: () => Promise.resolve({ ok: true }),
    };
    const stub = { client } as unknown as CantinaRuntime;
    const win = new GameWindow(stub, tableId);
    await win.render({ force: true });
    const html = contentOf(win);
    await win.close();
    return html;
  };
  return { world, runtime, alice, bob, carol, tableId, settle, windowFor, freshView };
}

function contentOf(win: GameWindowClass): string {
  return win.element.querySelector(".window-content")!.innerHTML;
}

/** Lets every queued render finish. */
const idle = () => new Promise((r) => setTimeout(r, 30));

describe("the game window on Foundry's render cycle", () => {
  it("an update that arrives while the window renders is drawn: the window ends on the latest update", async () => {
    const { alice, bob, tableId, settle, windowFor, freshView } = await setup("sabacc-super-simplified");
    const win = windowFor(alice.client);
    await win.render({ force: true });
    await settle(); // the host heard that the window opened (the watchers list) and pushed it
    await idle();
    const hold = dom.holdRenders();
    await alice.client.move(tableId, { type: "roll-order" });
    await settle(); // alice's window starts drawing her roll; its templates are still loading
    await bob.client.move(tableId, { type: "roll-order" });
    await settle(); // bob's roll arrives meanwhile
    hold.release();
    await idle();
    const latest = alice.client.tables.get(tableId)!;
    expect(latest.table.version).toBe(2);
    expect(contentOf(win)).toBe(await freshView(latest));
  });

  it("one render draws every part, the betting panel included, from one update", async () => {
    const { carol, tableId, settle, windowFor, freshView } = await setup(SEVEN_ID, true);
    const win = windowFor(carol.client);
    await win.render({ force: true });
    await settle(); // the host heard that the window opened (the watchers list) and pushed it
    await idle();
    const button = win.element.querySelector<HTMLButtonElement>('[data-betting] button[data-action="sideBet"]');
    expect(button).not.toBeNull();
    const before = carol.client.tables.get(tableId)!;

    const first = dom.holdRenders();
    const drawing = win.render({ force: true }); // drawn from `before`; its templates still load
    await idle();
    const reply = await carol.client.bet(tableId, button!.dataset.pool!, button!.dataset.outcome!, 10);
    expect(reply).toMatchObject({ ok: true });
    await settle(); // the bet moves the book while that render is under way
    const second = dom.holdRenders(); // keeps the catch-up render from running yet
    first.release();
    await drawing;
    expect(contentOf(win)).toBe(await freshView(before, carol.client.chat));

    second.release();
    await idle();
    const after = carol.client.tables.get(tableId)!;
    expect(after.betting).not.toEqual(before.betting);
    expect(contentOf(win)).toBe(await freshView(after, carol.client.chat));
  });

  it("a window opened before its table's first update takes the game's name as its title", async () => {
    const { alice, tableId, windowFor } = await setup("sabacc-super-simplified");
    const update = alice.client.tables.get(tableId)!;
    alice.client.tables.delete(tableId);
    const win = windowFor(alice.client);
    await win.render({ force: true });
    const title = () => win.element.querySelector(".window-title")?.textContent;
    expect(title()).toBe("CANTINA.Title"); // the stand-in localizes to the key
    alice.client.tables.set(tableId, update);
    win.refresh(update);
    await idle();
    // Alice is to roll for the order: the title is the game's name with the turn cue.
    expect(title()).toBe("★ CANTINA.Turn.Badge · CANTINA.Games.sabacc-super-simplified");
  });

  it("a right-click on a game's button plays nothing; a primary click plays it", async () => {
    const { runtime, alice, tableId, settle, windowFor } = await setup("sabacc-super-simplified");
    const win = windowFor(alice.client);
    await win.render({ force: true });
    const roll = () => win.element.querySelector<HTMLButtonElement>('button[data-action="roll-order"]')!;
    dom.click(roll(), 2);
    await win.lastAction;
    await settle();
    expect(runtime.host!.record(tableId)!.version).toBe(0);
    dom.click(roll(), 0);
    await win.lastAction;
    await settle();
    expect(runtime.host!.record(tableId)!.version).toBe(1);
  });
});

/** The window's part elements in order, by id. */
function partsOf(win: GameWindowClass): [string, Element][] {
  return [...win.element.querySelector(".window-content")!.children].map((el) => [
    (el as HTMLElement).dataset.applicationPart ?? "",
    el,
  ]);
}

describe("the game window re-renders only the parts whose context changed (issue 17)", () => {
  it("a spectator's window after a roll: the table part is new, the board, legend and header are the same nodes", async () => {
    const { alice, carol, tableId, settle, windowFor, freshView } = await setup(SEVEN_ID, true);
    const win = windowFor(carol.client);
    await win.render({ force: true });
    await settle(); // the host heard that the window opened (the watchers list) and pushed it
    await idle();
    const before = new Map(partsOf(win));
    const renders = new Map(dom.partRenders);
    const count = (id: string) => (dom.partRenders.get(id) ?? 0) - (renders.get(id) ?? 0);
    expect((await alice.client.move(tableId, { type: "roll" })).ok).toBe(true);
    await settle();
    await idle();
    const after = new Map(partsOf(win));
    expect([...after.keys()]).toEqual([...before.keys()]);
    // The roll changes the status line and the win-chance bar: the table part.
    expect(after.get("game-table")).not.toBe(before.get("game-table"));
    expect(count("game-table")).toBe(1);
    // Nothing moved on the board (a spectator has no moves to light), the legend and header hold.
    for (const id of ["game-board", "game-legend", "header", "table-controls"]) {
      expect(after.get(id), id).toBe(before.get(id));
      expect(count(id), id).toBe(0);
    }
    // What the window shows is what a window opened now shows.
    expect(contentOf(win)).toBe(await freshView(carol.client.tables.get(tableId)!, carol.client.chat));
    expect(dom.partWarnings).toEqual([]);
  });

  it("a bet re-renders the betting panel alone", async () => {
    const { carol, tableId, settle, windowFor, freshView } = await setup(SEVEN_ID, true);
    const win = windowFor(carol.client);
    await win.render({ force: true });
    await settle(); // the host heard that the window opened (the watchers list) and pushed it
    await idle();
    const before = new Map(partsOf(win));
    const button = win.element.querySelector<HTMLButtonElement>('[data-betting] button[data-action="sideBet"]')!;
    expect((await carol.client.bet(tableId, button.dataset.pool!, button.dataset.outcome!, 10)).ok).toBe(true);
    await settle();
    await idle();
    const after = new Map(partsOf(win));
    for (const [id, el] of after) {
      if (id === "game-betting") expect(el).not.toBe(before.get(id));
      else expect(el, id).toBe(before.get(id));
    }
    expect(contentOf(win)).toBe(await freshView(carol.client.tables.get(tableId)!, carol.client.chat));
  });

  it("the help part comes in its place after the table controls and goes again; no stale part stays", async () => {
    const { alice, windowFor } = await setup("sabacc-super-simplified");
    const win = windowFor(alice.client);
    await win.render({ force: true });
    const ids = () => partsOf(win).map(([id]) => id);
    const shut = ids();
    const header = partsOf(win)[0]![1];
    dom.click(win.element.querySelector('[data-action="tableHelp"]')!);
    await idle();
    expect(ids()).toEqual([shut[0], shut[1], "game-help", ...shut.slice(2)]);
    // The header did not change; the help button's label did.
    expect(partsOf(win)[0]![1]).toBe(header);
    expect(win.element.querySelector('[data-action="tableHelp"]')!.getAttribute("aria-expanded")).toBe("true");
    dom.click(win.element.querySelector('[data-action="tableHelp"]')!);
    await idle();
    expect(ids()).toEqual(shut);
    expect(dom.partWarnings).toEqual([]);
  });

  it("a board game's moves played: the last three after the game's parts; the toggle shows all and stays so across a move", async () => {
    const { alice, bob, tableId, settle, windowFor } = await setup("takat");
    const win = windowFor(alice.client);
    await win.render({ force: true });
    const hexes = [1, 2, 3, 4, 5];
    for (const to of hexes) {
      const mover = to % 2 ? alice : bob;
      expect((await mover.client.move(tableId, { type: "enter", to })).ok).toBe(true);
      await settle();
    }
    await idle();
    const shown = () =>
      [...win.element.querySelectorAll("[data-history-move]")].map((m) => m.getAttribute("data-history-move"));
    const ids = partsOf(win).map(([id]) => id);
    expect(ids.indexOf("history")).toBe(ids.indexOf("game-legend") + 1);
    expect(shown()).toEqual(["3", "4", "5"]);
    // The last move, marked: Alice's entry on hex 5 as chat words it (this stand-in's localizer names the key and params).
    const last = win.element.querySelector('[aria-current="step"]')?.textContent ?? "";
    for (const words of ["Takat.Chat.Enter", '"seat":"Alice"', '"to":"5"']) expect(last).toContain(words);
    dom.click(win.element.querySelector('[data-action="tableHistory"]')!);
    await idle();
    expect(shown()).toEqual(["1", "2", "3", "4", "5"]);
    expect(win.element.querySelector('[data-action="tableHistory"]')!.getAttribute("aria-expanded")).toBe("true");
    expect((await bob.client.move(tableId, { type: "enter", to: 6 })).ok).toBe(true);
    await settle();
    await idle();
    expect(shown()).toEqual(["1", "2", "3", "4", "5", "6"]);
    dom.click(win.element.querySelector('[data-action="tableHistory"]')!);
    await idle();
    expect(shown()).toEqual(["4", "5", "6"]);
    expect(dom.partWarnings).toEqual([]);
  });

  it("a first render draws every part even when asked for one, and so does a window opened again", async () => {
    const { alice, tableId, windowFor } = await setup(SEVEN_ID);
    const win = windowFor(alice.client);
    await win.render({ force: true, parts: ["game-board"] });
    const all = partsOf(win).map(([id]) => id);
    expect(all).toEqual([
      "header",
      "table-controls",
      "game-table",
      "game-board",
      "game-controls",
      "game-legend",
      "history",
      "watchers",
    ]);
    await win.close();
    await win.render({ force: true, parts: ["game-board"] });
    expect(partsOf(win).map(([id]) => id)).toEqual(all);
    // A render asking for a part the window does not have draws the changed parts, with no warning.
    const board = partsOf(win)[3]![1];
    await win.render({ parts: ["no-such-part"] });
    expect(partsOf(win)[3]![1]).toBe(board);
    expect(dom.partWarnings).toEqual([]);
    expect(alice.client.tables.get(tableId)).toBeDefined();
  });
});

describe("the window templates preloaded at ready (issue 17)", () => {
  it("name every game's parts and help and the shared parts, each an existing file", async () => {
    const { existsSync } = await import("node:fs");
    const { windowTemplates } = await import("../../src/foundry/game-window");
    const paths = windowTemplates();
    expect(paths).toContain("modules/cantina-games/templates/ulwan/legend.hbs");
    expect(paths).toContain("modules/cantina-games/templates/table/controls.hbs");
    for (const path of paths) expect(existsSync(path.replace(/^modules\/cantina-games\//, "")), path).toBe(true);
  });
});
