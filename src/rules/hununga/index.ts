/** Hununga (text 002): rules, board data, bots. Register `hununga` and `hunungaBots` in the game registry. */
export * from "./board";
export * from "./engine";
export * from "./game";
export * from "./bots";
