/**
 * A table's cards whispered on request: the list of tables, a player's own card again, and the cards
 * sent again after a restart that may have taken back the last change (issue 35).
 */
import type { Localizer } from "../apps/core/i18n";
import type { TableHost } from "../table/host";
import { type HostReply, type UserId, Errors } from "../table/protocol";
import type { Players } from "./players";
import { PUBLIC_USER, type Publisher } from "./publish";
import { card, escapeChat } from "./render";
import { refuse } from "../rules/core";

export class TableCards {
  constructor(
    private readonly players: Players,
    private readonly publisher: Publisher,
    private readonly i18n: () => Localizer,
  ) {}

  listTables(host: TableHost, from: UserId): HostReply {
    const i18n = this.i18n();
    const lines = host
      .summaries()
      .map((t) =>
        escapeChat(
          `${i18n.localize(`CANTINA.Games.${t.gameId}`)} (${t.id}): ${t.seats.map((s) => s.name).join(", ")}${t.over ? " ✓" : ""}`,
        ),
      );
    this.players.whisper(
      from,
      card(
        i18n.localize("CANTINA.Roll20.Tables"),
        lines.length > 0 ? lines : [escapeChat(i18n.localize("CANTINA.Roll20.NoTables"))],
      ),
    );
    return { ok: true };
  }

  /** The caller's own card of a table again: a seat's with its buttons, anyone else's the public one. */
  show(host: TableHost, from: UserId, tableId: string): HostReply {
    const record = host.record(tableId);
    if (!record) return refuse(Errors.unknownTable);
    const own = host.updateFor(record, from, record.version);
    const update = own && own.seat !== null ? own : host.updateFor(record, PUBLIC_USER, record.version);
    if (!update) return refuse(Errors.unknownTable);
    this.players.whisper(from, this.publisher.seatCard(update, this.i18n()));
    return { ok: true };
  }

  /**
   * After a restart the tables are as last saved, which may be a change earlier than the cards the
   * players hold (Roll20 saves `state` on its own schedule): each live table's seat to act is sent
   * its current card again, so no one waits on a card that no longer applies.
   */
  resendCards(host: TableHost): void {
    for (const table of host.summaries()) {
      if (table.over || table.paused) continue;
      // A waiting table's "seat to act" is every invited player who has not sat down (nor declined).
      const lobby = table.lobby;
      const awaited = (seat: string): boolean =>
        lobby
          ? !lobby.seated.includes(seat) && !lobby.declined.some((d) => d.seat === seat)
          : table.toAct.includes(seat);
      const persons = table.seats.filter((s) => s.kind === "person" && s.userId && awaited(s.seat));
      for (const seat of persons) if (seat.userId) this.show(host, seat.userId, table.id);
    }
  }

  /** A button from a version the table never reached (lost in a restart): the table changed; its card now. */
  tableChanged(host: TableHost, from: UserId, tableId: string): HostReply {
    const i18n = this.i18n();
    this.players.whisper(
      from,
      card(i18n.localize("CANTINA.Title"), [escapeChat(i18n.localize("CANTINA.Roll20.Delivery.TableChanged"))]),
    );
    return this.show(host, from, tableId);
  }
}
