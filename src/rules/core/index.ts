export * from "./game";
export * from "./random";
export * from "./dice";
export * from "./json";
