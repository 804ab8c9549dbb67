/**
 * The host's messages out to Roll20: the HostTransport of this host. The public card of a table is
 * drawn from the *spectator's* update (a user who holds no seat), so it can carry nothing hidden;
 * a seated player's update goes only to that player, by whisper and in their own handout.
 */
import type { ParamNamer } from "../apps/core/chat";
import type { Localizer } from "../apps/core/i18n";
import { bettingContext } from "../apps/table/betting";
import type { GameEvent } from "../rules/core";
import type { HostMessage, TableUpdate, UserId } from "../table/protocol";
import type { HostTransport, RequestHandler } from "../table/transport";
import { apps } from "../games";
import { drawingOf } from "./board-geometry";
import { boardPicture } from "./board-text";
import { COMMAND, once } from "./commands";
import { seatFlowButtons } from "./idiom-commands";
import type { Players } from "./players";
import type { HandoutProperties, Roll20Object } from "./sandbox";
import { rollCard } from "./dice-chat";
import { button, card, entries, escapeChat, moveButtons, namesOf, query, tableTitle } from "./render";

/** The user the host sends the public picture to: no player, no seat, no GM. */
export const PUBLIC_USER = "cantina:public";

const isPrivate = (e: GameEvent): boolean => e.kind !== "hidden-roll" && e.audience !== undefined;

/** The viewer's own hand as its game names it for chat (GameApp.ownHand); null: none. */
export function ownHand(update: TableUpdate, i18n: Localizer): string | null {
  return apps[update.table.gameId]?.ownHand?.(update, i18n) ?? null;
}

export class Publisher implements HostTransport {
  private handler: RequestHandler | null = null;
  /** The last version whose public card was posted, per table (a restart may post one again). */
  private readonly posted = new Map<string, number>();
  /** Users whose next ledger message answers their `!cantina purse`. */
  readonly wantLedger = new Set<UserId>();
  /** Who takes the next ledger message sent to a user (the tournament's cards: tournament-commands.ts). */
  readonly ledgerTakers = new Map<UserId, (message: Extract<HostMessage, { type: "ledger" }>) => void>();
  /** Users whose table updates are not to be shown (a sync made only for their ledger). */
  readonly quiet = new Set<UserId>();
  /** Told of every public table update and removal (the drawn boards follow them). */
  onPublicTable: (update: TableUpdate) => void = () => undefined;
  onRemoved: (tableId: string) => void = () => undefined;
  /** Whether Roll20 posted this version's roll itself (its template, 3D dice): the card, drawing the same dice, says so. */
  rollPosted: (tableId: string, version: number) => boolean = () => false;

  constructor(
    private readonly players: Players,
    private readonly i18n: () => Localizer,
    private readonly namers: readonly ParamNamer[],
    /** The full history of a table as this user may see it (for their handout). */
    private readonly history: (tableId: string, user: UserId) => TableUpdate | null,
  ) {}

  serve(handler: RequestHandler): void {
    this.handler = handler;
  }

  request(from: UserId, request: unknown): Promise<{ ok: boolean }> | null {
    return this.handler ? this.handler(from, request) : null;
  }

  send(to: UserId, message: HostMessage): void {
    const i18n = this.i18n();
    switch (message.type) {
      case "table":
        if (to === PUBLIC_USER) {
          this.publicCard(message, i18n);
          this.onPublicTable(message);
        } else if (message.seat !== null && !this.quiet.has(to)) this.seatUpdate(to, message, i18n);
        return;
      case "table-removed":
        if (to === PUBLIC_USER) this.retireHandouts(message.tableId);
        if (to === PUBLIC_USER) this.onRemoved(message.tableId);
        if (to === PUBLIC_USER)
          this.players.say(
            card(i18n.localize("CANTINA.Title"), [
              escapeChat(i18n.format("CANTINA.Roll20.Removed", { table: message.tableId })),
            ]),
          );
        return;
      case "notice":
        if (this.players.isGM(to))
          this.players.whisperGM(
            card(i18n.localize("CANTINA.Title"), [
              escapeChat(i18n.format(message.error.code, message.error.params ?? {})),
            ]),
          );
        return;
      case "ledger":
        this.ledgerTakers.get(to)?.(message);
        if (!this.wantLedger.delete(to)) return;
        this.players.whisper(
          to,
          card(
            i18n.localize("CANTINA.Roll20.Purse"),
            message.events.flatMap((e) =>
              e.accounts.map((a) =>
                escapeChat(
                  i18n.format("CANTINA.Roll20.PurseLine", {
                    event: e.name,
                    name: a.name,
                    credits: a.credits,
                    luck: a.luck,
                  }),
                ),
              ),
            ),
          ),
        );
        return;
    }
  }

  /** The public card: what everyone may see of the new version, and bet buttons for spectators. */
  private publicCard(update: TableUpdate, i18n: Localizer): void {
    const { id, version } = update.table;
    if ((this.posted.get(id) ?? -1) >= version) return;
    this.posted.set(id, version);
    const title = tableTitle(update, i18n);
    const shown = entries(
      update.events.map((e) => e.event),
      update,
      i18n,
      this.namers,
    );
    const posted = this.rollPosted(id, version);
    for (const entry of shown)
      if (entry.dice && entry.notation && !entry.private) this.players.say(rollCard(title, entry, i18n, posted));
    const lines = shown.filter((e) => !(e.dice && e.notation && !e.private)).map((e) => escapeChat(e.text));
    // The position in text, for whoever does not have the board's page open.
    const board = apps[update.table.gameId]?.boardContext?.(update) ?? null;
    if (board)
      lines.push(
        boardPicture(
          drawingOf(board),
          update.table.seats.map((s) => s.name),
          i18n,
        ),
      );
    lines.push(escapeChat(this.statusLine(update, i18n)));
    this.players.say(card(title, lines, this.betButtons(update, i18n)));
  }

  private statusLine(update: TableUpdate, i18n: Localizer): string {
    const names = namesOf(update);
    const t = update.table;
    if (t.over) {
      const winners = (t.result?.winners ?? []).map((s) => names[s] ?? s).join(", ");
      return i18n.format("CANTINA.Roll20.Over", { winners: winners || "—" });
    }
    if (t.paused) return i18n.localize("CANTINA.Roll20.Paused");
    return i18n.format("CANTINA.Roll20.ToAct", {
      names: t.toAct.map((s) => names[s] ?? s).join(", "),
      version: t.version,
    });
  }

  /** One button per outcome of each pool taking bets, with the amount asked by a query. */
  private betButtons(update: TableUpdate, i18n: Localizer): string[] {
    const betting = bettingContext({ ...update, canBet: true });
    if (!betting) return [];
    const pools = betting.pools as {
      id: string;
      marketKey: string;
      bettable: boolean;
      outcomes: { outcome: string; labelKey: string; name: string }[];
    }[];
    return pools
      .filter((p) => p.bettable)
      .flatMap((p) =>
        p.outcomes.map((o) =>
          button(
            `${i18n.localize(p.marketKey)}: ${o.labelKey ? i18n.localize(o.labelKey) : o.name}`,
            // One stake per button and spectator (its one-time id): a double click or a retry takes no second.
            once(
              `${COMMAND} bet ${update.table.id} ${p.id} ${o.outcome} ${query(i18n.localize("CANTINA.Roll20.Amount"), 10)}`,
            ),
          ),
        ),
      );
  }

  /** A seated player's update: their private events whispered, their buttons when they may act, their handout. */
  private seatUpdate(to: UserId, update: TableUpdate, i18n: Localizer): void {
    const title = tableTitle(update, i18n);
    const mine = entries(update.events.map((e) => e.event).filter(isPrivate), update, i18n, this.namers);
    for (const entry of mine)
      this.players.whisper(
        to,
        entry.dice && entry.notation ? rollCard(title, entry, i18n) : card(title, [escapeChat(entry.text)]),
      );
    // Roll20's idiom: a card also when the seat's only buttons are the table's (play again, back, sit down).
    const flow = update.seat === null ? [] : seatFlowButtons(update.table, update.seat, i18n);
    if (update.legalMoves.length > 0 || flow.length > 0) this.players.whisper(to, this.seatCard(update, i18n));
    this.refreshHandout(to, update, i18n);
  }

  /** The card a player acts from: their hand, whose turn, a button per legal move. */
  seatCard(update: TableUpdate, i18n: Localizer): string {
    const lines: string[] = [];
    const hand = ownHand(update, i18n);
    if (hand !== null) lines.push(escapeChat(i18n.format("CANTINA.Roll20.Hand", { hand })));
    lines.push(escapeChat(this.statusLine(update, i18n)));
    const flow = update.seat === null ? [] : seatFlowButtons(update.table, update.seat, i18n);
    return card(tableTitle(update, i18n), lines, [...moveButtons(update, i18n, this.namers), ...flow]);
  }

  /** The player's handout for this table: their hand and every private line they were shown. */
  private refreshHandout(to: UserId, update: TableUpdate, i18n: Localizer): void {
    const full = this.history(update.table.id, to);
    if (!full || full.seat === null) return;
    const hand = ownHand(full, i18n);
    const lines = entries(full.events.map((e) => e.event).filter(isPrivate), full, i18n, this.namers).map((e) =>
      escapeChat(e.dice ? `${e.text}: ${e.dice.join(", ")} → ${e.total ?? ""}` : e.text),
    );
    if (hand === null && lines.length === 0) return;
    const name = i18n.format("CANTINA.Roll20.HandoutName", {
      table: tableTitle(full, i18n),
      player: this.players.name(to),
    });
    const body = [hand === null ? "" : escapeChat(i18n.format("CANTINA.Roll20.Hand", { hand })), ...lines];
    // Once retired at the end, a later update of the finished table does not bring it back.
    if (full.table.over && this.players.retiredHandout(name)) return;
    const handout = this.players.handout(to, name);
    handout.set({
      notes: card(
        tableTitle(full, i18n),
        body.filter((l) => l !== ""),
      ),
    });
    // The match is over: the last hand is written, then the handout leaves the journal (kept for the GM).
    if (full.table.over) retire(handout);
  }

  /** A table was ended or archived: every player's handout of it leaves their journal (archived, the GM's). */
  private retireHandouts(tableId: string): void {
    for (const handout of this.players.handoutsOf(`(${tableId})`)) retire(handout);
  }
}

function retire(handout: Roll20Object<HandoutProperties>): void {
  handout.set({ inplayerjournals: "", controlledby: "", archived: true });
}
