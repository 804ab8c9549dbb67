/**
 * Roll20's idiom in the running script (issue 35): the settings (one-click `useroptions` read from
 * `globalconfig`, or `!cantina config`), the menu card, and the help handout everyone can open.
 */
import type { Localizer } from "../apps/core/i18n";
import { type AnyGame, refuse } from "../rules/core";
import type { TableHost } from "../table/host";
import { Errors, type HostReply, type UserId } from "../table/protocol";
import { BoardErrors } from "./board-moves";
import { type BoardPages, libraryImage } from "./board-pages";
import { type IdiomCommand, configCard, gmMenu, settingChange } from "./idiom-commands";
import { helpCard } from "./menu";
import type { Players } from "./players";
import { card, escapeChat } from "./render";
import type { Sandbox } from "./sandbox";
import { type Roll20Settings, storedSettings, withOneClick } from "./settings";
import type { StateStore } from "./store";

/** Where the settings live in `state` (beside the books, `extras.config`). */
export const CONFIG_KEY = "config";

/** The help lines every handout reader gets (the player's and the GM's commands: nothing secret). */
const HELP_LINES = [
  "CANTINA.Roll20.Help.Tables",
  "CANTINA.Roll20.Help.Show",
  "CANTINA.Roll20.Help.Buttons",
  "CANTINA.Roll20.Help.Purse",
  "CANTINA.Roll20.Help.Flow",
  "CANTINA.Roll20.Help.GM",
  "CANTINA.Roll20.Help.FlowGM",
  "CANTINA.Roll20.Help.Boards",
  "CANTINA.Roll20.Help.Puzzles",
  "CANTINA.Roll20.Idiom.Help.Menu",
  "CANTINA.Roll20.Idiom.Help.Config",
  "CANTINA.Roll20.Idiom.Help.Dice",
  "CANTINA.Tournament.Roll20.Help",
  "CANTINA.Tournament.Roll20.HelpGM",
];

export class Roll20Idiom {
  constructor(
    private readonly sandbox: Sandbox,
    private readonly store: StateStore,
    private readonly players: Players,
    private readonly boards: BoardPages,
    private readonly i18n: () => Localizer,
    private readonly games: readonly AnyGame[],
    /** Starts the host again from `state` (a new bot delay takes effect so). */
    private readonly restartHost: () => Promise<void>,
  ) {}

  settings(): Roll20Settings {
    return storedSettings(this.store.extra(CONFIG_KEY));
  }

  /** On `ready`: the one-click install's settings, when saved after those in `state`, taken into `state`. */
  readOneClick(): void {
    const stored = storedSettings(this.store.extra(CONFIG_KEY));
    const { settings, changed, refused } = withOneClick(stored, this.sandbox.globalconfig);
    if (changed) this.keep(settings, stored);
    for (const name of refused) this.tellGM("CANTINA.Roll20.Idiom.Error.BadOneClick", { name });
  }

  /** The help handout (in every journal, no one's to edit), written now in the chat language. */
  writeHandout(): void {
    const i18n = this.i18n();
    const name = i18n.localize("CANTINA.Roll20.Idiom.HandoutName");
    const notes = card(
      i18n.localize("CANTINA.Title"),
      HELP_LINES.map((key) => escapeChat(i18n.localize(key))),
    );
    const found = this.sandbox.findObjs({ _type: "handout", name });
    const handout =
      found[0] ??
      this.sandbox.createObj("handout", {
        name,
        inplayerjournals: "all",
        controlledby: "",
        notes: "",
        gmnotes: "",
        archived: false,
      });
    handout.set({ notes, inplayerjournals: "all", controlledby: "", archived: false });
  }

  /** The idiom's commands: the menu, the settings, the handout. */
  async run(host: TableHost, from: UserId, command: IdiomCommand): Promise<HostReply> {
    const i18n = this.i18n();
    const isGM = this.players.isGM(from);
    const people = this.players.all().map((id) => ({ id, name: this.players.name(id) }));
    switch (command.verb) {
      case "menu":
        if (!isGM) this.players.whisper(from, helpCard(i18n, false, this.games, people));
        else for (const part of gmMenu(i18n, host.summaries(), this.games, people)) this.players.whisperGM(part);
        return { ok: true };
      case "handout":
        if (!isGM) return refuse(Errors.gmOnly);
        this.writeHandout();
        this.tellGM("CANTINA.Roll20.Idiom.HandoutWritten");
        return { ok: true };
      case "config": {
        if (!isGM) return refuse(Errors.gmOnly);
        if (command.key === undefined || command.value === undefined) {
          this.players.whisper(from, configCard(i18n, this.settings()));
          return { ok: true };
        }
        const checked = settingChange(command.key, command.value);
        if (!checked.ok) return checked;
        const before = storedSettings(this.store.extra(CONFIG_KEY));
        const refused = this.keep({ ...before, ...checked.change }, before);
        if (refused) return refused;
        if (command.key === "botdelay") await this.restartHost();
        this.players.whisper(from, configCard(this.i18n(), this.settings()));
        return { ok: true };
      }
    }
  }

  /** Stores the settings and applies those that live elsewhere (the chat language, the pieces' art). */
  private keep(settings: Roll20Settings & { readonly lastsaved?: number }, before: Roll20Settings): HostReply | null {
    // Every image checked before any is kept: a bad one changes nothing.
    if (settings.art.some((url) => url !== "none" && !libraryImage(url))) return refuse(BoardErrors.badArt);
    for (let side = 0; side < 6; side++) {
      const url = settings.art[side];
      if (url === before.art[side] && url !== undefined) continue;
      const set = this.boards.setArt(side, url ?? "none");
      if (!set.ok) return set;
    }
    this.store.setExtra(CONFIG_KEY, { ...settings, art: [...settings.art] });
    this.store.setExtra("lang", settings.lang);
    return null;
  }

  private tellGM(key: string, params: Readonly<Record<string, string | number>> = {}): void {
    const i18n = this.i18n();
    this.players.whisperGM(card(i18n.localize("CANTINA.Title"), [escapeChat(i18n.format(key, params))]));
  }
}
