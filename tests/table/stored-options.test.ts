/**
 * Options stored before a game gained an option (Ulwan's `analysis`, issue 16): a stored table's or
 * an imported record's options without it replay with its default; unknown keys and bad values are
 * still refused, and a client's new table still gets the defaults for what it leaves out and is
 * refused for an unknown key or a bad value.
 */
import { describe, expect, it } from "vitest";
import { bots, games } from "../../src/games";
import { SeededRandom } from "../../src/rules/core";
import { TableClient } from "../../src/table/client";
import { RecordErrors, exportRecord, importRecord, replaySteps } from "../../src/table/record-file";
import { botRecord } from "../helpers/replay-record";
import { countingIds, startMemoryHost } from "../helpers/memory-host";

/** An Ulwan record whose options are `edit` of the game's own (as stored before or after a change). */
function ulwanRecord(edit: (options: Record<string, unknown>) => unknown) {
  const record = botRecord("ulwan", 3, 2, "greedy");
  return { ...record, options: edit({ ...(record.options as Record<string, unknown>) }) };
}

describe("options stored before an option existed", () => {
  it("an Ulwan record stored without `analysis` replays (the option off, its default) and imports", () => {
    const old = ulwanRecord(({ analysis: _analysis, ...rest }) => rest);
    expect(Object.keys(old.options as object)).not.toContain("analysis");
    const replayed = replaySteps(old, games);
    expect(replayed.ok, JSON.stringify(replayed)).toBe(true);
    if (replayed.ok) expect((replayed.steps[0]!.state as { analysis?: boolean }).analysis).toBe(false);
    expect(importRecord(exportRecord(old), games).ok).toBe(true);
  });

  it("a stored record with an unknown option or a bad value is still refused at its setup", () => {
    for (const options of [
      ulwanRecord((o) => ({ ...o, cheat: true })),
      ulwanRecord((o) => ({ ...o, analysis: "yes" })),
      ulwanRecord(() => "not options"),
    ])
      expect(replaySteps(options, games)).toMatchObject({
        ok: false,
        error: { code: RecordErrors.refused, params: { step: 0 } },
      });
  });

  it("a client's new table: left-out options take their defaults; an unknown key or a bad value is refused", async () => {
    const { host, network } = await startMemoryHost({
      users: ["gm"],
      random: new SeededRandom(1),
      bots,
      newId: countingIds(),
    });
    const gm = new TableClient(network.client("gm"));
    const seats = [
      { kind: "bot" as const, userId: null, name: "A", botLevel: "greedy" },
      { kind: "bot" as const, userId: null, name: "B", botLevel: "greedy" },
    ];
    const made = await gm.create({ gameId: "ulwan", seats, options: { pieces: 5 } });
    expect(made.ok, JSON.stringify(made)).toBe(true);
    const tableId = made.ok ? (made.tableId ?? "") : "";
    expect(host.record(tableId)?.options).toMatchObject({ pieces: 5, analysis: false });
    expect(await gm.create({ gameId: "ulwan", seats, options: { cheat: true } })).toMatchObject({
      ok: false,
      error: { code: "CANTINA.Error.BadOption", params: { option: "cheat" } },
    });
    expect(await gm.create({ gameId: "ulwan", seats, options: { analysis: "yes" } })).toMatchObject({
      ok: false,
      error: { code: "CANTINA.Error.BadOption", params: { option: "analysis" } },
    });
    await host.idle();
  });
});
