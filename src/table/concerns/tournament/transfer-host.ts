/**
 * Buy-ins and cash-outs on the host (issue 37): the domain's two-phase run (src/tournament/transfer-run.ts)
 * over the host's own commit (each step one stored change of the ledger, pushed like any) and the
 * host's purse. Run inside the host's one request queue; at its start every pending transfer is finished.
 */
import { type Result, type RuleError, refuse, refused, succeed } from "../../../rules/core";
import {
  type BooksStore,
  type CharacterPurse,
  type Transfer,
  TournamentErrors as E,
  completePending,
  runTransfer,
} from "../../../tournament";
import { type Ledger, own, withEvent, withTournament } from "../../ledger";
import { Errors, type HostReply } from "../../protocol";
import type { Asked, OpContext, Outcome } from "../../context";
import { askerOf } from "./tournament-op";

/** What a transfer uses of the host. */
export interface TransferHost {
  readonly ctx: Pick<OpContext, "isGM" | "now">;
  readonly purse?: CharacterPurse;
  /** The ledger as stored now. */
  ledger(): Ledger;
  /** Stores one change and pushes it (a refused write is told to the GMs, and answered refused). */
  commit(outcome: Outcome): Promise<HostReply>;
  noticeGMs(error: RuleError): void;
}

/** The books of one tournament over the host's ledger: read as stored now, written as one change. */
function booksOf(host: TransferHost, tournamentId: string): BooksStore | null {
  const read = () => {
    const ledger = host.ledger();
    const tournament = ledger.tournaments ? own(ledger.tournaments, tournamentId) : undefined;
    const event = tournament ? own(ledger.events, tournament.eventId) : undefined;
    return tournament && event ? { tournament, event } : null;
  };
  const first = read();
  if (!first) return null;
  return {
    read: () => read() ?? first,
    write: async (books): Promise<Result<object>> => {
      const ledger = withTournament(withEvent(host.ledger(), books.event), books.tournament);
      const stored = await host.commit({ change: { ledger }, reply: { ok: true } });
      return stored.ok ? succeed({}) : stored;
    },
  };
}

/** The host's purse as the domain expects it: a read or write that throws (a crash, a lost socket) is a refusal. */
function steadyPurse(purse: CharacterPurse): CharacterPurse {
  return {
    read: async (character) => {
      try {
        return await purse.read(character);
      } catch {
        return refuse(E.purseUnreadable, { name: character.name });
      }
    },
    write: async (character, credits, mark) => {
      try {
        return await purse.write(character, credits, mark);
      } catch {
        return refuse(E.purseRefused, { name: character.name });
      }
    },
  };
}

/** `tournament-transfer`: run to the end, or refused (nothing changed), or left pending with the reason. */
export async function transferRequest(host: TransferHost, request: Asked<"tournament-transfer">): Promise<HostReply> {
  const books = booksOf(host, request.tournamentId);
  if (!books) return refuse(E.unknownTournament);
  if (!host.purse) return refuse(E.noPurse);
  const ran = await runTransfer(
    books,
    steadyPurse(host.purse),
    { id: request.transferId, kind: request.kind, participant: request.participant, credits: request.credits },
    askerOf(host.ctx, request.from),
    host.ctx.now(),
  );
  return ran.ok ? { ok: true } : refused(ran.error);
}

/** What the GMs are told of a transfer that could not be finished: which sheet, how much, its id. */
export function pendingNotice(transfer: Transfer): RuleError {
  return {
    code: transfer.kind === "buy-in" ? E.pendingBuyIn : E.pendingCashOut,
    params: { name: transfer.character.name, credits: transfer.credits, id: transfer.id },
  };
}

/**
 * At the host's start: every pending transfer of every tournament taken as far as it goes (the sheet's
 * mark and the ledger's entry say which side is done); each one left pending is told to the GMs.
 */
export async function finishTransfers(host: TransferHost): Promise<void> {
  for (const id of Object.keys(host.ledger().tournaments ?? {})) {
    const books = booksOf(host, id);
    if (!books) continue;
    const left = host.purse
      ? (await completePending(books, steadyPurse(host.purse), host.ctx.now())).pending
      : Object.values(books.read().tournament.transfers)
          .filter((t) => t.status === "pending")
          .map((t) => t.id);
    for (const transferId of left) {
      const transfer = own(books.read().tournament.transfers, transferId);
      if (transfer) host.noticeGMs(pendingNotice(transfer));
    }
  }
}

/** Whether a refused transfer may be asked again with the same request id (it stays pending, or nothing was stored). */
export function mayRetry(reply: HostReply): boolean {
  if (reply.ok) return false;
  const code: string = reply.error.code;
  return (
    code === Errors.storeFailed || code === E.booksRefused || code === E.purseRefused || code === E.purseUnreadable
  );
}
