/** The Foundry host's dice: the browser's CSPRNG, without bias (shared with the standalone page). */
export { CryptoRandom } from "../apps/core/crypto-random";
