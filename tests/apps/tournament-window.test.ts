/**
 * The tournament window every host shares (src/apps/tournament, templates/tournament/): what each
 * viewer is shown of a TournamentView, the requests its forms send, a transfer's id kept for a retry,
 * and the GM's final summary.
 */
import { describe, expect, it } from "vitest";
import en from "../../lang/en.json";
import { dictionaryLocalizer } from "../../src/apps/core/i18n";
import {
  TOURNAMENT_TEMPLATES,
  TransferIds,
  summaryText,
  tournamentContext,
  tournamentRequest,
  transferKey,
} from "../../src/apps/tournament";
import { createRenderer } from "../../src/standalone/render";
import type { EventView, HostReply, TournamentView } from "../../src/table/protocol";
import { TournamentErrors } from "../../src/tournament/errors";

const i18n = dictionaryLocalizer(en);
const render = createRenderer(i18n);

const EVENT: EventView = {
  id: "night",
  name: "Cantina night",
  createdAt: 0,
  startingCredits: 5000,
  accounts: [{ id: "han", name: "Han", credits: 700, luck: 3 }],
  entries: [],
};

/** Aurodium with a limit of 2: Han and Lando in, Bossk waiting; Electrum with one round played. */
function view(over: Partial<TournamentView> = {}): TournamentView {
  return {
    id: "t1",
    name: "Sabacc Open",
    eventId: "night",
    createdAt: 1,
    participants: [
      { id: "han", name: "Han", user: "player1", characterName: "Han" },
      { id: "lando", name: "Lando", user: "player2", characterName: "Lando" },
      { id: "bossk", name: "Bossk", user: "player3", characterName: "Bossk" },
    ],
    circuits: [
      {
        id: "electrum",
        gameId: "sabacc-super-simplified",
        ante: 100,
        seatLimit: 0,
        signUpLimit: null,
        signUpsOpen: false,
        signedUp: ["lando", "han"],
        waiting: [],
        rounds: [
          {
            number: 1,
            rolls: { lando: [88], han: [40, 71] },
            order: ["lando", "han"],
            tables: [{ id: "t1-electrum-r1-t1", seats: [{ participant: "lando" }, { participant: "han" }] }],
            sittingOut: [],
          },
        ],
      },
      {
        id: "aurodium",
        gameId: "sabacc-simplified",
        ante: 250,
        seatLimit: 6,
        signUpLimit: 2,
        signUpsOpen: true,
        signedUp: ["han", "lando"],
        waiting: ["bossk"],
        rounds: [],
      },
    ],
    standings: {
      circuits: {
        electrum: [
          { participant: "lando", name: "Lando", creditsWon: 100, played: 1, won: 1 },
          { participant: "han", name: "Han", creditsWon: -100, played: 1, won: 0, luckLeft: 2 },
        ],
      },
      event: [
        { participant: "lando", name: "Lando", creditsWon: 100, played: 1, won: 1 },
        { participant: "han", name: "Han", creditsWon: -100, played: 1, won: 0, luckLeft: 2 },
        { participant: "bossk", name: "Bossk", creditsWon: 0, played: 0, won: 0 },
      ],
    },
    transfers: [
      {
        id: "tx-1",
        kind: "buy-in",
        participant: "han",
        character: { id: "han", name: "Han" },
        credits: 300,
        by: "player1",
        at: 5,
        status: "applied",
      },
    ],
    mayPlay: [
      { id: "han", name: "Han" },
      { id: "han-2", name: "Han's cousin" },
    ],
    ...over,
  };
}

const PLAYER = { user: "player1", isGM: false };
const GM = { user: "gm", isGM: true };
const html = (context: Record<string, unknown>): string => TOURNAMENT_TEMPLATES.map((t) => render(t, context)).join("");
const form =
  (fields: Record<string, string>) =>
  (name: string): string | null =>
    fields[name] ?? null;
const source = (v: TournamentView | undefined, ids = new TransferIds(() => "fresh-id")) => ({
  view: v,
  transferIds: ids,
  label: (k: string) => k,
});

describe("the tournament window's context", () => {
  it("shows a circuit's limit, places left, the signed up and the waiting list in their order", () => {
    const ctx = tournamentContext([view()], [EVENT], PLAYER, i18n, { selected: null, error: "" });
    const page = html(ctx);
    expect(page).toContain("data-places-left>0</dd>");
    expect(page).toMatch(/data-signed-up><li data-participant="han"[^>]*>Han<\/li><li data-participant="lando">Lando/);
    expect(page).toContain('<ol data-waiting><li data-participant="bossk">Bossk</li></ol>');
    // Electrum: the text's "no player signup limit", one table for everyone.
    expect(page).toContain(i18n.localize("CANTINA.Tournament.UI.OneTable"));
  });

  it("offers a player withdraw where their character is listed, and no sign-up where sign-ups are closed", () => {
    const ctx = tournamentContext([view()], [EVENT], PLAYER, i18n, { selected: null, error: "" });
    const page = html(ctx);
    expect(page).toContain('data-circuit="aurodium" data-participant="han" data-sign="false"');
    expect(page).toContain('data-circuit="electrum" data-participant="han" data-sign="false"');
    const closed = view({
      circuits: view().circuits.map((c) => ({ ...c, signedUp: [], waiting: [] })),
    });
    const none = html(tournamentContext([closed], [EVENT], PLAYER, i18n, { selected: null, error: "" }));
    expect(none).toContain('data-circuit="aurodium" data-participant="han" data-sign="true"');
    expect(none).not.toContain('data-circuit="electrum" data-participant="han"');
  });

  it("shows the rounds' tables in play order with each seat's 1–100 rolls, and a button to open each", () => {
    const page = html(tournamentContext([view()], [EVENT], PLAYER, i18n, { selected: null, error: "" }));
    expect(page).toMatch(
      /Lando <span class="cantina-roll">\(rolled 88\)<\/span><\/li><li>Han <span class="cantina-roll">\(rolled 40, 71\)/,
    );
    expect(page).toContain('data-table-id="t1-electrum-r1-t1"');
  });

  it("hides others' points left as the view does, and shows the viewer's own", () => {
    const page = html(tournamentContext([view()], [EVENT], PLAYER, i18n, { selected: null, error: "" }));
    const lando = /data-standing="lando"[^]*?<\/tr>/.exec(page)?.[0] ?? "";
    const han = /data-standing="han"[^]*?<\/tr>/.exec(page)?.[0] ?? "";
    expect(lando).toContain(i18n.localize("CANTINA.Tournament.UI.Hidden"));
    expect(han).toContain("<td>2</td>");
  });

  it("gives a player no GM form, audit or summary, and the GM all of them", () => {
    const player = html(tournamentContext([view()], [EVENT], PLAYER, i18n, { selected: null, error: "" }));
    for (const gmOnly of [
      "data-tournament-manage",
      "data-tournament-round",
      "data-tournament-create",
      "data-tournament-summary",
    ])
      expect(player).not.toContain(gmOnly);
    const gmView = view({
      audit: [{ at: 3, circuit: "aurodium", kind: "added", participant: "bossk", by: "gm", reason: "late" }],
    });
    const gm = html(tournamentContext([gmView], [EVENT], GM, i18n, { selected: null, error: "" }));
    for (const shown of [
      "data-tournament-manage",
      "data-tournament-round",
      "data-tournament-create",
      "data-tournament-summary",
      "<q>late</q>",
    ])
      expect(gm).toContain(shown);
    // The circuit not yet open is offered with the text's presets (Nova: 500 + 1,000, 3 seats, 3 sign-ups).
    expect(gm).toContain('name="nova.sabaccAnte" value="1000"');
  });

  it("offers to enter only characters not entered yet, and shows the sheet's credits where the host knows them", () => {
    const page = html(
      tournamentContext([view()], [EVENT], PLAYER, i18n, {
        selected: null,
        error: "",
        sheetCredits: (id) => (id === "han" ? 1200 : undefined),
      }),
    );
    expect(page).toContain('<select name="character"><option value="han-2">Han&#x27;s cousin</option></select>');
    expect(page).toContain('data-sheet-credits="1200"');
    expect(page).toContain('data-ledger-credits="700"');
    expect(page).not.toContain('data-purse="lando"');
  });
});

describe("the GM's pending transfers", () => {
  it("lists the transfers still pending with a button to send each again, and shows a player none", () => {
    const pending = view({ transfers: [{ ...view().transfers[0]!, status: "pending" }], pending: ["tx-1"] });
    const gm = html(tournamentContext([pending], [EVENT], GM, i18n, { selected: null, error: "" }));
    expect(gm).toMatch(/<ol class="cantina-tournament-transfers" data-pending>\s*<li data-transfer="tx-1">/);
    expect(gm).toContain('data-action="tournamentRetry" data-transfer-id="tx-1"');
    const player = html(tournamentContext([pending], [EVENT], PLAYER, i18n, { selected: null, error: "" }));
    expect(player).not.toContain("data-pending");
    expect(player).toContain('data-transfer="tx-1" data-transfer-status="pending"');
  });
});

describe("the tournament window's requests", () => {
  it("creates a tournament with the circuits ticked, their typed settings, and no sign-up limit when left empty", () => {
    const asked = tournamentRequest(
      "tournamentCreate",
      {},
      form({
        name: " Open ",
        eventId: "night",
        "aurodium.open": "on",
        "aurodium.ante": "250",
        "aurodium.seatLimit": "6",
        "aurodium.signUpLimit": "2",
        "electrum.ante": "100",
        "nova.open": "on",
        "nova.ante": "500",
        "nova.sabaccAnte": "1000",
        "nova.seatLimit": "3",
        "nova.signUpLimit": "",
      }),
      source(undefined),
    );
    expect(asked).toEqual({
      ok: true,
      request: {
        type: "tournament-create",
        eventId: "night",
        name: "Open",
        circuits: [
          { circuit: "aurodium", settings: { ante: 250, seatLimit: 6, signUpLimit: 2 } },
          { circuit: "nova", settings: { ante: 500, sabaccAnte: 1000, seatLimit: 3, signUpLimit: null } },
        ],
      },
    });
  });

  it("refuses a typed setting that is not a whole number, naming the field, before anything is sent", () => {
    const asked = tournamentRequest(
      "tournamentCreate",
      {},
      form({ name: "Open", eventId: "night", "aurodium.open": "on", "aurodium.ante": "2.5" }),
      source(undefined),
    );
    expect(asked).toEqual({
      ok: false,
      error: { code: "CANTINA.Tournament.UI.Error.NotWhole", params: { field: "Ante", typed: "2.5" } },
    });
  });

  it("enters the GM's pick for the user who may play it, and a player's own without a user", () => {
    const gmView = view({
      mayPlay: [],
      playable: [{ user: "player4", characters: [{ id: "greedo", name: "Greedo" }] }],
    });
    expect(tournamentRequest("tournamentEnter", {}, form({ character: "greedo" }), source(gmView))).toEqual({
      ok: true,
      request: { type: "tournament-enter", tournamentId: "t1", character: "greedo", user: "player4" },
    });
    expect(tournamentRequest("tournamentEnter", {}, form({ character: "han-2" }), source(view()))).toEqual({
      ok: true,
      request: { type: "tournament-enter", tournamentId: "t1", character: "han-2" },
    });
  });

  it("asks for bots only when the GM typed a number of seats", () => {
    const round = (fillTo: string) =>
      tournamentRequest("tournamentRound", { circuit: "aurodium" }, form({ fillTo }), source(view()));
    expect(round("")).toEqual({
      ok: true,
      request: { type: "tournament-round", tournamentId: "t1", circuit: "aurodium" },
    });
    expect(round("4")).toEqual({
      ok: true,
      request: { type: "tournament-round", tournamentId: "t1", circuit: "aurodium", fillTo: 4 },
    });
  });

  it("sends a retried transfer under the same id until an answer settles it, then a new one", () => {
    let n = 0;
    const ids = new TransferIds(() => `id-${++n}`);
    const transfer = () =>
      tournamentRequest(
        "tournamentTransfer",
        { kind: "buy-in" },
        form({ participant: "han", credits: "300" }),
        source(view(), ids),
      );
    const first = transfer();
    if (!first.ok || first.request.type !== "tournament-transfer") throw new Error("no transfer");
    const key = transferKey(first.request);
    const halfway: HostReply = { ok: false, error: { code: TournamentErrors.purseRefused, params: { name: "Han" } } };
    ids.answered(key, halfway);
    const again = transfer();
    expect(again.ok && again.request.type === "tournament-transfer" && again.request.transferId).toBe("id-1");
    ids.answered(key, { ok: true });
    const next = transfer();
    expect(next.ok && next.request.type === "tournament-transfer" && next.request.transferId).toBe("id-2");
    // A clean refusal (the sheet holds too little) stored nothing: the next try is a transfer of its own.
    ids.answered(key, { ok: false, error: { code: TournamentErrors.sheetTooLow, params: { name: "Han", have: 1 } } });
    const after = transfer();
    expect(after.ok && after.request.type === "tournament-transfer" && after.request.transferId).toBe("id-3");
  });

  it("lets the GM send a pending transfer again under its own id", () => {
    const pending = view({
      transfers: [{ ...view().transfers[0]!, status: "pending" }],
      pending: ["tx-1"],
    });
    expect(tournamentRequest("tournamentRetry", { transferId: "tx-1" }, form({}), source(pending))).toEqual({
      ok: true,
      request: {
        type: "tournament-transfer",
        tournamentId: "t1",
        transferId: "tx-1",
        kind: "buy-in",
        participant: "han",
        credits: 300,
      },
    });
  });
});

describe("the GM's final summary", () => {
  it("lists each circuit's and the event's standings with the points left, and names the champions", () => {
    const gmView = view({
      standings: {
        circuits: {
          electrum: [{ participant: "lando", name: "Lando", creditsWon: 100, played: 1, won: 1, luckLeft: 3 }],
        },
        event: [
          { participant: "lando", name: "Lando", creditsWon: 100, played: 1, won: 1, luckLeft: 3 },
          { participant: "han", name: "Han", creditsWon: -100, played: 1, won: 0, luckLeft: 2 },
        ],
      },
    });
    const text = summaryText(gmView, i18n);
    expect(text).toContain("Sabacc Open: final standings");
    expect(text).toContain("1. Lando: +100 credits, 1 played, 1 won, 3 Luck/Force left");
    expect(text).toContain("2. Han: \u2212100 credits, 1 played, 0 won, 2 Luck/Force left");
    expect(text).toContain("Champion(s) of the event: Lando");
    expect(text).toContain("Nobody played.");
  });
});
