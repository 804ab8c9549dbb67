/**
 * A seat changing hands: the GM's `seat-bot` (to a bot kept for its player, or back), `remove-player`
 * and `seat-user`; and the seat a bot holds for an away player, offered back to them ("I'm back") and
 * given back to them when the match ends.
 */
import type { TableConcern } from "../contract";
import { handBackAtEnd } from "./after-move";
import { handSeat } from "./hand-seat-op";
import { reclaimUpdate } from "./view";

export const handOverConcern: TableConcern = {
  name: "hand-over",
  operations: {
    "seat-bot": {
      gmOnly: true,
      run: (books, request, ctx) =>
        handSeat(
          books,
          {
            from: request.from,
            tableId: request.tableId,
            seat: request.seat,
            op: request.bot ? "seat-bot" : "seat-player",
          },
          ctx,
        ),
    },
    "remove-player": {
      gmOnly: true,
      run: (books, request, ctx) =>
        handSeat(books, { from: request.from, tableId: request.tableId, seat: request.seat, op: "remove-player" }, ctx),
    },
    "seat-user": { gmOnly: true, run: (books, request, ctx) => handSeat(books, { ...request, op: "seat-user" }, ctx) },
  },
  afterMove: handBackAtEnd,
  update: reclaimUpdate,
};
