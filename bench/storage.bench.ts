/**
 * `npm run bench`: Foundry's storage and wire figures of issue 34, one JSON line per scenario. Each
 * scenario (an open-information game and a hidden-information one, Sabacc; humans and bots) is
 * played by six clients, the GM in two tabs (bench/foundry-wire.ts: every byte each tab's socket
 * received per human move). The storage figures come from one campaign shared by every scenario
 * (bench/foundry-storage.ts: ten nights of twenty bot tables of the Sabacc games, Seven Ulwan, Ulwan
 * and Finkel's Ur in one world, six clients): world settings written per move, the module's Setting
 * documents and a client's load after ten nights against after the first. `CAMPAIGN_NIGHTS` sets the
 * nights; `BENCH_NIGHT=1` also prints one night's cost per move in detail ("Cost per move" in
 * docs/foundry.md). The figures are in docs/foundry.md ("Campaign figures").
 */
import { bench, describe } from "vitest";
import { Sealer, generateKeyPair } from "../src/foundry/crypto";
import { SealedStore } from "../src/foundry/sealed-store";
import { campaign, clientLoadMs, figures, night } from "./foundry-storage";
import { SCENARIOS, play } from "./foundry-wire";

if (process.env.BENCH_NIGHT === "1")
  console.log(
    [
      ...figures(await night(false), "Whole updates, padded (main)"),
      ...figures(await night(true), "Deltas, padded by recipient"),
    ].join("\n"),
  );

const nights = Number(process.env.CAMPAIGN_NIGHTS ?? 10);
const stored = await campaign(nights);
const fresh = stored.loads[0]!;
const after = stored.loads.at(-1)!;
for (const scenario of SCENARIOS) {
  const wire = await play(scenario);
  // Timed again for each line, at its own moment of the machine: the lines' spread shows the noise.
  const [freshMs, afterMs] = clientLoadMs([fresh, after]);
  console.log(
    JSON.stringify({
      ...wire,
      storage: `campaign: ${nights} nights of 20 bot tables, 6 clients (shared by every scenario)`,
      bytesWrittenPerMove: Math.round(stored.written / stored.moves),
      bytesWrittenPerMoveByKind: stored.writtenPerMoveByKind,
      maxMessageBytes: Math.max(wire.maxMessageBytes, stored.maxSetting, stored.maxShelf),
      settingsDocumentsFresh: fresh.settings,
      settingsDocumentsAfter10Nights: after.settings,
      clientLoadMsFresh: Number(freshMs!.toFixed(4)),
      clientLoadMsAfter10Nights: Number(afterMs!.toFixed(4)),
      clientLoadBytesFresh: fresh.payload.length,
      clientLoadBytesAfter10Nights: after.payload.length,
      packIndexEntriesAfter10Nights: stored.packIndexEntries,
      shelfBytesPerMove: Math.round(stored.shelf / stored.moves),
      campaignMoves: stored.moves,
    }),
  );
}

/** A store that has a table stored already: committing it again is one move's change. */
const sealer = await Sealer.create("gm", await generateKeyPair());
const timing = new SealedStore(sealer, () => ({}), { read: () => null, write: async () => undefined });
const records = stored.records;
await timing.commit({ tables: records });

describe("Foundry storage", () => {
  let table = 0;
  bench(
    "one move's change sealed and written (its log's last chunk, the table's record)",
    async () => {
      if (records.length > 0) await timing.commit({ tables: [records[table++ % records.length]!] });
    },
    { time: 1000 },
  );
});
