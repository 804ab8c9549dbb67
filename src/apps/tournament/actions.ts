/**
 * The tournament window's actions, the same for every host: a clicked control's `data-*` and its form's
 * fields become one request (or a refusal in words, nothing sent). Hosts name the actions by
 * `data-action` and hand over `dataset` and a reader of the control's form.
 */
import { randomId } from "../core/crypto-random";
import { type Result, refuse, succeed } from "../../rules/core";
import { noGM } from "../../table/client-retry";
import type { HostReply, TournamentRequest, TournamentView } from "../../table/protocol";
import { TournamentErrors } from "../../tournament/errors";
import { CIRCUIT_IDS, type CircuitId } from "../../tournament/types";

/** The actions that send a request, by their `data-action` name. */
export const TOURNAMENT_ACTIONS = [
  "tournamentCreate",
  "tournamentCircuit",
  "tournamentEnter",
  "tournamentSignUp",
  "tournamentSignUps",
  "tournamentManage",
  "tournamentRound",
  "tournamentTransfer",
  "tournamentRetry",
] as const;
export type TournamentAction = (typeof TOURNAMENT_ACTIONS)[number];

export function isTournamentAction(name: string): name is TournamentAction {
  return (TOURNAMENT_ACTIONS as readonly string[]).includes(name);
}

/** What the window says before anything is sent (CANTINA.Tournament.UI.Error.*). */
export const TournamentFormErrors = {
  notWhole: "CANTINA.Tournament.UI.Error.NotWhole",
  noCircuit: "CANTINA.Tournament.UI.Error.NoCircuit",
  noEvent: "CANTINA.Tournament.UI.Error.NoEvent",
  noName: "CANTINA.Tournament.UI.Error.NoName",
  noCharacter: "CANTINA.Tournament.UI.Error.NoCharacter",
} as const;

type Read = (name: string) => string | null;
type Data = Readonly<Record<string, string | undefined>>;

const isCircuit = (value: string | undefined): value is CircuitId =>
  (CIRCUIT_IDS as readonly string[]).includes(value ?? "");

/** A typed whole number (empty: `empty`), or why it is not one. */
function whole(typed: string | null, field: string, empty: number | null): Result<{ value: number | null }> {
  const text = (typed ?? "").trim();
  if (text === "") return succeed({ value: empty });
  const value = /^\d+$/.test(text) ? Number(text) : NaN;
  return Number.isSafeInteger(value)
    ? succeed({ value })
    : refuse(TournamentFormErrors.notWhole, { field, typed: text });
}

/** A circuit's settings as typed in the fields named `<circuit>.<setting>` (empty sign-up limit: none). */
function circuitSettings(read: Read, circuit: CircuitId, labels: (key: string) => string) {
  const field = (name: string) => `${circuit}.${name}`;
  const ante = whole(read(field("ante")), labels("Ante"), null);
  const sabacc = whole(read(field("sabaccAnte")), labels("SabaccAnte"), null);
  const seats = whole(read(field("seatLimit")), labels("SeatLimit"), null);
  const limit = whole(read(field("signUpLimit")), labels("SignUpLimit"), null);
  for (const r of [ante, sabacc, seats, limit]) if (!r.ok) return r;
  if (!ante.ok || !sabacc.ok || !seats.ok || !limit.ok) return refuse(TournamentFormErrors.noCircuit);
  return succeed({
    settings: {
      ...(ante.value !== null ? { ante: ante.value } : {}),
      ...(circuit === "nova" && sabacc.value !== null ? { sabaccAnte: sabacc.value } : {}),
      ...(seats.value !== null ? { seatLimit: seats.value } : {}),
      signUpLimit: limit.value,
    },
  });
}

/**
 * The transfer ids this window chose: the same request sent again keeps its id (a retry after a lost
 * or refused-halfway answer finishes the same transfer, never a second one); a new one is chosen once
 * an answer settled it.
 */
export class TransferIds {
  private readonly kept = new Map<string, string>();

  constructor(private readonly newId: () => string = () => `t-${randomId(20)}`) {}

  idFor(key: string): string {
    let id = this.kept.get(key);
    if (id === undefined) {
      id = this.newId();
      this.kept.set(key, id);
    }
    return id;
  }

  /**
   * After the answer to the transfer sent under `key`: kept while the transfer may be stored pending
   * (a sheet or the books refused the write halfway, no answer came), so that a retry finishes it.
   */
  answered(key: string, reply: HostReply): void {
    const halfway: readonly string[] = [
      TournamentErrors.purseRefused,
      TournamentErrors.purseUnreadable,
      TournamentErrors.booksRefused,
    ];
    if (reply.ok || !(halfway.includes(reply.error.code) || noGM(reply))) this.kept.delete(key);
  }
}

/** What `tournamentRequest` needs besides the control: the tournament shown and the labels of its fields. */
export interface RequestSource {
  readonly view: TournamentView | undefined;
  readonly transferIds: TransferIds;
  /** A field's label (CANTINA.Tournament.UI.Field.*), to name it in a refusal. */
  readonly label: (key: string) => string;
}

/** The key a transfer request keeps its id under: the same request, the same id. */
export const transferKey = (r: { kind: string; participant: string; credits: number }): string =>
  `${r.kind}\u0000${r.participant}\u0000${r.credits}`;

/**
 * The request an action asks for, from the clicked control's `data` and its form's fields (`read`);
 * refused in words when a field is not what the form needs, nothing sent.
 */
export function tournamentRequest(
  action: TournamentAction,
  data: Data,
  read: Read,
  source: RequestSource,
): Result<{ request: TournamentRequest }> {
  const { view } = source;
  if (action === "tournamentCreate") {
    const name = (read("name") ?? "").trim();
    const eventId = read("eventId") ?? "";
    if (name === "") return refuse(TournamentFormErrors.noName);
    if (eventId === "") return refuse(TournamentFormErrors.noEvent);
    const circuits = [];
    for (const circuit of CIRCUIT_IDS) {
      if (read(`${circuit}.open`) === null) continue;
      const settings = circuitSettings(read, circuit, source.label);
      if (!settings.ok) return settings;
      circuits.push({ circuit, settings: settings.settings });
    }
    if (circuits.length === 0) return refuse(TournamentFormErrors.noCircuit);
    return succeed({ request: { type: "tournament-create", eventId, name, circuits } });
  }
  if (!view) return refuse(TournamentErrors.unknownTournament);
  const tournamentId = view.id;
  const circuit = data.circuit ?? read("circuit") ?? "";
  switch (action) {
    case "tournamentCircuit": {
      if (!isCircuit(circuit)) return refuse(TournamentFormErrors.noCircuit);
      const settings = circuitSettings(read, circuit, source.label);
      if (!settings.ok) return settings;
      return succeed({ request: { type: "tournament-circuit", tournamentId, circuit, settings: settings.settings } });
    }
    case "tournamentEnter": {
      const character = read("character") ?? "";
      if (character === "") return refuse(TournamentFormErrors.noCharacter);
      // The GM enters another user's character on their behalf: the user is the one who may play it.
      const user = view.playable?.find((p) => p.characters.some((c) => c.id === character))?.user;
      const own = view.mayPlay.some((c) => c.id === character);
      return succeed({
        request: { type: "tournament-enter", tournamentId, character, ...(!own && user ? { user } : {}) },
      });
    }
    case "tournamentSignUp":
      if (!isCircuit(circuit)) return refuse(TournamentFormErrors.noCircuit);
      return succeed({
        request: {
          type: "tournament-sign-up",
          tournamentId,
          circuit,
          participant: data.participant ?? "",
          sign: data.sign === "true",
        },
      });
    case "tournamentSignUps":
      if (!isCircuit(circuit)) return refuse(TournamentFormErrors.noCircuit);
      return succeed({ request: { type: "tournament-sign-ups", tournamentId, circuit, open: data.open === "true" } });
    case "tournamentManage":
      if (!isCircuit(circuit)) return refuse(TournamentFormErrors.noCircuit);
      return succeed({
        request: {
          type: "tournament-manage",
          tournamentId,
          circuit,
          action: data.manage === "remove" ? "remove" : "add",
          participant: read("participant") ?? "",
          reason: read("reason") ?? "",
        },
      });
    case "tournamentRound": {
      if (!isCircuit(circuit)) return refuse(TournamentFormErrors.noCircuit);
      const fill = whole(read("fillTo"), source.label("FillTo"), null);
      if (!fill.ok) return fill;
      const fillTo = fill.value === null || fill.value === 0 ? {} : { fillTo: fill.value };
      return succeed({ request: { type: "tournament-round", tournamentId, circuit, ...fillTo } });
    }
    case "tournamentTransfer": {
      const amount = whole(read("credits"), source.label("Credits"), null);
      if (!amount.ok) return amount;
      const kind = data.kind === "cash-out" ? "cash-out" : "buy-in";
      const participant = read("participant") ?? "";
      const credits = amount.value ?? 0;
      const transferId = source.transferIds.idFor(transferKey({ kind, participant, credits }));
      return succeed({
        request: { type: "tournament-transfer", tournamentId, transferId, kind, participant, credits },
      });
    }
    case "tournamentRetry": {
      // The GM sends a pending transfer again under its own id: the host takes it as far as it goes.
      const pending = view.transfers.find((t) => t.id === data.transferId);
      if (!pending) return refuse(TournamentErrors.unknownTransfer);
      const { id: transferId, kind, participant, credits } = pending;
      return succeed({
        request: { type: "tournament-transfer", tournamentId, transferId, kind, participant, credits },
      });
    }
  }
}
