/**
 * Money a player can follow, clicked through in real Chromium on the standalone page: a match
 * against a bot on the house's stake, its money in chat, the window and the ledger (the scenario:
 * money-match.ts; in German in german.test.ts). A spectator's long bets on a bots' Seven Ulwan match,
 * played to its end, are in the soak suite (tests/soak/browser/money-spectator.soak.test.ts).
 */
import { describe, it } from "vitest";
import { moneyMatch } from "./money-match";
import { serveStandalone } from "./standalone";

const table = serveStandalone();

describe("money a player can follow (standalone page)", () => {
  it("a match against a bot on the house's stake, its money in chat, the window and the ledger", async () => {
    await moneyMatch(table(), "en");
  });
});
