/**
 * A board a GM pastes into the lobby and the host refuses is said in the GM's language (issue 36):
 * the grid check, Hununga's and Ulwan's board checks refuse with codes of their tables, never an English reason.
 */
import { describe, expect, it } from "vitest";
import de from "../../lang/de.json";
import en from "../../lang/en.json";
import { dictionaryLocalizer } from "../../src/apps/core/i18n";
import { replyMessage } from "../../src/apps/table/controller";
import { bots } from "../../src/games";
import { SeededRandom } from "../../src/rules/core";
import { BOARDS } from "../../src/rules/hununga";
import { BOARDS as ULWAN_BOARDS } from "../../src/rules/ulwan";
import { TableClient } from "../../src/table/client";
import { countingIds, startMemoryHost } from "../helpers/memory-host";

const seats = [
  { kind: "bot" as const, userId: null, name: "A", botLevel: "greedy" },
  { kind: "bot" as const, userId: null, name: "B", botLevel: "greedy" },
];

/** The shipped board with its kings' tags removed: a square board Hununga cannot start on. */
const noKing = { grid: "square", cells: BOARDS.hununga!.cells.map((c) => ({ id: c.id, kind: c.kind })) };
/** A board the shared grid check refuses before Hununga looks at it: one cell listed twice. */
const twice = {
  grid: "square",
  cells: [
    { id: "0,0", kind: "plain" },
    { id: "0,0", kind: "plain" },
  ],
};

/** Ulwan's board with its first path cut short: the two paths no longer run side by side. */
const shortPath = {
  ...ULWAN_BOARDS.ulwan!,
  paths: [ULWAN_BOARDS.ulwan!.paths[0]!.slice(0, 10), ULWAN_BOARDS.ulwan!.paths[1]],
};

async function refusalOf(board: unknown, lang: typeof en, gameId = "hununga", options: object = {}) {
  const { host, network } = await startMemoryHost({
    users: ["gm"],
    random: new SeededRandom(1),
    bots,
    newId: countingIds(),
  });
  const gm = new TableClient(network.client("gm"));
  const reply = await gm.create({ gameId, seats, options: { ...options, board } });
  await host.idle();
  expect(reply.ok).toBe(false);
  return replyMessage(reply, undefined, dictionaryLocalizer(lang));
}

describe("a refused board reaches the GM localized", () => {
  it("Hununga's own check (a side without a king) is said in English and in German", async () => {
    expect(await refusalOf(noKing, en)).toBe("This board cannot be used: each side needs exactly one king.");
    expect(await refusalOf(noKing, de)).toBe(
      "Dieses Spielbrett ist nicht verwendbar: Jede Seite braucht genau einen König.",
    );
  });

  it("the grid check (a cell listed twice) is said in English and in German, naming the cell", async () => {
    expect(await refusalOf(twice, en)).toBe("This board cannot be used: cell 0,0 is listed twice.");
    expect(await refusalOf(twice, de)).toBe("Dieses Spielbrett ist nicht verwendbar: Feld 0,0 ist doppelt aufgeführt.");
  });

  it("Ulwan's board check (paths of different lengths) is said in English and in German", async () => {
    const ulwan = (lang: typeof en) => refusalOf(shortPath, lang, "ulwan", { pieces: 3, analysis: false });
    expect(await ulwan(en)).toBe(
      "This board cannot be used: its two paths must be equally long, each 4 to 40 squares.",
    );
    expect(await ulwan(de)).toBe(
      "Dieses Spielbrett ist nicht verwendbar: Seine beiden Wege müssen gleich lang sein, jeder 4 bis 40 Felder.",
    );
  });
});
