/**
 * A table host with a Sabacc tournament to test with (issue 37): the GM "gm" and four players, each
 * playing one character the host's characters service names, an event, and clients for everyone.
 */
import { expect } from "vitest";
import { bots } from "../../src/games";
import { SeededRandom } from "../../src/rules/core";
import type { TableClient } from "../../src/table/client";
import type { HostOptions, TableHost } from "../../src/table/host";
import { type Ledger, own } from "../../src/table/ledger";
import type { MemoryStore } from "../../src/table/store";
import type { HostMessage, HostReply, TournamentRequest, TournamentView } from "../../src/table/protocol";
import type { MemoryNetwork } from "../../src/table/transport";
import type { CharacterRef, CircuitId, Tournament } from "../../src/tournament";
import { clientsOf, countingIds, startMemoryHost } from "../helpers/memory-host";

export const PLAYERS = ["ana", "ben", "cy", "dee"] as const;
export const USERS = ["gm", ...PLAYERS] as const;

/** Each player's one character: its id is its account in the event. */
export const CHARACTERS: Readonly<Record<string, readonly CharacterRef[]>> = {
  ana: [{ id: "ch-ana", name: "Ana Solo" }],
  ben: [{ id: "ch-ben", name: "Ben Kenobi" }],
  cy: [{ id: "ch-cy", name: "Cy Tano" }],
  dee: [{ id: "ch-dee", name: "Dee Organa" }],
};
export const characterOf = (user: string): string => `ch-${user}`;

export interface TournamentWorld {
  readonly host: TableHost;
  readonly network: MemoryNetwork;
  readonly store: MemoryStore;
  readonly clients: Record<string, TableClient>;
  readonly eventId: string;
}

/** A reply that must be `ok`, with its fields. */
export function ok(reply: HostReply): Extract<HostReply, { ok: true }> {
  if (!reply.ok) throw new Error(`refused: ${reply.error.code} ${JSON.stringify(reply.error.params ?? {})}`);
  return reply;
}

/** A host (on `store` if given) with an event "Cantina Night" whose new accounts start at 1,000 credits. */
export async function tournamentWorld(
  options: Partial<Pick<HostOptions, "purse" | "characters">> & { readonly store?: MemoryStore } = {},
): Promise<TournamentWorld> {
  const { host, network, store } = await startMemoryHost<MemoryStore>({
    users: USERS,
    random: new SeededRandom(7),
    bots,
    now: () => 1_000,
    newId: countingIds(),
    characters: (user) => CHARACTERS[user] ?? [],
    ...options,
  });
  const clients = clientsOf(network, USERS);
  const event = ok(await clients.gm!.createEvent("Cantina Night", 1000));
  return { host, network, store, clients, eventId: event.eventId ?? "" };
}

/** The GM opens a tournament with these circuits (their presets), and each of `entering` enters their character. */
export async function openTournament(
  w: TournamentWorld,
  circuits: readonly CircuitId[],
  entering: readonly string[] = PLAYERS,
): Promise<string> {
  const created = ok(
    await w.clients.gm!.tournament({
      type: "tournament-create",
      eventId: w.eventId,
      name: "Sabacc Open",
      circuits: circuits.map((circuit) => ({ circuit })),
    }),
  );
  const tournamentId = created.tournamentId ?? "";
  for (const user of entering)
    ok(await w.clients[user]!.tournament({ type: "tournament-enter", tournamentId, character: characterOf(user) }));
  return tournamentId;
}

/** Signs each user's character up for the circuit, in this order. */
export async function signUpAll(
  w: TournamentWorld,
  tournamentId: string,
  circuit: CircuitId,
  users: readonly string[],
) {
  for (const user of users)
    ok(
      await w.clients[user]!.tournament({
        type: "tournament-sign-up",
        tournamentId,
        circuit,
        participant: characterOf(user),
        sign: true,
      }),
    );
}

/** The tournament as the host stores it. */
export function storedTournament(host: TableHost, id: string): Tournament {
  const ledger: Ledger = host.currentLedger();
  const tournament = ledger.tournaments ? own(ledger.tournaments, id) : undefined;
  if (!tournament) throw new Error(`no tournament ${id}`);
  return tournament;
}

/** A character's credits in the event ledger as stored. */
export function balance(w: TournamentWorld, account: string): number {
  return own(w.host.currentLedger().events, w.eventId)?.accounts[account]?.credits ?? Number.NaN;
}

/** Sends a request that must be refused with `code`, and checks that nothing was stored or changed. */
export async function refusedUnchanged(
  w: TournamentWorld,
  user: string,
  request: TournamentRequest,
  code: string,
): Promise<void> {
  await w.host.idle();
  const writes = w.store.writes;
  const ledger = JSON.stringify(w.host.currentLedger());
  const reply = await w.clients[user]!.tournament(request);
  expect(reply.ok ? "ok" : reply.error.code).toBe(code);
  await w.host.idle();
  expect(w.store.writes).toBe(writes);
  expect(JSON.stringify(w.host.currentLedger())).toBe(ledger);
}

/** The ledger pushes the network carried to `user`, in order. */
export function ledgerPushesTo(network: MemoryNetwork, user: string): Extract<HostMessage, { type: "ledger" }>[] {
  return network.sent.flatMap((s) => (s.to === user && s.message.type === "ledger" ? [s.message] : []));
}

/** The last tournament view `user`'s client holds. */
export function viewOf(w: TournamentWorld, user: string, id: string): TournamentView {
  const view = w.clients[user]!.tournaments.find((t) => t.id === id);
  if (!view) throw new Error(`${user} sees no tournament ${id}`);
  return view;
}
