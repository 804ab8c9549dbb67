/**
 * The one window model (src/apps/table/window-model.ts): the generated table of what each template
 * reads is current, the parts come in one order, a part's fingerprint moves only with what its
 * template reads, and the redraw plan names the parts to render, drop and move.
 */
import { readFileSync, readdirSync } from "node:fs";
import { format } from "prettier";
import { describe, expect, it } from "vitest";
import { TEMPLATE_READS } from "../../src/apps/template-reads";
import type { GameApp } from "../../src/apps/core/types";
import {
  HISTORY_PART,
  SHARED_TEMPLATES,
  drawnAfter,
  partFingerprint,
  planWindow,
  windowParts,
} from "../../src/apps/table/window-model";
import { dictionaryLocalizer } from "../../src/apps/core/i18n";
import en from "../../lang/en.json";
import { apps } from "../../src/games";
import type { TableUpdate } from "../../src/table/protocol";
import { templateRoots } from "../helpers/template-roots";

/** Every template under templates/ but Foundry's own windows (the game window's header is one of them). */
function templatePaths(): string[] {
  const out: string[] = [];
  for (const dir of readdirSync("templates", { withFileTypes: true })) {
    if (!dir.isDirectory()) continue;
    for (const file of readdirSync(`templates/${dir.name}`)) if (file.endsWith(".hbs")) out.push(`${dir.name}/${file}`);
  }
  return out.sort();
}

/** The source of src/apps/template-reads.ts, from the templates as they are. */
async function templateReadsSource(): Promise<string> {
  const entries = templatePaths().map((path) => {
    const roots = templateRoots(readFileSync(`templates/${path}`, "utf8"));
    return `  ${JSON.stringify(path)}: ${roots ? JSON.stringify([...roots].sort()) : "null"},`;
  });
  const source = [
    "/**",
    " * Generated from templates/ by tests/apps/window-model.test.ts (`-u` writes it again): the names each template reads",
    " * from the root of its context (null: the whole context); the window model fingerprints parts by them.",
    " */",
    "export const TEMPLATE_READS: Readonly<Record<string, readonly string[] | null>> = {",
    ...entries,
    "};",
    "",
  ].join("\n");
  return format(source, { parser: "typescript", printWidth: 120, trailingComma: "all", arrowParens: "always" });
}

const update = (over: Partial<TableUpdate["table"]> = {}, extra: Partial<TableUpdate> = {}): TableUpdate =>
  ({
    table: {
      id: "t1",
      gameId: "demo",
      version: 3,
      over: false,
      seats: [{ seat: "a", name: "Ann", kind: "person", userId: "u1" }],
      ...over,
    },
    seat: "a",
    view: {},
    ...extra,
  }) as unknown as TableUpdate;

const demo: GameApp = {
  gameId: "demo",
  parts: { status: "ulwan/controls.hbs", board: "board/board.hbs" },
  context: (u) => ({ tableId: u.table.id, controls: { version: u.table.version }, waitingFor: "", board: { n: 1 } }),
  actions: {},
  help: "ulwan/help.hbs",
  helpContext: () => ({ help: { rules: 1 } }),
};
const options = { isGM: false, helpOpen: false, hasBots: false, now: 0 };

describe("the window model (issue 24)", () => {
  it("src/apps/template-reads.ts is generated from the templates as they are", async () => {
    await expect(await templateReadsSource()).toMatchFileSnapshot("../../src/apps/template-reads.ts");
    expect(TEMPLATE_READS["board/board.hbs"]).toEqual(["board"]);
  });

  it("orders the parts: the host's header, table controls, help, the game's parts, the betting panel, the watchers", () => {
    const ids = windowParts(demo, update(), { ...options, helpOpen: true, header: "table/window.hbs" }).map(
      (p) => p.id,
    );
    expect(ids).toEqual(["header", "table-controls", "game-help", "game-status", "game-board", "watchers"]);
    const bare = windowParts(demo, update(), options).map((p) => p.id);
    expect(bare).toEqual(["table-controls", "game-status", "game-board", "watchers"]);
  });

  it("a part's fingerprint moves only with what its template reads", () => {
    const board = { id: "game-board", template: "board/board.hbs" };
    const a = partFingerprint({ ...board, context: { board: { n: 1 }, status: "one" } });
    const b = partFingerprint({ ...board, context: { board: { n: 1 }, status: "two" } });
    const c = partFingerprint({ ...board, context: { board: { n: 2 }, status: "two" } });
    expect(b).toBe(a);
    expect(c).not.toBe(a);
    // A template the table does not know is fingerprinted by its whole context.
    const unknown = { id: "x", template: "none.hbs" };
    expect(partFingerprint({ ...unknown, context: { s: 1 } })).not.toBe(
      partFingerprint({ ...unknown, context: { s: 2 } }),
    );
    // What the host draws into a part besides its context moves its fingerprint too.
    expect(partFingerprint({ ...board, context: { board: 1 }, note: "error" })).not.toBe(
      partFingerprint({ ...board, context: { board: 1 } }),
    );
  });

  it("plans a first drawing whole, then only the parts whose fingerprint moved", () => {
    const first = planWindow(new Map(), windowParts(demo, update(), options));
    expect(first.parts.every((p) => p.redraw)).toBe(true);
    const next = planWindow(drawnAfter(first), windowParts(demo, update({ version: 4 }), options));
    // The version is read by the status part only (its `controls`); the board stays as drawn.
    expect(next.parts.filter((p) => p.redraw).map((p) => p.id)).toEqual(["game-status"]);
    expect(next.removed).toEqual([]);
    expect(next.reordered).toBe(false);
    const forced = planWindow(drawnAfter(next), windowParts(demo, update({ version: 4 }), options), ["game-board"]);
    expect(forced.parts.filter((p) => p.redraw).map((p) => p.id)).toEqual(["game-board"]);
  });

  it("names the parts that went (the help closed) and a help that opens as the one new part", () => {
    const open = planWindow(new Map(), windowParts(demo, update(), { ...options, helpOpen: true }));
    const closed = planWindow(drawnAfter(open), windowParts(demo, update(), options));
    expect(closed.removed).toEqual(["game-help"]);
    expect(closed.parts.filter((p) => p.redraw).map((p) => p.id)).toEqual(["table-controls"]);
    const again = planWindow(drawnAfter(closed), windowParts(demo, update(), { ...options, helpOpen: true }));
    expect(again.parts.filter((p) => p.redraw).map((p) => p.id)).toEqual(["table-controls", "game-help"]);
    expect(again.reordered).toBe(false);
  });

  it("sees parts drawn in another order", () => {
    const parts = windowParts(demo, update(), options);
    const drawn = drawnAfter(planWindow(new Map(), parts));
    const swapped = new Map([...drawn].reverse());
    expect(planWindow(swapped, parts).reordered).toBe(true);
  });

  it("every game's parts, helps and the shared parts have templates read by name (a part is fingerprinted by what it reads)", () => {
    const templates = new Set([...SHARED_TEMPLATES, "table/window.hbs"]);
    for (const app of Object.values(apps)) {
      for (const template of Object.values(app.parts)) templates.add(template);
      if (app.help) templates.add(app.help);
    }
    for (const template of templates) expect(TEMPLATE_READS[template], template).toEqual(expect.any(Array));
    expect(TEMPLATE_READS["table/controls.hbs"]).toEqual(["tableControls"]);
  });

  it("both hosts' windows of every board game get the moves played, after the game's parts; other games none", () => {
    const seen = [{ version: 1, event: { kind: "notice", key: "CANTINA.Chat.GM", params: {} } as const }];
    const history = { seen, i18n: dictionaryLocalizer(en), namers: [], open: false };
    const standalone = { ...options, history };
    const foundry = { ...standalone, showEnd: false, header: "table/window.hbs", shared: { tableId: "t1" } };
    const listed = Object.values(apps).filter((app) => app.history);
    expect(listed.map((app) => app.gameId).sort()).toEqual(
      ["defiance-and-domain", "hununga", "porrika", "seven-ulwan", "takat", "ulwan", "ulwan-finkel"].sort(),
    );
    for (const registered of Object.values(apps)) {
      // The game's own context needs a real view; the parts the model adds do not.
      const app = { ...registered, context: () => ({}) };
      for (const host of [standalone, foundry]) {
        const parts = windowParts(app, update({ gameId: app.gameId }), host);
        const ids = parts.map((p) => p.id);
        if (!app.history) {
          expect(ids, app.gameId).not.toContain(HISTORY_PART.id);
          continue;
        }
        const games = ids.filter((id) => id.startsWith("game-") && id !== "game-help" && id !== "game-betting");
        expect(ids.indexOf(HISTORY_PART.id), app.gameId).toBe(ids.indexOf(games.at(-1) ?? "") + 1);
        const part = parts.find((p) => p.id === HISTORY_PART.id);
        expect(part).toMatchObject({
          template: "table/history.hbs",
          context: { history: { count: 1, tableId: "t1" } },
        });
      }
    }
    // A host that gives no events draws no list.
    const bare = { ...listed[0]!, context: () => ({}) };
    expect(windowParts(bare, update({ gameId: bare.gameId }), options).map((p) => p.id)).not.toContain(HISTORY_PART.id);
  });

  it("the template reader finds names in blocks, helpers' arguments and parent paths, and `this` as the whole", () => {
    const roots = templateRoots(
      '{{#if a}}{{b}}{{/if}}{{localize "K" n=f}}{{#each c}}{{d}}{{../e}}{{localize "K" n=j}}{{/each}}{{#with g}}{{h}}{{@root.i}}{{/with}}',
    );
    expect([...(roots ?? [])].sort()).toEqual(["a", "b", "c", "e", "f", "g", "i"]);
    expect(templateRoots("{{#each this}}{{x}}{{/each}}")).toBeNull();
    expect(templateRoots("{{> other}}")).toBeNull();
  });
});
