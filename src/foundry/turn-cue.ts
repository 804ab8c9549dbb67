/**
 * The turn cue in Foundry: "Your turn" in the window's title (game-window.ts), the tab's title counts and flashes; with this client's setting "Sounds of the tables" (off by default) each table's news plays one short sound.
 * Foundry globals touched: `foundry.audio.AudioHelper`, `CONFIG.sounds`, `document`.
 */
import type { TableUpdate } from "../table/protocol";
import { TurnWatch } from "../apps/core/turn";
import { type Cue, CueWatch, SoundBoard, type TableCue, toneSoundPlayer } from "../apps/core/cues";
import { apps } from "../games";
import * as env from "./env";

/**
 * Foundry's own sounds where it has one: its notification for a turn; a roll is silent here, since its
 * chat message already plays Foundry's dice sound (chat.ts); a card, a win or a loss are our tones.
 */
function foundrySound(cue: Cue): void {
  if (cue === "roll") return;
  const src = cue === "turn" ? CONFIG.sounds?.notification : undefined;
  if (src) void foundry.audio.AudioHelper.play({ src, volume: 0.8, loop: false }, false);
  else toneSoundPlayer(cue);
}

export class TurnCue {
  private readonly watch = new TurnWatch();
  private readonly cues = new CueWatch((gameId) => apps[gameId]?.cardEvent);
  private readonly sounds = new SoundBoard(foundrySound, () => env.turnSound());
  private readonly baseTitle = document.title;
  private wanted = document.title;
  private flash: ReturnType<typeof setInterval> | null = null;
  private count = 0;

  constructor() {
    document.addEventListener("visibilitychange", () => this.setTitle());
  }

  /** The tables' news since the last call (the caller shows rolls rolling in their windows). */
  changed(updates: Iterable<TableUpdate>): readonly TableCue[] {
    const all = [...updates];
    const { turns } = this.watch.look(all);
    this.count = turns.length;
    this.setTitle();
    const cues = this.cues.look(all);
    this.sounds.sound(cues);
    return cues;
  }

  private setTitle(): void {
    const cue = env.localize("CANTINA.Turn.Title");
    this.wanted = this.count > 0 ? `(${this.count}) ${cue} · ${this.baseTitle}` : this.baseTitle;
    document.title = this.wanted;
    if (this.flash !== null) clearInterval(this.flash);
    this.flash = null;
    if (this.count === 0 || !document.hidden) return;
    let on = false;
    this.flash = setInterval(() => {
      on = !on;
      document.title = on ? `★ ${env.localize("CANTINA.Turn.Flash")}` : this.wanted;
    }, 1000);
  }
}
