/**
 * Buy-in and cash-out as records: pending, then applied (or cancelled when the source could not
 * pay). The ledger side is pure here; transfer-run.ts writes the sheet between the steps.
 */
import { type Result, refuse, succeed } from "../rules/core";
import { type EventLedger, adjust, ensureAccount, own as ownAccount } from "../table/ledger";
import { TournamentErrors as E } from "./errors";
import { own, withEntry } from "./records";
import { seatedAt, unfinishedTables } from "./rounds";
import type { Asker, Tournament, Transfer, TransferKind } from "./types";

/** What a transfer changes together: the tournament's records and its event in the ledger. */
export interface TransferBooks {
  readonly tournament: Tournament;
  readonly event: EventLedger;
}

export interface TransferRequest {
  /** Chosen by the asking client, so a retry after a lost answer is the same transfer. */
  readonly id: string;
  readonly kind: TransferKind;
  readonly participant: string;
  readonly credits: number;
}

/** The reason of the transfer's ledger entry: the id ties it to the sheet's mark. */
export const ledgerReason = (t: Pick<Transfer, "kind" | "id">): string => `${t.kind} ${t.id}`;

/** Whether the transfer's ledger entry is written. */
export function ledgerPosted(event: EventLedger, transfer: Transfer): boolean {
  const reason = ledgerReason(transfer);
  return event.entries.some((e) => e.account === transfer.participant && e.reason === reason);
}

/** The ledger entry of the transfer (credits in for a buy-in, out for a cash-out), once. */
export function postLedger(
  event: EventLedger,
  transfer: Transfer,
  by: string,
  at: number,
): Result<{ event: EventLedger }> {
  if (ledgerPosted(event, transfer)) return succeed({ event });
  const name = transfer.character.name;
  // A character who buys in before playing opens an account with nothing but the event's points.
  const opened = ensureAccount(event, transfer.participant, name, 0, at, by);
  const credits = transfer.kind === "buy-in" ? transfer.credits : -transfer.credits;
  return adjust(opened, transfer.participant, credits, 0, ledgerReason(transfer), at, by);
}

function withTransfer(tournament: Tournament, transfer: Transfer): Tournament {
  return { ...tournament, transfers: withEntry(tournament.transfers, transfer.id, transfer) };
}

const sameRequest = (t: Transfer, r: TransferRequest): boolean =>
  t.kind === r.kind && t.participant === r.participant && t.credits === r.credits;

/**
 * A transfer opens as pending. A cash-out takes the credits from the ledger in the same change (the
 * source is written first); a buy-in's source is the sheet, written next. The same id again is the
 * same transfer (`fresh: false`); an id reused for something else is refused.
 */
export function openTransfer(
  books: TransferBooks,
  request: TransferRequest,
  asker: Asker,
  at: number,
): Result<{ books: TransferBooks; transfer: Transfer; fresh: boolean }> {
  const known = own(books.tournament.transfers, request.id);
  if (known)
    return sameRequest(known, request) ? succeed({ books, transfer: known, fresh: false }) : refuse(E.transferIdReused);
  // Ids travel in sheet marks (a Roll20 attribute holds them space-separated): a plain word.
  if (!/^[\w-]{1,64}$/.test(request.id)) return refuse(E.badTransferId);
  const participant = own(books.tournament.participants, request.participant);
  if (!participant) return refuse(E.unknownParticipant);
  if (!asker.gm && participant.user !== asker.user) return refuse(E.notYours);
  if (!participant.character) return refuse(E.noCharacter, { name: participant.name });
  if (!Number.isSafeInteger(request.credits) || request.credits <= 0) return refuse(E.badAmount);
  const transfer: Transfer = {
    id: request.id,
    kind: request.kind,
    participant: participant.id,
    character: participant.character,
    credits: request.credits,
    by: asker.user,
    at,
    status: "pending",
  };
  const tournament = withTransfer(books.tournament, transfer);
  if (request.kind === "buy-in") return succeed({ books: { ...books, tournament }, transfer, fresh: true });
  // While the character plays, their whole purse is at the table: nothing to cash out until it is back.
  if (unfinishedTables(books.tournament).some((t) => seatedAt(t).includes(participant.id)))
    return refuse(E.atTable, { name: participant.name });
  const have = ownAccount(books.event.accounts, participant.id)?.credits ?? 0;
  if (have < request.credits) return refuse(E.ledgerTooLow, { name: participant.name, have });
  const posted = postLedger(books.event, transfer, asker.user, at);
  if (!posted.ok) return posted;
  return succeed({ books: { tournament, event: posted.event }, transfer, fresh: true });
}

/** The transfer marked applied (its ledger entry written with it for a buy-in) or cancelled. */
export function closeTransfer(
  books: TransferBooks,
  transfer: Transfer,
  status: "applied" | "cancelled",
  at: number,
): Result<{ books: TransferBooks }> {
  let event = books.event;
  if (status === "applied" && transfer.kind === "buy-in") {
    const posted = postLedger(event, transfer, transfer.by, at);
    if (!posted.ok) return posted;
    event = posted.event;
  }
  return succeed({ books: { tournament: withTransfer(books.tournament, { ...transfer, status }), event } });
}

/** Transfers a host must finish (the GM sees them): oldest first. */
export function pendingTransfers(tournament: Tournament): Transfer[] {
  return Object.values(tournament.transfers)
    .filter((t) => t.status === "pending")
    .sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1));
}
