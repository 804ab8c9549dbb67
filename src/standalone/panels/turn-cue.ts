/**
 * The turn cue: a player whose turn it is sees it in the tab's title, which flashes while the tab is
 * behind others; a turn that starts plays a sound when the page's toggle is on (kept per browser).
 */
import type { Localizer } from "../../apps/core/i18n";
import { TurnWatch } from "../../apps/core/turn";
import type { TableClient } from "../../table/client";
import type { Panel, PanelAction } from "./panel";

/** Whether a turn that starts plays a sound on this browser ("on"; off by default). */
const SOUND_KEY = "cantina-games:turn-sound";

/** A short two-tone chime from the Web Audio API (no sound file to ship); silent where there is none. */
function playTurnSound(): void {
  const Context = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
  if (!Context) return;
  const audio = new Context();
  [660, 880].forEach((hz, i) => {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = hz;
    gain.gain.value = 0.08;
    osc.connect(gain).connect(audio.destination);
    osc.start(audio.currentTime + i * 0.15);
    osc.stop(audio.currentTime + i * 0.15 + 0.12);
  });
  setTimeout(() => void audio.close(), 600);
}

export class TurnCuePanel implements Panel {
  /** The tables where it is this user's turn (a new one is a turn that started), and how many. */
  private readonly turnWatch = new TurnWatch();
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
    const { turns, started } = this.turnWatch.look(this.client.tables.values());
    this.turnCount = turns.length;
    const title =
      turns.length > 0
        ? `(${turns.length}) ${this.i18n.localize("CANTINA.Turn.Title")} · ${this.baseTitle}`
        : this.baseTitle;
    this.setTitle(title);
    if (started.length > 0 && this.soundOn()) playTurnSound();
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
