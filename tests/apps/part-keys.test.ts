/**
 * Each game's `partKeys` (which context keys a window part reads, src/apps/core/parts.ts) cover
 * every name its template reads from the root of the context, so that a part whose keys did not
 * change really draws the same; and the fingerprints move with exactly those keys.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { partFingerprints } from "../../src/apps/core/parts";
import { apps } from "../../src/games";
import { templateRoots } from "../helpers/template-roots";

describe("the parts' context keys (issue 17)", () => {
  it.each(Object.values(apps).filter((a) => a.partKeys !== undefined))(
    "$gameId: every part lists each name its template reads",
    (app) => {
      for (const [name, path] of Object.entries(app.parts)) {
        const keys = app.partKeys?.[name];
        if (!keys) continue;
        const roots = templateRoots(readFileSync(`templates/${path}`, "utf8"));
        expect(roots, `${path} reads its whole context`).not.toBeNull();
        expect(keys, `${app.gameId} ${name} (${path})`).toEqual(expect.arrayContaining([...(roots ?? [])]));
      }
    },
  );

  it("the shared parts read only their own contexts (the Foundry window fingerprints them by those)", () => {
    const roots = (path: string) => [...(templateRoots(readFileSync(`templates/${path}`, "utf8")) ?? ["(whole)"])];
    for (const help of new Set(Object.values(apps).map((a) => a.help ?? "sabacc/help.hbs")))
      expect(roots(help), help).toEqual(["help"]);
    expect(roots("table/controls.hbs")).toEqual(["tableControls"]);
    const countdown = ["endsAt", "up", "startedAt", "seat", "seatName", "label", "urgent", "fraction"];
    expect(countdown).toEqual(expect.arrayContaining(roots("table/countdown.hbs")));
    const betting = ["tableId", "canBet", "sharePct", "shareHeld", "sharePaid", "myTotals", "pools"];
    expect(betting).toEqual(expect.arrayContaining(roots("table/betting.hbs")));
    // The Foundry window's header: the window's own fields (game-window.ts, `head`).
    const head = ["tableId", "gameKey", "viewerLabel", "isGM", "over", "missing", "hostMissing", "sceneBoard"];
    expect(head).toEqual(expect.arrayContaining(roots("foundry/window.hbs")));
  });

  it("the Ulwan games declare their parts' keys (the browser bench's game)", () => {
    expect(Object.keys(apps["seven-ulwan"]?.partKeys ?? {})).toEqual(Object.keys(apps["seven-ulwan"]?.parts ?? {}));
  });

  it("the template reader finds names in blocks, helpers' arguments and parent paths, and `this` as the whole", () => {
    const roots = templateRoots(
      '{{#if a}}{{b}}{{/if}}{{localize "K" n=f}}{{#each c}}{{d}}{{../e}}{{localize "K" n=j}}{{/each}}{{#with g}}{{h}}{{@root.i}}{{/with}}',
    );
    expect([...(roots ?? [])].sort()).toEqual(["a", "b", "c", "e", "f", "g", "i"]);
    expect(templateRoots("{{#each this}}{{x}}{{/each}}")).toBeNull();
    expect(templateRoots("{{> other}}")).toBeNull();
  });

  it("a part's fingerprint moves only with its own keys; a part without keys moves with anything", () => {
    const app = {
      gameId: "demo",
      parts: { a: "a.hbs", b: "b.hbs", c: "c.hbs" },
      partKeys: { a: ["x"], b: ["y", "z"] },
      context: () => ({}),
      actions: {},
    };
    const before = partFingerprints(app, { x: 1, y: [1], z: { k: 1 } });
    const after = partFingerprints(app, { x: 1, y: [1], z: { k: 2 } });
    expect(after.a).toBe(before.a);
    expect(after.b).not.toBe(before.b);
    expect(after.c).not.toBe(before.c);
  });
});
