/** Settlement: the move that ends a match settles it into its event, once per table (the `settled` mark). */
import type { TableConcern } from "../contract";
import { settlement } from "./after-move";

export const settlementConcern: TableConcern = { name: "settlement", afterMove: settlement };
