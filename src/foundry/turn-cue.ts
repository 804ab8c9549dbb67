/**
 * The turn cue in Foundry: a player whose turn it is sees "Your turn" in the table window's title
 * (game-window.ts), the browser tab's title counts the turns and flashes while the tab is behind
 * others, and a turn that starts plays Foundry's notification sound when this client's setting
 * "Play a sound when my turn starts" is on (off by default).
 * Foundry globals touched: `foundry.audio.AudioHelper`, `CONFIG.sounds`, `document`.
 */
import type { TableUpdate } from "../table/protocol";
import { TurnWatch } from "../apps/core/turn";
import * as env from "./env";

export class TurnCue {
  private readonly watch = new TurnWatch();
  private readonly baseTitle = document.title;
  private wanted = document.title;
  private flash: ReturnType<typeof setInterval> | null = null;
  private count = 0;

  constructor() {
    document.addEventListener("visibilitychange", () => this.setTitle());
  }

  changed(updates: Iterable<TableUpdate>): void {
    const { turns, started } = this.watch.look(updates);
    this.count = turns.length;
    this.setTitle();
    if (started.length > 0 && env.turnSound()) {
      const src = CONFIG.sounds?.notification;
      if (src) void foundry.audio.AudioHelper.play({ src, volume: 0.8, loop: false }, false);
    }
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
