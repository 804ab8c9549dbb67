/**
 * The setup the Foundry tests share on top of the stand-ins (standins.ts, application.ts): a world
 * of a GM and players with a runtime started as one of them, a table where alice and bob sit, the
 * happy-dom Foundry with the game window loaded on it, and the globals removed after a file's tests.
 */
import { expect } from "vitest";
import type { LobbyState } from "../../src/apps/table/lobby";
import type { GameWindow as GameWindowClass } from "../../src/foundry/game-window";
import { type KeyStore, MemoryKeyStore } from "../../src/foundry/keys";
import { CantinaRuntime, type RuntimeOptions } from "../../src/foundry/runtime";
import type { ElectionTiming } from "../../src/foundry/tab-election";
import type * as WindowsModule from "../../src/foundry/windows";
import type { Random } from "../../src/rules/core";
import type { TableClient } from "../../src/table/client";
import type { TableSpec } from "../../src/table/protocol";
import { type FoundryDom, installFoundryDom } from "./application";
import { type FakeClient, type FakeWorld, fakeUser, fakeWorld } from "./standins";

/** The globals the stand-ins install (fakeWorld's `install`, installFoundryDom). */
const STANDIN_GLOBALS = ["foundry", "game", "ui", "socketlib", "Roll", "ChatMessage", "CONFIG"];

/** Deletes the stand-ins' globals and the `more` a file set itself, so that the next file starts without them. */
export function removeFoundryGlobals(...more: string[]): void {
  const g = globalThis as unknown as Record<string, unknown>;
  for (const k of [...STANDIN_GLOBALS, ...more]) delete g[k];
}

/** Installs the happy-dom Foundry, then loads the game window (its class extends ApplicationV2 as it loads). */
export async function loadGameWindow(): Promise<{ dom: FoundryDom; GameWindow: typeof GameWindowClass }> {
  const dom = installFoundryDom();
  const { GameWindow } = await import("../../src/foundry/game-window");
  return { dom, GameWindow };
}

/** As `loadGameWindow`, with the windows module too (the launcher, the window manager). */
export async function loadWindows(): Promise<{
  dom: FoundryDom;
  GameWindow: typeof GameWindowClass;
  windows: typeof WindowsModule;
}> {
  const loaded = await loadGameWindow();
  return { ...loaded, windows: await import("../../src/foundry/windows") };
}

/** What the tests reach of a game window beyond its public face: its element, render and last action. */
export interface GameWindowInternals {
  element: HTMLElement;
  lastAction: Promise<void>;
  render(options: { force: boolean }): Promise<unknown>;
}

/** What the tests reach of a launcher: its form's state and the context it renders. */
export interface LauncherInternals {
  lobby: LobbyState;
  _prepareContext(): Promise<Record<string, unknown>>;
}

/** A world of the GM ("gm", named "GM") and the players whose ids are given (named by the id, capitalised). */
export function worldOf(players: readonly string[]): FakeWorld {
  const name = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);
  return fakeWorld([fakeUser("gm", "GM", true), ...players.map((id) => fakeUser(id, name(id), false))]);
}

/** Each started runtime by its tab's connection (closeTabsOf). */
const tabs = new Map<FakeClient, CantinaRuntime>();

/** `user`'s open tabs close (a browser reloads, or is left): they say bye and their sockets go. */
export function closeTabsOf(world: FakeWorld, user: string): void {
  for (const [client, runtime] of tabs) {
    if (client.user !== user || !client.connected) continue;
    runtime.closeTab();
    world.disconnect(client);
    tabs.delete(client);
  }
}

/** One runtime's tab closes: it says bye and its socket goes. */
export function closeTab(world: FakeWorld, runtime: CantinaRuntime): void {
  for (const [client, r] of tabs) {
    if (r !== runtime || !client.connected) continue;
    runtime.closeTab();
    world.disconnect(client);
    tabs.delete(client);
  }
}

/** The election among a GM's tabs (tab-election.ts) decided in milliseconds: a lone tab hosts at once. */
export const QUICK_ELECTION: ElectionTiming = { claimWaitMs: 5, beatMs: 1000, missedBeats: 3 };

/** `user`'s client of the runtime, made the current user and started with its socket handlers registered. */
export async function startRuntime(
  world: FakeWorld,
  user: string,
  keys: KeyStore = new MemoryKeyStore(),
  options: RuntimeOptions = {},
): Promise<CantinaRuntime> {
  world.install(user);
  const runtime = new CantinaRuntime(keys, { election: QUICK_ELECTION, ...options });
  runtime.registerSocket();
  const client = world.lastClient();
  if (client) tabs.set(client, runtime);
  await runtime.start();
  return runtime;
}

/** A world of the GM and `players` in which the GM's client is current and its runtime hosts. */
export async function gmWorld(
  players: readonly string[] = ["alice", "bob"],
  options: RuntimeOptions = {},
): Promise<{ world: FakeWorld; runtime: CantinaRuntime }> {
  const world = worldOf(players);
  return { world, runtime: await startRuntime(world, "gm", new MemoryKeyStore(), options) };
}

/** Dice that always show their highest face (and shuffles that take the last card): the host's `random`. */
export const highestFaces: Random = { die: (sides) => sides };

/** How `openTable` seats alice and bob and what else the table asks for. */
export interface TwoSeats {
  /** The seat names of alice and bob (default "Alice", "Bob"). */
  readonly names?: readonly [string, string];
  readonly options?: unknown;
  readonly betting?: TableSpec["betting"];
}

/** Opens a table of `gameId` with alice and bob seated; fails the test unless the host accepts it. */
export async function openTable(runtime: CantinaRuntime, gameId: string, seats: TwoSeats = {}): Promise<string> {
  const [first, second] = seats.names ?? ["Alice", "Bob"];
  const reply = await runtime.client!.create({
    gameId,
    seats: [
      { kind: "person", userId: "alice", name: first },
      { kind: "person", userId: "bob", name: second },
    ],
    options: seats.options ?? {},
    ...(seats.betting ? { betting: seats.betting } : {}),
  });
  expect(reply).toMatchObject({ ok: true });
  return (reply as { tableId: string }).tableId;
}

/** A game window on `tableId` fed by `client` alone (it stands in for the runtime), as the test's view `W` of it. */
export function clientWindow<W>(GameWindow: typeof GameWindowClass, client: TableClient, tableId: string): W {
  return new GameWindow({ client } as unknown as CantinaRuntime, tableId) as unknown as W;
}

/**
 * Renders the window (Foundry's render, opening it the first time) as the user whose window it is;
 * then the host goes on as the GM's client (pushes come from it).
 */
export async function drawAs(
  world: FakeWorld,
  win: { element: HTMLElement; render(options: { force: boolean }): Promise<unknown> },
  user: string,
): Promise<HTMLElement> {
  world.install(user);
  await win.render({ force: true });
  world.install("gm");
  return win.element;
}

/** Waits until the runtime has done its work and each of the players' clients has taken in its pushes. */
export async function settleAll(
  runtime: CantinaRuntime,
  players: readonly { readonly transport: { settled(): Promise<void> } }[],
): Promise<void> {
  await runtime.settle();
  for (const p of players) await p.transport.settled();
}

/**
 * `foundry.applications.api` for tests that need no DOM: the test's bare ApplicationV2, the
 * Handlebars mixin as the identity, and a DialogV2 whose confirmation says yes.
 */
export function installBareApplication(ApplicationV2: new (options: never) => unknown): void {
  (globalThis as unknown as Record<string, unknown>).foundry = {
    applications: {
      api: { ApplicationV2, HandlebarsApplicationMixin: <T>(base: T) => base, DialogV2: { confirm: async () => true } },
    },
  };
}
