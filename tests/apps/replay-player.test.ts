/**
 * The replay player both hosts adapt (src/apps/replay/player.ts), drawn here as the standalone page
 * draws it: its controls step and play, the keyboard's focus stays on the control that moved the
 * step (play hands it to pause) after the window is drawn anew, only a GM with the whole record
 * chooses whose eyes to look through, and a page the host refuses stops playing with its reason.
 */
import { Window } from "happy-dom";
import { describe, expect, it } from "vitest";
import en from "../../lang/en.json";
import { dictionaryLocalizer } from "../../src/apps/core/i18n";
import { ReplayPages } from "../../src/apps/replay/pages";
import { ReplayPlayer, type ReplaySource, wholeReplay } from "../../src/apps/replay/player";
import { apps, chatNamers, games } from "../../src/games";
import type { RuleError } from "../../src/rules/core";
import type { HostReply } from "../../src/table/protocol";
import { replaySteps } from "../../src/table/record-file";
import { replayPage } from "../../src/table/replay-view";
import { createRenderer } from "../../src/standalone/render";
import { botRecord } from "../helpers/replay-record";

const i18n = dictionaryLocalizer(en);
const render = createRenderer(i18n);
const record = botRecord("sabacc-super-simplified", 3);
const replayed = replaySteps(record, games);
if (!replayed.ok) throw new Error(replayed.error.code);
const full = { record, game: replayed.game, steps: replayed.steps };

/** A player drawn into a page's region as the standalone panel draws it; what it asked of its host. */
function mount(source: ReplaySource, isGM: boolean) {
  const window = new Window();
  const document = window.document as unknown as Document;
  const root = document.createElement("div");
  document.body.append(root);
  const said = { closed: 0, exported: [] as (string | null)[], refused: [] as RuleError[] };
  const player: ReplayPlayer = new ReplayPlayer(source, {
    i18n,
    namers: chatNamers,
    app: apps[record.gameId],
    gameName: "Sabacc",
    isGM,
    redraw: () => draw(),
    close: () => void said.closed++,
    exportRecord: (whole) => void said.exported.push(whole?.id ?? null),
    refused: (error) => void said.refused.push(error),
  });
  const draw = (): void => {
    const drawn = player.partsToDraw();
    const body = drawn ? drawn.parts.map((p) => render(p, drawn.context)).join("") : "";
    root.innerHTML = render("replay/window.hbs", player.windowContext(body));
    player.drawn();
  };
  player.bind(root);
  draw();
  const control = (action: string) => root.querySelector<HTMLElement>(`[data-replay-action="${action}"]`);
  const step = () => root.querySelector("[data-replay-window]")?.getAttribute("data-step");
  const press = (action: string) => {
    const button = control(action)!;
    button.focus();
    button.click();
  };
  return { window, document, root, player, said, control, step, press };
}

describe("the shared replay player", () => {
  it("steps with its controls and keeps the keyboard's focus on the control that moved the step", () => {
    const { document, control, step, press } = mount(wholeReplay(full, { role: "gm" }), true);
    press("forward");
    press("forward");
    expect(step()).toBe("2");
    // The window was drawn anew twice: the focus is on the new forward button, not lost to the page.
    expect(document.activeElement).toBe(control("forward"));
    press("back");
    expect(step()).toBe("1");
    expect(document.activeElement).toBe(control("back"));
  });

  it("play hands the focus to pause and pause back to play", () => {
    const { document, player, control, press } = mount(wholeReplay(full, { role: "gm" }), true);
    press("play");
    expect(player.playing).toBe(true);
    expect(document.activeElement).toBe(control("pause"));
    press("pause");
    expect(player.playing).toBe(false);
    expect(document.activeElement).toBe(control("play"));
  });

  it("the slider keeps the focus as it moves the step; the last step disables forward", () => {
    const { window, document, root, step, control } = mount(wholeReplay(full, { role: "gm" }), true);
    const slider = root.querySelector<HTMLInputElement>("[data-replay-slider]")!;
    slider.focus();
    slider.value = String(record.log.length - 1);
    slider.dispatchEvent(new window.Event("input", { bubbles: true }) as unknown as Event);
    expect(step()).toBe(String(record.log.length - 1));
    expect(document.activeElement).toBe(root.querySelector("[data-replay-slider]"));
    expect(control("forward")?.hasAttribute("disabled")).toBe(true);
  });

  it("a GM with the whole record looks through a seat's eyes; a player may not choose", () => {
    const gm = mount(wholeReplay(full, { role: "gm" }), true);
    const choice = gm.root.querySelector<HTMLSelectElement>("[data-replay-viewer-choice]")!;
    choice.focus();
    choice.value = "seat:s2";
    choice.dispatchEvent(new gm.window.Event("change", { bubbles: true }) as unknown as Event);
    expect(gm.root.querySelector("[data-replay-viewer]")?.textContent).toContain("Bot 2");
    expect(gm.document.activeElement).toBe(gm.root.querySelector("[data-replay-viewer-choice]"));

    const player = mount(wholeReplay(full, { role: "seat", seat: "s1" }), false);
    expect(player.root.querySelector("[data-replay-viewer-choice]")).toBeNull();
    player.player.chooseViewer("gm");
    expect(player.root.querySelector("[data-replay-viewer]")?.textContent).toContain("Bot 1");
  });

  it("close and export go to the host; export hands over the whole record only where it is here", async () => {
    const gm = mount(wholeReplay(full, { role: "gm" }), true);
    gm.press("export");
    gm.press("close");
    expect(gm.said).toMatchObject({ closed: 1, exported: [record.id] });

    const opened = await ReplayPages.open(async (from) => answer(from));
    if (!opened.ok) throw new Error(opened.error.code);
    const paged = mount({ viewed: opened.pages.replay, pages: opened.pages }, true);
    paged.player.act("export");
    expect(paged.said.exported).toEqual([null]);
  });

  it("a page the host refuses stops playing, and the host is told why; the step stays", async () => {
    let refuse = false;
    const opened = await ReplayPages.open(async (from) =>
      refuse ? { ok: false, error: { code: "CANTINA.Error.NoHost" } } : answer(from, 1),
    );
    if (!opened.ok) throw new Error(opened.error.code);
    const { player, said, step } = mount({ viewed: opened.pages.replay, pages: opened.pages }, false);
    refuse = true;
    player.play();
    player.go(5);
    await new Promise((r) => setTimeout(r, 0));
    expect(said.refused).toEqual([{ code: "CANTINA.Error.NoHost" }]);
    expect(player.playing).toBe(false);
    expect(step()).toBe("0");
  });
});

/** The host's answer to a page of seat s1's replay (as TableHost answers, replay-view.ts `replayPage`). */
function answer(from: number, count = 4): HostReply {
  const page = replayPage(record, full.game, full.steps, { role: "seat", seat: "s1" }, from, count);
  return page.ok ? { ok: true, replay: page.replay } : page;
}
