/**
 * The tournament's chat words (issue 37): `!cantina tour …`. What each does: tournament-commands.ts;
 * the cards and buttons that write them: tournament-cards.ts.
 */
import { type CircuitId, CIRCUIT_IDS } from "../tournament/types";

export type TourAction =
  | { readonly act: "list" }
  | { readonly act: "show" | "pending" | "summary"; readonly tournamentId: string }
  | {
      readonly act: "create";
      readonly eventId: string;
      readonly circuits: readonly CircuitId[];
      readonly name: string;
    }
  | {
      readonly act: "circuit";
      readonly tournamentId: string;
      readonly circuit: CircuitId;
      readonly settings: CircuitSettingsTyped;
    }
  | { readonly act: "enter"; readonly tournamentId: string; readonly character: string; readonly user?: string }
  | {
      readonly act: "sign" | "withdraw";
      readonly tournamentId: string;
      readonly circuit: CircuitId;
      readonly participant: string;
    }
  | {
      readonly act: "buyin" | "cashout";
      readonly tournamentId: string;
      readonly participant: string;
      readonly credits: number;
      /** The button's own id: with the amount, the transfer's id, so a repeated click is the same transfer. */
      readonly nonce: string;
    }
  | { readonly act: "close" | "reopen"; readonly tournamentId: string; readonly circuit: CircuitId }
  | {
      readonly act: "add" | "remove";
      readonly tournamentId: string;
      readonly circuit: CircuitId;
      readonly participant: string;
      readonly reason: string;
    }
  | { readonly act: "round"; readonly tournamentId: string; readonly circuit: CircuitId; readonly fillTo?: number }
  | { readonly act: "retry"; readonly tournamentId: string; readonly transferId: string };

export interface CircuitSettingsTyped {
  readonly ante?: number;
  readonly sabaccAnte?: number;
  readonly seatLimit?: number;
  readonly signUpLimit?: number | null;
}

export type TournamentCommand = { readonly verb: "tour" } & TourAction;

const ID = /^[A-Za-z0-9_+-]{1,64}$/;
const isId = (s: string | undefined): s is string => s !== undefined && ID.test(s) && !(s in Object.prototype);
const NONCE = /^[a-z0-9]{8,20}$/;
const isCircuit = (s: string | undefined): s is CircuitId => (CIRCUIT_IDS as readonly string[]).includes(s ?? "");
const MAX = 1_000_000_000;

function count(s: string | undefined, min: number): number | null {
  if (s === undefined || !/^[0-9]{1,10}$/.test(s)) return null;
  const n = Number(s);
  return n >= min && n <= MAX ? n : null;
}

/** `ante=N pot=N seats=N limit=N|none` (pot: the second ante, Nova's): what the GM changes of a circuit's presets. */
function circuitSettings(tokens: readonly string[]): CircuitSettingsTyped | null {
  const out: { -readonly [K in keyof CircuitSettingsTyped]: CircuitSettingsTyped[K] } = {};
  for (const token of tokens) {
    const [key, value, extra] = token.split("=");
    if (extra !== undefined) return null;
    const n = count(value, 0);
    if (key === "limit" && value === "none") out.signUpLimit = null;
    else if (n === null) return null;
    else if (key === "ante") out.ante = n;
    else if (key === "pot") out.sabaccAnte = n;
    else if (key === "seats") out.seatLimit = n;
    else if (key === "limit") out.signUpLimit = n;
    else return null;
  }
  return out;
}

/** The words after `!cantina tour`; null: malformed. */
export function parseTourCommand(a: readonly string[]): TournamentCommand | null {
  const [act, t, ...rest] = a;
  const at = (action: TourAction): TournamentCommand => ({ verb: "tour", ...action });
  if (act === undefined) return at({ act: "list" });
  if (!isId(t)) return null;
  switch (act) {
    case "show":
    case "pending":
    case "summary":
      return rest.length === 0 ? at({ act, tournamentId: t }) : null;
    case "create": {
      // `create <event> <circuit+circuit…> <name…>`: the circuits with the text's presets ("+": a
      // drop-down's value cannot hold a comma).
      const circuits = (rest[0] ?? "").split("+");
      const name = rest.slice(1).join(" ");
      if (!circuits.every(isCircuit) || new Set(circuits).size !== circuits.length) return null;
      return name.length > 0 && name.length <= 100 ? at({ act, eventId: t, circuits, name }) : null;
    }
    case "circuit": {
      const [circuit, ...tokens] = rest;
      const settings = circuitSettings(tokens);
      return isCircuit(circuit) && settings ? at({ act, tournamentId: t, circuit, settings }) : null;
    }
    case "enter": {
      const [character, user, extra] = rest;
      if (!isId(character) || extra !== undefined || (user !== undefined && !isId(user))) return null;
      return at({ act, tournamentId: t, character, ...(user !== undefined ? { user } : {}) });
    }
    case "sign":
    case "withdraw": {
      const [circuit, participant] = rest;
      return rest.length === 2 && isCircuit(circuit) && isId(participant)
        ? at({ act, tournamentId: t, circuit, participant })
        : null;
    }
    case "buyin":
    case "cashout": {
      const [participant, amount, nonce] = [rest[0], count(rest[1], 1), rest[2]];
      return rest.length === 3 && isId(participant) && amount !== null && NONCE.test(nonce ?? "")
        ? at({ act, tournamentId: t, participant, credits: amount, nonce: nonce ?? "" })
        : null;
    }
    case "close":
    case "reopen":
      return rest.length === 1 && isCircuit(rest[0]) ? at({ act, tournamentId: t, circuit: rest[0] }) : null;
    case "add":
    case "remove": {
      const [circuit, participant, ...words] = rest;
      const reason = words.join(" ");
      return isCircuit(circuit) && isId(participant) && reason.length <= 500
        ? at({ act, tournamentId: t, circuit, participant, reason })
        : null;
    }
    case "round": {
      const [circuit, fill] = rest;
      const fillTo = fill === undefined ? undefined : count(fill, 0);
      if (!isCircuit(circuit) || rest.length > 2 || fillTo === null) return null;
      // 0 bots asked: none (the drop-down's "no bots").
      return at({ act, tournamentId: t, circuit, ...(fillTo ? { fillTo } : {}) });
    }
    case "retry":
      return rest.length === 1 && isId(rest[0]) ? at({ act, tournamentId: t, transferId: rest[0] }) : null;
    default:
      return null;
  }
}
