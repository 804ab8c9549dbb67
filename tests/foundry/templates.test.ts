/**
 * The window, table list and lobby templates both hosts share (templates/table/) render with a Foundry-like `localize`:
 * every control labelled, every action named, GM-only buttons for GMs; the `page` flag draws the standalone page's version.
 */
import { readFileSync } from "node:fs";
import Handlebars from "handlebars";
import { describe, expect, it } from "vitest";
import en from "../../lang/en.json";
import { dictionaryLocalizer } from "../../src/apps/core/i18n";
import { lobbyCatalogue, lobbyContext, newLobby } from "../../src/apps/table/lobby";
import { bots, games, markets } from "../../src/games";

const catalogue = lobbyCatalogue(games, bots, markets);

const i18n = dictionaryLocalizer(en);
const hbs = Handlebars.create();
hbs.registerHelper("localize", (key: unknown, options: { hash?: Record<string, string | number> }) => {
  const hash = options?.hash ?? {};
  return Object.keys(hash).length === 0 ? i18n.localize(String(key)) : i18n.format(String(key), hash);
});
const render = (name: string, context: object): string =>
  hbs.compile(readFileSync(`templates/table/${name}`, "utf8"))(context);

/** Every <select>/<input> has a <label for> naming its id. */
function expectLabelled(html: string): void {
  const ids = [...html.matchAll(/<(?:select|input)\b[^>]*\bid="([^"]+)"/g)].map((m) => m[1]);
  const controls = [...html.matchAll(/<(?:select|input)\b/g)].length;
  expect(ids.length).toBe(controls);
  for (const id of ids) expect(html, `label for ${id}`).toContain(`for="${id}"`);
}

describe("the shared window, table list and lobby templates", () => {
  it("the window header: the viewer, the table list, and End for GMs only", () => {
    const base = { tableId: "t1", viewerLabel: "Alice", missing: false };
    const player = render("window.hbs", { ...base, isGM: false });
    expect(player).toContain("Seen as: Alice");
    expect(player).toContain('data-action="cantinaTables"');
    expect(player).not.toContain('data-action="cantinaEnd"');
    expect(render("window.hbs", { ...base, isGM: true })).toContain('data-action="cantinaEnd"');
    expect(render("window.hbs", { ...base, isGM: false, missing: true })).toContain(
      i18n.localize("CANTINA.Foundry.Window.Missing"),
    );
  });

  it("the table list: open or watch, end for GMs, and a new table button for GMs", () => {
    const tables = [
      {
        id: "t1",
        nameKey: "CANTINA.Games.sabacc-super-simplified",
        players: "Alice, Bob",
        over: false,
        toAct: "Alice",
        seated: true,
      },
      {
        id: "t2",
        nameKey: "CANTINA.Games.sabacc-super-simplified",
        players: "Bob, Carol",
        over: true,
        toAct: "",
        seated: false,
      },
    ];
    const player = render("tables.hbs", { isGM: false, hostMissing: false, tables });
    expect(player).toContain('data-action="openTable" data-table-id="t1"');
    expect(player).toContain(i18n.localize("CANTINA.Foundry.Tables.Watch"));
    expect(player).toContain("To act: Alice");
    expect(player).not.toContain('data-action="endTable"');
    expect(player).not.toContain('data-action="newTable"');
    const gm = render("tables.hbs", { isGM: true, hostMissing: false, tables });
    expect(gm).toContain('data-action="endTable" data-table-id="t2"');
    expect(gm).toContain('data-action="newTable"');
    expect(render("tables.hbs", { isGM: false, hostMissing: true, tables: [] })).toContain(
      i18n.localize("CANTINA.Lobby.NoTables"),
    );
  });

  it("the launcher: game, seats (user, bot, GM), options, every control labelled", () => {
    const lobby = newLobby(catalogue, "sabacc-super-simplified", ["a"]);
    lobby.seats[1]!.botLevel = "basic";
    const users = [
      { id: "gm", name: "Gamemaster", isGM: true },
      { id: "a", name: "Alice", isGM: false },
    ];
    const html = render("lobby.hbs", { ...lobbyContext(lobby, catalogue, users), currency: "credits" });
    expect(html).toContain("Gamemaster (GM)");
    expect(html).toContain('name="seat0.userId"');
    expect(html).toContain('name="seat1.botLevel"');
    expect(html).toContain('name="option.ante" value="100"');
    expect(html).toContain('type="submit"');
    expectLabelled(html);
  });

  it("the launcher's options from the schema: a board list with a field to paste a board, a payment list, betting", () => {
    const lobby = newLobby(catalogue, "seven-ulwan", ["a", "b"]);
    const boards = {
      board: [
        { value: "seven-ulwan", label: "Board: Seven Ulwan", board: "seven-ulwan" },
        { value: "pack:abc", label: "Board: Mine", board: {} },
      ],
    };
    const html = render("lobby.hbs", { ...lobbyContext(lobby, catalogue, [], boards), currency: "credits" });
    expect(html).toContain('<option value="seven-ulwan" selected>Board: Seven Ulwan</option>');
    expect(html).toContain('<option value="pack:abc" >Board: Mine</option>');
    expect(html).toContain(`>${i18n.localize("CANTINA.Ulwan.Payment.open")}</option>`);
    expect(html).toContain('<textarea id="cantina-board-json" name="boardJson"');
    expect(html).toContain('for="cantina-board-json"');
    expect(html).toContain('name="betting" value="on" checked');
    expect(html).toContain('name="winnerShare" value="5"');
    expectLabelled(html);
  });

  it("the page's window (the page flag): its frame with the bar's buttons and an empty body, no Foundry header", () => {
    const frame = {
      page: true,
      tableId: "t1",
      gameId: "g",
      nameKey: "CANTINA.Title",
      viewerLabel: "Alice",
      myTurn: true,
    };
    const html = render("window.hbs", { ...frame, hasBoardView: true, minimised: false });
    expect(html).toContain('<section class="cantina-window is-my-turn" data-window="t1"');
    expect(html).toContain('data-page-action="board-view" data-table-id="t1" aria-pressed="false"');
    expect(html).toContain('data-page-action="table-minimise"');
    expect(html).toContain('data-page-action="table-close"');
    expect(html).toContain('<div class="cantina-window-body" id="cantina-window-body-t1"></div>');
    expect(html).not.toContain('data-action="cantinaTables"');
    expect(render("window.hbs", { ...frame, paused: true, minimised: true })).toContain("data-paused");
    expect(render("window.hbs", { ...frame, minimised: true })).toMatch(/id="cantina-window-body-t1" hidden/);
  });

  it("the page's table list (the page flag): headed, each row's buttons name the page's actions, no new table button", () => {
    const tables = [
      { id: "t1", nameKey: "CANTINA.Title", players: "Alice", over: false, toAct: "Alice", seated: true },
    ];
    const html = render("tables.hbs", { page: true, isGM: true, tables });
    expect(html).toContain('id="cantina-tables-title"');
    expect(html).toContain('data-table-row="t1"');
    expect(html).toContain('data-page-action="table-open" data-action="openTable" data-table-id="t1"');
    expect(html).toContain('data-page-action="table-end" data-action="endTable" data-table-id="t1"');
    expect(html).not.toContain('data-action="newTable"');
    expect(render("tables.hbs", { page: true, isGM: false, tables: [] })).toContain(
      i18n.localize("CANTINA.Lobby.NoTables"),
    );
  });

  it("the page's lobby (the page flag): its own form, a create button that does not submit, every control labelled", () => {
    const lobby = newLobby(catalogue, "sabacc-super-simplified", ["a"]);
    const users = [{ id: "a", name: "a" }];
    const html = render("lobby.hbs", { ...lobbyContext(lobby, catalogue, users), page: true });
    expect(html).toMatch(/^\s*<form class="cantina-lobby" data-lobby/);
    expect(html.trim().endsWith("</form>")).toBe(true);
    expect(html).toContain('<button type="button" class="cantina-primary" data-page-action="lobby-create">');
    expect(html).not.toContain('type="submit"');
    expect(html).toContain('name="gameId" data-refresh data-page-action="lobby-refresh"');
    expect(html).toContain("data-lobby-error");
    expect(html.match(/data-lobby-seat=/g)?.length).toBe(lobby.seats.length);
    expectLabelled(html);
  });
});
