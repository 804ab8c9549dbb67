/**
 * The replay window on the happy-dom ApplicationV2 of application.ts: a player's window shows the
 * steps the host sent (their own view) and steps through them with the shared controls; the GM
 * imports a record file (refused with its reason when it does not replay), looks through a seat's
 * eyes, and exports it back as the same record.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { games } from "../../src/games";
import type { ReplayWindow as ReplayWindowClass } from "../../src/foundry/replay-window";
import type * as ReplayWindowModule from "../../src/foundry/replay-window";
import { RecordErrors, exportRecord, importRecord, replaySteps } from "../../src/table/record-file";
import { Errors } from "../../src/table/protocol";
import { replayPage } from "../../src/table/replay-view";
import type { TableRecord } from "../../src/table/store";
import { botRecord } from "../helpers/replay-record";
import { type FoundryDom, installFoundryDom } from "./application";
import { type FakeWorld, fakeUser, fakeWorld } from "./standins";

const SABACC = "sabacc-super-simplified";
let dom: FoundryDom;
let mod: typeof ReplayWindowModule;
let world: FakeWorld;

beforeAll(async () => {
  dom = installFoundryDom();
  mod = await import("../../src/foundry/replay-window");
  world = fakeWorld([fakeUser("gm", "GM", true), fakeUser("alice", "Alice", false)]);
});

afterAll(() => {
  const g = globalThis as unknown as Record<string, unknown>;
  for (const k of ["foundry", "game", "ui", "socketlib", "Roll", "ChatMessage", "CONFIG"]) delete g[k];
});

const settle = () => new Promise((r) => setTimeout(r, 20));

function record(): TableRecord {
  const r = botRecord(SABACC, 3);
  return { ...r, seats: r.seats.map((s, i) => (i === 0 ? { ...s, kind: "person" as const, userId: "alice" } : s)) };
}

/** A stand-in runtime whose host answers the replay request as TableHost does for alice (seat s1). */
function playerRuntime(r: TableRecord) {
  const replayed = replaySteps(r, games);
  if (!replayed.ok) throw new Error(replayed.error.code);
  const asked: string[] = [];
  return {
    asked,
    runtime: {
      start: async () => undefined,
      finishedRecord: async () => null,
      client: {
        // As TableHost.replay answers: the page asked for (replay-view.ts `replayPage`).
        replay: async (tableId: string, from?: number, count?: number) => {
          asked.push(`${tableId} from ${from} count ${count}`);
          if (tableId !== r.id) return { ok: false as const, error: { code: "CANTINA.Error.UnknownTable" } };
          const page = replayPage(r, replayed.game, replayed.steps, { role: "seat", seat: "s1" }, from, count);
          return page.ok ? { ok: true as const, replay: page.replay } : page;
        },
      },
    },
  };
}

function el(win: ReplayWindowClass): HTMLElement {
  return win.element;
}

const stepOf = (win: ReplayWindowClass) => el(win).querySelector("[data-replay-window]")?.getAttribute("data-step");

describe("the replay window in Foundry", () => {
  it("a player's window asks the host, shows their own view and steps forward, back, to the end and by the slider", async () => {
    world.install("alice");
    const r = record();
    const { runtime, asked } = playerRuntime(r);
    const win = (await mod.openReplay(runtime, r.id))!;
    await settle();
    // The setup alone first (its header sizes the pages), then the page after it, fetched ahead.
    expect(asked[0]).toBe(`${r.id} from 0 count 1`);
    expect(asked[1]).toMatch(new RegExp(`^${r.id} from 1 count \\d+$`));
    expect(stepOf(win)).toBe("0");
    // A player may not choose another viewer nor export.
    expect(el(win).querySelector("[data-replay-viewer-choice]")).toBeNull();
    expect(el(win).querySelector('[data-replay-action="export"]')).toBeNull();
    dom.click(el(win).querySelector('[data-replay-action="forward"]')!);
    await settle();
    dom.click(el(win).querySelector('[data-replay-action="forward"]')!);
    await settle();
    expect(stepOf(win)).toBe("2");
    dom.click(el(win).querySelector('[data-replay-action="back"]')!);
    await settle();
    expect(stepOf(win)).toBe("1");
    dom.click(el(win).querySelector('[data-replay-action="last"]')!);
    await settle();
    const last = String(r.log.length - 1);
    expect(stepOf(win)).toBe(last);
    expect(el(win).querySelector<HTMLButtonElement>('[data-replay-action="forward"]')?.disabled).toBe(true);
    const slider = el(win).querySelector<HTMLInputElement>("[data-replay-slider]")!;
    slider.value = "3";
    slider.dispatchEvent(new dom.window.Event("input", { bubbles: true }) as unknown as Event);
    await settle();
    expect(stepOf(win)).toBe("3");
    // The game's own parts are drawn in the board, read-only.
    expect(el(win).querySelector("[data-replay-board]")?.innerHTML).toContain("cantina");
    await win.close();
  });

  it("the keyboard's focus stays on the control pressed while the window is drawn anew (play hands it to pause)", async () => {
    world.install("alice");
    const r = record();
    const win = (await mod.openReplay(playerRuntime(r).runtime, r.id))!;
    await settle();
    const press = async (action: string) => {
      const button = el(win).querySelector<HTMLElement>(`[data-replay-action="${action}"]`)!;
      button.focus();
      dom.click(button);
      await settle();
    };
    await press("forward");
    expect(stepOf(win)).toBe("1");
    expect(dom.document.activeElement).toBe(el(win).querySelector('[data-replay-action="forward"]'));
    await press("play");
    expect(dom.document.activeElement).toBe(el(win).querySelector('[data-replay-action="pause"]'));
    await win.close();
  });

  it("a refused request opens nothing and says why", async () => {
    world.install("alice");
    const { runtime } = playerRuntime(record());
    const before = world.wire.notifications.length;
    expect(await mod.openReplay(runtime, "elsewhere")).toBeNull();
    expect(world.wire.notifications.slice(before)).toEqual([{ kind: "warn", text: "CANTINA.Error.UnknownTable" }]);
  });

  it("a player without a host, or importing a record file, gets the coded refusal and no window", async () => {
    world.install("alice");
    const before = world.wire.notifications.length;
    const noHost = { start: async () => undefined, finishedRecord: async () => null, client: null };
    expect(await mod.openReplay(noHost, record().id)).toBeNull();
    expect(mod.openRecordFile(exportRecord(record()))).toBeNull();
    expect(world.wire.notifications.slice(before)).toEqual([
      { kind: "warn", text: Errors.noHost },
      { kind: "warn", text: Errors.gmOnly },
    ]);
    expect(dom.document.querySelector("[data-replay-window]")).toBeNull();
  });

  it("the hosting GM opens a finished table from its whole record; a record that does not replay is refused with its reason", async () => {
    world.install("gm");
    const r = record();
    const hosting = (stored: TableRecord) => ({
      start: async () => undefined,
      finishedRecord: async () => stored,
      client: null,
    });
    const win = (await mod.openReplay(hosting(r), r.id))!;
    await settle();
    expect(el(win).querySelector("[data-replay-viewer]")?.textContent).toBe("CANTINA.Replay.ViewerGM");
    expect(win.steps).toBe(r.log.length);
    await win.close();
    const before = world.wire.notifications.length;
    expect(await mod.openReplay(hosting({ ...r, gameId: "no-such-game" }), r.id)).toBeNull();
    expect(world.wire.notifications.slice(before)).toEqual([
      { kind: "warn", text: `${RecordErrors.unknownGame} {"game":"no-such-game"}` },
    ]);
  });

  it("plays at the chosen speed to the end, then stops", async () => {
    world.install("alice");
    const r = record();
    const win = (await mod.openReplay(playerRuntime(r).runtime, r.id))!;
    await settle();
    win.speedMs = 5;
    dom.click(el(win).querySelector('[data-replay-action="play"]')!);
    for (let i = 0; i < 100 && win.index < r.log.length - 1; i++) await settle();
    await settle();
    expect(win.index).toBe(r.log.length - 1);
    expect(win.playing).toBe(false);
    await win.close();
  });

  it("the GM imports a record file, looks through a seat's eyes and exports the same record", async () => {
    world.install("gm");
    const r = record();
    const win = mod.openRecordFile(exportRecord(r))!;
    await settle();
    expect(el(win).querySelector("[data-replay-viewer]")?.textContent).toBe("CANTINA.Replay.ViewerGM");
    const choice = el(win).querySelector<HTMLSelectElement>("[data-replay-viewer-choice]")!;
    choice.value = "seat:s2";
    choice.dispatchEvent(new dom.window.Event("change", { bubbles: true }) as unknown as Event);
    await settle();
    expect(el(win).querySelector("[data-replay-viewer]")?.textContent).toContain("Bot 2");
    dom.click(el(win).querySelector('[data-replay-action="export"]')!);
    const saved = dom.saved.at(-1)!;
    expect(saved.type).toBe("application/json");
    const back = importRecord(saved.data, games);
    expect(back.ok && back.record.log).toEqual(r.log);
    await win.close();
  });

  it("a replay opened again while its window is closing is the one Foundry knows by the id, and the one drawn", async () => {
    world.install("gm");
    const text = exportRecord(record());
    const first = mod.openRecordFile(text)!;
    await settle();
    // Foundry 13.351's close: the animation, then the id out of foundry.applications.instances, whoever holds it.
    const hold = dom.holdCloses();
    const second = mod.openRecordFile(text)!;
    await settle();
    hold.release();
    await settle();
    expect(first.rendered).toBe(false);
    expect(second.rendered).toBe(true);
    expect(dom.instances.get(second.id)).toBe(second);
    expect([...dom.document.querySelectorAll(`[id="${second.id}"]`)]).toEqual([el(second)]);
    await second.close();
    expect(dom.instances.has(second.id)).toBe(false);
  });

  it("a record that does not replay is refused with its reason, and no window opens", async () => {
    world.install("gm");
    const before = world.wire.notifications.length;
    expect(mod.openRecordFile("{not json")).toBeNull();
    expect(world.wire.notifications.slice(before)).toEqual([{ kind: "warn", text: RecordErrors.notJson }]);
  });
});
