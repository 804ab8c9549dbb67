/**
 * The move a skipped turn is played with: the table's bot's choice from that seat's view only (how an
 * away player's turn is skipped), apart from the bot driver that plays the bots' own seats.
 */
import type { AnyGame, SeatId } from "../../../rules/core";
import type { OpContext } from "../../context";
import type { TableRecord } from "../../store";

/**
 * The move the table's bot (the game's first level) would make for `seat`, from that seat's view
 * only: how an away player's turn is skipped. Without a bot, the seat's first legal move; null
 * when the seat has no legal move (a turn that cannot be skipped).
 */
export function botMoveFor(ctx: OpContext, game: AnyGame, record: TableRecord, seat: SeatId): unknown {
  const legal = game.legalMoves(record.state, seat);
  if (legal.length === 0) return null;
  const levels = ctx.bots?.[game.id];
  const level = levels ? Object.keys(levels)[0] : undefined;
  const bot = levels && level !== undefined ? levels[level] : undefined;
  if (!bot) return legal[0];
  const view = game.view(record.state, { role: "seat", seat });
  return bot.think
    ? bot.think(view, legal, ctx.random, ctx.botTime).move
    : bot.choose(view, legal, ctx.random, ctx.botTime);
}
