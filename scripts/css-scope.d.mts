/** Types of css-scope.mjs (the Foundry sheet's scoping), for the tests. */
export declare const SCOPED: RegExp;
export declare function scopeCss(file: string, text: string): string;
export declare function splitSelectors(list: string): string[];
