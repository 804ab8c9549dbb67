/**
 * The standalone table: `npm start`, then the printed address. `?user=gm` (default) hosts; `?user=player1`… or any name
 * joins (an unknown one watches). `?dice=90,60`: the host's first dice; `?lang=de` (or the head's switch, kept): German.
 */
import de from "../../lang/de.json";
import en from "../../lang/en.json";
import { dictionaryLocalizer, fallbackLocalizer } from "../apps/core/i18n";
import { bots, families, games, markets } from "../games";
import { TableClient } from "../table/client";
import { TableHost } from "../table/host";
import { TAB_BOT_MS } from "../table/host-options";
import { BroadcastClientTransport, BroadcastHostTransport } from "./transport";
import { LocalStorageStore } from "./store";
import { CryptoRandom, ScriptedThenCrypto } from "./random";
import { createRenderer } from "./render";
import { StandalonePage, USERS } from "./page";
import { announceHost, otherHostAnswers, watchHost } from "./host-presence";
import { startThemes } from "./theme";
import { pageLanguage, startLanguageSwitch } from "./language";
import { ReplayPanel, storedFinishedRecords } from "./replay";
import { StandInSheets } from "./characters";
import "../../styles/theme.css";
import "../../styles/core.css";
import "../../styles/end-summary.css";
import "../../styles/controls.css";
import "../../styles/betting.css";
import "../../styles/dice.css";
import "../../styles/standalone.css";
import "../../styles/replay.css";
import "../../styles/lab.css";
import "../../styles/tournament.css";

/** Every stylesheet, loaded on demand: the page loads those its game families name. */
const stylesheets = import.meta.glob("../../styles/*.css");
for (const path of new Set(families.flatMap((f) => f.styles))) void stylesheets[`../../${path}`]?.();

const CHANNEL = "cantina-games";
const GM_USER = "gm";

async function boot(): Promise<void> {
  const params = new URLSearchParams(location.search);
  const user = params.get("user") ?? GM_USER;
  const isGM = user === GM_USER;
  const english = dictionaryLocalizer(en);
  const lang = pageLanguage(location.search, pageStorage());
  const i18n = lang === "de" ? fallbackLocalizer(dictionaryLocalizer(de), english) : english;
  document.documentElement.lang = lang;
  startThemes(document, pageStorage());
  startLanguageSwitch(document, pageStorage(), (search) => {
    location.search = search;
  });
  const render = createRenderer(i18n);
  const channel = new BroadcastChannel(CHANNEL);
  const root = document.getElementById("cantina-root");
  if (!root) return;
  // The stand-in characters live in the GM tab's storage, which the page's other tabs read too.
  const sheets = new StandInSheets(localStorage, (u) =>
    i18n.format("CANTINA.Tournament.UI.StandIn.DefaultName", { user: u }),
  );
  document.title = `${i18n.localize("CANTINA.Title")} · ${user}`;
  // Finished tables are read from the GM tab's storage (the host's store, shared by the page's tabs).
  const replays = document.getElementById("cantina-replays");
  if (replays) new ReplayPanel(replays, render, i18n, user, isGM, () => storedFinishedRecords(localStorage)).start();

  // A second tab at the GM address follows the first one's tables instead of hosting them twice.
  const secondGM = isGM && (await otherHostAnswers(channel));
  if (isGM && !secondGM) {
    const transport = new BroadcastHostTransport(channel, GM_USER);
    const seen = new Set<string>(USERS);
    const dice = (params.get("dice") ?? "")
      .split(",")
      .map((d) => Number(d))
      .filter((d) => Number.isInteger(d) && d > 0);
    const client = new TableClient(transport.localClient());
    // Every listed user has a stand-in before anyone asks, so that the GM can set its credits first.
    for (const u of USERS) sheets.characters(u);
    const page = new StandalonePage(root, client, render, i18n, true, sheets);
    page.start();
    await TableHost.start({
      store: new LocalStorageStore(localStorage),
      transport,
      hostUser: GM_USER,
      isGM: (u) => u === GM_USER,
      // The fixed names of the switch links, and every other name that has opened the page since.
      users: () => [...new Set([...seen, ...transport.users()])],
      random: dice.length > 0 ? new ScriptedThenCrypto(dice) : new CryptoRandom(),
      games,
      bots,
      markets,
      bettingRandom: new CryptoRandom(),
      botDelayMs: Number(params.get("botDelay") ?? 600),
      botTime: { now: () => performance.now(), maxMs: TAB_BOT_MS },
      characters: (u) => sheets.characters(u),
      purse: sheets,
    });
    await client.sync();
    announceHost(channel, window);
    return;
  }

  const transport = new BroadcastClientTransport(channel, user);
  const client = new TableClient(transport);
  const page = new StandalonePage(root, client, render, i18n, secondGM, sheets);
  page.start();
  if (secondGM) page.showNotice(i18n.localize("CANTINA.GameNight.SecondGMTab"));
  window.addEventListener("pagehide", () => page.leave());
  const sync = async (): Promise<void> => {
    const reply = await client.sync();
    page.setHostMissing(!reply.ok);
  };
  transport.onHostUp(() => void sync());
  // The GM tab closed (or stopped beating): the banner says why the tables do not answer.
  watchHost(channel, (present) => page.setHostMissing(!present));
  await sync();
  // Until a GM tab answers, keep asking; the host also announces itself when it starts.
  setInterval(() => {
    if (client.tables.size === 0) void sync();
  }, 3000);
}

/** The browser's localStorage, or null where the page may not use it. */
function pageStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

void boot();
