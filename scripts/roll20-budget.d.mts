/** Types of scripts/roll20-budget.mjs for the tests. */
export declare const SIZE_BUDGET: number;
