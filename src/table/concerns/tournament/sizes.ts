/**
 * The bound a ledger push's tournaments are padded to, the same for every recipient (docs/security.md,
 * "What lengths reveal"): the public part of each tournament as it is (every user sees it alike),
 * and for the parts that differ by viewer, their counts (transfers, audit entries, characters) only.
 */
import type { Tournament } from "../../../tournament";
import type { UserId } from "../../protocol";
import { type TournamentViewContext, tournamentView } from "./view";
import { playableBy } from "./characters";

/** What each viewer-dependent part of a tournament view may take in JSON. */
export const TournamentSizes = {
  /** The private fields' names and brackets (`pending`, `audit`, `playable`), once per tournament. */
  fields: 256,
  /** `"luckLeft":n,` in a standings row the viewer may see it in. */
  luckLeft: 32,
  /** A transfer: ids up to 64 characters, a character's name up to 100 (3 bytes each), its author, amounts. */
  transfer: 1024,
  /** A pending transfer's id in the GM's `pending`. */
  pending: 72,
  /** An audit entry without its reason. */
  audit: 384,
  /** A GM's reason: up to 500 UTF-16 units, at most 3 bytes each in JSON (as LedgerSizes.reason). */
  reason: 1536,
  /** A character a user may play: id up to 64 characters, name up to 100. */
  character: 384,
  /** A user's entry in the GM's `playable`. */
  user: 256,
} as const;

/** The UTF-8 bytes of a value's JSON. */
export function jsonBytes(value: unknown): number {
  let bytes = 0;
  for (const ch of JSON.stringify(value)) {
    const code = ch.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** Audit kinds a GM's reason may come with, or that no one but the GM can tell from one that does. */
const MAY_HAVE_REASON: ReadonlySet<string> = new Set(["signed-up", "withdrew", "added", "removed"]);

/** Nobody: the viewer whose view holds only what everyone sees. */
const OUTSIDER: TournamentViewContext = { isGM: () => false, users: () => [] };

/** One tournament's bound in a ledger push, from its public view and its counts. */
export function tournamentBound(tournament: Tournament, characters: number, users: number): number {
  const outsider = jsonBytes(tournamentView(OUTSIDER, tournament, "\u0000"));
  const rows = Object.keys(tournament.participants).length * (1 + Object.keys(tournament.circuits).length);
  const transfers = Object.keys(tournament.transfers).length;
  const reasons = tournament.audit.filter((a) => MAY_HAVE_REASON.has(a.kind)).length;
  const s = TournamentSizes;
  return (
    outsider +
    s.fields +
    s.luckLeft * rows +
    (s.transfer + s.pending) * transfers +
    s.audit * tournament.audit.length +
    s.reason * reasons +
    s.character * characters +
    s.user * users
  );
}

/**
 * Every tournament's bound: what the users may play, counted over all of them (the most any one
 * view lists, mayPlay and the GM's `playable` together), is counted alike for everyone.
 */
export function tournamentsBound(
  ctx: TournamentViewContext,
  tournaments: Readonly<Record<string, Tournament>> | undefined,
): number {
  const list = Object.values(tournaments ?? {});
  if (list.length === 0) return 0;
  const users: readonly UserId[] = ctx.users();
  const characters = users.reduce((sum, u) => sum + playableBy(ctx.characters, u).length, 0);
  return list.reduce((sum, t) => sum + tournamentBound(t, characters, users.length), 0);
}
