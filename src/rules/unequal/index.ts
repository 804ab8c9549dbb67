/**
 * The unequal-forces family (text 004): Defiance and Domain, Por'rika and Takat, with their bots.
 * Registry entries: ids "defiance-and-domain", "porrika", "takat" → `unequalGames`, bots `unequalBots`.
 */
export * from "./common";
export * from "./defiance";
export * from "./porrika";
export * from "./takat";
export * from "./bots";
export * from "./balance";
export { E as UnequalErrors, type UnequalErrorCode } from "./errors";
