export * from "./game";
export * from "./random";
export * from "./dice";
