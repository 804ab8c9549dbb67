/** The Sabacc tournament: circuits, sign-ups, rounds, standings and credit transfers, pure over JSON. */
export * from "./types";
export * from "./errors";
export * from "./circuits";
export * from "./signups";
export * from "./rounds";
export * from "./standings";
export * from "./purse";
export * from "./transfers";
export * from "./transfer-run";
