/**
 * The lobby model both hosts share: a game's form from its option schema, seats held to what the
 * game allows, the antes scaled, read back from form fields, and the table spec it asks for.
 */
import { describe, expect, it } from "vitest";
import {
  LOBBY_MAX_SEATS,
  lobbyCatalogue,
  lobbyContext,
  lobbySpec,
  newLobby,
  readLobby,
  scaledAmount,
} from "../../src/apps/table/lobby";
import { bots, games, markets } from "../../src/games";
import { optionErrorMessage } from "../../src/apps/table/option-errors";
import { dictionaryLocalizer } from "../../src/apps/core/i18n";
import en from "../../lang/en.json";
import de from "../../lang/de.json";

const catalogue = lobbyCatalogue(games, bots, markets);
const names = { user: (id: string) => `User ${id}`, bot: (n: number) => `Bot ${n}` };
const form =
  (fields: Record<string, string>) =>
  (name: string): string | null =>
    fields[name] ?? null;

describe("the lobby model", () => {
  it("starts on a game with its defaults, its antes scaled, and as many seats as it needs", () => {
    const lobby = newLobby(catalogue, "sabacc-simplified", ["p1"], 50);
    expect(lobby.values).toMatchObject({ ante: "125", minBet: "125", seatLimit: "6", defaultCredits: "5000" });
    expect(lobby.seats.map((s) => s.kind)).toEqual(["person", "bot"]);
    expect(lobby.betting).toBe(false);
    expect(scaledAmount(10, 1)).toBe(1);
    expect(scaledAmount(0, 200)).toBe(0);
  });

  it("offers spectator betting only where the game has markets, on by default", () => {
    const seven = newLobby(catalogue, "seven-ulwan", ["a", "b"]);
    expect(seven.betting).toBe(true);
    expect(lobbyContext(seven, catalogue, []).canBet).toBe(true);
    expect(lobbyContext(newLobby(catalogue, "ulwan", ["a", "b"]), catalogue, []).canBet).toBe(false);
  });

  it("reads the form back: a changed game resets the options, the seat count stays within the game's bounds", () => {
    const lobby = newLobby(catalogue, "sabacc-super-simplified", ["p1", "p2"]);
    readLobby(lobby, catalogue, form({ "option.ante": "150", seatCount: "40" }), (i) => `u${i}`);
    expect(lobby.values.ante).toBe("150");
    expect(lobby.seats).toHaveLength(40); // no player limit in the text: the lobby's own most
    readLobby(lobby, catalogue, form({ seatCount: "400" }), (i) => `u${i}`);
    expect(lobby.seats).toHaveLength(LOBBY_MAX_SEATS);
    readLobby(lobby, catalogue, form({ gameId: "ulwan", seatCount: "5" }), (i) => `u${i}`);
    expect(lobby.values).toEqual({ analysis: "false", board: "ulwan", pieces: "7" });
    expect(lobby.seats).toHaveLength(2);
  });

  it("a seat turned into a bot drops the name typed for its player (the bot is not called Han)", () => {
    const lobby = newLobby(catalogue, "sabacc-super-simplified", ["p1", "p2"]);
    readLobby(lobby, catalogue, form({ "seat1.kind": "person", "seat1.name": "Han" }), (i) => `u${i}`);
    expect(lobby.seats[1]).toMatchObject({ kind: "person", name: "Han" });
    // The form still holds "Han" when the kind changes: the change itself clears it.
    readLobby(lobby, catalogue, form({ "seat1.kind": "bot", "seat1.name": "Han" }), (i) => `u${i}`);
    expect(lobby.seats[1]).toMatchObject({ kind: "bot", name: "" });
    // A name typed for the bot afterwards is kept.
    readLobby(lobby, catalogue, form({ "seat1.kind": "bot", "seat1.name": "IG-88" }), (i) => `u${i}`);
    expect(lobby.seats[1]).toMatchObject({ kind: "bot", name: "IG-88" });
  });

  it("asks for the table the form describes, which the game accepts", () => {
    const lobby = newLobby(catalogue, "seven-ulwan", ["p1"]);
    readLobby(
      lobby,
      catalogue,
      form({ "option.payment": "closed", "seat1.kind": "bot", winnerShare: "7", betting: "on" }),
      (i) => `u${i}`,
    );
    const asked = lobbySpec(lobby, catalogue, names);
    if (!asked.ok) throw new Error(asked.error.code);
    expect(asked.spec).toMatchObject({
      gameId: "seven-ulwan",
      seats: [
        { kind: "person", userId: "p1", name: "User p1" },
        { kind: "bot", userId: null, name: "Bot 2" },
      ],
      options: { payment: "closed", ante: 10, board: "seven-ulwan" },
      betting: { winnerShare: 7 },
    });
    expect(games["seven-ulwan"]!.checkOptions(asked.spec.options, ["s1", "s2"])).toEqual({ ok: true });
    // Betting unchecked: no betting in the spec.
    readLobby(lobby, catalogue, form({}), (i) => `u${i}`);
    const without = lobbySpec(lobby, catalogue, names);
    expect("spec" in without && without.spec.betting).toBe(undefined);
  });

  it("refuses a pasted board that is not JSON, and a share that is not a number", () => {
    const lobby = newLobby(catalogue, "seven-ulwan", ["p1", "p2"]);
    lobby.boardJson = "{ nope";
    expect(lobbySpec(lobby, catalogue, names)).toEqual({ ok: false, error: { code: "CANTINA.Lobby.BadJson" } });
    lobby.boardJson = "";
    lobby.winnerShare = "lots";
    expect(lobbySpec(lobby, catalogue, names)).toEqual({
      ok: false,
      error: { code: "CANTINA.Error.BadOption", params: { option: "winnerShare" } },
    });
  });
});

describe("the lobby says what an option allows", () => {
  const i18n = dictionaryLocalizer(en);
  const i18nDe = dictionaryLocalizer(de);

  it("Ubongo solo's 5, 10 or 20 minutes is a choice of those three, and 15 is refused", () => {
    const solo = games["ubongo-solo"]!;
    const context = lobbyContext(newLobby(catalogue, "ubongo-solo", ["p1"]), catalogue, []) as {
      fields: { key: string; isInteger: boolean; isChoice: boolean; options: { value: string }[] }[];
    };
    const minutes = context.fields.find((f) => f.key === "minutes")!;
    expect(minutes).toMatchObject({ isInteger: false, isChoice: true });
    expect(minutes.options.map((o) => o.value)).toEqual(["5", "10", "20"]);
    expect(solo.checkOptions({ ...(solo.defaultOptions() as object), minutes: 15 }, ["a"])).toMatchObject({
      ok: false,
      error: { code: "CANTINA.Error.BadOption" },
    });
    expect(solo.checkOptions({ ...(solo.defaultOptions() as object), minutes: 10 }, ["a"])).toEqual({ ok: true });
  });

  it("a refused option is named by its label, with its range or its values, in English and German", () => {
    const simplified = games["sabacc-simplified"]!;
    const refused = simplified.checkOptions({ ...(simplified.defaultOptions() as object), seatLimit: 13 }, ["a", "b"]);
    if (refused.ok) throw new Error("a seat limit of 13 was accepted");
    const message = optionErrorMessage(refused.error, simplified.optionSchema, i18n)!;
    expect(message).toContain(i18n.localize("CANTINA.Options.seatLimit"));
    expect(message).not.toContain("seatLimit");
    expect(message).toMatch(/from \d+ to 12/);
    const solo = games["ubongo-solo"]!;
    const minutes = solo.checkOptions({ ...(solo.defaultOptions() as object), minutes: 15 }, ["a"]);
    if (minutes.ok) throw new Error("15 minutes were accepted");
    expect(optionErrorMessage(minutes.error, solo.optionSchema, i18n)).toMatch(/one of 5, 10, 20/);
    expect(optionErrorMessage(minutes.error, solo.optionSchema, i18nDe)).toContain("5, 10, 20");
    expect(
      optionErrorMessage({ code: "CANTINA.Error.SeatCount", params: { min: 2, max: 4 } }, solo.optionSchema, i18n),
    ).toBeNull();
  });
});
