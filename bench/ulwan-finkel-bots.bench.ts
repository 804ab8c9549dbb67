/**
 * `npm run bench`: decision times in Finkel's Ur (seven pieces) of the expert level and of the two
 * reference agents, over 200 positions with a choice taken from games between random players.
 * The median, 95th percentile and longest are printed with the positions' count.
 */
import { bench, describe } from "vitest";
import { type Bot, SeededRandom } from "../src/rules/core";
import { type UlwanMove, type UlwanState, type UlwanView } from "../src/rules/ulwan";
import { expertUlwanBot } from "../src/rules/ulwan/bots";
import { ulwanReferenceBots } from "../src/rules/ulwan/reference";
import { finkelPositions } from "../tests/helpers/finkel-positions";
import { printDecisionTimes } from "./decision-times";

const pool = finkelPositions(200, 2026, 1);
const random = new SeededRandom(1);
const bots: Record<string, Bot<UlwanView, UlwanMove>> = {
  expert: expertUlwanBot,
  "ref-likelihood": ulwanReferenceBots["ref-likelihood"],
  "ref-expectimax-6": ulwanReferenceBots["ref-expectimax-6"],
};

function decide(bot: Bot<UlwanView, UlwanMove>, p: { state: UlwanState; legal: UlwanMove[] }): void {
  bot.choose({ state: p.state } as UlwanView, p.legal, random);
}

for (const [name, bot] of Object.entries(bots)) printDecisionTimes(`finkel ${name}`, pool, (p) => decide(bot, p));

let cursor = 0;
describe("Finkel's Ur bots", () => {
  for (const [name, bot] of Object.entries(bots))
    bench(`${name}: one decision`, () => decide(bot, pool[cursor++ % pool.length]!), { time: 1000 });
});
