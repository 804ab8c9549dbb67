export * from "./board";
export * from "./engine";
export * from "./games";
export * from "./betting";
