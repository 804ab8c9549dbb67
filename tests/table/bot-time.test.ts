/**
 * The host's time budget for its bots (issues 35 and 38): the bot driver hands `HostOptions.botTime`
 * to every bot decision, a choosing bot's and a thinking bot's alike; a host without one hands none.
 */
import { describe, expect, it } from "vitest";
import { type AnyBot, type BotBudget, SeededRandom } from "../../src/rules/core";
import { countingGames } from "../helpers/free-turns-game";
import { clientsOf, startMemoryHost } from "../helpers/memory-host";

const USERS = ["gm"];

/** Bots that add 2 and note the budget each decision was given. */
function recordingBots(seen: (BotBudget | undefined)[]): Record<string, Record<string, AnyBot>> {
  return {
    "test-count": {
      plain: { choose: (_v, _l, _r, budget) => (seen.push(budget), { add: 2 }) },
      thinking: {
        choose: () => ({ add: 2 }),
        think: (_v, _l, _r, budget) => (seen.push(budget), { move: { add: 2 }, delayMs: 0 }),
      },
    },
  };
}

async function botsPlay(level: string, botTime?: BotBudget): Promise<(BotBudget | undefined)[]> {
  const seen: (BotBudget | undefined)[] = [];
  const { host, network } = await startMemoryHost({
    games: countingGames,
    bots: recordingBots(seen),
    users: USERS,
    random: new SeededRandom(1),
    newId: () => "t1",
    ...(botTime ? { botTime } : {}),
  });
  const created = await clientsOf(network, USERS).gm!.create({
    gameId: "test-count",
    seats: [
      { kind: "bot", userId: null, name: "A", botLevel: level },
      { kind: "bot", userId: null, name: "B", botLevel: level },
    ],
    options: {},
  });
  expect(created, JSON.stringify(created)).toMatchObject({ ok: true });
  // The bots' moves wait on the host's timers (no delay): a few turns of the event loop play them.
  for (let i = 0; i < 40 && seen.length < 4; i++) {
    await host.idle();
    await new Promise((r) => setTimeout(r, 0));
  }
  host.stop();
  return seen;
}

describe("the bot driver's time budget", () => {
  const budget: BotBudget = { now: () => 0, maxMs: 150 };

  it.each(["plain", "thinking"])("a %s bot gets the host's budget at every decision", async (level) => {
    const seen = await botsPlay(level, budget);
    expect(seen.length).toBeGreaterThanOrEqual(2);
    for (const b of seen) expect(b).toBe(budget);
  });

  it("a host without a budget gives its bots none (they search by their node limits alone)", async () => {
    const seen = await botsPlay("plain");
    expect(seen.length).toBeGreaterThanOrEqual(2);
    for (const b of seen) expect(b).toBeUndefined();
  });
});
