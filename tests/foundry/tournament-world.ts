/**
 * A Foundry world holding a Sabacc tournament for the transfer tests: a GM whose runtime hosts,
 * players alice and bob with their own clients, each owning a starwarsffg character actor (Kira,
 * Zed) whose credits are `system.stats.credits.value`; an event (starting credits 0, so every
 * credit in the event came from a sheet) and a tournament both characters entered.
 * Writes can be faulted: `faults` decides for each write of an actor or of the vault's settings,
 * in order, whether it lands, is refused, or is the host's crash (see `Crashes`).
 */
import { expect } from "vitest";
import { type KeyStore, MemoryKeyStore } from "../../src/foundry/keys";
import type { CantinaRuntime } from "../../src/foundry/runtime";
import type { TableClient } from "../../src/table/client";
import type { HostReply, TournamentView } from "../../src/table/protocol";
import { refuse, succeed } from "../../src/rules/core";
import { Crash, Faults } from "../tournament/fixtures";
import { OWNERSHIP, StandInActor } from "../tournament/foundry-actor";
import { type FakeWorld, playerClient } from "./standins";
import { closeTabsOf, startRuntime, worldOf } from "./world";

/** How one write fails: refused (nothing lands), or the host dies before or after it lands. */
export type WriteFault = "refuse" | "crash-before" | "crash-after";

/**
 * Every write of the actors and of the vault's world settings, counted in one sequence: the one at
 * `at` fails as `fault` says; after a crash nothing the dead host sends lands any more, until the
 * test restarts it (`revive`).
 */
export class Crashes {
  private count = 0;
  dead = false;
  constructor(
    private readonly at: number | null = null,
    private readonly fault: WriteFault = "refuse",
  ) {}

  get writes(): number {
    return this.count;
  }

  /** Whether this write lands; a crash marks the host dead (after landing, for "crash-after"). */
  next(): "land" | "refuse" | "crash-before" | "crash-after" {
    if (this.dead) return "refuse";
    const n = this.count++;
    if (n !== this.at) return "land";
    if (this.fault !== "refuse") this.dead = true;
    return this.fault;
  }

  revive(): void {
    this.dead = false;
  }
}

/** An actor's writes through the shared sequence: a refusal is Foundry skipping the update; a crash throws. */
class SequencedFaults extends Faults {
  constructor(private readonly crashes: () => Crashes) {
    super();
  }

  override write(land: () => void): ReturnType<Faults["write"]> {
    const what = this.crashes().next();
    if (what === "land") {
      land();
      return succeed({});
    }
    if (what === "refuse") return refuse("test.refused");
    if (what === "crash-after") land();
    throw new Crash(`the host crashed at an actor's write (${what})`);
  }
}

export interface TournamentWorld {
  readonly world: FakeWorld;
  readonly keys: KeyStore;
  gm: CantinaRuntime;
  readonly alice: { client: TableClient; transport: { settled(): Promise<void> } };
  readonly bob: { client: TableClient; transport: { settled(): Promise<void> } };
  readonly kira: StandInActor;
  readonly zed: StandInActor;
  readonly eventId: string;
  readonly tournamentId: string;
  faults: Crashes;
}

const must = (reply: HostReply): HostReply => {
  expect(reply).toMatchObject({ ok: true });
  return reply;
};

/** The world, its tournament entered by Kira (alice's, `kiraCredits` on her sheet) and Zed (bob's, 500). */
export async function tournamentWorld(kiraCredits = 2000): Promise<TournamentWorld> {
  const world = worldOf(["alice", "bob"]);
  const state = { faults: new Crashes() };
  const character = (id: string, name: string, owner: string, credits: number): StandInActor => {
    const actor = new StandInActor(
      id,
      { stats: { credits: { value: credits } } },
      () => new SequencedFaults(() => state.faults),
    );
    actor.name = name;
    actor.ownership = { default: OWNERSHIP.NONE, [owner]: OWNERSHIP.OWNER };
    return world.addActor(actor);
  };
  const kira = character("kira", "Kira", "alice", kiraCredits);
  const zed = character("zed", "Zed", "bob", 500);
  // The vault's writes (the host's stored books) in the same sequence as the actors'.
  world.refuseSetting = (key) => {
    if (!key.startsWith("cantina-games.vault-")) return null;
    const what = state.faults.next();
    return what === "land" || what === "crash-after" ? null : "the world's database refused the write";
  };
  const keys = new MemoryKeyStore();
  const gm = await startRuntime(world, "gm", keys);
  const alice = await playerClient(world, "alice");
  const bob = await playerClient(world, "bob");
  const created = must(await gm.client!.createEvent("Cantina night", 0));
  const eventId = (created as { eventId: string }).eventId;
  const opened = must(
    await gm.client!.tournament({
      type: "tournament-create",
      eventId,
      name: "Nova Cup",
      circuits: [{ circuit: "electrum" }],
    }),
  );
  const tournamentId = (opened as { tournamentId: string }).tournamentId;
  must(await alice.client.tournament({ type: "tournament-enter", tournamentId, character: "kira" }));
  must(await bob.client.tournament({ type: "tournament-enter", tournamentId, character: "zed" }));
  await gm.settle();
  const out: TournamentWorld = {
    world,
    keys,
    gm,
    alice,
    bob,
    kira,
    zed,
    eventId,
    tournamentId,
    get faults() {
      return state.faults;
    },
    set faults(f: Crashes) {
      state.faults = f;
    },
  };
  return out;
}

/** The credits on an actor's sheet. */
export const sheet = (actor: StandInActor): number =>
  (actor.system as { stats: { credits: { value: number } } }).stats.credits.value;

/** The transfers an actor's sheet is marked with. */
export const marks = (actor: StandInActor): unknown => actor.getFlag("cantina-games", "transfers");

/** A character's account in the event, as the GM's client sees it (0: none yet). */
export function account(t: TournamentWorld, id: string): number {
  const event = t.gm.client!.events.find((e) => e.id === t.eventId);
  return event?.accounts.find((a) => a.id === id)?.credits ?? 0;
}

/** The ledger entries of one transfer, as the GM's client sees them. */
export function entriesOf(t: TournamentWorld, transferId: string): number {
  const event = t.gm.client!.events.find((e) => e.id === t.eventId);
  return event?.entries.filter((e) => e.reason.endsWith(` ${transferId}`)).length ?? 0;
}

/** The tournament as the GM's client sees it. */
export function gmView(t: TournamentWorld): TournamentView {
  const view = t.gm.client!.tournaments.find((v) => v.id === t.tournamentId);
  if (!view) throw new Error("the GM does not see the tournament");
  return view;
}

/**
 * The GM's browser goes down (a crash, a reload) and comes back: the old tab is closed and a new
 * runtime starts from what the world stored, with the same key; the players' clients stay.
 */
export async function restartHost(t: TournamentWorld): Promise<void> {
  // What the dead host was doing ends first (every write of it refused), so nothing of it lands later.
  await t.gm.settle();
  closeTabsOf(t.world, "gm");
  t.faults.revive();
  t.gm = await startRuntime(t.world, "gm", t.keys);
  await t.gm.settle();
}
