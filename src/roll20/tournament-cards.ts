/**
 * The tournament's chat cards (issue 37), drawn from one user's `TournamentView`: standings and
 * circuits for all, a player's buttons for their characters, the GM's for the circuits.
 */
import type { Localizer } from "../apps/core/i18n";
import type { CharacterRef, EventView, StandingRow, TournamentView, UserId } from "../table/protocol";
import { CIRCUIT_NAME_KEYS, CIRCUIT_PRESETS } from "../tournament/circuits";
import type { FinalSummary } from "../tournament/standings";
import { type Circuit, type CircuitId, CIRCUIT_IDS } from "../tournament/types";
import { COMMAND, newRequestId, once } from "./commands";
import { dropDown } from "./idiom-commands";
import { button, card, escapeChat, query } from "./render";

const TOUR = `${COMMAND} tour`;
/** Standings rows shown per list on a chat card (the handout holds them all). */
const ROWS_SHOWN = 12;
const k = (key: string): string => `CANTINA.Tournament.Roll20.${key}`;

type Params = Readonly<Record<string, string | number>>;
const line = (i18n: Localizer, key: string, params: Params = {}): string => escapeChat(i18n.format(k(key), params));
const circuitName = (i18n: Localizer, id: CircuitId): string => i18n.localize(CIRCUIT_NAME_KEYS[id]);

/** One standings row: place, name, credits won, matches played and won, points left where shown. */
export function standingLine(i18n: Localizer, row: StandingRow, place: number): string {
  const params = { place, name: row.name, won: row.creditsWon, played: row.played, wins: row.won };
  return row.luckLeft === undefined
    ? i18n.format(k("Row"), params)
    : i18n.format(k("RowLuck"), { ...params, luck: row.luckLeft });
}

function circuitLine(i18n: Localizer, c: Circuit): string {
  return line(i18n, c.signUpsOpen ? "CircuitOpen" : "CircuitClosed", {
    circuit: circuitName(i18n, c.id),
    ante: c.sabaccAnte ? `${c.ante} + ${c.sabaccAnte}` : c.ante,
    seats: c.seatLimit === 0 ? "—" : c.seatLimit,
    signed: c.signedUp.length,
    limit: c.signUpLimit ?? "—",
    waiting: c.waiting.length,
    rounds: c.rounds.length,
  });
}

function standingLines(i18n: Localizer, title: string, rows: readonly StandingRow[]): string[] {
  if (rows.length === 0) return [];
  const shown = rows.slice(0, ROWS_SHOWN).map((r, i) => escapeChat(standingLine(i18n, r, i + 1)));
  const more = rows.length > ROWS_SHOWN ? [line(i18n, "More", { count: rows.length - ROWS_SHOWN })] : [];
  return [`<b>${escapeChat(title)}</b>`, ...shown, ...more];
}

/** The tournament as everyone sees it: circuits, then the event's and each circuit's standings. */
function publicLines(i18n: Localizer, view: TournamentView): string[] {
  const lines = view.circuits.map((c) => circuitLine(i18n, c));
  lines.push(...standingLines(i18n, i18n.localize(k("EventStandings")), view.standings.event));
  for (const c of view.circuits)
    lines.push(...standingLines(i18n, circuitName(i18n, c.id), view.standings.circuits[c.id] ?? []));
  return lines;
}

/** Where one of the viewer's characters stands in each circuit. */
function placeIn(c: Circuit, participant: string): "signed" | "waiting" | null {
  if (c.signedUp.includes(participant)) return "signed";
  const at = c.waiting.indexOf(participant);
  return at >= 0 ? "waiting" : null;
}

/**
 * A transfer's id from the button's own id and the amount asked: a click repeated (a lost answer, a
 * restart) is the same transfer; another amount typed in the same query is another transfer.
 */
export const transferIdOf = (nonce: string, kind: "buyin" | "cashout", credits: number): string =>
  `${nonce}-${kind === "buyin" ? "b" : "c"}${credits}`;

/** The viewer's own characters in the tournament: where each stands, its buttons. */
function ownPart(i18n: Localizer, view: TournamentView, user: UserId): { lines: string[]; buttons: string[] } {
  const t = view.id;
  const lines: string[] = [];
  const buttons: string[] = [];
  for (const p of view.participants.filter((x) => x.user === user)) {
    const places = view.circuits.map((c) => {
      const place = placeIn(c, p.id);
      return place === null
        ? null
        : i18n.format(k(place === "signed" ? "Signed" : "Waiting"), { circuit: circuitName(i18n, c.id) });
    });
    const where = places.filter((x) => x !== null).join(", ") || i18n.localize(k("NoCircuit"));
    lines.push(line(i18n, "Yours", { name: p.name, sheet: p.characterName ?? "—", where }));
    for (const c of view.circuits) {
      const placed = placeIn(c, p.id) !== null;
      if (!placed && !c.signUpsOpen) continue;
      const key = placed ? "Button.Withdraw" : "Button.SignUp";
      const act = placed ? "withdraw" : "sign";
      buttons.push(
        button(
          i18n.format(k(key), { name: p.name, circuit: circuitName(i18n, c.id) }),
          `${TOUR} ${act} ${t} ${c.id} ${p.id}`,
        ),
      );
    }
    const amount = query(i18n.localize(k("CreditsPrompt")), 100);
    buttons.push(
      button(
        i18n.format(k("Button.BuyIn"), { name: p.name }),
        `${TOUR} buyin ${t} ${p.id} ${amount} ${newRequestId()}`,
      ),
    );
    buttons.push(
      button(
        i18n.format(k("Button.CashOut"), { name: p.name }),
        `${TOUR} cashout ${t} ${p.id} ${amount} ${newRequestId()}`,
      ),
    );
  }
  for (const tr of view.transfers.filter((x) => x.status === "pending"))
    lines.push(
      line(i18n, "PendingLine", {
        id: tr.id,
        kind: i18n.localize(k(`Kind.${tr.kind}`)),
        credits: tr.credits,
        name: tr.character.name,
      }),
    );
  const entered = new Set(view.participants.map((p) => p.id));
  const free = view.mayPlay.filter((c) => !entered.has(c.id));
  if (free.length > 0)
    buttons.push(
      button(
        i18n.localize(k("Button.Enter")),
        `${TOUR} enter ${t} ${dropDown(
          i18n.localize(k("CharacterPrompt")),
          free.map((c) => [c.name, c.id] as const),
        )}`,
      ),
    );
  return { lines, buttons };
}

const reasonQuery = (i18n: Localizer): string => `?{${escapeChat(i18n.localize(k("ReasonPrompt")))}|}`;

/** The GM's buttons for one circuit: sign-ups closed or reopened, a round opened, someone added or removed. */
function circuitButtons(i18n: Localizer, view: TournamentView, c: Circuit): string[] {
  const t = view.id;
  const name = circuitName(i18n, c.id);
  const label = (key: string): string => i18n.format(k(`Button.${key}`), { circuit: name });
  const everyone = view.participants.map((p) => [p.name, p.id] as const);
  const listed = new Set([...c.signedUp, ...c.waiting]);
  const inIt = everyone.filter(([, id]) => listed.has(id));
  const notIn = everyone.filter(([, id]) => !listed.has(id));
  const most = c.seatLimit === 0 ? CIRCUIT_PRESETS[c.id].maxSeats || 12 : c.seatLimit;
  const fill = dropDown(i18n.localize(k("BotsPrompt")), [
    [i18n.localize(k("NoBots")), "0"],
    ...Array.from({ length: Math.max(0, most - 1) }, (_, i) => [String(i + 2), String(i + 2)] as const),
  ]);
  const participantPick = (options: readonly (readonly [string, string])[]): string =>
    dropDown(i18n.localize(k("ParticipantPrompt")), options);
  const out = [
    button(label(c.signUpsOpen ? "Close" : "Reopen"), `${TOUR} ${c.signUpsOpen ? "close" : "reopen"} ${t} ${c.id}`),
    // A round opens tables once, however often the button is clicked.
    button(label("Round"), once(`${TOUR} round ${t} ${c.id} ${fill}`)),
  ];
  if (notIn.length > 0)
    out.push(button(label("Add"), `${TOUR} add ${t} ${c.id} ${participantPick(notIn)} ${reasonQuery(i18n)}`));
  if (inIt.length > 0)
    out.push(button(label("Remove"), `${TOUR} remove ${t} ${c.id} ${participantPick(inIt)} ${reasonQuery(i18n)}`));
  return out;
}

/** The GM's card of one tournament: each circuit's buttons, circuits still to open, entering for a player, pending transfers, the summary. */
/** A player the GM may enter a character for: their name and the characters they control. */
export interface PlayableBy {
  readonly user: UserId;
  readonly name: string;
  readonly characters: readonly CharacterRef[];
}

export function gmCards(i18n: Localizer, view: TournamentView, players: readonly PlayableBy[]): string[] {
  const t = view.id;
  const title = i18n.format(k("Title"), { name: view.name });
  const cards = view.circuits.map((c) =>
    card(`${title} · ${circuitName(i18n, c.id)}`, [circuitLine(i18n, c)], circuitButtons(i18n, view, c)),
  );
  const general: string[] = [];
  for (const id of CIRCUIT_IDS.filter((c) => !view.circuits.some((x) => x.id === c))) {
    const preset = CIRCUIT_PRESETS[id];
    const ask = (key: string, initial: string): string => `?{${escapeChat(i18n.localize(k(key)))}|${initial}}`;
    const settings = [
      `ante=${ask("AntePrompt", String(preset.ante))}`,
      ...(preset.sabaccAnte !== undefined ? [`pot=${ask("SabaccAntePrompt", String(preset.sabaccAnte))}`] : []),
      `seats=${ask("SeatsPrompt", String(preset.seatLimit))}`,
      `limit=${ask("LimitPrompt", preset.signUpLimit === null ? "none" : String(preset.signUpLimit))}`,
    ];
    general.push(
      button(
        i18n.format(k("Button.OpenCircuit"), { circuit: circuitName(i18n, id) }),
        `${TOUR} circuit ${t} ${id} ${settings.join(" ")}`,
      ),
    );
  }
  // Roll20's host pushes only to seated players, so the view's `playable` lacks the others: asked here.
  const entered = new Set(view.participants.map((p) => p.id));
  const playable = players.flatMap((p) =>
    p.characters.filter((c) => !entered.has(c.id)).map((c) => [`${c.name} (${p.name})`, `${c.id} ${p.user}`] as const),
  );
  if (playable.length > 0)
    general.push(
      button(
        i18n.localize(k("Button.EnterFor")),
        `${TOUR} enter ${t} ${dropDown(i18n.localize(k("CharacterPrompt")), playable)}`,
      ),
    );
  general.push(button(i18n.format(k("Button.Pending"), { count: view.pending?.length ?? 0 }), `${TOUR} pending ${t}`));
  general.push(button(i18n.localize(k("Button.Summary")), `${TOUR} summary ${t}`));
  general.push(
    button(
      i18n.localize(k("Button.CreditsAttribute")),
      `${COMMAND} config credits ?{${escapeChat(i18n.localize("CANTINA.Tournament.Roll20.Setting.Credits"))}|credits}`,
    ),
  );
  return [...cards, card(title, [line(i18n, "GmHelp")], general)];
}

/** A user's card of one tournament: what everyone sees, then their own characters and buttons. */
export function tournamentCard(i18n: Localizer, view: TournamentView, user: UserId): string {
  const own = ownPart(i18n, view, user);
  const refresh = button(i18n.localize(k("Button.Refresh")), `${TOUR} show ${view.id}`);
  return card(
    i18n.format(k("Title"), { name: view.name }),
    [...publicLines(i18n, view), ...own.lines],
    [...own.buttons, refresh],
  );
}

/** The list of tournaments (a GM also gets a button to create one in an event of the ledger). */
export function listCard(
  i18n: Localizer,
  views: readonly TournamentView[],
  events: readonly EventView[],
  gm: boolean,
): string {
  const lines =
    views.length === 0
      ? [line(i18n, "None")]
      : views.map((v) => line(i18n, "ListLine", { name: v.name, id: v.id, people: v.participants.length }));
  const buttons = views.map((v) => button(i18n.format(k("Button.Show"), { name: v.name }), `${TOUR} show ${v.id}`));
  if (gm && events.length > 0) {
    const event = dropDown(
      i18n.localize(k("EventPrompt")),
      events.map((e) => [e.name, e.id] as const),
    );
    const circuits = dropDown(i18n.localize(k("CircuitsPrompt")), [
      [i18n.localize(k("AllCircuits")), CIRCUIT_IDS.join("+")],
      ...CIRCUIT_IDS.map((id) => [circuitName(i18n, id), id] as const),
    ]);
    const name = `?{${escapeChat(i18n.localize(k("NamePrompt")))}|Sabacc}`;
    buttons.push(button(i18n.localize(k("Button.Create")), once(`${TOUR} create ${event} ${circuits} ${name}`)));
  } else if (gm) lines.push(line(i18n, "NoEvent"));
  return card(i18n.localize(k("ListTitle")), lines, buttons);
}

/** The GM's pending transfers: each with its character, amount and a button to try it again now. */
export function pendingCard(i18n: Localizer, view: TournamentView): string {
  const pending = view.transfers.filter((t) => (view.pending ?? []).includes(t.id));
  const lines =
    pending.length === 0
      ? [line(i18n, "NoPending")]
      : pending.map((tr) =>
          line(i18n, "PendingLine", {
            id: tr.id,
            kind: i18n.localize(k(`Kind.${tr.kind}`)),
            credits: tr.credits,
            name: tr.character.name,
          }),
        );
  const buttons = pending.map((tr) =>
    button(i18n.format(k("Button.Retry"), { id: tr.id }), `${TOUR} retry ${view.id} ${tr.id}`),
  );
  return card(i18n.format(k("PendingTitle"), { name: view.name }), lines, buttons);
}

/** The final summary as the handout's notes: every circuit's standings and the event's, everyone's points left. */
export function summaryNotes(i18n: Localizer, summary: FinalSummary): string {
  const names = new Map(summary.event.map((r) => [r.participant, r.name]));
  const champions = summary.champions.map((id) => names.get(id) ?? id).join(", ") || "—";
  const lines = [line(i18n, "Champions", { names: champions })];
  for (const c of summary.circuits) {
    const leaders = c.leaders.map((id) => names.get(id) ?? id).join(", ") || "—";
    lines.push(
      `<b>${escapeChat(i18n.localize(c.nameKey))}</b>`,
      line(i18n, "CircuitSummary", { rounds: c.rounds, matches: c.matches, leaders }),
    );
    lines.push(...c.rows.map((r, i) => escapeChat(standingLine(i18n, r, i + 1))));
  }
  lines.push(
    `<b>${escapeChat(i18n.localize(k("EventStandings")))}</b>`,
    ...summary.event.map((r, i) => escapeChat(standingLine(i18n, r, i + 1))),
  );
  return card(i18n.format(k("Title"), { name: summary.name }), lines);
}
