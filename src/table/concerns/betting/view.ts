/** What a viewer is told of spectator betting: the pools as they see them (their own stakes only), and whether they may bet. */
import type { TableViewer, UpdateFields } from "../contract";
import { bookView } from "./book";
import { mayBet } from "./may-bet";

export const bettingUpdate = ({ ctx, books, record, user, seat }: TableViewer): UpdateFields =>
  record.betting
    ? {
        betting: bookView(record.betting, seat ? null : user, record.version),
        canBet: mayBet(books, record, user, ctx).ok,
      }
    : {};
