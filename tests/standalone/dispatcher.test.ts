/**
 * The standalone page's one action dispatcher (src/standalone/panels/dispatcher.ts): the nearest
 * control's action name finds its panel's action, for clicks, changes and Enter in a form.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { actionName, actionTable, bindActions } from "../../src/standalone/panels/dispatcher";
import type { Panel, PanelAction } from "../../src/standalone/panels/panel";
import { type PanelDom, panelDom } from "../helpers/panel-dom";

let page: PanelDom;
let window: PanelDom["window"];
let root: HTMLElement;

beforeEach(() => {
  // The dispatcher checks controls with the DOM's classes, as the page's own globals.
  page = panelDom(["HTMLElement", "HTMLFormElement", "Element"]);
  ({ window, root } = page);
});

afterEach(() => page.close());

function panel(actions: Record<string, PanelAction>): Panel {
  return { render: () => undefined, actions };
}

function click(selector: string): void {
  root.querySelector<HTMLElement>(selector)?.dispatchEvent(new window.MouseEvent("click", { bubbles: true }) as never);
}

describe("the page's action dispatcher", () => {
  it("calls the action named by the nearest button, from a click on its inner text", () => {
    root.innerHTML = `<section><button type="button" data-page-action="table-open" data-table-id="t1"><span>Open</span></button></section>`;
    const opened: string[] = [];
    bindActions(root, [panel({ "table-open": (control) => opened.push(control.dataset.tableId ?? "") })]);
    click("span");
    expect(opened).toEqual(["t1"]);
  });

  it("prefers the page's own action name to the game action a button also carries", () => {
    root.innerHTML = `<button type="button" data-action="sideBet" data-page-action="side-bet">Bet</button>`;
    expect(actionName(root.querySelector("button") as HTMLElement)).toBe("side-bet");
    const calls: string[] = [];
    bindActions(root, [panel({ "side-bet": () => calls.push("page"), sideBet: () => calls.push("foundry") })]);
    click("button");
    expect(calls).toEqual(["page"]);
  });

  it("hands a button no panel names to the fallback (a game's own action), and nothing else", () => {
    root.innerHTML = `<div data-window="t1"><button type="button" data-action="roll">Roll</button></div><button type="button">plain</button>`;
    const handed: string[] = [];
    bindActions(root, [panel({})], {
      otherwise: (control) => {
        handed.push(actionName(control));
        return true;
      },
    });
    click("[data-action=roll]");
    click("button:not([data-action])");
    expect(handed).toEqual(["roll"]);
  });

  it("runs a field's change action, but a click on that field runs nothing", () => {
    root.innerHTML = `<select data-page-action="chat-filter"><option value="">all</option><option value="t2" selected>t2</option></select>`;
    const chosen: string[] = [];
    bindActions(root, [panel({ "chat-filter": (control) => chosen.push((control as HTMLSelectElement).value) })]);
    click("select");
    expect(chosen).toEqual([]);
    root.querySelector("select")?.dispatchEvent(new window.Event("change", { bubbles: true }) as never);
    expect(chosen).toEqual(["t2"]);
  });

  it("runs the action of a form's submit control on Enter, and never lets the browser send the form", () => {
    root.innerHTML = `<form data-submit-action="labRun"><input name="n"><button type="button" data-action="labRun">Run</button></form>`;
    const runs: string[] = [];
    bindActions(root, [panel({ labRun: () => runs.push("run") })], {
      submitter: (form) => form.querySelector<HTMLElement>(`[data-action="${form.dataset.submitAction}"]`),
    });
    const submit = new window.Event("submit", { bubbles: true, cancelable: true });
    root.querySelector("form")?.dispatchEvent(submit as never);
    expect(runs).toEqual(["run"]);
    expect(submit.defaultPrevented).toBe(true);
  });

  it("refuses two panels that name the same action", () => {
    expect(() =>
      actionTable([panel({ "table-open": () => undefined }), panel({ "table-open": () => undefined })]),
    ).toThrow(/table-open/);
  });
});
