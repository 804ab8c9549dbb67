// `npm run sim -- <game> --games N [--bots a,b] [--sides] [--options k=v,...] --seed S [--workers W]
// [--max-moves M] [--pieces P] [--json]`, or `--list`. The yardstick: `npm run sim -- --yardstick
// [--only g,g] [--iterations 1000,10000] [--games N] [--level L] [--bot-ms T] [--playout-limit P] [--seed S] [--workers W]`. Two-seat games without --bots: every pairing of levels, sides fixed.
// Node 20 cannot run TypeScript itself: scripts/sim.ts is loaded through Vite's SSR loader, and the
// games are split over worker processes (default 2: these machines have two cores).
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { createServer } from "vite";

async function load() {
  const server = await createServer({
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: "custom",
    logLevel: "error",
    configFile: false,
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  return { server, sim: await server.ssrLoadModule("/scripts/sim.ts") };
}

function parse(argv) {
  const flags = {};
  const positional = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a.startsWith("--")) {
      const [key, inline] = a.slice(2).split("=", 2);
      flags[key] = inline ?? (argv[i + 1] && !argv[i + 1].startsWith("--") ? argv[++i] : "true");
    } else positional.push(a);
  }
  return { flags, positional };
}

const { flags, positional } = parse(process.argv.slice(2));
const args = {
  gameId: positional[0] ?? "",
  bots: (flags.bots ?? "").split(",").filter(Boolean),
  games: Number(flags.games ?? 1000),
  seed: Number(flags.seed ?? 1),
  maxMoves: Number(flags["max-moves"] ?? 10000),
  ...(flags.pieces ? { pieces: Number(flags.pieces) } : {}),
  sides: flags.sides === "true",
  options: flags.options ?? "",
};
const workers = Math.max(1, Number(flags.workers ?? 2));
const yardstick = {
  only: (flags.only ?? "").split(",").filter(Boolean),
  iterations: (flags.iterations ?? "1000,10000").split(",").filter(Boolean).map(Number),
  games: Number(flags.games ?? 200),
  seed: args.seed,
  maxMoves: args.maxMoves,
  ...(flags.level ? { level: flags.level } : {}),
  ...(flags["bot-ms"] ? { botMs: Number(flags["bot-ms"]) } : {}),
  ...(flags["playout-limit"] ? { playoutLimit: Number(flags["playout-limit"]) } : {}),
};

if (process.env.SIM_YARDSTICK) {
  const [gameId, iterations, from, count] = process.env.SIM_YARDSTICK.split(":");
  const { server, sim } = await load();
  const cpu0 = process.cpuUsage();
  const stats = sim.yardstickSlice(yardstick, gameId, Number(iterations), Number(from), Number(count));
  const cpu = process.cpuUsage(cpu0);
  await new Promise((resolve) => process.send({ stats, cpuMs: (cpu.user + cpu.system) / 1000 }, resolve));
  await server.close();
  process.exit(0);
}

if (process.env.SIM_SLICE) {
  const [from, count, pair] = process.env.SIM_SLICE.split(":").map(Number);
  const { server, sim } = await load();
  const stats =
    Number.isNaN(pair) || pair === undefined
      ? sim.runSlice(args, from, count)
      : sim.runSideSlice(args, pair, from, count);
  await new Promise((resolve) => process.send(stats, resolve));
  await server.close();
  process.exit(0);
}

const { server, sim } = await load();
if (flags.yardstick) {
  const run = { ...yardstick, only: yardstick.only.length > 0 ? yardstick.only : [...sim.YARDSTICK_GAMES] };
  try {
    sim.checkYardstick(run);
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    await server.close();
    process.exit(1);
  }
  const per = Math.ceil(run.games / workers);
  console.log(`The strongest levels against textbook UCT (scripts/uct.ts), ${run.games} games each, seats alternating`);
  for (const gameId of run.only)
    for (const iterations of run.iterations) {
      const t0 = Date.now();
      const parts = await Promise.all(
        Array.from({ length: workers }, (_, w) => {
          const from = w * per;
          const count = Math.max(0, Math.min(per, run.games - from));
          return new Promise((resolve, reject) => {
            const child = fork(fileURLToPath(import.meta.url), process.argv.slice(2), {
              env: { ...process.env, SIM_YARDSTICK: `${gameId}:${iterations}:${from}:${count}` },
            });
            child.on("message", resolve);
            child.on("exit", (code) => (code === 0 ? undefined : reject(new Error(`worker ${w} exited with ${code}`))));
          });
        }),
      );
      // The CPU time the games took (the workers' own), the cost that does not depend on the machine's load.
      const cpuS = parts.reduce((sum, p) => sum + p.cpuMs, 0) / 1000;
      const perGame = cpuS / Math.max(1, run.games);
      console.log(
        `${sim.yardstickReport(
          run,
          gameId,
          iterations,
          parts.map((p) => p.stats),
        )} [${((Date.now() - t0) / 1000).toFixed(0)} s wall, ` +
          `${cpuS.toFixed(1)} s CPU: ${perGame.toFixed(1)} s a game, ${(3600 / Math.max(1e-9, perGame)).toFixed(0)} games an hour a core]`,
      );
    }
  console.log(`  seeds ${run.seed}..${run.seed + run.games - 1}, ${workers} workers`);
  await server.close();
  process.exit(0);
}
if (flags.list || !args.gameId) {
  console.log(sim.listing());
  if (!flags.list)
    console.log(
      "usage: npm run sim -- <game> --games N [--bots a,b] [--sides] [--options k=v,...] --seed S [--workers W] [--pieces P]\n" +
        "       npm run sim -- --yardstick [--only g,g] [--iterations 1000,10000] [--games N] [--level L] [--bot-ms T] [--playout-limit P] [--seed S] [--workers W]",
    );
  await server.close();
  process.exit(0);
}
try {
  sim.check(args);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  await server.close();
  process.exit(1);
}
const started = Date.now();
const per = Math.ceil(args.games / workers);
/** Runs the games over the workers; `pair` set: one side-fixed pairing. */
function runAll(pair) {
  return Promise.all(
    Array.from({ length: workers }, (_, w) => {
      const from = w * per;
      const count = Math.max(0, Math.min(per, args.games - from));
      return new Promise((resolve, reject) => {
        const child = fork(fileURLToPath(import.meta.url), process.argv.slice(2), {
          env: { ...process.env, SIM_SLICE: pair === undefined ? `${from}:${count}` : `${from}:${count}:${pair}` },
        });
        child.on("message", resolve);
        child.on("exit", (code) => (code === 0 ? undefined : reject(new Error(`worker ${w} exited with ${code}`))));
      });
    }),
  );
}
if (sim.sideMode(args)) {
  const options = sim.gameOptions(args);
  console.log(`${args.gameId}, sides fixed (side 1 moves first), options ${JSON.stringify(options)}`);
  const pairs = sim.pairings(args);
  for (let i = 0; i < pairs.length; i++) {
    const t0 = Date.now();
    const parts = await runAll(i);
    console.log(`${sim.sideReport(args, i, parts)} [${((Date.now() - t0) / 1000).toFixed(0)} s]`);
    // --json: the raw counts too, one line per pairing, for adding runs together (scripts/sim-merge.mjs).
    if (flags.json)
      console.log(
        JSON.stringify({ game: args.gameId, pair: pairs[i], options, seed: args.seed, stats: sim.addAll(parts) }),
      );
  }
} else console.log(sim.report(args, await runAll(undefined)));
const seconds = ((Date.now() - started) / 1000).toFixed(0);
console.log(`  seeds ${args.seed}..${args.seed + args.games - 1}, ${workers} workers, ${seconds} s`);
await server.close();
