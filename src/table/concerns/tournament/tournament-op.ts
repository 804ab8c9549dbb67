/**
 * The tournament's requests on the books (issue 37): each wraps the pure domain (src/tournament) and
 * gives one change of the ledger (the tournament with the accounts it touches) or a localized refusal.
 */
import { type Result, refuse, succeed } from "../../../rules/core";
import {
  type Asker,
  type CircuitSettings,
  type Tournament,
  TournamentErrors as E,
  addParticipant,
  gmAdd,
  gmRemove,
  newTournament,
  openCircuit,
  setSignUpsOpen,
  signUp,
  withdraw,
} from "../../../tournament";
import { ensureAccount, own, withEvent, withTournament } from "../../ledger";
import { Errors } from "../../protocol";
import type { Asked, Books, OpContext, OpResult } from "../../context";
import type { CircuitSettingsInput } from "./request";
import { playableBy } from "./characters";

/** Who asks, as the domain reads it. */
export const askerOf = (ctx: Pick<OpContext, "isGM">, user: string): Asker => ({ user, gm: ctx.isGM(user) });

/** The tournament a request names, or its refusal. */
export function tournamentIn(books: Pick<Books, "ledger">, id: string): Result<{ tournament: Tournament }> {
  const tournament = books.ledger.tournaments ? own(books.ledger.tournaments, id) : undefined;
  return tournament ? succeed({ tournament }) : refuse(E.unknownTournament);
}

/** A changed tournament as the one change of a request (the same tournament: nothing to store). */
function stored(books: Books, before: Tournament, after: Tournament): OpResult {
  if (after === before) return succeed({ reply: { ok: true } });
  return succeed({ change: { ledger: withTournament(books.ledger, after) }, reply: { ok: true } });
}

/** The GM's settings with the absent ones left out (the presets fill them). */
function settingsOf(input: CircuitSettingsInput | undefined): Partial<CircuitSettings> {
  if (!input) return {};
  return {
    ...(input.ante !== undefined ? { ante: input.ante } : {}),
    ...(input.sabaccAnte !== undefined ? { sabaccAnte: input.sabaccAnte } : {}),
    ...(input.seatLimit !== undefined ? { seatLimit: input.seatLimit } : {}),
    ...(input.signUpLimit !== undefined ? { signUpLimit: input.signUpLimit } : {}),
  };
}

/** `tournament-create` (GM): a tournament in an existing event, with its first circuits. */
export function createTournament(books: Books, request: Asked<"tournament-create">, ctx: OpContext): OpResult {
  if (!own(books.ledger.events, request.eventId)) return refuse(Errors.unknownEvent);
  const asker = askerOf(ctx, request.from);
  let tournament = newTournament(`tn${ctx.newId()}`, request.name, request.eventId, ctx.now());
  for (const { circuit, settings } of request.circuits) {
    const opened = openCircuit(tournament, circuit, asker, settingsOf(settings));
    if (!opened.ok) return opened;
    tournament = opened.tournament;
  }
  return succeed({
    change: { ledger: withTournament(books.ledger, tournament) },
    reply: { ok: true, tournamentId: tournament.id },
  });
}

/** `tournament-circuit` (GM): one more circuit. */
export function addCircuit(books: Books, request: Asked<"tournament-circuit">, ctx: OpContext): OpResult {
  const found = tournamentIn(books, request.tournamentId);
  if (!found.ok) return found;
  const opened = openCircuit(
    found.tournament,
    request.circuit,
    askerOf(ctx, request.from),
    settingsOf(request.settings),
  );
  return opened.ok ? stored(books, found.tournament, opened.tournament) : opened;
}

/**
 * `tournament-enter`: a character its user may play (the host's characters service says which)
 * enters; its account opens in the event with no credits (they come by buy-in) and the event's points.
 */
export function enterTournament(books: Books, request: Asked<"tournament-enter">, ctx: OpContext): OpResult {
  const found = tournamentIn(books, request.tournamentId);
  if (!found.ok) return found;
  if (!ctx.characters) return refuse(E.noCharacters);
  const asker = askerOf(ctx, request.from);
  const user = request.user ?? request.from;
  if (user !== request.from && !asker.gm) return refuse(E.notYours);
  const character = playableBy(ctx.characters, user).find((c) => c.id === request.character);
  if (!character) return refuse(E.notPlayable, { user });
  const { tournament } = found;
  const event = own(books.ledger.events, tournament.eventId);
  if (!event) return refuse(Errors.unknownEvent);
  const added = addParticipant(tournament, { id: character.id, user, name: character.name, character }, asker);
  if (!added.ok) return added;
  const opened = ensureAccount(event, character.id, character.name, 0, ctx.now(), request.from);
  return succeed({
    change: { ledger: withTournament(withEvent(books.ledger, opened), added.tournament) },
    reply: { ok: true },
  });
}

/** `tournament-sign-up`: signs a participant up for a circuit (`sign: false`: withdraws them). */
export function signUpFor(books: Books, request: Asked<"tournament-sign-up">, ctx: OpContext): OpResult {
  const found = tournamentIn(books, request.tournamentId);
  if (!found.ok) return found;
  const asker = askerOf(ctx, request.from);
  const { tournament } = found;
  const done = request.sign
    ? signUp(tournament, request.circuit, request.participant, asker, ctx.now())
    : withdraw(tournament, request.circuit, request.participant, asker, ctx.now());
  return done.ok ? stored(books, tournament, done.tournament) : done;
}

/** `tournament-manage` (GM): adds someone to a circuit or removes them, the reason kept. */
export function manageSignUps(books: Books, request: Asked<"tournament-manage">, ctx: OpContext): OpResult {
  const found = tournamentIn(books, request.tournamentId);
  if (!found.ok) return found;
  const asker = askerOf(ctx, request.from);
  const { tournament } = found;
  const { circuit, participant, reason } = request;
  const done =
    request.action === "add"
      ? gmAdd(tournament, circuit, participant, asker, reason, ctx.now())
      : gmRemove(tournament, circuit, participant, asker, reason, ctx.now());
  return done.ok ? stored(books, tournament, done.tournament) : done;
}

/** `tournament-sign-ups` (GM): closes or reopens a circuit's sign-ups. */
export function openSignUps(books: Books, request: Asked<"tournament-sign-ups">, ctx: OpContext): OpResult {
  const found = tournamentIn(books, request.tournamentId);
  if (!found.ok) return found;
  const { tournament } = found;
  const done = setSignUpsOpen(tournament, request.circuit, request.open, askerOf(ctx, request.from), ctx.now());
  return done.ok ? stored(books, tournament, done.tournament) : done;
}
