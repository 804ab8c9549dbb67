/**
 * Foundry entry point of Cantina Games (bundled to dist/scripts/cantina-games.js): settings and the
 * API on `init`, the socket on `socketlib.ready`, keys, host and sync on `ready`, the hand-over
 * (and sealing the stored records for a GM who connects) on `userConnected`, two tools in the Token
 * controls (the table list for everyone, the launcher and the balance lab for GMs; docs/foundry.md says why there),
 * and sealed private rolls opened in chat on the clients they were sealed for
 * (`renderChatMessageHTML`, `createChatMessage`; chat-view.ts), and boards on the scene canvas
 * (scene-boards.ts: `canvasReady`, `canvasTearDown`, `updateScene`).
 * Must never import from src/standalone/ (tests/build/dist.test.ts checks the import graph).
 */
import { DEFAULT_WINNER_SHARE } from "../apps/table/lobby";
import { games, markets } from "../games";
import { type CantinaApi, MODULE_ID, launchSpec } from "./api";
import { ChatTableFilter } from "./chat-filter";
import { SealedChatView, tumbleNewDice } from "./chat-view";
import { GameWindow, windowTemplates } from "./game-window";
import * as env from "./env";
import { keyMenuClass } from "./key-window";
import { IndexedDbKeyStore } from "./keys";
import { CantinaRuntime, directory } from "./runtime";
import { registerSettings } from "./settings";
import { registerTournamentSettings } from "./tournament-settings";
import { SecureClientTransport } from "./secure-transport";
import { LabWindow } from "./lab-window";
import { LedgerWindow, ledgerMenuClass } from "./ledger-window";
import { TournamentWindow } from "./tournament-window";
import { openReplay, pickRecordFile } from "./replay-window";
import { bindReplayLinks } from "./replay-journal";
import { WindowManager } from "./windows";
import { createCanvasBoard } from "../apps/canvas/board-canvas";
import { type SceneBoards, ScenePlacements } from "./scene-boards";
import { foundryGlobals, installSceneBoards } from "./scene-boards-hooks";
import { Errors } from "../table/protocol";
import { refuse } from "../rules/core";

const keyStore = new IndexedDbKeyStore();
const runtime = new CantinaRuntime(keyStore);
let ledgerWindow: LedgerWindow | null = null;
function showLedger(): void {
  ledgerWindow ??= new LedgerWindow(runtime);
  void ledgerWindow.render({ force: true });
}
let tournamentWindow: TournamentWindow | null = null;
/** The Sabacc tournament (issue 37): everyone; a round's table opens in its game window. */
function showTournament(): void {
  tournamentWindow ??= new TournamentWindow(runtime, (tableId) => windows.open(tableId));
  void tournamentWindow.render({ force: true });
}
let labWindow: LabWindow | null = null;
/** The balance lab: GMs only (it runs bot games on this client, nothing goes to the host). */
function showLab(): void {
  if (!env.amGM()) {
    env.notify("warn", Errors.gmOnly);
    return;
  }
  labWindow ??= new LabWindow({});
  void labWindow.render({ force: true });
}
// A user on two browsers or devices: pushes and private rolls are sealed for one of their keys only.
let toldOtherDevice = false;
SecureClientTransport.onUnreadable = () => {
  if (!toldOtherDevice) env.notify("warn", "CANTINA.Foundry.Notify.OtherDeviceKey");
  toldOtherDevice = true;
};
const windows = new WindowManager(runtime);
runtime.addView(windows);
const sealedChat = new SealedChatView(runtime.sealerReady, directory, { localize: env.localize, format: env.format });
// Boards on the scene: the GM's controls in the game window and handles on the canvas; the canvas boards are wired at init.
const scenePlacements = new ScenePlacements(runtime);
GameWindow.scenePlacements = scenePlacements;
let sceneBoards: SceneBoards | null = null;
/** The board tool's state: the boards on the canvas take the pointer only while it is on. */
let playingBoards = false;

function api(version: string): CantinaApi {
  return {
    version,
    async launch(gameId, options) {
      if (!env.amGM()) {
        env.notify("warn", Errors.gmOnly);
        return null;
      }
      if (!games[gameId]) {
        env.notify("warn", Errors.unknownGame, { game: gameId });
        return null;
      }
      if (!options?.seats) {
        windows.launcher(gameId);
        return null;
      }
      await runtime.start();
      const client = runtime.client;
      if (!client) return null;
      const reply = await client.create(
        launchSpec(
          gameId,
          options,
          (id) => env.userById(id)?.name ?? id,
          (n) => env.format("CANTINA.Lobby.BotName", { n }),
          markets[gameId] ? { winnerShare: DEFAULT_WINNER_SHARE } : undefined,
        ),
      );
      if (!reply.ok) {
        env.notify("warn", reply.error.code, reply.error.params ?? {});
        return null;
      }
      if (reply.tableId) windows.open(reply.tableId);
      return reply.tableId ?? null;
    },
    open(tableId) {
      if (!runtime.client?.tables.has(tableId)) {
        env.notify("warn", Errors.unknownTable);
        return false;
      }
      windows.open(tableId);
      return true;
    },
    tables() {
      return [...(runtime.client?.tables.values() ?? [])].map((u) => u.table);
    },
    showTables() {
      windows.tables();
    },
    showLedger,
    showTournament,
    showLab,
    view(tableId) {
      return runtime.client?.tables.get(tableId) ?? null;
    },
    async play(tableId, move) {
      await runtime.start();
      const client = runtime.client;
      return client ? client.move(tableId, move) : refuse(Errors.noHost);
    },
    async joinEvent(eventId, userId, name) {
      await runtime.start();
      const client = runtime.client;
      return client ? client.joinEvent(eventId, userId, name) : refuse(Errors.noHost);
    },
    async replay(tableId) {
      return (await openReplay(runtime, tableId)) !== null;
    },
    importRecord() {
      if (env.amGM()) pickRecordFile();
      else env.notify("warn", Errors.gmOnly);
    },
    async bet(tableId, pool, outcome, amount) {
      await runtime.start();
      const client = runtime.client;
      return client ? client.bet(tableId, pool, outcome, amount) : refuse(Errors.noHost);
    },
  };
}

Hooks.once("init", () => {
  registerSettings({
    onHostOptionChange: () => void runtime.restartHost(),
    keyWindow: keyMenuClass(runtime, keyStore),
    ledgerMenu: ledgerMenuClass(showLedger),
    // The same kind of menu: it opens the tournament window instead of drawing itself.
    tournamentMenu: ledgerMenuClass(showTournament),
  });
  registerTournamentSettings();
  const module = game.modules?.get(MODULE_ID);
  if (module) module.api = api(module.version);
  // Boards on the scene (scene-boards.ts): canvasReady, canvasTearDown, updateScene; redrawn on every update.
  const globals = foundryGlobals();
  if (globals) {
    const { boards } = installSceneBoards(runtime, createCanvasBoard, globals, (b) => {
      b.onPlacements = () => windows.placementsChanged();
      b.fields = (tableId) => windows.fields(tableId);
      b.editor = (tableId, change) => scenePlacements.change(tableId, change);
    });
    runtime.addView(boards);
    sceneBoards = boards;
  }
});

Hooks.once("socketlib.ready", () => runtime.registerSocket());

// A hosting tab that closes says so: another tab of this GM takes over at once (tab-election.ts).
window.addEventListener("pagehide", () => runtime.closeTab());

Hooks.once("ready", () => {
  if (!runtime.socket) env.notify("error", "CANTINA.Foundry.Notify.NoSocketlib");
  // A finished table's journal entry links to its replay.
  bindReplayLinks(document, (tableId) => void openReplay(runtime, tableId));
  // Compiled now rather than on a window's first render.
  void foundry.applications.handlebars.loadTemplates(windowTemplates()).catch((error: unknown) => {
    console.warn(`${MODULE_ID} | could not preload the window templates`, error);
  });
  void runtime.start().then(
    () => {
      console.log(
        `${MODULE_ID} | ${env.format("CANTINA.Ready", { version: game.modules?.get(MODULE_ID)?.version ?? "?" })}`,
      );
    },
    (error: unknown) => {
      console.error(`${MODULE_ID} | could not start`, error);
      env.notify("error", "CANTINA.Foundry.Notify.StartFailed");
    },
  );
});

Hooks.on("userConnected", (user, connected) => {
  // A GM who connects may hold a key the stored records predate (a new browser): the host, once
  // settled, seals them for that key too.
  void runtime.refreshAuthority().then(() => (connected && user.isGM ? runtime.onGMKeyChanged() : undefined));
});

Hooks.on("updateUser", (user, changed) => {
  const flags = (changed as { flags?: Record<string, unknown> }).flags;
  if (user.isGM && flags && MODULE_ID in flags) void runtime.onGMKeyChanged();
});

// Chat by table: each message is marked with its table; the GM's chat log gets a filter above it.
const chatFilter = new ChatTableFilter(document);
Hooks.on("renderChatLog", (_app, html) => {
  if (game.user?.isGM)
    chatFilter.install(html, env.localize("CANTINA.Chat.Filter"), env.localize("CANTINA.Chat.AllTables"));
});

// A private roll's message holds its roll sealed for each recipient: this client opens its own.
Hooks.on("renderChatMessageHTML", (message, html) => {
  chatFilter.mark(message.flags, html);
  // A new roll's dice tumble (a private one's once its envelope is opened and drawn).
  tumbleNewDice(message, html);
  sealedChat
    .render(message, html)
    .then((opened) => opened && tumbleNewDice(message, html))
    .catch((error: unknown) => console.error(`${MODULE_ID} | could not show a private roll`, error));
});

Hooks.on("createChatMessage", (message) => {
  sealedChat
    .created(message)
    .catch((error: unknown) => console.error(`${MODULE_ID} | could not animate a private roll`, error));
});

Hooks.on("getSceneControlButtons", (controls) => {
  const tokens = controls.tokens;
  if (!tokens) return;
  // One button per window, each after the tools already there.
  const button = (name: string, title: string, icon: string, onChange: () => void, visible = true): void => {
    tokens.tools[name] = {
      name,
      title,
      icon,
      order: Object.keys(tokens.tools).length + 1,
      button: true,
      visible,
      onChange,
    };
  };
  button("cantina-tables", "CANTINA.Foundry.Controls.Tables", "fa-solid fa-table-list", () => windows.tables());
  button("cantina-ledger", "CANTINA.Foundry.Controls.Ledger", "fa-solid fa-coins", showLedger);
  button("cantina-tournament", "CANTINA.Tournament.Foundry.Controls.Tournament", "fa-solid fa-trophy", showTournament);
  // A toggle: while on, the boards on the canvas take the pointer; while off, tokens under them do.
  tokens.tools["cantina-boards"] = {
    name: "cantina-boards",
    title: "CANTINA.Foundry.Controls.Boards",
    icon: "fa-solid fa-chess-board",
    order: Object.keys(tokens.tools).length + 1,
    toggle: true,
    active: playingBoards,
    visible: true,
    onChange: (_event, active) => {
      playingBoards = active === true;
      sceneBoards?.setPlaying(playingBoards);
    },
  };
  const gm = game.user?.isGM ?? false;
  button("cantina-launch", "CANTINA.Foundry.Controls.Launch", "fa-solid fa-dice", () => windows.launcher(), gm);
  button("cantina-lab", "CANTINA.Foundry.Controls.Lab", "fa-solid fa-flask", showLab, gm);
});
