/**
 * Running a table in the windows (issue 14): every game's window has its help, drawn from its own
 * template in both languages; the table controls offer the GM's operations; True Sabacc's status
 * names only actions the window has a button for.
 */
import { describe, expect, it } from "vitest";
import de from "../../lang/de.json";
import en from "../../lang/en.json";
import { dictionaryLocalizer, fallbackLocalizer } from "../../src/apps/core/i18n";
import { trueContext } from "../../src/apps/sabacc/true-sabacc";
import { tableControls } from "../../src/apps/table/tables";
import { apps, bots, games } from "../../src/games";
import { SeededRandom } from "../../src/rules/core";
import type { TrueMove, TrueView } from "../../src/rules/sabacc/true-sabacc";
import { TableClient } from "../../src/table/client";
import type { TableUpdate } from "../../src/table/protocol";
import { createRenderer } from "../../src/standalone/render";
import { countingIds, startMemoryHost } from "../helpers/memory-host";

const english = dictionaryLocalizer(en);
const renderers = {
  en: createRenderer(english),
  de: createRenderer(fallbackLocalizer(dictionaryLocalizer(de), english)),
};

/** One table of each game, as the GM sees it. */
async function oneOfEach(): Promise<Map<string, TableUpdate>> {
  const { network } = await startMemoryHost({
    bots,
    users: ["gm", "alice", "bob"],
    random: new SeededRandom(5),
    newId: countingIds(),
  });
  const gm = new TableClient(network.client("gm"));
  // An event rich enough for every game's antes.
  expect(await gm.createEvent("Game night", 100_000)).toMatchObject({ ok: true });
  const out = new Map<string, TableUpdate>();
  for (const game of Object.values(games)) {
    // Each table its own players: a seat brings its whole purse to its table.
    const names = ["Alice", "Bob"].slice(0, game.minSeats);
    const reply = await gm.create({
      gameId: game.id,
      seats: names.map((name) => ({ kind: "person", userId: `${game.id}-${name}`, name })),
      options: {},
    });
    expect(reply, game.id).toMatchObject({ ok: true });
    if (reply.ok && reply.tableId) out.set(game.id, gm.tables.get(reply.tableId)!);
  }
  return out;
}

describe("in-window help", () => {
  it("every game's window has help, drawn in English and German with no key left untranslated", async () => {
    const tables = await oneOfEach();
    for (const [gameId, update] of tables) {
      const app = apps[gameId]!;
      expect(app.help, gameId).toBeDefined();
      for (const render of Object.values(renderers)) {
        const html = render(app.help!, app.helpContext?.(update) ?? {});
        expect(html, gameId).toContain("data-help");
        expect(html, gameId).not.toMatch(/CANTINA\./);
      }
    }
  });

  it("Sabacc: True Sabacc's help ranks the hands and gives every card's value, face cards drawn with theirs", async () => {
    const update = (await oneOfEach()).get("sabacc-true")!;
    const html = renderers.en("sabacc/help.hbs", apps["sabacc-true"]!.helpContext!(update));
    expect(html).toContain("Idiot’s Array");
    expect(html).toContain("Pure Sabacc");
    for (const value of ["12", "13", "14", "15"]) expect(html).toContain(`counts ${value}`);
    expect(html).toContain("The Star: -17");
    // The Ace's face shows its value under its sign.
    expect(html).toMatch(/data-card-svg="coins-15".*>15<\/text>/s);
  });

  it("Seven Ulwan: the help gives the tiles with their costs and the direction of travel on the board", async () => {
    const update = (await oneOfEach()).get("seven-ulwan")!;
    const html = renderers.en("ulwan/help.hbs", apps["seven-ulwan"]!.helpContext!(update));
    expect(html).toContain("Direction of travel");
    expect(html).toContain("Path of Alice");
    expect(html).toMatch(/<span class="cantina-help-step">1<\/span>[←→↑↓]/);
    expect(html).toContain("⇥");
    expect(html).toContain("5× the ante (50)");
    expect(html).toContain("10× the ante (100)");
  });
});

describe("the table controls", () => {
  it("offer the GM pause, deal again and the seats' hand-overs; a player sees only the help", async () => {
    const update = (await oneOfEach()).get("sabacc-super-simplified")!;
    const render = renderers.en;
    const gm = render(
      "table/controls.hbs",
      tableControls(update, { isGM: true, hasHelp: true, helpOpen: false, hasBots: true }),
    );
    expect(gm).toContain('data-op="pause"');
    expect(gm).toContain('data-op="rematch"');
    expect(gm).toContain('data-op="end"');
    expect(gm).toContain("Hand Alice to a bot");
    expect(gm).toContain("Remove Bob");
    const player = render(
      "table/controls.hbs",
      tableControls(update, { isGM: false, hasHelp: true, helpOpen: false, hasBots: true }),
    );
    expect(player).not.toContain("data-op=");
    expect(player).toContain('data-action="tableHelp"');
    const paused = { ...update, table: { ...update.table, paused: true } };
    const pausedHtml = render(
      "table/controls.hbs",
      tableControls(paused, { isGM: true, hasHelp: true, helpOpen: false, hasBots: true }),
    );
    expect(pausedHtml).toContain("Paused by the GM");
    expect(pausedHtml).toContain('data-op="resume"');
  });
});

describe("True Sabacc's status", () => {
  it("names only the actions the betting round has buttons for (no call before its round, no raise in the last)", async () => {
    // The host's update of a True Sabacc table: its view and moves are True Sabacc's.
    const update = (await oneOfEach()).get("sabacc-true")! as TableUpdate<TrueView, TrueMove>;
    const view = update.view;
    const at = (round: number, final: boolean) =>
      trueContext({
        ...update,
        view: { ...view, phase: "betting", round, betting: { ...view.betting, final, caller: null } },
      }).status as { key: string };
    expect(at(1, false).key).toBe("CANTINA.Sabacc.True.Status.bettingNoCall");
    expect(at(4, false).key).toBe("CANTINA.Sabacc.True.Status.betting");
    expect(at(5, true).key).toBe("CANTINA.Sabacc.True.Status.bettingFinal");
    expect(english.localize("CANTINA.Sabacc.True.Status.bettingNoCall")).not.toMatch(/call/);
  });
});

describe("the lobby's board picker", () => {
  it("previews the chosen board as its game draws it: Ulwan's path with its direction, Hununga's starting pieces", async () => {
    const { lobbyCatalogue, lobbyContext, newLobby } = await import("../../src/apps/table/lobby");
    const { markets } = await import("../../src/games");
    const catalogue = lobbyCatalogue(games, bots, markets, apps);
    const previewOf = (gameId: string) => {
      const context = lobbyContext(newLobby(catalogue, gameId, []), catalogue, []);
      const field = (
        context.fields as { key: string; preview: { rows: { cells: { text: string }[] }[] } | null }[]
      ).find((f) => f.key === "board");
      return field?.preview?.rows.flatMap((r) => r.cells.map((c) => c.text)) ?? [];
    };
    const ulwan = previewOf("seven-ulwan");
    expect(ulwan).toContain("A 1←");
    expect(ulwan.some((t) => t.endsWith("⇥"))).toBe(true);
    const hununga = previewOf("hununga");
    expect(hununga.filter((t) => t.includes("♚"))).toHaveLength(2);
    expect(hununga.filter((t) => t === "◇")).toHaveLength(4);
    // Games without boards have no preview.
    const sabacc = lobbyContext(newLobby(catalogue, "sabacc-true", []), catalogue, []);
    expect((sabacc.fields as { preview: unknown }[]).every((f) => f.preview === null)).toBe(true);
  });
});
