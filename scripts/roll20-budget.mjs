/** The size budget of the built Roll20 script (bytes): Roll20 loads every script of a game on each sandbox start. */
export const SIZE_BUDGET = 600 * 1024;
