/**
 * The key window ("This browser's key") on the happy-dom ApplicationV2 of application.ts: the
 * recovery code and the key file are this browser's key; an import (Enter in the code field, or
 * the submit button) goes through the form handler, never a page reload; a bad code is refused
 * with a localized message and changes nothing; a right-click does not act. The key menu, opened
 * again as Configure Settings opens it (a new instance each click), brings back the one window.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../lang/en.json";
import { publicJwkOf, generateKeyPair } from "../../src/foundry/crypto";
import type { keyMenuClass as KeyMenuClass, keyWindowClass as KeyWindowClass } from "../../src/foundry/key-window";
import { MemoryKeyStore, keyId, readKeyFile, recoveryCode } from "../../src/foundry/keys";
import { CantinaRuntime } from "../../src/foundry/runtime";
import { type FoundryDom, installFoundryDom } from "./application";
import { fakeUser, fakeWorld } from "./standins";
import { QUICK_ELECTION } from "./world";

let dom: FoundryDom;
let keyWindowClass: typeof KeyWindowClass;
let keyMenuClass: typeof KeyMenuClass;
const reloads: string[] = [];

beforeAll(async () => {
  dom = installFoundryDom();
  (globalThis as unknown as Record<string, unknown>).location = { reload: () => reloads.push("reload") };
  ({ keyWindowClass, keyMenuClass } = await import("../../src/foundry/key-window"));
});

afterAll(() => {
  const g = globalThis as unknown as Record<string, unknown>;
  for (const k of ["foundry", "game", "ui", "socketlib", "Roll", "ChatMessage", "CONFIG", "location"]) delete g[k];
});

async function openKeyWindow() {
  const world = fakeWorld([fakeUser("gm", "GM", true)]);
  const keys = new MemoryKeyStore();
  // A lone tab: the election decides at once (its default waits 1.5 s for other tabs to answer).
  const runtime = new CantinaRuntime(keys, { election: QUICK_ELECTION });
  await runtime.start();
  const KeyWindow = keyWindowClass(runtime, keys);
  const win = new KeyWindow();
  await win.render({ force: true });
  const el = win.element;
  return { world, keys, runtime, win, el };
}

const settle = () => new Promise((r) => setTimeout(r, 20));

describe("the key window", () => {
  it("shows this browser's recovery code on a primary click only", async () => {
    const { runtime, el } = await openKeyWindow();
    const show = el.querySelector<HTMLButtonElement>('[data-action="showCode"]')!;
    dom.click(show, 2);
    await settle();
    expect(el.querySelector(".cantina-keys-code")).toBeNull();
    dom.click(show, 0);
    await settle();
    expect(el.querySelector(".cantina-keys-code code")?.textContent).toBe(recoveryCode(runtime.sealer!.keyPair));
  });

  it("downloads a key file that reads back to this browser's key on this world and user", async () => {
    const { runtime, el } = await openKeyWindow();
    dom.click(el.querySelector('[data-action="downloadKey"]')!, 0);
    await settle();
    const saved = dom.saved.at(-1)!;
    expect(saved.filename).toBe("cantina-games-key-test-world-gm.json");
    const back = readKeyFile(saved.data, "test-world", "gm");
    expect(back.ok && publicJwkOf(back.pair.publicKey)).toEqual(runtime.sealer!.publicJwk);
  });

  it("Enter in the code field imports through the form handler: no page reload, the key stored, then a reload", async () => {
    const { keys, el } = await openKeyWindow();
    const old = await generateKeyPair();
    const field = el.querySelector<HTMLInputElement>('input[name="code"]')!;
    field.value = recoveryCode(old).toLowerCase();
    const before = reloads.length;
    dom.pressEnter(field);
    await settle();
    expect(dom.pageReloads()).toBe(0);
    expect(publicJwkOf((await keys.load(keyId("test-world", "gm")))!.publicKey)).toEqual(publicJwkOf(old.publicKey));
    expect(reloads.length).toBe(before + 1);
  });

  it("a mistyped code is refused with a clear message and changes nothing", async () => {
    const { keys, el, runtime } = await openKeyWindow();
    const field = el.querySelector<HTMLInputElement>('input[name="code"]')!;
    field.value = "CG2-NOT-A-CODE";
    const before = reloads.length;
    dom.pressEnter(field);
    await settle();
    // The stand-in's game.i18n gives back the key; en.json holds its text.
    expect(el.querySelector(".cantina-error")?.textContent).toBe("CANTINA.Foundry.Key.Error.BadCode");
    expect(en.CANTINA.Foundry.Key.Error.BadCode).toMatch(/recovery code/);
    expect(publicJwkOf((await keys.load(keyId("test-world", "gm")))!.publicKey)).toEqual(runtime.sealer!.publicJwk);
    expect(reloads.length).toBe(before);
    expect(dom.pageReloads()).toBe(0);
  });
});

describe("the key menu", () => {
  it("clicked again, as Configure Settings does (a new instance of its type, rendered with `true`), brings back the one key window with what it shows", async () => {
    fakeWorld([fakeUser("gm", "GM", true)]);
    const keys = new MemoryKeyStore();
    const runtime = new CantinaRuntime(keys, { election: QUICK_ELECTION });
    await runtime.start();
    // As Configure Settings holds a menu's type (and renders it with `true`).
    const KeyMenu = keyMenuClass(runtime, keys) as unknown as new () => { render(force: boolean): Promise<unknown> };
    await new KeyMenu().render(true);
    await settle();
    const shown = () => [...dom.document.querySelectorAll<HTMLElement>('[id="cantina-keys"]')];
    expect(shown()).toHaveLength(1);
    dom.click(shown()[0]!.querySelector('[data-action="showCode"]')!);
    await settle();
    await new KeyMenu().render(true);
    await settle();
    // One window, the one Foundry knows by the id, still showing the code asked for.
    expect(shown()).toHaveLength(1);
    const win = dom.instances.get("cantina-keys") as {
      element: HTMLElement;
      rendered: boolean;
      close(): Promise<unknown>;
    };
    expect(win.rendered).toBe(true);
    expect(shown()[0]).toBe(win.element);
    expect(win.element.querySelector(".cantina-keys-code code")?.textContent).toBe(
      recoveryCode(runtime.sealer!.keyPair),
    );
    // Closed and opened again, it starts afresh.
    await win.close();
    await new KeyMenu().render(true);
    await settle();
    expect(shown()).toHaveLength(1);
    expect(shown()[0]!.querySelector(".cantina-keys-code")).toBeNull();
  });
});

describe("the ApplicationV2 stand-in behaves like Foundry's", () => {
  it("a <form> inside a window that is not tag: form reloads the page on Enter (what the harness catches)", async () => {
    fakeWorld([fakeUser("gm", "GM", true)]);
    const { ApplicationV2, HandlebarsApplicationMixin } = (
      globalThis as unknown as { foundry: { applications: { api: Record<string, never> } } }
    ).foundry.applications.api as unknown as {
      ApplicationV2: new (o?: object) => { render(o: object): Promise<unknown>; element: HTMLElement };
      HandlebarsApplicationMixin: <T>(b: T) => T;
    };
    const Base = HandlebarsApplicationMixin(ApplicationV2);
    class Bare extends (Base as unknown as new () => { render(o: object): Promise<unknown>; element: HTMLElement }) {
      static DEFAULT_OPTIONS = { tag: "section" };
      static PARTS = { keys: { template: "foundry/keys.hbs" } };
    }
    const win = new Bare();
    await win.render({ force: true });
    const before = dom.pageReloads();
    // keys.hbs has no <form> of its own: wrap its field in one, as a template with a bare form would.
    const form = dom.document.createElement("form");
    const field = win.element.querySelector<HTMLInputElement>('input[name="code"]')!;
    field.replaceWith(form);
    form.append(field);
    dom.pressEnter(field);
    await settle();
    expect(dom.pageReloads()).toBe(before + 1);
  });

  it("a first render needs force; renders run in order", async () => {
    const { ApplicationV2 } = (globalThis as unknown as { foundry: { applications: { api: Record<string, never> } } })
      .foundry.applications.api as unknown as {
      ApplicationV2: new () => { render(o?: object): Promise<unknown>; state: number; rendered: boolean };
    };
    const app = new ApplicationV2();
    await app.render();
    expect(app.rendered).toBe(false);
    await app.render({ force: true });
    expect(app.rendered).toBe(true);
  });
});
