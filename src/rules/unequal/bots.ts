/** placeholder */
export {};
