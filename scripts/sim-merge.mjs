// `node scripts/sim-merge.mjs results.jsonl...`: adds the `npm run sim -- ... --json` lines of the same
// game, pairing and options (runs over different seeds) and prints each total's figures as a Markdown table.
import { readFileSync } from "node:fs";

const totals = new Map();
for (const file of process.argv.slice(2))
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (!line.startsWith("{")) continue;
    const r = JSON.parse(line);
    // A single game (`paired: false`, the default since the paired match) is what the runs before it played.
    if (r.options.paired === false) delete r.options.paired;
    const key = JSON.stringify([r.game, r.pair, r.options]);
    const t = totals.get(key);
    const s = r.stats;
    if (!t) totals.set(key, { game: r.game, pair: r.pair, options: r.options, stats: s });
    else
      t.stats = {
        games: t.stats.games + s.games,
        wins: [t.stats.wins[0] + s.wins[0], t.stats.wins[1] + s.wins[1]],
        draws: t.stats.draws + s.draws,
        limitHits: t.stats.limitHits + s.limitHits,
        moves: t.stats.moves + s.moves,
        points: [t.stats.points[0] + s.points[0], t.stats.points[1] + s.points[1]],
      };
  }

/** Wilson score interval, 95% (as src/rules/core/simulate.ts). */
function wilson(k, n, z = 1.96) {
  if (n === 0) return [0, 1];
  const p = k / n;
  const z2 = z * z;
  const c = (p + z2 / (2 * n)) / (1 + z2 / n);
  const h = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return [Math.max(0, c - h), Math.min(1, c + h)];
}
const pct = (x) => `${(100 * x).toFixed(1)}%`;
const side = (k, n) => {
  const [lo, hi] = wilson(k, n);
  return `${pct(k / n)} (${pct(lo)}-${pct(hi)})`;
};
console.log(
  "| game | options | side 1 bot | side 2 bot | games | side 1 wins (95% CI) | side 2 wins (95% CI) | draws | move limit hit | mean length | points a game |",
);
console.log("| --- | --- | --- | --- | ---: | --- | --- | ---: | ---: | ---: | --- |");
// Each game together (in the order the docs give them), its pairings weak-weak first, the defaults before an option.
const GAMES = ["takat", "porrika", "defiance-and-domain"];
const PAIRS = ["weak,weak", "strong,weak", "weak,strong", "strong,strong"];
/** The balancing options a run turned on (booleans off by default; repetitionDraw is on in every run). */
const optionsLabel = (options) =>
  Object.entries(options)
    .filter(([k, v]) => v === true && k !== "repetitionDraw")
    .map(([k]) => k)
    .join(", ") || "defaults";
const rank = (t) => [GAMES.indexOf(t.game), PAIRS.indexOf(t.pair.join(","))];
const rows = [...totals.values()].sort((a, b) => {
  const [x, y] = [rank(a), rank(b)];
  const [p, q] = [optionsLabel(a.options), optionsLabel(b.options)];
  return x[0] - y[0] || x[1] - y[1] || (p === "defaults" ? -1 : q === "defaults" ? 1 : p.localeCompare(q));
});
for (const t of rows) {
  const s = t.stats;
  const n = s.games;
  // Points mean something only under Por'rika's scoring (elsewhere a match's points are its wins).
  const points = t.options.scoring ? `${(s.points[0] / n).toFixed(2)} : ${(s.points[1] / n).toFixed(2)}` : "";
  console.log(
    `| ${t.game} | ${optionsLabel(t.options)} | ${t.pair[0]} | ${t.pair[1]} | ${n} | ${side(s.wins[0], n)} | ${side(s.wins[1], n)} | ${s.draws} | ${s.limitHits} (${pct(s.limitHits / n)}) | ${(s.moves / n).toFixed(1)} | ${points} |`,
  );
}
