/**
 * A bot's decision times over a pool of positions, timed one by one before the benchmarks run and
 * printed as the median, the 95th percentile and the longest (the figures docs/bots.md quotes).
 */
export function printDecisionTimes<P>(label: string, pool: readonly P[], decide: (position: P) => void): void {
  const times = pool
    .map((p) => {
      const t0 = performance.now();
      decide(p);
      return performance.now() - t0;
    })
    .sort((a, b) => a - b);
  const at = (q: number): string => (times[Math.min(times.length - 1, Math.floor(times.length * q))] ?? 0).toFixed(2);
  console.log(
    `${label}: median ${at(0.5)} ms per decision, 95th percentile ${at(0.95)} ms, max ${at(1)} ms over ${times.length} positions`,
  );
}
