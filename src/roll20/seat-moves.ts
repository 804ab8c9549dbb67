/**
 * A seat's move from a button or a typed command: the caller's legal move at that index *at that
 * version*, its dice rolled by Roll20's engine first (roll20-dice.ts), then the host's intent.
 */
import type { Localizer } from "../apps/core/i18n";
import { games } from "../games";
import { type SeatId, refuse } from "../rules/core";
import type { TableHost } from "../table/host";
import type { HostReply, TableUpdate, UserId } from "../table/protocol";
import type { Command } from "./commands";
import { tableTitle } from "./render";
import type { RolledDice, RollWords } from "./roll20-dice";

export const Roll20Errors = {
  notReady: "CANTINA.Roll20.Error.NotReady",
  noSuchPlayer: "CANTINA.Roll20.Error.NoSuchPlayer",
  noSuchMove: "CANTINA.Roll20.Error.NoSuchMove",
} as const;

export class SeatMoves {
  /** `table@version` whose roll Roll20 posted itself: the script's card then shows only the outcome. */
  private readonly postedVersions = new Set<string>();

  constructor(
    private readonly dice: RolledDice,
    private readonly i18n: () => Localizer,
  ) {}

  /** Whether Roll20 posted the roll of that table's version itself (answered once: the publisher asks as it sends). */
  takePosted(tableId: string, version: number): boolean {
    return this.postedVersions.delete(`${tableId}@${version}`);
  }

  /**
   * A button's move, looked up from the caller's own update once the host's own checks pass (a
   * button from an earlier turn, or another seat's, is refused as the host refuses a move).
   */
  async play(
    host: TableHost,
    from: UserId,
    command: Extract<Command, { verb: "move" | "amount" | "claim" }>,
  ): Promise<HostReply> {
    const checked = host.checkTurn(from, command.tableId, command.version);
    if (!checked.ok) return checked;
    const { record, seat } = checked;
    const update = host.updateFor(record, from, record.version);
    let move: unknown;
    if (command.verb === "claim") move = { type: "claim", pieces: command.pieces };
    else {
      const chosen = update?.legalMoves[command.index];
      if (chosen === undefined) return refuse(Roll20Errors.noSuchMove);
      move = command.verb === "amount" ? { ...(chosen as object), amount: command.amount } : chosen;
    }
    // A roll is rolled by Roll20's dice engine first; the rules then apply exactly those dice.
    const game = games[record.gameId];
    if (game && update && (await this.dice.prime(game, record.state, seat, move, this.rollWords(update, seat))))
      this.postedVersions.add(`${record.id}@${record.version + 1}`);
    return host.handle(from, { type: "intent", tableId: record.id, version: command.version, move });
  }

  /** The words of a roll Roll20 posts for a seat: the roller's seat name and the table, in the game's language. */
  private rollWords(update: TableUpdate, seat: SeatId): RollWords {
    const i18n = this.i18n();
    const name = update.table.seats.find((s) => s.seat === seat)?.name ?? seat;
    return {
      title: i18n.format("CANTINA.Roll20.Dice.Rolls", { seat: name, game: tableTitle(update, i18n) }),
      dice: i18n.localize("CANTINA.Roll20.Dice.Dice"),
      rollId: i18n.localize("CANTINA.Roll20.Dice.RollId"),
      late: (roll) => i18n.format("CANTINA.Roll20.Dice.Late", { roll }),
    };
  }
}
