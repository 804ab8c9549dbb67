/**
 * Every error table (each family's `as const` codes, the table layer's) names only keys that
 * lang/en.json and lang/de.json both hold: a refusal is always shown in words.
 */
import { describe, expect, it } from "vitest";
import de from "../lang/de.json";
import en from "../lang/en.json";
import { WindowErrors } from "../src/apps/core/errors";
import { LabErrors } from "../src/apps/lab/model";
import { LobbyFormErrors } from "../src/apps/table/lobby-boards";
import { FoundryErrors, KeyErrors, SceneErrors, TournamentFoundryErrors } from "../src/foundry/errors";
import { BoardErrors as Roll20BoardErrors } from "../src/roll20/board-moves";
import { Roll20Errors } from "../src/roll20/app";
import { CommandErrors as Roll20CommandErrors } from "../src/roll20/commands";
import { PuzzleErrors as Roll20PuzzleErrors } from "../src/roll20/puzzle-pages";
import { DiceErrors } from "../src/rules/core/dice";
import { JsonErrors } from "../src/rules/core/json";
import { OptionErrors } from "../src/rules/core/options";
import { BoardDataErrors } from "../src/rules/grid/board";
import { HunungaBoardErrors } from "../src/rules/hununga/board";
import { E as HunungaErrors } from "../src/rules/hununga/types";
import { E as SabaccErrors } from "../src/rules/sabacc/common";
import { ERR as TrueSabaccErrors } from "../src/rules/sabacc/true-sabacc/types";
import { E as UbongoErrors } from "../src/rules/ubongo/types";
import { UlwanBoardErrors } from "../src/rules/ulwan/errors";
import { E as UlwanErrors } from "../src/rules/ulwan/state";
import { UnequalErrors } from "../src/rules/unequal";
import { BetErrors } from "../src/table/concerns/betting/book";
import { Errors } from "../src/table/protocol";
import { RecordErrors } from "../src/table/record-file";
import { StoreErrors } from "../src/table/store";
import { LobbyErrors } from "../src/table/lobby-protocol";
import { SeatUserErrors } from "../src/table/concerns/hand-over/hand-seat-op";
import { TimeErrors, UndoErrors } from "../src/table/time-protocol";
import { TournamentErrors } from "../src/tournament/errors";

type Table = { readonly [key: string]: string | Table };

/** Every code of a table, nested tables included. */
function codesOf(table: Table): string[] {
  return Object.values(table).flatMap((v) => (typeof v === "string" ? [v] : codesOf(v)));
}

/** The string at a dotted key of a lang file (undefined: missing). */
function lookup(lang: Table, key: string): string | undefined {
  let node: string | Table | undefined = lang;
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : undefined;
}

const TABLES: Readonly<Record<string, Table>> = {
  hununga: HunungaErrors,
  "hununga-board": HunungaBoardErrors,
  grid: BoardDataErrors,
  sabacc: SabaccErrors,
  "true-sabacc": TrueSabaccErrors,
  ubongo: UbongoErrors,
  ulwan: UlwanErrors,
  "ulwan-board": UlwanBoardErrors,
  unequal: UnequalErrors,
  table: Errors,
  betting: BetErrors,
  records: RecordErrors,
  store: StoreErrors,
  json: JsonErrors,
  dice: DiceErrors,
  options: OptionErrors,
  time: TimeErrors,
  undo: UndoErrors,
  "seat-lobby": LobbyErrors,
  "seat-user": SeatUserErrors,
  windows: WindowErrors,
  lab: LabErrors,
  "lobby-form": LobbyFormErrors,
  foundry: FoundryErrors,
  "foundry-keys": KeyErrors,
  "foundry-scene": SceneErrors,
  "foundry-tournament": TournamentFoundryErrors,
  roll20: Roll20Errors,
  "roll20-board": Roll20BoardErrors,
  "roll20-commands": Roll20CommandErrors,
  "roll20-puzzles": Roll20PuzzleErrors,
  tournament: TournamentErrors,
};

describe("the error tables", () => {
  it("hold only codes that English and German both have a string for", () => {
    const missing: string[] = [];
    for (const [name, table] of Object.entries(TABLES)) {
      const codes = codesOf(table);
      expect(codes.length, name).toBeGreaterThan(0);
      for (const code of codes) {
        if (!lookup(en as Table, code)) missing.push(`${name}: ${code} (en)`);
        if (!lookup(de as Table, code)) missing.push(`${name}: ${code} (de)`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("finds a code that is missing (the check can fail)", () => {
    expect(lookup(en as Table, UnequalErrors.takat.tooHigh)).toBeTruthy();
    expect(lookup(en as Table, "CANTINA.Unequal.Takat.Error.NoSuchThing")).toBeUndefined();
  });
});
