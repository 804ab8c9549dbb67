/** The Ulwan engine and its games (Ulwan, the Finkel preset, Seven Ulwan), boards and betting pools. */
export * from "./board";
export * from "./engine";
export * from "./games";
export * from "./betting";
