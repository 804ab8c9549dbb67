/**
 * The page's tournament window (src/standalone/panels/tournament.ts): a refused request says why in
 * the window and keeps what was typed; a buy-in refused halfway is sent again under the same transfer id.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import en from "../../lang/en.json";
import { dictionaryLocalizer } from "../../src/apps/core/i18n";
import { StandInSheets } from "../../src/standalone/characters";
import { bindActions } from "../../src/standalone/panels/dispatcher";
import { TournamentPanel } from "../../src/standalone/panels/tournament";
import { createRenderer } from "../../src/standalone/render";
import type { TableClient } from "../../src/table/client";
import type { ClientRequest, EventView, HostReply, TournamentView } from "../../src/table/protocol";
import { TournamentErrors } from "../../src/tournament/errors";
import { type PanelDom, panelDom } from "../helpers/panel-dom";

const i18n = dictionaryLocalizer(en);
const renderTemplate = createRenderer(i18n);
const DOM_GLOBALS = [
  "HTMLElement",
  "HTMLFormElement",
  "HTMLSelectElement",
  "HTMLInputElement",
  "HTMLDetailsElement",
  "HTMLButtonElement",
  "Element",
  "FormData",
  "CSS",
  "document",
  "window",
];

let page: PanelDom;

beforeEach(() => {
  page = panelDom(DOM_GLOBALS, `<main data-region="windows"></main>`);
});

afterEach(() => page.close());

const EVENT: EventView = { id: "night", name: "Night", createdAt: 0, startingCredits: 0, accounts: [], entries: [] };

const VIEW: TournamentView = {
  id: "t1",
  name: "Open",
  eventId: "night",
  createdAt: 1,
  participants: [{ id: "han", name: "Han", user: "gm", characterName: "Han" }],
  circuits: [
    {
      id: "aurodium",
      gameId: "sabacc-simplified",
      ante: 250,
      seatLimit: 6,
      signUpLimit: 2,
      signUpsOpen: true,
      signedUp: [],
      waiting: [],
      rounds: [],
    },
  ],
  standings: { circuits: {}, event: [] },
  transfers: [],
  mayPlay: [],
};

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** The GM's window over a client that answers every request with `answers` in turn. */
function open(answers: (HostReply | Promise<HostReply>)[]): {
  sent: ClientRequest[];
  client: { tournaments: TournamentView[] };
  panel: TournamentPanel;
} {
  const sent: ClientRequest[] = [];
  const client = {
    user: "gm",
    events: [EVENT],
    tournaments: [VIEW] as TournamentView[],
    tournament: (request: ClientRequest) => {
      sent.push(request);
      return Promise.resolve(answers.shift() ?? { ok: true });
    },
  };
  const storage = new Map<string, string>();
  const sheets = new StandInSheets(
    {
      getItem: (k) => storage.get(k) ?? null,
      setItem: (k, v) => void storage.set(k, v),
      key: (i) => [...storage.keys()][i] ?? null,
      get length() {
        return storage.size;
      },
    },
    (u) => u,
  );
  const panel = new TournamentPanel(page.root, {
    client: client as unknown as TableClient,
    renderTemplate,
    i18n,
    isGM: true,
    sheets,
    openWindow: () => undefined,
  });
  bindActions(page.root, [panel]);
  panel.actions["tournament-open"]?.(page.root, new page.window.Event("click") as unknown as Event);
  return { sent, client, panel };
}

const $ = <T extends Element>(selector: string): T => {
  const el = page.root.querySelector<T>(selector);
  if (!el) throw new Error(`no ${selector}`);
  return el;
};

describe("the tournament window on the page", () => {
  it("shows a refused removal's reason in the window and keeps the reason typed", async () => {
    const { sent } = open([{ ok: false, error: { code: TournamentErrors.notSignedUp } }]);
    $<HTMLInputElement>('[data-tournament-manage="aurodium"] [name="reason"]').value = "cheating at the bar";
    $<HTMLElement>('[data-tournament-manage="aurodium"] [data-manage="remove"]').click();
    await settle();
    expect(sent).toEqual([
      {
        type: "tournament-manage",
        tournamentId: "t1",
        circuit: "aurodium",
        action: "remove",
        participant: "han",
        reason: "cheating at the bar",
      },
    ]);
    expect($("[data-tournament-error]").textContent).toBe(i18n.localize(TournamentErrors.notSignedUp));
    expect($<HTMLInputElement>('[data-tournament-manage="aurodium"] [name="reason"]').value).toBe(
      "cheating at the bar",
    );
  });

  it("refuses a typed amount that is not whole before sending anything", async () => {
    const { sent } = open([]);
    $<HTMLInputElement>('[data-tournament-transfer] [name="credits"]').value = "12.5";
    $<HTMLElement>('[data-tournament-transfer] [data-kind="buy-in"]').click();
    await settle();
    expect(sent).toEqual([]);
    expect($("[data-tournament-error]").textContent).toContain('"12.5" is not a whole number');
  });

  it("sends a buy-in refused halfway again under the same transfer id, and the next one under a new id", async () => {
    const halfway: HostReply = { ok: false, error: { code: TournamentErrors.purseRefused, params: { name: "Han" } } };
    const { sent } = open([halfway, { ok: true }, { ok: true }]);
    const buy = async (): Promise<void> => {
      $<HTMLInputElement>('[data-tournament-transfer] [name="credits"]').value = "300";
      $<HTMLElement>('[data-tournament-transfer] [data-kind="buy-in"]').click();
      await settle();
    };
    await buy();
    await buy();
    await buy();
    const ids = sent.map((r) => (r.type === "tournament-transfer" ? r.transferId : ""));
    expect(ids[0]).toMatch(/^[\w-]{1,64}$/);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it("says it is sending and holds its buttons until the answer, then gives the focus back to the clicked place", async () => {
    let answer: (reply: HostReply) => void = () => undefined;
    open([new Promise<HostReply>((resolve) => (answer = resolve))]);
    const close = '[data-action="tournamentSignUps"][data-circuit="aurodium"]';
    $<HTMLElement>(close).click();
    await settle();
    expect($("[data-tournament-window] [data-sending]").textContent).toBe(i18n.localize("CANTINA.Sending"));
    expect($<HTMLButtonElement>(close).disabled).toBe(true);
    answer({ ok: true });
    await settle();
    expect($("[data-tournament-window] [data-sending]").textContent).toBe("");
    expect($<HTMLButtonElement>(close).disabled).toBe(false);
    expect(page.window.document.activeElement).toBe($(close));
  });

  it("draws news while the viewer types, keeping what they typed and the focus in their field", () => {
    const { client, panel } = open([]);
    const reason = () => $<HTMLInputElement>('[data-tournament-manage="aurodium"] [name="reason"]');
    reason().value = "late to the table";
    reason().focus();
    client.tournaments = [{ ...VIEW, circuits: VIEW.circuits.map((c) => ({ ...c, signedUp: ["han"] })) }];
    panel.render();
    expect($('section[data-circuit="aurodium"] [data-signed-up]').textContent).toContain("Han");
    expect(reason().value).toBe("late to the table");
    expect(page.window.document.activeElement).toBe(reason());
  });
});
