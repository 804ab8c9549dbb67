/** Ubongo: tiles, the exact-cover solver, the task cards, the two games and the bots. */
export * from "./tiles";
export * from "./solver";
export * from "./tiling";
export * from "./cards";
export * from "./game";
export * from "./bots";
