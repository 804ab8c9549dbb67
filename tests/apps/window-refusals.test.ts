/**
 * Every window family's actions answer the one Result: an illegal click or typed value is refused with
 * a code of its family's table, shown in the viewer's language, and nothing is sent or kept.
 */
import { describe, expect, it } from "vitest";
import de from "../../lang/de.json";
import en from "../../lang/en.json";
import { dictionaryLocalizer } from "../../src/apps/core/i18n";
import { WindowErrors } from "../../src/apps/core/errors";
import { TableController } from "../../src/apps/table/controller";
import { apps, games } from "../../src/games";
import { type AnyGame, SeededRandom } from "../../src/rules/core";
import { E as HunungaErrors } from "../../src/rules/hununga";
import { ERR as TrueSabaccErrors } from "../../src/rules/sabacc/true-sabacc";
import { E as UbongoErrors } from "../../src/rules/ubongo";
import { E as UlwanErrors } from "../../src/rules/ulwan";
import { UnequalErrors } from "../../src/rules/unequal";
import type { HostReply, TableUpdate } from "../../src/table/protocol";
import { namedSeats, tableUpdate } from "../helpers/table-update";

const SEATS = ["seat-1", "seat-2"];

/** The update `seat` receives at the start of a table of `gameId` with its default options. */
function opened(gameId: string, seat: (status: { toAct: readonly string[] }) => string): TableUpdate {
  const game = games[gameId] as AnyGame;
  const setup = game.setup(SEATS, game.defaultOptions(), new SeededRandom(7));
  if (!setup.ok) throw new Error(setup.error.code);
  const viewer = seat(game.status(setup.state));
  return tableUpdate(
    { gameId },
    namedSeats(SEATS, ["Han", "Lando"]),
    viewer,
    game.view(setup.state, { role: "seat", seat: viewer }),
    game.legalMoves(setup.state, viewer),
  );
}

const toAct = (status: { toAct: readonly string[] }): string => status.toAct[0] ?? "seat-1";
const notToAct = (status: { toAct: readonly string[] }): string =>
  SEATS.find((s) => !status.toAct.includes(s)) ?? "seat-2";

const CASES: readonly {
  readonly family: string;
  readonly gameId: string;
  readonly seat: (status: { toAct: readonly string[] }) => string;
  readonly action: string;
  readonly input: { data: Record<string, string>; fields: Record<string, string> };
  readonly code: string;
}[] = [
  {
    family: "sabacc (a typed amount)",
    gameId: "sabacc-super-simplified",
    seat: toAct,
    action: "bet",
    input: { data: {}, fields: { amount: "lots" } },
    code: WindowErrors.amountNotNumber,
  },
  {
    family: "true sabacc",
    gameId: "sabacc-true",
    seat: toAct,
    action: "trade",
    input: { data: {}, fields: {} },
    code: TrueSabaccErrors.pickOneCard,
  },
  {
    family: "ulwan",
    gameId: "seven-ulwan",
    seat: toAct,
    action: "board-move",
    input: { data: { from: "zz", to: "yy" }, fields: {} },
    code: UlwanErrors.illegal,
  },
  {
    family: "hununga",
    gameId: "hununga",
    seat: toAct,
    action: "reroll",
    input: { data: { die: "9" }, fields: {} },
    code: HunungaErrors.illegal,
  },
  {
    family: "ubongo (tiles that cannot be read)",
    gameId: "ubongo",
    seat: toAct,
    action: "board-place",
    input: { data: { placements: "not tiles" }, fields: {} },
    code: UbongoErrors.badBoard,
  },
  {
    family: "ubongo (nothing laid)",
    gameId: "ubongo",
    seat: toAct,
    action: "claim",
    input: { data: {}, fields: {} },
    code: UbongoErrors.uncovered,
  },
  {
    family: "unequal forces",
    gameId: "takat",
    seat: notToAct,
    action: "board-move",
    input: { data: { from: "h0", to: "h1" }, fields: {} },
    code: UnequalErrors.notYourTurn,
  },
];

describe("a window's refusal is the one Result", () => {
  for (const { family, gameId, seat, action, input, code } of CASES) {
    it(`${family}: an illegal input is refused with its table's code, localized, and nothing is sent or kept`, async () => {
      const update = opened(gameId, seat);
      const app = apps[gameId]!;
      expect(app.actions[action]!(input, update)).toEqual({ ok: false, error: expect.objectContaining({ code }) });
      for (const lang of [en, de]) {
        const sent: unknown[] = [];
        const sender = {
          move: async (...args: unknown[]): Promise<HostReply> => (sent.push(args), { ok: true }),
          bet: async (...args: unknown[]): Promise<HostReply> => (sent.push(args), { ok: true }),
        };
        const i18n = dictionaryLocalizer(lang);
        const controller = new TableController(
          () => sender,
          i18n,
          (id) => apps[id],
        );
        const message = await controller.action(update, action, input);
        expect(message).not.toBe("");
        expect(message).not.toContain("CANTINA.");
        expect(message.startsWith(i18n.localize(code).split("{")[0]!)).toBe(true);
        expect(sent).toEqual([]);
        expect(controller.kept(update.table.id)).toEqual({});
      }
    });
  }
});
