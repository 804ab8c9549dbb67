/**
 * The adapter's own templates (templates/foundry/) compile and render with Handlebars and a
 * `localize` helper that behaves as Foundry's (format when given named parameters): every control
 * is labelled, every action is named, and the GM-only buttons show only to GMs.
 */
import { readFileSync } from "node:fs";
import Handlebars from "handlebars";
import { describe, expect, it } from "vitest";
import en from "../../lang/en.json";
import { dictionaryLocalizer } from "../../src/apps/core/i18n";

const i18n = dictionaryLocalizer(en);
const hbs = Handlebars.create();
hbs.registerHelper("localize", (key: unknown, options: { hash?: Record<string, string | number> }) => {
  const hash = options?.hash ?? {};
  return Object.keys(hash).length === 0 ? i18n.localize(String(key)) : i18n.format(String(key), hash);
});
const render = (name: string, context: object): string =>
  hbs.compile(readFileSync(`templates/foundry/${name}`, "utf8"))(context);

/** Every <select>/<input> has a <label for> naming its id. */
function expectLabelled(html: string): void {
  const ids = [...html.matchAll(/<(?:select|input)\b[^>]*\bid="([^"]+)"/g)].map((m) => m[1]);
  const controls = [...html.matchAll(/<(?:select|input)\b/g)].length;
  expect(ids.length).toBe(controls);
  for (const id of ids) expect(html, `label for ${id}`).toContain(`for="${id}"`);
}

describe("templates/foundry", () => {
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
    const html = render("launcher.hbs", {
      games: [{ id: "sabacc-super-simplified", nameKey: "CANTINA.Games.sabacc-super-simplified", selected: true }],
      seatCounts: [
        { n: 2, selected: true },
        { n: 3, selected: false },
      ],
      seats: [
        {
          index: 0,
          number: 1,
          isPerson: true,
          name: "",
          users: [
            { id: "gm", name: "Gamemaster", isGM: true, selected: false },
            { id: "a", name: "Alice", isGM: false, selected: true },
          ],
          botLevels: [],
          hasBots: true,
        },
        {
          index: 1,
          number: 2,
          isPerson: false,
          name: "",
          users: [],
          botLevels: [{ id: "basic", selected: true }],
          hasBots: true,
        },
      ],
      options: [{ key: "ante", value: 100, labelKey: "CANTINA.Options.ante" }],
      textOptions: [],
      hasOptions: true,
      currency: "credits",
      error: "",
    });
    expect(html).toContain("Gamemaster (GM)");
    expect(html).toContain('name="seat0.userId"');
    expect(html).toContain('name="seat1.botLevel"');
    expect(html).toContain('name="option.ante" value="100"');
    expect(html).toContain('type="submit"');
    expectLabelled(html);
  });

  it("the launcher's text options: a board list with a field to paste a board, a payment list, a plain text field", () => {
    const html = render("launcher.hbs", {
      games: [{ id: "seven-ulwan", nameKey: "CANTINA.Games.seven-ulwan", selected: true }],
      seatCounts: [{ n: 2, selected: true }],
      seats: [],
      options: [],
      textOptions: [
        {
          key: "board",
          value: "seven-ulwan",
          isBoard: true,
          labelKey: "CANTINA.Foundry.Launcher.Board",
          choices: [
            { value: "seven-ulwan", label: "Board: Seven Ulwan", labelKey: "", selected: true },
            { value: "pack:abc", label: "Board: Mine", labelKey: "", selected: false },
          ],
        },
        {
          key: "payment",
          value: "open",
          isBoard: false,
          labelKey: "CANTINA.Foundry.Launcher.Payment",
          choices: [{ value: "open", label: "", labelKey: "CANTINA.Ulwan.Payment.open", selected: true }],
        },
        { key: "motto", value: "hi", isBoard: false, labelKey: "CANTINA.Options.board", choices: null },
      ],
      boardJson: "",
      hasOptions: true,
      currency: "credits",
      error: "",
    });
    expect(html).toContain('<option value="seven-ulwan" selected>Board: Seven Ulwan</option>');
    expect(html).toContain('<option value="pack:abc" >Board: Mine</option>');
    expect(html).toContain(`>${i18n.localize("CANTINA.Ulwan.Payment.open")}</option>`);
    expect(html).toContain('<textarea id="cantina-board-json" name="boardJson"');
    expect(html).toContain('for="cantina-board-json"');
    expect(html).toContain('name="text.motto" value="hi"');
    expect(html).not.toContain(i18n.localize("CANTINA.Foundry.Launcher.Currency").slice(0, 10));
    expectLabelled(html);
  });
});
