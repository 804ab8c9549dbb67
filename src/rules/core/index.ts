/** The rules core: the Game contract, randomness and dice, JSON guards and the Result type. */
export * from "./game";
export * from "./random";
export * from "./dice";
export * from "./json";
export * from "./result";
export * from "./options";
export * from "./search";
export * from "./expectiminimax";
export * from "./mcts";
export * from "./simulate";
