/**
 * Every unit test runs as a page of a world served over plain http would: `crypto` offers
 * `getRandomValues` only, never `crypto.subtle` (issue 9). Loaded by vitest.config.ts.
 */
const real = globalThis.crypto;
const insecure: Pick<Crypto, "getRandomValues"> = {
  getRandomValues: (array) => real.getRandomValues(array),
};
Object.defineProperty(globalThis, "crypto", { value: insecure, configurable: true, writable: false });
Object.defineProperty(globalThis, "isSecureContext", { value: false, configurable: true });
