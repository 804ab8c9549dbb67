// Runs scripts/ulwan-bot-match.ts through Vite's SSR loader (Node 20 cannot run TypeScript itself),
// splitting the games over two worker processes (these machines have two cores).
// Usage: node scripts/ulwan-bot-match.mjs [games=2000] [gameId=ulwan] [workers=2] [opponent=greedy]
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { createServer } from "vite";

const [, , gamesArg, gameIdArg, workersArg, opponentArg] = process.argv;
const games = Number(gamesArg ?? 2000);
const gameId = gameIdArg ?? "ulwan";
const workers = Number(workersArg ?? 2);
const opponent = opponentArg ?? "greedy";

if (process.env.ULWAN_MATCH_SLICE) {
  const [from, count] = process.env.ULWAN_MATCH_SLICE.split(":").map(Number);
  const server = await createServer({
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: "custom",
    logLevel: "error",
    configFile: false,
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  const mod = await server.ssrLoadModule("/scripts/ulwan-bot-match.ts");
  const result = mod.run(count, gameId, from, opponent);
  process.send?.(result);
  await server.close();
  process.exit(0);
} else {
  const started = Date.now();
  const per = Math.ceil(games / workers);
  const parts = await Promise.all(
    Array.from(
      { length: workers },
      (_, w) =>
        new Promise((resolve, reject) => {
          const from = 1 + w * per;
          const count = Math.max(0, Math.min(per, games - w * per));
          const child = fork(fileURLToPath(import.meta.url), [String(games), gameId, String(workers), opponent], {
            env: { ...process.env, ULWAN_MATCH_SLICE: `${from}:${count}` },
          });
          child.on("message", resolve);
          child.on("exit", (code) => (code === 0 ? undefined : reject(new Error(`worker exited with ${code}`))));
        }),
    ),
  );
  const strong = parts.reduce((a, p) => a + p.strong, 0);
  const decisions = parts.reduce((a, p) => a + p.decisions, 0);
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `${gameId}: strong ${strong} / ${games} against ${opponent} = ${((100 * strong) / games).toFixed(1)}% (seeds 1..${games}, seats alternating; ${decisions} strong+greedy decisions; ${seconds.toFixed(0)} s)`,
  );
}
