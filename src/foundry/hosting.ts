/**
 * What the authority GM's host tab runs: the TableHost over a sealed store and the secure
 * transport, its rolls posted to chat and its finished matches journaled.
 */
import type { Random } from "../rules/core";
import { bots, games, markets } from "../games";
import { TableHost } from "../table/host";
import { TAB_BOT_MS } from "../table/host-options";
import type { UserId } from "../table/protocol";
import type { TableRecord } from "../table/store";
import { MODULE_ID } from "./api";
import { planChat, postChat } from "./chat";
import type { PublicJwk, Sealer } from "./crypto";
import * as env from "./env";
import type { IncomingKeys } from "./handover-keys";
import { CryptoRandom } from "../apps/core/crypto-random";
import { replayPageSteps } from "./public-size";
import { writeReplayJournal } from "./replay-journal";
import { gated } from "./routing";
import { Handlers } from "./runtime-socket";
import { SealedStore, TappedStore } from "./sealed-store";
import { SecureHostTransport, pushFrame, pushPieces, withDeadline } from "./secure-transport";
import { tournamentHostOptions } from "./tournament-host";
import { directory, gmKeys } from "./user-directory";

export interface Hosting {
  readonly host: TableHost;
  readonly transport: SecureHostTransport;
  readonly store: SealedStore;
  readonly tapped: TappedStore;
  /** Set when this GM starts handing over: no new request or bot move reaches this host. */
  stopping: boolean;
  /** Set when this GM handed over: nothing more is saved, sent or posted from this host. */
  stopped: boolean;
}

export interface HostingSetup {
  readonly sealer: Sealer;
  /** Keys sent with a hand-over request: newer than what this client's directory shows yet. */
  readonly incomingKeys: () => Record<string, PublicJwk>;
  /** The socketlib socket at the time of a push (the fallback without the module's own event). */
  readonly socket: () => SocketlibSocket | null;
  /** Runs `post` after every chat post queued before it (rolls reach chat in the order made). */
  readonly queueChat: (post: () => Promise<void>) => void;
  /** The host's dice (default: the browser's CSPRNG). */
  readonly random?: () => Random;
}

/** Opens the store and starts the host on it; the caller routes its own client to it and syncs. */
export async function startHosting(setup: HostingSetup): Promise<Hosting> {
  const { sealer } = setup;
  // A key sent with a hand-over request is newer than what this client's directory shows yet.
  const readers = (): Record<string, PublicJwk> => ({ ...gmKeys(), ...setup.incomingKeys() });
  const store = new SealedStore(sealer, readers, env.vaultBackend);
  let hosting: Hosting | null = null;
  const tapped = new TappedStore(store, (record, entries) => {
    // Rolls reach chat in the order they were made.
    if (hosting && !hosting.stopped) setup.queueChat(() => postRolls(sealer, record, entries));
    // The move that ended the match: its journal entry, when the GM asked for one.
    if (hosting && !hosting.stopped && entries.length > 0 && record.finishedAt !== undefined)
      void writeReplayJournal(record).catch((error: unknown) => console.error(`${MODULE_ID} | journal failed`, error));
  });
  const transport = new SecureHostTransport(
    sealer,
    directory,
    async (to, message) => {
      if (!hosting || hosting.stopped) return;
      // socketlib emits without recipients: the server would relay each push to every client.
      // The module's own event with `recipients` reaches that user's clients only.
      // A push too long for one socket message goes in parts, joined by the recipient (pushPieces).
      const raw = env.moduleSocket();
      for (const piece of pushPieces(message))
        if (raw) raw.emit(env.MODULE_EVENT, pushFrame(piece), { recipients: [to] });
        else await setup.socket()?.executeForUsers(Handlers.push, [to], piece);
    },
    (error) => console.error(`${MODULE_ID} | push failed`, error),
    // Padding by who receives the bytes (public-size.ts pushPadding): the recipient only on the module's event.
    () => env.moduleSocket() !== null,
  );
  const host = await TableHost.start({
    store: tapped,
    // While the stored ledger cannot be opened, nothing but a sync reaches the host.
    transport: gated(transport, () => store.ledgerUnreadable),
    hostUser: sealer.user,
    isGM: (user) => directory.isGM(user),
    users: () =>
      env
        .allUsers()
        .filter((u) => u.active)
        .map((u) => u.id),
    connected: (user) => env.allUsers().some((u) => u.id === user && u.active),
    random: setup.random?.() ?? new CryptoRandom(),
    games,
    bots,
    // Spectator betting: the pools' random timings come from their own CSPRNG source, apart from the game's dice.
    markets,
    bettingRandom: new CryptoRandom(),
    botDelayMs: env.botDelayMs(),
    // A bot decides on the GM's tab: its search stops in time to keep the tab responsive.
    botTime: { now: () => performance.now(), maxMs: TAB_BOT_MS },
    archiveAfterMs: env.archiveAfterMs,
    readArchive: (id) => store.readArchive(id),
    // Every replay page's sealed reply under the socket's message limit (public-size.ts).
    replayPageSteps,
    allowSpectators: env.spectatorsAllowed,
    // Each push is what changed in its recipient's view (docs/foundry.md, "Cost per move").
    deltas: true,
    // The tournament: who may play which actor, and the actors' credits (tournament-host.ts).
    ...tournamentHostOptions(),
  });
  hosting = { host, transport, store, tapped, stopping: false, stopped: false };
  return hosting;
}

async function postRolls(sealer: Sealer, record: TableRecord, entries: TableRecord["log"]): Promise<void> {
  let plans = planChat(record, entries, {
    hostUser: sealer.user,
    characterOf: (user) => env.userById(user)?.character ?? null,
    gmIds: env
      .allUsers()
      .filter((u) => u.isGM)
      .map((u) => u.id),
    format: env.format,
    localize: env.localize,
  });
  if (!env.privateRollsToChat()) plans = plans.filter((p) => p.whisper === null);
  // Private rolls are sealed by this host for each recipient's published key.
  const sealing = { sealer, publicKey: (user: UserId) => directory.publicKey(user) };
  try {
    await postChat(plans, sealing);
  } catch (error) {
    console.error(`${MODULE_ID} | could not post rolls to chat`, error);
  }
}

/** A new host's first words: the GMs warned of what it cannot open, records resealed, everyone synced. */
export async function greetAsHost(hosting: Hosting, sealer: Sealer): Promise<void> {
  const { host, store } = hosting;
  if (store.ledgerUnreadable) {
    // Said until dismissed: nothing can be played or changed until a GM who can open it hosts.
    env.notify(
      "error",
      "CANTINA.Foundry.Notify.LedgerUnreadable",
      { count: store.heldBack.length },
      { permanent: true },
    );
  }
  if (store.unreadable.length > 0)
    env.notify("warn", "CANTINA.Foundry.Notify.Unreadable", { count: store.unreadable.length });
  // Another GM is connected, perhaps on a new browser whose key what is stored predates: seal it
  // all for the GMs' current keys, so they can open it and take over (docs/security.md).
  if (env.allUsers().some((u) => u.isGM && u.active && u.id !== sealer.user && u.publicKey)) await store.reseal();
  // Everyone connected gets the whole picture from the new host.
  for (const u of env.allUsers()) if (u.active && u.id !== sealer.user) await host.handle(u.id, { type: "sync" });
}

/**
 * The second half of a hand-over, once the host stopped taking requests: what was under way
 * finishes and is stored and sent, everything is sealed for the incoming GM, and the host stops.
 */
export async function finishHosting(
  hosting: Hosting,
  deadline: number,
  me: string,
  incoming: IncomingKeys,
  onStopped: () => void,
): Promise<void> {
  try {
    // Bounded: a store write or a push that never completes must not block every later hand-over.
    await withDeadline(hosting.host.idle(), deadline).catch(() => undefined);
    await withDeadline(hosting.store.flush(), deadline).catch(() => undefined);
    await withDeadline(hosting.transport.flush(), deadline).catch(() => undefined);
    // The incoming GM's key (it may be a new browser's): seal everything for it, then step down.
    const authority = env.authorityId();
    if (authority && authority !== me && directory.isGM(authority)) {
      await incoming.waitFor(authority);
      const notSealed = (why: unknown): void =>
        console.error(`${MODULE_ID} | could not seal the records for the incoming GM`, why);
      await withDeadline(hosting.store.reseal(), deadline).then((sealed) => {
        if (!sealed.ok) notSealed(sealed.error.code);
      }, notSealed);
    }
  } finally {
    incoming.clear();
    hosting.store.close();
    hosting.stopped = true;
    onStopped();
  }
}
