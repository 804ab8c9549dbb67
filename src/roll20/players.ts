/**
 * Players as Roll20 knows them: names, GMs, whisper targets that reach exactly one player (through
 * a mailbox character of theirs, as Roll20 whispers by name) and each player's own handout.
 */
import type { Roll20Object, HandoutProperties, Sandbox } from "./sandbox";

export const SPEAKER = "Cantina Games";

/** A player's mailbox: a name no display name of another player is likely to hold, as it carries the player's id. */
export function mailboxName(playerId: string): string {
  return `${SPEAKER} ${playerId}`;
}

export class Players {
  /** Players whose mailbox name was reported to the GM as reaching someone else too (once per sandbox run). */
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

  // ---- Whispers by name (issue 35) ----
  // Roll20's `/w "name"` goes by name: `gm` is the GMs, a player's display name reaches that player,
  // a character's name everyone who controls it. Display names are not unique and anyone may name a
  // character, so each player is whispered through a mailbox of theirs: a character named after their
  // player id (no two players share one), controlled by and in the journal of that player only. A
  // whisper is sent only when that name reaches exactly this player (see `reach`); otherwise nothing
  // secret is whispered and the GM is told once who takes the name.

  /** The `/w` target that reaches this player and no one else, or null (the GM is told why). */
  whisperTarget(playerId: string): string | null {
    // Roll20's ids hold no quote; one that did could not be written inside `/w "…"`.
    if (!this.exists(playerId) || /["\r\n]/.test(playerId)) return null;
    const name = mailboxName(playerId);
    const mailboxes = this.sandbox.findObjs({ _type: "character", name });
    if (mailboxes.length === 0)
      this.sandbox.createObj("character", {
        name,
        controlledby: playerId,
        inplayerjournals: playerId,
        bio: "",
        gmnotes: "",
        archived: false,
      });
    // Ours by its name (made from the player's id): a GM's edit of who controls it is put back.
    else if (mailboxes.length === 1)
      for (const m of mailboxes)
        if (m.get("controlledby") !== playerId || m.get("inplayerjournals") !== playerId)
          m.set({ controlledby: playerId, inplayerjournals: playerId });
    const reached = this.reach(name);
    if (reached.length === 1 && reached[0] === playerId) return name;
    this.reportUnsafe(playerId, name);
    return null;
  }

  /** Everyone a `/w "name"` reaches as Roll20 resolves it (names compared ignoring case and edge spaces). */
  reach(target: string): string[] {
    const key = target.trim().toLowerCase();
    const all = this.all();
    if (key === "gm") return this.gms();
    const reached = new Set(all.filter((id) => this.name(id).trim().toLowerCase() === key));
    for (const c of this.sandbox.findObjs({ _type: "character" })) {
      if (String(c.get("name")).trim().toLowerCase() !== key) continue;
      const controllers = String(c.get("controlledby") ?? "")
        .split(",")
        .map((id) => id.trim())
        .filter((id) => id !== "");
      for (const id of controllers.length === 0 ? this.gms() : controllers.includes("all") ? all : controllers)
        reached.add(id);
    }
    return [...reached];
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

  private reportUnsafe(playerId: string, mailbox: string): void {
    if (this.reported.has(playerId)) return;
    this.reported.add(playerId);
    this.gmNotice?.(this.name(playerId), mailbox);
  }

  /** Set by the script: tells the GM once that a player's mailbox name reaches someone else too. */
  gmNotice?: (player: string, mailbox: string) => void;
}
