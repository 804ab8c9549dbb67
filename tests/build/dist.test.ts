/**
 * Checks the installable module folder written by `npm run build` (dist/), and that the Foundry
 * bundle never pulls in code from src/standalone/. Run `npm run build` before these tests.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { extractPack } from "@foundryvtt/foundryvtt-cli";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { splitSelectors } from "../../scripts/css-scope.mjs";
import { apps, games } from "../../src/games";
import { DECK, DECK_IDS } from "../../src/rules/sabacc/deck";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const dist = join(root, "dist");
const BUILD_FIRST = "dist/ is missing or incomplete: run npm run build first";

interface PackEntry {
  name: string;
  label: string;
  path: string;
  type: string;
  system?: string;
}
interface Manifest {
  id: string;
  title: string;
  description: string;
  version: string;
  url: string;
  manifest: string;
  download: string;
  compatibility: { minimum: string; verified: string };
  relationships: { requires: { id: string; type: string }[] };
  socket: boolean;
  esmodules: string[];
  styles: string[];
  languages: { lang: string; name: string; path: string }[];
  packs: PackEntry[];
}
interface JournalPage {
  _id: string;
  _key: string;
  name: string;
  type: string;
  text?: { format: number; content: string };
}
interface Macro {
  _id: string;
  _key: string;
  name: string;
  type: string;
  command: string;
}
interface Journal {
  _id: string;
  _key: string;
  name: string;
  pages: JournalPage[];
}
interface CardFaceData {
  name: string;
  text: string;
  img: string;
}
interface CardData {
  _id: string;
  _key: string;
  name: string;
  type: string;
  suit: string;
  value: number;
  sort: number;
  face: number | null;
  faces: CardFaceData[];
  back: { img: string };
  drawn: boolean;
  origin: string | null;
  flags: { "cantina-games"?: { id?: string } };
}
interface CardsData {
  _id: string;
  _key: string;
  name: string;
  type: string;
  img: string;
  cards: CardData[];
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, "utf8")) as T;
const ID = /^[A-Za-z0-9]{16}$/;
const SABACC_JOURNAL = "Sabacc: Super Simplified (Electrum Circuit)";
const SABACC_DECK = "cantina-sabacc-deck";
/** Documents the build generates (no source file) per pack: a launch macro per game; the Sabacc deck. */
const GENERATED: Readonly<Record<string, number>> = {
  "cantina-macros": Object.keys(games).length,
  [SABACC_DECK]: 1,
  "cantina-ubongo-cards": 1,
};

let manifest: Manifest;

beforeAll(() => {
  if (!existsSync(join(dist, "module.json")) || !existsSync(join(dist, "scripts"))) throw new Error(BUILD_FIRST);
  manifest = readJson<Manifest>(join(dist, "module.json"));
});

describe("dist/module.json", () => {
  it("names the module and its version", () => {
    const pkg = readJson<{ version: string }>(join(root, "package.json"));
    expect(manifest.id).toBe("cantina-games");
    expect(manifest.title).toBe("Cantina Games");
    expect(manifest.description.length).toBeGreaterThan(0);
    expect(manifest.version).toBe(pkg.version);
  });

  it("has a well-formed id, and its pack folders name only declared packs", () => {
    expect(manifest.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    const folders =
      readJson<{ packFolders?: { name: string; packs: string[] }[] }>(join(dist, "module.json")).packFolders ?? [];
    const declared = new Set(manifest.packs.map((p) => p.name));
    for (const folder of folders)
      for (const name of folder.packs) expect(declared.has(name), `packFolders ${folder.name}: ${name}`).toBe(true);
  });

  it("targets Foundry v13", () => {
    expect(manifest.compatibility.minimum).toBe("13");
    expect(manifest.compatibility.verified).toBe("13");
  });

  it("uses sockets through socketlib", () => {
    expect(manifest.socket).toBe(true);
    expect(manifest.relationships.requires).toContainEqual(
      expect.objectContaining({ id: "socketlib", type: "module" }),
    );
  });

  it("has release URLs", () => {
    for (const url of [manifest.url, manifest.manifest, manifest.download]) expect(() => new URL(url)).not.toThrow();
    expect(manifest.manifest).toMatch(/module\.json$/);
    expect(manifest.download).toMatch(/\.zip$/);
  });

  it("declares files that all exist in dist/", () => {
    expect(manifest.esmodules).toEqual(["scripts/cantina-games.js"]);
    expect(manifest.styles).toEqual(["styles/cantina-games.css"]);
    expect(manifest.languages).toContainEqual({ lang: "en", name: "English", path: "lang/en.json" });
    expect(manifest.languages).toContainEqual({ lang: "de", name: "Deutsch", path: "lang/de.json" });
    const paths = [...manifest.esmodules, ...manifest.styles, ...manifest.languages.map((l) => l.path)];
    for (const p of paths) expect(existsSync(join(dist, p)), `dist/${p}`).toBe(true);
    for (const l of manifest.languages) expect(() => readJson(join(dist, l.path))).not.toThrow();
  });

  it("ships each language file as it is in lang/ (German included)", () => {
    for (const l of manifest.languages) {
      expect(readFileSync(join(dist, l.path), "utf8"), `${l.path} (run npm run build again)`).toBe(
        readFileSync(join(root, l.path), "utf8"),
      );
    }
  });

  it("ships the module's stylesheets and templates, not the standalone page's", () => {
    const css = readFileSync(join(dist, "styles/cantina-games.css"), "utf8");
    for (const f of readdirSync(join(root, "styles")).filter((f) => f.endsWith(".css"))) {
      const marker = `/* ---- styles/${f} ---- */`;
      if (f === "standalone.css" || f.startsWith("standalone-"))
        expect(css, "the standalone page's sheets").not.toContain(marker);
      else expect(css, `styles/${f} (if it changed, run npm run build again)`).toContain(marker);
    }
    if (existsSync(join(root, "templates"))) {
      for (const f of filesUnder(join(root, "templates"))) {
        const path = relative(root, f);
        const standalone = path.split(sep)[1] === "standalone";
        expect(existsSync(join(dist, path)), path).toBe(!standalone);
      }
    }
  });

  it("styles only the module's own elements, in the cascade layer cantina-games (issue 9)", () => {
    const css = readFileSync(join(dist, "styles/cantina-games.css"), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
    const layer = /^\s*@layer cantina-games \{([\s\S]*)\}\s*$/.exec(css);
    expect(layer, "the whole sheet in @layer cantina-games").not.toBeNull();
    const rules = [...layer![1]!.matchAll(/([^{}]+)\{[^{}]*\}/g)];
    expect(rules.length).toBeGreaterThan(100);
    for (const [, selectors] of rules)
      for (const selector of splitSelectors(selectors!).map((s) => s.trim()))
        expect(selector, "scoped under the module's classes").toMatch(
          // `:where(.cantina-games)`: the shared button look, scoped with no specificity (controls.css).
          /^(\.cantina-games\b|:where\(\.cantina-games\) |\.theme-dark \.cantina-games\b|\.chat-message \.cantina-sealed-roll\b)/,
        );
    // Nothing that restyles Foundry's page: no body, html, :root, or bare list rules.
    expect(css).not.toMatch(/(^|[\s,}])(body|html|:root)\s*[{,]/);
  });

  it("keeps a game stylesheet's @media rules, their selectors scoped (scripts/css-scope.mjs)", () => {
    const css = readFileSync(join(dist, "styles/cantina-games.css"), "utf8");
    const hununga = css.slice(css.indexOf("/* ---- styles/hununga.css ---- */"));
    const block = /@media \(max-height: 800px\) \{([^{}]*)\{[^{}]*\}\s*\}/.exec(hununga);
    expect(block, "styles/hununga.css's short-screen rule (if it changed, run npm run build again)").not.toBeNull();
    expect(block![1]!.trim()).toBe('.cantina-games .cantina-page [data-game="hununga"] .cantina-board');
    // The standalone page's generic sheet names no game: the games' own short-screen rules are theirs.
    const standalone = readdirSync(join(root, "styles"))
      .filter((f) => f.startsWith("standalone"))
      .map((f) => readFileSync(join(root, "styles", f), "utf8"))
      .join("\n");
    for (const id of Object.keys(games)) expect(standalone, id).not.toContain(`"${id}"`);
  });

  it("matches the source module.json apart from the fields the build fills in", () => {
    const source = readJson<Record<string, unknown>>(join(root, "module.json"));
    const built: Record<string, unknown> = { ...manifest };
    for (const key of ["version", "url", "manifest", "download"]) {
      delete source[key];
      delete built[key];
    }
    expect(built).toEqual(source);
  });
});

describe("compendium packs", () => {
  let scratch: string;
  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), "cantina-packs-"));
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("are well named, typed and compiled as LevelDB folders", () => {
    expect(manifest.packs.length).toBeGreaterThan(0);
    const names = new Set<string>();
    for (const pack of manifest.packs) {
      expect(pack.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(names.has(pack.name), `duplicate pack ${pack.name}`).toBe(false);
      names.add(pack.name);
      expect(pack.path).toBe(`packs/${pack.name}`);
      expect(pack.label.length).toBeGreaterThan(0);
      const dir = join(dist, pack.path);
      expect(existsSync(dir) && statSync(dir).isDirectory(), `dist/${pack.path}`).toBe(true);
      const files = readdirSync(dir);
      expect(files.includes("CURRENT") || files.some((f) => /\.(ldb|log)$/.test(f)), `dist/${pack.path}`).toBe(true);
    }
  });

  it("include the rules journal pack", () => {
    expect(manifest.packs).toContainEqual(
      expect.objectContaining({ name: "cantina-rules", label: "Cantina Games: Rules", type: "JournalEntry" }),
    );
    expect(manifest.packs.find((p) => p.name === "cantina-rules")?.system).toBeUndefined();
  });

  it("read back with every source document", async () => {
    for (const pack of manifest.packs) {
      // Extract from a copy: opening a LevelDB may rewrite its files.
      const copy = join(scratch, "db", pack.name);
      cpSync(join(dist, pack.path), copy, { recursive: true });
      const out = join(scratch, "out", pack.name);
      await extractPack(copy, out, { clean: true });
      const extracted = new Set(filesUnder(out).map((f) => readJson<{ _id: string }>(f)._id));
      const srcDir = join(root, "packs", pack.name);
      const sources = existsSync(srcDir) ? filesUnder(srcDir).map((f) => readJson<{ _id: string }>(f)._id) : [];
      const generated = GENERATED[pack.name] ?? 0;
      expect(sources.length + generated, pack.name).toBeGreaterThan(0);
      for (const id of sources) expect(extracted.has(id), `${pack.name}: ${id}`).toBe(true);
      expect(extracted.size, pack.name).toBe(sources.length + generated);
    }
  });

  it("hold the Super Simplified Sabacc journal with text pages", async () => {
    const copy = join(scratch, "rules-db");
    cpSync(join(dist, "packs/cantina-rules"), copy, { recursive: true });
    const out = join(scratch, "rules-out");
    await extractPack(copy, out, { clean: true });
    const journals = filesUnder(out).map((f) => readJson<Journal>(f));
    const journal = journals.find((j) => j.name === SABACC_JOURNAL);
    expect(journal, SABACC_JOURNAL).toBeDefined();
    if (!journal) return;
    expect(journal._id).toMatch(ID);
    expect(journal._key).toBe(`!journal!${journal._id}`);
    expect(journal.pages.length).toBeGreaterThan(0);
    for (const page of journal.pages) {
      expect(page._id).toMatch(ID);
      expect(page._key).toBe(`!journal.pages!${journal._id}.${page._id}`);
      expect(page.type).toBe("text");
      expect(page.text?.format).toBe(1);
      expect(page.text?.content ?? "").toMatch(/^<(p|h\d|ul|ol)>/);
    }
    const text = journal.pages.map((p) => p.text?.content ?? "").join(" ");
    for (const needle of ["1d100", "100 credits", "1d23", "Luck/Force", "23", "3 Luck/Force points"]) {
      expect(text).toContain(needle);
    }
  });
});

describe("the macro pack", () => {
  let scratch: string;
  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), "cantina-macros-"));
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("is declared as a Macro compendium in the module's folder", () => {
    expect(manifest.packs).toContainEqual(
      expect.objectContaining({ name: "cantina-macros", type: "Macro", path: "packs/cantina-macros" }),
    );
    const folders = readJson<{ packFolders: { packs: string[] }[] }>(join(dist, "module.json")).packFolders;
    expect(folders.some((f) => f.packs.includes("cantina-macros"))).toBe(true);
  });

  it("holds one script macro per registered game that launches it, the table list and the ledger macros", async () => {
    const copy = join(scratch, "db");
    cpSync(join(dist, "packs/cantina-macros"), copy, { recursive: true });
    const out = join(scratch, "out");
    await extractPack(copy, out, { clean: true });
    const macros = filesUnder(out).map((f) => readJson<Macro>(f));
    for (const m of macros) {
      expect(m._id).toMatch(ID);
      expect(m._key).toBe(`!macros!${m._id}`);
      expect(m.type).toBe("script");
      expect(m.name.length).toBeGreaterThan(0);
      expect(m.command).toMatch(/^game\.modules\.get\("cantina-games"\)\?\.api\?\./);
    }
    for (const id of Object.keys(games)) {
      const launch = macros.filter(
        (m) => m.command === `game.modules.get("cantina-games")?.api?.launch(${JSON.stringify(id)});`,
      );
      expect(launch, id).toHaveLength(1);
    }
    expect(macros.some((m) => m.command.includes(".showTables()"))).toBe(true);
    // The ledger without a scene (scene controls need a canvas): a macro opens it.
    expect(macros.some((m) => m.command === 'game.modules.get("cantina-games")?.api?.showLedger();')).toBe(true);
    // The Sabacc tournament's window, likewise (issue 37).
    expect(macros.some((m) => m.command === 'game.modules.get("cantina-games")?.api?.showTournament();')).toBe(true);
    expect(new Set(macros.map((m) => m._id)).size).toBe(macros.length);
  });
});

describe("the Sabacc deck pack", () => {
  let scratch: string;
  let deck: CardsData;
  const MODULE_PATH = "modules/cantina-games/";
  /** dist/<path> of an image path as Foundry sees it (modules/cantina-games/<path>). */
  const inDist = (img: string): string => {
    expect(img.startsWith(MODULE_PATH), img).toBe(true);
    return join(dist, img.slice(MODULE_PATH.length));
  };

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), "cantina-deck-"));
    const copy = join(scratch, "db");
    cpSync(join(dist, "packs", SABACC_DECK), copy, { recursive: true });
    const out = join(scratch, "out");
    await extractPack(copy, out, { clean: true });
    const docs = filesUnder(out).map((f) => readJson<CardsData>(f));
    expect(docs).toHaveLength(1);
    deck = docs[0]!;
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("is declared as a Cards compendium players can view, in the module's folder", () => {
    const source = readJson<{
      packs: (PackEntry & { ownership?: Record<string, string> })[];
      packFolders: { packs: string[] }[];
    }>(join(root, "module.json"));
    const pack = source.packs.find((p) => p.name === SABACC_DECK);
    expect(pack).toMatchObject({ label: "Cantina Games: Sabacc deck", type: "Cards", path: `packs/${SABACC_DECK}` });
    expect(pack?.system).toBeUndefined();
    expect(pack?.ownership?.PLAYER).toMatch(/^(OBSERVER|LIMITED)$/);
    expect(source.packFolders.some((f) => f.packs.includes(SABACC_DECK))).toBe(true);
    expect(manifest.packs).toContainEqual(expect.objectContaining({ name: SABACC_DECK, type: "Cards" }));
  });

  it("holds one deck (a Cards document of type deck) of the 76 cards", () => {
    expect(deck._id).toMatch(ID);
    expect(deck._key).toBe(`!cards!${deck._id}`);
    expect(deck.type).toBe("deck");
    expect(deck.name).toBe("Sabacc deck (76 cards)");
    expect(existsSync(inDist(deck.img)), deck.img).toBe(true);
    expect(deck.cards).toHaveLength(76);
    expect(new Set(deck.cards.map((c) => c._id)).size).toBe(76);
    expect(new Set(deck.cards.map((c) => c.name)).size).toBe(76);
  });

  it("has each card of deck.ts once, in order, with its suit and value and a face drawn in dist/", () => {
    const cards = [...deck.cards].sort((a, b) => a.sort - b.sort);
    expect(cards.map((c) => c.flags["cantina-games"]?.id)).toEqual([...DECK_IDS]);
    cards.forEach((card, i) => {
      const want = DECK[i]!;
      expect(card._id).toMatch(ID);
      expect(card._key).toBe(`!cards.cards!${deck._id}.${card._id}`);
      expect(card.type).toBe("base");
      expect(card.value, want.id).toBe(want.value);
      expect(card.suit, want.id).toBe(want.suit ?? "");
      expect(card.name.length).toBeGreaterThan(0);
      expect(card.drawn).toBe(false);
      expect(card.origin).toBeNull();
      expect(card.face).toBe(0);
      expect(card.faces).toHaveLength(1);
      expect(card.faces[0]!.img).toBe(`${MODULE_PATH}assets/cards/${want.id}.svg`);
      for (const img of [card.back.img, card.faces[0]!.img]) expect(existsSync(inDist(img)), img).toBe(true);
    });
    expect(cards.find((c) => c.flags["cantina-games"]?.id === "coins-7")?.name).toBe("7 of Coins");
    expect(cards.find((c) => c.flags["cantina-games"]?.id === "sabres-12")?.name).toBe("Commander of Sabres");
  });

  it("has stable ids: the build generates the same deck every time", () => {
    // Ids are derived from the card ids, so re-importing the compendium updates rather than duplicates.
    expect(deck._id).toBe("wVoWXAfc2gNKxyNJ");
    expect(deck.cards.find((c) => c.flags["cantina-games"]?.id === "sabres-1")?._id).toBe("L9z9jGA7nwpMGFyO");
  });

  it("ships every card face and the back as a well-formed SVG file", () => {
    const dir = join(dist, "assets/cards");
    const files = readdirSync(dir)
      .filter((f) => f.endsWith(".svg"))
      .sort();
    expect(files).toEqual([...DECK_IDS, "back"].map((id) => `${id}.svg`).sort());
    for (const f of files) {
      const text = readFileSync(join(dir, f), "utf8");
      expect(xmlProblem(text), f).toBeUndefined();
      const body = text.replace(/^<\?xml[^>]*\?>\s*/, "");
      expect(body.startsWith("<svg "), f).toBe(true);
      expect(body, f).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(body, f).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    }
  });

  it("the well-formedness check itself rejects broken XML", () => {
    expect(xmlProblem('<svg a="1"><g/></svg>')).toBeUndefined();
    expect(xmlProblem("<svg><g></svg>")).toBeDefined();
    expect(xmlProblem("<svg data-x><g/></svg>")).toBeDefined();
    expect(xmlProblem('<svg a="1" a="2"/>')).toBeDefined();
    expect(xmlProblem("<svg>&nbsp;</svg>")).toBeDefined();
    expect(xmlProblem("<svg/><svg/>")).toBeDefined();
    expect(xmlProblem("<svg>1 < 2</svg>")).toBeDefined();
  });
});

describe("the Foundry windows' templates", () => {
  it("every part a game's window renders, and the adapter's own, ship in dist/templates", () => {
    const paths = [
      ...Object.values(apps).flatMap((a) => Object.values(a.parts)),
      "table/window.hbs",
      "table/lobby.hbs",
      "table/tables.hbs",
    ];
    for (const p of paths) expect(existsSync(join(dist, "templates", p)), `dist/templates/${p}`).toBe(true);
  });

  it("use only Foundry's localize helper (besides Handlebars' own block helpers)", () => {
    const builtIn = new Set(["if", "else", "unless", "each", "with", "localize", "this", "lookup"]);
    for (const f of filesUnder(join(root, "templates")).filter((f) => f.endsWith(".hbs"))) {
      for (const m of readFileSync(f, "utf8").matchAll(/\{\{\{?\s*[#/]?\s*([A-Za-z_][\w-]*)\s+[^}]*\}\}/g)) {
        const name = m[1] as string;
        expect(builtIn.has(name), `${relative(root, f)}: helper {{${name} …}}`).toBe(true);
      }
    }
  });
});

describe("the Foundry bundle", () => {
  const bundle = () => readFileSync(join(dist, "scripts/cantina-games.js"), "utf8");

  it("imports nothing Foundry cannot resolve (no bare specifiers)", () => {
    const specifiers = [...bundle().matchAll(/^\s*(?:import|export)\b[^"'`;]*?\bfrom\s*["']([^"']+)["']/gm)].map(
      (m) => m[1],
    );
    for (const s of specifiers) expect(s, `bundle imports ${s}`).toMatch(/^\.{1,2}\//);
  });

  it("contains no source from src/standalone/ (source map)", () => {
    const map = readJson<{ sources: string[] }>(join(dist, "scripts/cantina-games.js.map"));
    expect(map.sources.length).toBeGreaterThan(0);
    expect(map.sources.some((s) => s.includes("src/foundry/main.ts"))).toBe(true);
    expect(map.sources.filter((s) => s.replaceAll("\\", "/").includes("src/standalone/"))).toEqual([]);
  });

  // Foundry ships PIXI 7 as a global: the canvas board (src/apps/canvas) gets it from its host, never bundled.
  it("contains no pixi.js code in any script or its source map", () => {
    const scripts = filesUnder(join(dist, "scripts"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const file of scripts.filter((f) => f.endsWith(".js.map"))) {
      const map = readJson<{ sources: string[] }>(file);
      const pixi = map.sources.filter((s) => /node_modules\/(?:pixi\.js|@pixi)\//.test(s.replaceAll("\\", "/")));
      expect(pixi, relative(root, file)).toEqual([]);
    }
    for (const file of scripts.filter((f) => f.endsWith(".js"))) {
      const text = readFileSync(file, "utf8");
      // Markers of PIXI's own code: the banner of its bundles, the class line of its renderer (@pixi/core).
      for (const marker of ["pixi.js - v", "extends SystemManager"])
        expect(text.includes(marker), `${relative(root, file)} holds ${marker}`).toBe(false);
    }
  });

  it("holds the scene boards and the canvas renderer (so the check above is not vacuous for them)", () => {
    const map = readJson<{ sources: string[] }>(join(dist, "scripts/cantina-games.js.map"));
    for (const file of ["src/foundry/scene-boards.ts", "src/apps/canvas/board-canvas.ts"])
      expect(
        map.sources.some((s) => s.replaceAll("\\", "/").includes(file)),
        file,
      ).toBe(true);
  });

  it("is built from an import graph that never reaches src/standalone/", () => {
    const graph = importGraph(join(root, "src/foundry/main.ts"));
    expect(graph.size).toBeGreaterThan(0);
    const standalone = join(root, "src", "standalone") + sep;
    expect([...graph].filter((f) => f.startsWith(standalone)).map((f) => relative(root, f))).toEqual([]);
  });
});

/**
 * Why `text` is not a well-formed XML document (undefined when it is): one root element, tags
 * nested and closed, attributes quoted and not repeated, only XML's own or numeric entities. A
 * small strict check (no DTDs, CDATA or processing instructions besides the XML declaration).
 */
function xmlProblem(text: string): string | undefined {
  const NAME = "[A-Za-z_:][\\w.:-]*";
  const TAG = new RegExp(`^<(/?)(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*)\\s*(/?)>`);
  const ATTR = new RegExp(`(${NAME})\\s*=\\s*(?:"[^"]*"|'[^']*')`, "g");
  const badText = (t: string) => t.includes("<") || /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[\da-fA-F]+);)/.test(t);
  let rest = text.replace(/^\uFEFF?<\?xml\s[^?]*\?>/, "").replace(/<!--(?:(?!--)[\s\S])*-->/g, "");
  const open: string[] = [];
  let roots = 0;
  while (rest.length > 0) {
    const lt = rest.indexOf("<");
    const chunk = lt < 0 ? rest : rest.slice(0, lt);
    if (open.length === 0 ? chunk.trim() !== "" : badText(chunk)) return `bad text: ${chunk.slice(0, 40)}`;
    if (lt < 0) break;
    rest = rest.slice(lt);
    const m = TAG.exec(rest);
    if (!m) return `bad tag: ${rest.slice(0, 40)}`;
    const [whole, closing, name, attrs = "", selfClosing] = m;
    const names = [...attrs.matchAll(ATTR)].map((a) => a[1]);
    if (new Set(names).size !== names.length) return `repeated attribute in <${name}>`;
    if (/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[\da-fA-F]+);)/.test(attrs)) return `bad entity in <${name}>`;
    if (closing) {
      if (attrs.trim() !== "" || selfClosing) return `bad end tag </${name}>`;
      if (open.pop() !== name) return `</${name}> does not close the open element`;
    } else {
      if (open.length === 0 && ++roots > 1) return "more than one root element";
      if (!selfClosing) open.push(name!);
    }
    rest = rest.slice(whole.length);
  }
  if (open.length > 0) return `<${open.at(-1)}> is not closed`;
  return roots === 1 ? undefined : "no root element";
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );
}

/** Every local file reachable from `entry` through static imports, re-exports and import(). */
function importGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const pending = [entry];
  const IMPORT =
    /(?:\bimport|\bexport)\s*(?:type\s+)?(?:[^"'`;]*?\bfrom\s*)?["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    if (!/\.(ts|tsx|mts|js|mjs)$/.test(file)) continue; // stylesheets, templates: leaves
    const code = readFileSync(file, "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/^\s*\/\/.*$/gm, "");
    for (const m of code.matchAll(IMPORT)) {
      const spec = (m[1] ?? m[2])?.replace(/\?.*$/, ""); // drop ?raw, ?url
      if (spec === undefined || !spec.startsWith(".")) continue; // packages: not our sources
      const target = resolveLocal(resolve(dirname(file), spec));
      if (target === undefined) throw new Error(`${relative(root, file)}: cannot resolve import "${spec}"`);
      pending.push(target);
    }
  }
  return seen;
}

function resolveLocal(base: string): string | undefined {
  const stem = base.replace(/\.(js|mjs|ts)$/, "");
  const candidates = [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.d.ts`,
    `${stem}.js`,
    `${stem}.mjs`,
    join(base, "index.ts"),
    join(base, "index.js"),
  ];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}
