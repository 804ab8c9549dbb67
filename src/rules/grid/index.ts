/** Grid geometry for board games: square, hex and triangle-in-square cells, polyominoes, board data. */
export * from "./square";
export * from "./hex";
export * from "./triangle";
export * from "./polyomino";
export * from "./board";
