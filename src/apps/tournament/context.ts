/**
 * The tournament window's context, the same for every host (templates/tournament/*.hbs): the
 * circuits, sign-ups, rounds and standings everyone in the event sees, the viewer's own characters
 * and transfers, and the GM's forms, pending transfers, audit and final summary.
 */
import type { Localizer } from "../core/i18n";
import { signedAmount } from "../../table/match-summary";
import type { Circuit, EventView, StandingRow, Transfer, TournamentView } from "../../table/protocol";
import { CIRCUIT_NAME_KEYS, CIRCUIT_PRESETS } from "../../tournament/circuits";
import { CIRCUIT_IDS, type CircuitId, type Round } from "../../tournament/types";
import { summaryText } from "./summary";

/**
 * The window's templates, in the order they are drawn, each from the whole context of
 * `tournamentContext` (a Foundry window draws them as its parts; the page one after the other).
 */
export const TOURNAMENT_TEMPLATES = ["tournament/window.hbs", "tournament/money.hbs", "tournament/gm.hbs"] as const;

/**
 * The actions a host runs itself (no request): `tournamentOpenTable` opens `data-table-id`'s window,
 * `tournamentCopy` copies the summary; the picker `[data-tournament-select]` changes the tournament shown.
 */
export const TOURNAMENT_HOST_ACTIONS = ["tournamentOpenTable", "tournamentCopy"] as const;

export interface TournamentViewer {
  readonly user: string;
  readonly isGM: boolean;
}

/** What the host knows besides the views: the window's own state and the sheets it can read. */
export interface TournamentContextOptions {
  /** The tournament the viewer picked (else the newest). */
  readonly selected: string | null;
  /** The last refusal, already in words. */
  readonly error: string;
  /** A character's credits on its sheet where this host knows them (the page's stand-ins, an actor's field). */
  readonly sheetCredits?: (characterId: string) => number | undefined;
  /** The name a user goes by on this host. */
  readonly userName?: (user: string) => string;
  /** When something happened (the audit), as this host writes times. */
  readonly time?: (at: number) => string;
}

/** The tournament shown: the one picked, else the newest. */
export function selectedTournament(
  tournaments: readonly TournamentView[],
  selected: string | null,
): TournamentView | undefined {
  return (
    tournaments.find((t) => t.id === selected) ??
    [...tournaments].sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1))[0]
  );
}

type Names = (id: string) => string;

function standingRows(rows: readonly StandingRow[], mine: ReadonlySet<string>, i18n: Localizer) {
  return rows.map((r, i) => ({
    ...r,
    rank: i + 1,
    mine: mine.has(r.participant),
    signedCredits: signedAmount(r.creditsWon),
    luckShown: r.luckLeft === undefined ? i18n.localize("CANTINA.Tournament.UI.Hidden") : String(r.luckLeft),
  }));
}

function roundContext(round: Round, names: Names, i18n: Localizer) {
  return {
    number: round.number,
    title: i18n.format("CANTINA.Tournament.UI.RoundTitle", { number: round.number }),
    tables: round.tables.map((table, i) => ({
      id: table.id,
      title: i18n.format("CANTINA.Tournament.UI.TableTitle", { number: i + 1 }),
      seats: table.seats.map((seat) =>
        "participant" in seat
          ? {
              name: names(seat.participant),
              rolls: (round.rolls[seat.participant] ?? []).join(", "),
              bot: false,
            }
          : { name: seat.bot, rolls: "", bot: true },
      ),
    })),
    sittingOut: round.sittingOut.map((s) => ({
      name: names(s.participant),
      why: i18n.localize(`CANTINA.Tournament.UI.SitOut.${s.why}`),
    })),
  };
}

function circuitContext(
  view: TournamentView,
  circuit: Circuit,
  viewer: TournamentViewer,
  mine: ReadonlySet<string>,
  names: Names,
  i18n: Localizer,
) {
  const placesLeft = circuit.signUpLimit === null ? null : Math.max(0, circuit.signUpLimit - circuit.signedUp.length);
  const person = (id: string, position: number) => ({ id, name: names(id), mine: mine.has(id), position });
  return {
    id: circuit.id,
    name: i18n.localize(CIRCUIT_NAME_KEYS[circuit.id]),
    ante: circuit.ante,
    sabaccAnte: circuit.sabaccAnte,
    seatLimitText:
      circuit.seatLimit === 0 ? i18n.localize("CANTINA.Tournament.UI.OneTable") : String(circuit.seatLimit),
    signUpLimitText:
      circuit.signUpLimit === null ? i18n.localize("CANTINA.Tournament.UI.NoLimit") : String(circuit.signUpLimit),
    placesLeftText: placesLeft === null ? i18n.localize("CANTINA.Tournament.UI.NoLimit") : String(placesLeft),
    open: circuit.signUpsOpen,
    signedUp: circuit.signedUp.map((id, i) => person(id, i + 1)),
    waiting: circuit.waiting.map((id, i) => person(id, i + 1)),
    // The viewer's own characters, each with the one button that applies to it here.
    mySignUps: view.participants
      .filter((p) => mine.has(p.id))
      .map((p) => {
        const listed = circuit.signedUp.includes(p.id) || circuit.waiting.includes(p.id);
        return {
          id: p.id,
          name: p.name,
          listed,
          label: i18n.format(listed ? "CANTINA.Tournament.UI.WithdrawNamed" : "CANTINA.Tournament.UI.SignUpNamed", {
            name: p.name,
          }),
          // Sign-ups closed: a withdrawal is still allowed, a new sign-up is not offered.
          offered: listed || circuit.signUpsOpen,
        };
      })
      .filter((p) => p.offered),
    rounds: [...circuit.rounds].reverse().map((r) => roundContext(r, names, i18n)),
    standings: standingRows(view.standings.circuits[circuit.id] ?? [], mine, i18n),
    gm: viewer.isGM,
    participants: view.participants.map((p) => ({ id: p.id, name: p.name })),
    maxSeats: CIRCUIT_PRESETS[circuit.id].maxSeats,
  };
}

function transferLine(t: Transfer, names: Names, i18n: Localizer) {
  return {
    id: t.id,
    kind: t.kind,
    participant: t.participant,
    credits: t.credits,
    status: t.status,
    pending: t.status === "pending",
    text: i18n.format(t.kind === "buy-in" ? "CANTINA.Tournament.UI.BoughtIn" : "CANTINA.Tournament.UI.CashedOut", {
      name: names(t.participant),
      credits: t.credits,
    }),
    statusText: i18n.localize(`CANTINA.Tournament.UI.Status.${t.status}`),
  };
}

/** The circuits a GM may still open, with the text's presets as the fields' values. */
function circuitForms(open: readonly CircuitId[], i18n: Localizer) {
  return CIRCUIT_IDS.filter((id) => !open.includes(id)).map((id) => {
    const preset = CIRCUIT_PRESETS[id];
    return {
      id,
      name: i18n.localize(CIRCUIT_NAME_KEYS[id]),
      ante: preset.ante,
      sabaccAnte: preset.sabaccAnte,
      seatLimit: preset.seatLimit,
      // Electrum's seats may be 0 (one table for everyone); the others' start at 2.
      minSeats: preset.maxSeats === 0 ? 0 : 2,
      maxSeats: preset.maxSeats === 0 ? undefined : preset.maxSeats,
      signUpLimit: preset.signUpLimit ?? "",
    };
  });
}

export function tournamentContext(
  tournaments: readonly TournamentView[],
  events: readonly EventView[],
  viewer: TournamentViewer,
  i18n: Localizer,
  options: TournamentContextOptions,
): Record<string, unknown> {
  const view = selectedTournament(tournaments, options.selected);
  const gmForms = viewer.isGM
    ? {
        events: events.map((e) => ({ id: e.id, name: e.name || i18n.localize("CANTINA.Ledger.DefaultEvent") })),
        newCircuits: circuitForms([], i18n),
      }
    : null;
  const base = {
    isGM: viewer.isGM,
    error: options.error,
    tournaments: tournaments.map((t) => ({ id: t.id, name: t.name, selected: t.id === view?.id })),
    several: tournaments.length > 1,
    create: gmForms,
  };
  if (!view) return { ...base, tournament: null };
  const byId = new Map(view.participants.map((p) => [p.id, p]));
  const names: Names = (id) => byId.get(id)?.name ?? id;
  // The viewer's own characters; the GM may move anyone's credits, so every one is theirs to move.
  const own = new Set(view.participants.filter((p) => p.user === viewer.user).map((p) => p.id));
  const movable = viewer.isGM ? view.participants : view.participants.filter((p) => own.has(p.id));
  const entered = new Set(view.participants.map((p) => p.id));
  const userName = options.userName ?? ((u: string) => u);
  const enterable = [
    ...view.mayPlay.filter((c) => !entered.has(c.id)).map((c) => ({ id: c.id, name: c.name })),
    ...(view.playable ?? []).flatMap((p) =>
      p.user === viewer.user
        ? []
        : p.characters
            .filter((c) => !entered.has(c.id))
            .map((c) => ({ id: c.id, name: `${c.name} (${userName(p.user)})` })),
    ),
  ].filter((c, i, all) => all.findIndex((d) => d.id === c.id) === i);
  const event = events.find((e) => e.id === view.eventId);
  const sheet = options.sheetCredits ?? (() => undefined);
  const time = options.time ?? ((at: number) => new Date(at).toISOString());
  const open = view.circuits.map((c) => c.id);
  return {
    ...base,
    tournament: {
      id: view.id,
      name: view.name,
      eventName: event ? event.name || i18n.localize("CANTINA.Ledger.DefaultEvent") : "",
      enterable,
      circuits: view.circuits.map((c) => circuitContext(view, c, viewer, own, names, i18n)),
      standings: standingRows(view.standings.event, own, i18n),
      movable: movable.map((p) => {
        const credits = event?.accounts.find((a) => a.id === p.id)?.credits;
        const onSheet = sheet(p.id);
        return {
          id: p.id,
          name: p.name,
          sheetName: p.characterName ?? "",
          ledgerCredits: credits ?? 0,
          sheetCredits: onSheet,
          sheetKnown: onSheet !== undefined,
        };
      }),
      transfers: [...view.transfers].reverse().map((t) => transferLine(t, names, i18n)),
      pending: viewer.isGM
        ? view.transfers.filter((t) => view.pending?.includes(t.id)).map((t) => transferLine(t, names, i18n))
        : [],
      audit: (view.audit ?? [])
        .slice()
        .reverse()
        .map((a) => ({
          time: time(a.at),
          text: i18n.format(`CANTINA.Tournament.UI.Audit.${a.kind}`, {
            name: a.participant ? names(a.participant) : "",
            circuit: i18n.localize(CIRCUIT_NAME_KEYS[a.circuit]),
            by: userName(a.by),
          }),
          reason: a.reason ?? "",
        })),
      newCircuits: viewer.isGM ? circuitForms(open, i18n) : [],
      summary: viewer.isGM ? summaryText(view, i18n) : "",
    },
  };
}
