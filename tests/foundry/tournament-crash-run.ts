/**
 * One buy-in or cash-out through the Foundry host with one write faulted (issue 37): the write at a
 * place in the order a clean transfer makes them (each write of the actor, Actor#update, and of the
 * world's stored books, the vault's settings) is refused (Foundry skips the update, the database
 * refuses the setting), or is the host's crash before or after it lands (the actor's update throws;
 * the GM's browser goes down and comes back, its host restarted from what the world stored). Then
 * the player sends the same transfer again: no credit made or lost, the transfer applied once.
 * Used by tournament-transfer-crash.test.ts (every write) and the soak suite (every write, every fault).
 */
import { expect } from "vitest";
import type { TransferKind } from "../../src/tournament";
import {
  Crashes,
  type TournamentWorld,
  type WriteFault,
  account,
  entriesOf,
  gmView,
  marks,
  restartHost,
  sheet,
  tournamentWorld,
} from "./tournament-world";
import { removeFoundryGlobals } from "./world";

const SHEET = 2000;
/** A cash-out's character bought this in first (cleanly). */
const BOUGHT = 900;
const AMOUNT = 700;
export const FAULTS: readonly WriteFault[] = ["refuse", "crash-before", "crash-after"];

const transfer = (t: TournamentWorld, kind: TransferKind) =>
  ({
    type: "tournament-transfer",
    tournamentId: t.tournamentId,
    transferId: `${kind}-x`,
    kind,
    participant: "kira",
    credits: AMOUNT,
  }) as const;

/** A world where `kind` is about to run: a cash-out's character has bought in first. */
async function ready(kind: TransferKind): Promise<TournamentWorld> {
  const t = await tournamentWorld(SHEET);
  if (kind === "cash-out") {
    const bought = await t.alice.client.tournament({ ...transfer(t, "buy-in"), transferId: "first", credits: BOUGHT });
    expect(bought).toMatchObject({ ok: true });
    await t.gm.settle();
  }
  return t;
}

/** How many writes of the actor and of the stored books a clean run of `kind` makes. */
export async function cleanWrites(kind: TransferKind): Promise<number> {
  const t = await ready(kind);
  t.faults = new Crashes();
  expect(await t.alice.client.tournament(transfer(t, kind))).toMatchObject({ ok: true });
  await t.gm.settle();
  removeFoundryGlobals();
  return t.faults.writes;
}

/** What the sheet holds once `kind` is applied. */
const expected = (kind: TransferKind): number => (kind === "buy-in" ? SHEET - AMOUNT : SHEET - BOUGHT + AMOUNT);

export async function faultedRun(kind: TransferKind, at: number, fault: WriteFault): Promise<void> {
  const t = await ready(kind);
  const request = transfer(t, kind);
  t.faults = new Crashes(at, fault);
  await t.alice.client.tournament(request);
  if (t.faults.dead) {
    await restartHost(t);
    // The restarted host finished what the crash left pending, before anyone asked again.
    expect(gmView(t).pending ?? []).toEqual([]);
    expect(sheet(t.kira) + account(t, "kira")).toBe(SHEET);
  }
  // The player's window sends the same transfer again (its id kept: src/apps/tournament TransferIds).
  expect(await t.alice.client.tournament(request)).toMatchObject({ ok: true });
  await t.gm.settle();
  const label = `${kind}, write ${at} ${fault}`;
  expect(sheet(t.kira), label).toBe(expected(kind));
  expect(sheet(t.kira) + account(t, "kira"), label).toBe(SHEET);
  expect(entriesOf(t, request.transferId), label).toBe(1);
  expect(
    (marks(t.kira) as string[]).filter((m) => m === request.transferId),
    label,
  ).toHaveLength(1);
  expect(gmView(t).transfers.find((x) => x.id === request.transferId)?.status, label).toBe("applied");
  expect(gmView(t).pending ?? [], label).toEqual([]);
  removeFoundryGlobals();
}
