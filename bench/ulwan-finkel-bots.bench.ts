/**
 * `npm run bench`: decision times in Finkel's Ur (seven pieces) of the expert level and of the two
 * reference agents, over 200 positions with a choice taken from games between random players.
 * The median and 95th percentile are printed with the positions' count.
 */
import { bench, describe } from "vitest";
import { type Bot, SeededRandom } from "../src/rules/core";
import { type UlwanMove, type UlwanState, type UlwanView } from "../src/rules/ulwan";
import { expertUlwanBot } from "../src/rules/ulwan/bots";
import { ulwanReferenceBots } from "../src/rules/ulwan/reference";
import { finkelPositions } from "../tests/helpers/finkel-positions";

const pool = finkelPositions(200, 2026, 1);
const random = new SeededRandom(1);
const bots: Record<string, Bot<UlwanView, UlwanMove>> = {
  expert: expertUlwanBot,
  "ref-likelihood": ulwanReferenceBots["ref-likelihood"],
  "ref-expectimax-5": ulwanReferenceBots["ref-expectimax-5"],
};

function decide(bot: Bot<UlwanView, UlwanMove>, p: { state: UlwanState; legal: UlwanMove[] }): void {
  bot.choose({ state: p.state } as UlwanView, p.legal, random);
}

for (const [name, bot] of Object.entries(bots)) {
  const times = pool
    .map((p) => {
      const t0 = performance.now();
      decide(bot, p);
      return performance.now() - t0;
    })
    .sort((a, b) => a - b);
  const at = (q: number): string => (times[Math.floor(times.length * q)] ?? 0).toFixed(2);
  console.log(
    `finkel ${name}: median ${at(0.5)} ms per decision, 95th percentile ${at(0.95)} ms over ${times.length} positions`,
  );
}

let cursor = 0;
describe("Finkel's Ur bots", () => {
  for (const [name, bot] of Object.entries(bots))
    bench(`${name}: one decision`, () => decide(bot, pool[cursor++ % pool.length]!), { time: 1000 });
});
