/**
 * Players as Roll20 knows them: names, GMs, safe whisper targets (Roll20 whispers by display name,
 * so a shared or quoted name gets no secret whispered) and each player's own handout.
 */
import type { Roll20Object, HandoutProperties, Sandbox } from "./sandbox";

export const SPEAKER = "Cantina Games";

export class Players {
  /** Names already reported to the GM as unsafe for whispers (once per sandbox run). */
  private readonly reported = new Set<string>();

  constructor(private readonly sandbox: Sandbox) {}

  name(playerId: string): string {
    return this.sandbox.getObj("player", playerId)?.get("_displayname") ?? playerId;
  }

  exists(playerId: string): boolean {
    return !!this.sandbox.getObj("player", playerId);
  }

  isGM(playerId: string): boolean {
    return this.sandbox.playerIsGM(playerId);
  }

  all(): string[] {
    return this.sandbox.findObjs({ _type: "player" }).map((p) => p.id);
  }

  gms(): string[] {
    return this.all().filter((id) => this.isGM(id));
  }

  /**
   * The `/w` target that reaches this player and no one else, or null: a name with a quote, or one
   * another player's name equals when case is ignored (as Roll20 matches it).
   */
  whisperTarget(playerId: string): string | null {
    const player = this.sandbox.getObj("player", playerId);
    if (!player) return null;
    const name = player.get("_displayname");
    const key = name.trim().toLowerCase();
    const shared = this.sandbox
      .findObjs({ _type: "player" })
      .some((p) => p.id !== playerId && p.get("_displayname").trim().toLowerCase() === key);
    if (!name.trim() || /["\n\r]/.test(name) || shared) {
      this.reportUnsafe(name);
      return null;
    }
    return name;
  }

  /** Sends to everyone. */
  say(html: string): void {
    this.sandbox.sendChat(SPEAKER, html, null, { noarchive: false });
  }

  /** Whispers to one player; false when no whisper can reach only them (nothing is sent). */
  whisper(playerId: string, html: string): boolean {
    const target = this.whisperTarget(playerId);
    if (target === null) return false;
    this.sandbox.sendChat(SPEAKER, `/w "${target}" ${html}`, null, { noarchive: true });
    return true;
  }

  whisperGM(html: string): void {
    this.sandbox.sendChat(SPEAKER, `/w gm ${html}`, null, { noarchive: true });
  }

  /**
   * The player's own handout for a table: in their journal only, editable by no one else, its GM
   * notes empty. Found again by name after a restart.
   */
  handout(playerId: string, name: string): Roll20Object<HandoutProperties> {
    const found = this.sandbox.findObjs({ _type: "handout", name }).find((h) => h.get("inplayerjournals") === playerId);
    if (found) return found;
    return this.sandbox.createObj("handout", {
      name,
      inplayerjournals: playerId,
      controlledby: playerId,
      notes: "",
      gmnotes: "",
      archived: false,
    });
  }

  /** The handouts in a player's journal whose name holds `fragment` (a table's "(id)"). */
  handoutsOf(fragment: string): Roll20Object<HandoutProperties>[] {
    return this.sandbox
      .findObjs({ _type: "handout" })
      .filter((h) => !h.get("archived") && String(h.get("name")).includes(fragment));
  }

  /** Whether a handout of this name was retired (archived, in no journal). */
  retiredHandout(name: string): boolean {
    return this.sandbox.findObjs({ _type: "handout", name }).some((h) => h.get("archived") === true);
  }

  private reportUnsafe(name: string): void {
    if (this.reported.has(name)) return;
    this.reported.add(name);
    this.gmNotice?.(name);
  }

  /** Set by the script: tells the GM once that a player's name cannot carry whispers. */
  gmNotice?: (name: string) => void;
}
