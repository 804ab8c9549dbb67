/**
 * The page's ledger panel (src/standalone/panels/ledger.ts): a GM's adjustment the host refuses
 * keeps what was typed, and says why right under the form that was sent.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import en from "../../lang/en.json";
import { dictionaryLocalizer } from "../../src/apps/core/i18n";
import { bindActions } from "../../src/standalone/panels/dispatcher";
import { LedgerPanel } from "../../src/standalone/panels/ledger";
import { createRenderer } from "../../src/standalone/render";
import type { TableClient } from "../../src/table/client";
import type { EventView, HostReply } from "../../src/table/protocol";
import { type PanelDom, panelDom } from "../helpers/panel-dom";

const i18n = dictionaryLocalizer(en);
const renderTemplate = createRenderer(i18n);
const DOM_GLOBALS = ["HTMLElement", "HTMLFormElement", "HTMLSelectElement", "HTMLInputElement", "Element", "FormData"];

let page: PanelDom;
let root: HTMLElement;

beforeEach(() => {
  // `document` too: the panel asks it for the focused field and makes its download link with it.
  page = panelDom([...DOM_GLOBALS, "document"], `<div data-region="ledger"></div>`);
  root = page.root;
});

afterEach(() => page.close());

const NIGHT: EventView = {
  id: "e1",
  name: "Night",
  createdAt: 0,
  startingCredits: 500,
  accounts: [{ id: "alice", name: "Alice", credits: 500, luck: 3 }],
  entries: [],
};

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

function panelWith(answer: HostReply): { sent: unknown[][] } {
  const sent: unknown[][] = [];
  const fake = {
    events: [NIGHT],
    sendingLedger: () => false,
    adjustLedger: (...args: unknown[]) => {
      sent.push(args);
      return Promise.resolve(answer);
    },
  };
  const panel = new LedgerPanel(() => root.querySelector<HTMLElement>('[data-region="ledger"]'), {
    client: fake as unknown as TableClient,
    renderTemplate,
    i18n,
    isGM: true,
    eventChanged: () => undefined,
    showSending: () => undefined,
  });
  bindActions(root, [panel]);
  panel.render();
  return { sent };
}

function type(name: string, value: string): void {
  root.querySelector<HTMLInputElement>(`[data-ledger-form] [name="${name}"]`)!.value = value;
}

describe("the GM's ledger adjustment on the page", () => {
  it("a refused adjustment keeps the amounts and reason typed, and its reason shows inside the form", async () => {
    const { sent } = panelWith({
      ok: false,
      error: { code: "CANTINA.GameNight.Adjust.CreditsTooLow", params: { name: "Alice", have: 500 } },
    });
    type("credits", "-900");
    type("luck", "1");
    type("reason", "lost a bet at the bar");
    root.querySelector<HTMLElement>('[data-action="ledgerAdjust"]')!.click();
    await settle();
    expect(sent).toEqual([["e1", "alice", -900, 1, "lost a bet at the bar"]]);
    const form = root.querySelector("[data-ledger-form]")!;
    expect(form.querySelector<HTMLInputElement>('[name="credits"]')!.value).toBe("-900");
    expect(form.querySelector<HTMLInputElement>('[name="reason"]')!.value).toBe("lost a bet at the bar");
    expect(form.querySelector("[data-ledger-error]")?.textContent).toBe(
      "Alice holds 500 credits: take away at most 500.",
    );
  });

  it("an amount that is not a whole number is refused before anything is sent, and says so", async () => {
    const { sent } = panelWith({ ok: true });
    type("credits", "1.5");
    type("reason", "tip");
    root.querySelector<HTMLElement>('[data-action="ledgerAdjust"]')!.click();
    await settle();
    expect(sent).toEqual([]);
    expect(root.querySelector("[data-ledger-form] [data-ledger-error]")?.textContent).toContain(
      '"1.5" is not a whole number',
    );
    expect(root.querySelector<HTMLInputElement>('[data-ledger-form] [name="credits"]')!.value).toBe("1.5");
  });
});
