/**
 * The page's lobby and table list panels (src/standalone/panels/) drawn from the shared templates with
 * the page flag and driven through the one dispatcher, as the page's clicks and changes reach them.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import en from "../../lang/en.json";
import { dictionaryLocalizer } from "../../src/apps/core/i18n";
import { games } from "../../src/games";
import { bindActions } from "../../src/standalone/panels/dispatcher";
import { LobbyPanel } from "../../src/standalone/panels/lobby";
import { TablesPanel } from "../../src/standalone/panels/tables";
import { createRenderer } from "../../src/standalone/render";
import type { TableClient } from "../../src/table/client";
import type { HostReply, TableSpec, TableUpdate } from "../../src/table/protocol";
import { type PanelDom, panelDom } from "../helpers/panel-dom";
import { HAN_AND_LANDO, tableUpdate } from "../helpers/table-update";

const i18n = dictionaryLocalizer(en);
const renderTemplate = createRenderer(i18n);
const DOM_GLOBALS = [
  "HTMLElement",
  "HTMLFormElement",
  "HTMLSelectElement",
  "HTMLInputElement",
  "Element",
  "FormData",
  "CSS",
];

let page: PanelDom;
let window: PanelDom["window"];
let root: HTMLElement;

beforeEach(() => {
  page = panelDom(DOM_GLOBALS, `<div data-region="lobby"></div><div data-region="tables"></div>`);
  ({ window, root } = page);
});

afterEach(() => page.close());

/** The client's side the panels use: the tables, the events and `create` (answered as the host would). */
function client(tables: TableUpdate[], answer: HostReply): { client: TableClient; asked: TableSpec[] } {
  const asked: TableSpec[] = [];
  const fake = {
    tables: new Map(tables.map((u) => [u.table.id, u])),
    events: [],
    create: (spec: TableSpec) => {
      asked.push(spec);
      return Promise.resolve(answer);
    },
  };
  return { client: fake as unknown as TableClient, asked };
}

const region = (name: string) => (): HTMLElement | null => root.querySelector<HTMLElement>(`[data-region="${name}"]`);
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** The lobby panel drawn outside an event and bound to the dispatcher; the tables it opens go to `opened`. */
function showLobby(fake: TableClient, opened: string[]): void {
  const lobby = new LobbyPanel(region("lobby"), {
    client: fake,
    renderTemplate,
    i18n,
    currentEvent: () => undefined,
    openWindow: (id) => opened.push(id),
  });
  bindActions(root, [lobby]);
  lobby.render();
}

describe("the page's lobby panel", () => {
  it("redraws for the game chosen, creates its table and opens it in a window", async () => {
    const gameIds = Object.keys(games);
    const { client: fake, asked } = client([], { ok: true, tableId: "t9" });
    const opened: string[] = [];
    showLobby(fake, opened);
    expect(root.querySelector("form[data-lobby] [data-page-action=lobby-create]")).not.toBeNull();
    const select = root.querySelector<HTMLSelectElement>('select[name="gameId"]')!;
    const other = gameIds[gameIds.length - 1]!;
    select.value = other;
    select.dispatchEvent(new window.Event("change", { bubbles: true }) as never);
    // The form drawn again for that game (its option marked selected by the template).
    expect(root.querySelector(`select[name="gameId"] option[value="${other}"]`)?.hasAttribute("selected")).toBe(true);
    // happy-dom reads a redrawn <select>'s value wrong (Chromium reads the selected option): chosen again as in the browser.
    root.querySelector<HTMLSelectElement>('select[name="gameId"]')!.value = other;
    root.querySelector<HTMLElement>("[data-page-action=lobby-create]")!.click();
    await settle();
    expect(asked.map((s) => s.gameId)).toEqual([other]);
    expect(opened).toEqual(["t9"]);
    expect(root.querySelector("[data-lobby-error]")?.textContent).toBe("");
  });

  it("shows the host's refusal in its error line and opens nothing", async () => {
    const { client: fake } = client([], { ok: false, error: { code: "CANTINA.Error.NotGM", params: {} } });
    const opened: string[] = [];
    showLobby(fake, opened);
    root.querySelector<HTMLElement>("[data-page-action=lobby-create]")!.click();
    await settle();
    expect(opened).toEqual([]);
    expect(root.querySelector("[data-lobby-error]")?.textContent).toBe(i18n.localize("CANTINA.Error.NotGM"));
  });
});

describe("the page's table list panel", () => {
  it("lists the tables, opens one and ends one (GM) through the dispatcher", () => {
    const update = tableUpdate({ id: "t1", gameId: Object.keys(games)[0]! }, HAN_AND_LANDO, "seat-1", {}, []);
    const { client: fake } = client([update], { ok: true });
    const calls: string[] = [];
    const tables = new TablesPanel(region("tables"), {
      client: fake,
      renderTemplate,
      i18n,
      isGM: true,
      openWindow: (id) => calls.push(`open ${id}`),
      endTable: (id) => calls.push(`end ${id}`),
    });
    bindActions(root, [tables]);
    tables.render();
    expect(root.querySelectorAll("[data-table-row]").length).toBe(1);
    root.querySelector<HTMLElement>('[data-page-action="table-open"]')!.click();
    root.querySelector<HTMLElement>('[data-page-action="table-end"]')!.click();
    expect(calls).toEqual(["open t1", "end t1"]);
    expect(root.querySelector('[data-action="newTable"]')).toBeNull();
  });

  it("lists live tables first; a finished table folds to one line with its result", () => {
    const gameId = "sabacc-true";
    const done = tableUpdate(
      { id: "t1", gameId, over: true, result: { winners: ["seat-2"], creditDelta: {} } },
      HAN_AND_LANDO,
      null,
      {},
      [],
    );
    const live = tableUpdate({ id: "t2", gameId, toAct: ["seat-1"] }, HAN_AND_LANDO, null, {}, []);
    const { client: fake } = client([done, live], { ok: true });
    const tables = new TablesPanel(region("tables"), {
      client: fake,
      renderTemplate,
      i18n,
      isGM: true,
      openWindow: () => undefined,
      endTable: () => undefined,
    });
    tables.render();
    const rows = [...root.querySelectorAll<HTMLElement>("[data-table-row]")];
    expect(rows.map((r) => r.dataset.tableRow)).toEqual(["t2", "t1"]);
    expect(rows[1]!.hasAttribute("data-table-over")).toBe(true);
    expect(rows[1]!.querySelector(".cantina-table-result")?.textContent).toMatch(
      /True Sabacc.* Finished – won by Lando\.$/,
    );
    // Folded: the players' list and "to act" are not repeated under it.
    expect(rows[1]!.querySelector(".cantina-table-status")).toBeNull();
  });
});
