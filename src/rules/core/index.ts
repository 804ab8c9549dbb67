export * from "./game";
export * from "./random";
export * from "./dice";
export * from "./json";
export * from "./search";
export * from "./simulate";
