/**
 * The turn cue: your turn in the tab's title (flashing behind other tabs); the tables' news (turn, roll,
 * card, end) as a sound when the page's toggle is on (kept per browser); a roll's dice rolling in its window.
 */
import type { Localizer } from "../../apps/core/i18n";
import { TurnWatch } from "../../apps/core/turn";
import { CueWatch, SoundBoard, toneSoundPlayer } from "../../apps/core/cues";
import { rollDiceIn } from "../../apps/core/dice-roll";
import { apps } from "../../games";
import type { TableClient } from "../../table/client";
import type { Panel, PanelAction } from "./panel";

/** Whether the tables' news (a turn, a roll, a card, the end) plays a sound on this browser ("on"; off by default). */
const SOUND_KEY = "cantina-games:turn-sound";

export class TurnCuePanel implements Panel {
  /** The tables where it is this user's turn (a new one is a turn that started), and how many. */
  private readonly turnWatch = new TurnWatch();
  /** The tables' news as sounds (src/apps/core/cues.ts) and rolls shown rolling in their window. */
  private readonly cueWatch = new CueWatch((gameId) => apps[gameId]?.cardEvent);
  private readonly sounds = new SoundBoard(toneSoundPlayer, () => this.soundOn());
  private turnCount = 0;
  private readonly baseTitle = document.title;
  private wantedTitle = document.title;
  private flashTimer: ReturnType<typeof setInterval> | null = null;

  readonly actions: Readonly<Record<string, PanelAction>> = {
    "turn-sound": (control) => {
      if (control instanceof HTMLInputElement) localStorage.setItem(SOUND_KEY, control.checked ? "on" : "off");
    },
  };

  constructor(
    private readonly client: TableClient,
    private readonly i18n: Localizer,
  ) {
    // Back in front: the title stops flashing (the count of turns stays).
    document.addEventListener("visibilitychange", () => this.setTitle(this.wantedTitle));
  }

  /** Whether the sound toggle is on (the page's header draws it so). */
  soundOn(): boolean {
    return localStorage.getItem(SOUND_KEY) === "on";
  }

  render(): void {
    const { turns } = this.turnWatch.look(this.client.tables.values());
    this.turnCount = turns.length;
    const title =
      turns.length > 0
        ? `(${turns.length}) ${this.i18n.localize("CANTINA.Turn.Title")} · ${this.baseTitle}`
        : this.baseTitle;
    this.setTitle(title);
    const cues = this.cueWatch.look(this.client.tables.values());
    this.sounds.sound(cues);
    for (const { tableId, cue } of cues) {
      const shown = cue === "roll" ? document.querySelector(`[data-window="${CSS.escape(tableId)}"]`) : null;
      if (shown) rollDiceIn(shown);
    }
  }

  private setTitle(title: string): void {
    this.wantedTitle = title;
    document.title = title;
    if (this.flashTimer !== null) clearInterval(this.flashTimer);
    this.flashTimer = null;
    // Behind other tabs or windows, the title alternates so that the tab catches the eye.
    if (this.turnCount === 0 || !document.hidden) return;
    let on = false;
    this.flashTimer = setInterval(() => {
      on = !on;
      document.title = on ? `★ ${this.i18n.localize("CANTINA.Turn.Flash")}` : this.wantedTitle;
    }, 1000);
  }
}
