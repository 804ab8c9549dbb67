/**
 * The seat lobby's window part and the watchers list (issue 27), as both hosts draw them through the
 * window model: who sat down, the viewer's own buttons, the GM's start, and who is watching, in both languages.
 */
import { describe, expect, it } from "vitest";
import de from "../../lang/de.json";
import en from "../../lang/en.json";
import { dictionaryLocalizer, fallbackLocalizer } from "../../src/apps/core/i18n";
import { windowParts } from "../../src/apps/table/window-model";
import { seatLobbyContext, watchersContext } from "../../src/apps/table/seat-lobby";
import { isTableOp, gmOnlyTableOp, tableRows } from "../../src/apps/table/tables";
import { apps } from "../../src/games";
import type { TableSummary } from "../../src/table/protocol";
import { createRenderer } from "../../src/standalone/render";
import { tableUpdate } from "../helpers/table-update";

const english = dictionaryLocalizer(en);
const renderers = {
  en: createRenderer(english),
  de: createRenderer(fallbackLocalizer(dictionaryLocalizer(de), english)),
};
const seats: TableSummary["seats"] = [
  { seat: "seat-1", name: "Han", kind: "person", userId: "han", account: "han" },
  { seat: "seat-2", name: "Lando", kind: "person", userId: "lando", account: "lando" },
  { seat: "seat-3", name: "Seat 3", kind: "person", userId: null, account: "" },
];
const waiting = (seated: string[], declined: { seat: string; user: string }[] = [], watchers?: string[]) =>
  ({
    gameId: "sabacc-super-simplified",
    version: 0,
    lobby: { seated, declined, version: seated.length, by: "gm" },
    ...(watchers ? { watchers } : {}),
  }) as const;
const users = [
  { id: "han", name: "Han" },
  { id: "lando", name: "Lando" },
  { id: "u-rey", name: "Rey" },
];

describe("the seat lobby in a window", () => {
  it("draws only the lobby and the watchers while the table waits: no game part, no move", () => {
    const app = apps["sabacc-super-simplified"];
    if (!app) throw new Error("no app");
    const update = tableUpdate(waiting(["seat-1"]), seats, "seat-2", {}, []);
    const ids = windowParts(app, update, { isGM: false, helpOpen: false, hasBots: true, now: 0 }).map((p) => p.id);
    expect(ids).toEqual(["seat-lobby", "watchers"]);
  });

  it("offers the invited player Sit down and Decline, a seated one Stand up, and anyone an open seat", () => {
    const lando = seatLobbyContext(tableUpdate(waiting(["seat-1"]), seats, "seat-2", {}, []), { isGM: false });
    expect(lando?.seatLobby.seats.map((s) => [s.state, s.canSit, s.canDecline, s.canStand])).toEqual([
      ["seated", false, false, false],
      ["invited", true, true, false],
      ["open", true, false, false],
    ]);
    expect(lando?.seatLobby).toMatchObject({ waiting: 2, canStart: false });
    const han = seatLobbyContext(tableUpdate(waiting(["seat-1"]), seats, "seat-1", {}, []), { isGM: false });
    // Han sits already: he may stand up, and may not take the open seat too.
    expect(han?.seatLobby.seats.map((s) => [s.canSit, s.canStand])).toEqual([
      [false, true],
      [false, false],
      [false, false],
    ]);
    expect(
      seatLobbyContext(tableUpdate({ gameId: "sabacc-super-simplified" }, seats, "seat-1", {}, []), { isGM: false }),
    ).toBeNull();
  });

  it("says how many it waits for and who declined, and gives the GM Start now, in English and German", () => {
    const declinedSeats = seats.map((s) => (s.seat === "seat-2" ? { ...s, userId: null } : s));
    const update = tableUpdate(waiting(["seat-1"], [{ seat: "seat-2", user: "lando" }]), declinedSeats, null, {}, []);
    const gm = seatLobbyContext(update, { isGM: true, users });
    if (!gm) throw new Error("no lobby");
    const html = renderers.en("table/seat-lobby.hbs", gm);
    expect(html).toContain("Waiting for 2 players");
    expect(html).toContain("declined by Lando");
    expect(html).toContain('data-op="lobby-start"');
    expect(html).not.toMatch(/CANTINA\./);
    const german = renderers.de("table/seat-lobby.hbs", gm);
    expect(german).toContain("Warten auf 2 Spieler");
    expect(german).toContain("Jetzt beginnen");
    expect(german).not.toMatch(/CANTINA\./);
    const one = seatLobbyContext(tableUpdate(waiting(["seat-1", "seat-2"]), seats, "seat-3", {}, []), { isGM: false });
    if (!one) throw new Error("no lobby");
    expect(renderers.en("table/seat-lobby.hbs", one)).toContain("Waiting for 1 player<");
  });

  it("routes the lobby buttons as table operations, the start the GM's alone", () => {
    for (const op of ["sit-down", "decline", "stand-up", "lobby-start"]) expect(isTableOp(op)).toBe(true);
    expect(gmOnlyTableOp("sit-down")).toBe(false);
    expect(gmOnlyTableOp("decline")).toBe(false);
    expect(gmOnlyTableOp("lobby-start")).toBe(true);
  });

  it("shows a waiting table in the table list as waiting, with the count", () => {
    const rows = tableRows([tableUpdate(waiting(["seat-1"]), seats, null, {}, [])], () => "CANTINA.Games.x");
    expect(rows[0]).toMatchObject({ waiting: 2, waitingKey: "CANTINA.SeatLobby.Waiting" });
    const html = renderers.en("table/tables.hbs", { tables: rows, page: true });
    expect(html).toContain("Waiting for 2 players");
    expect(renderers.de("table/tables.hbs", { tables: rows, page: true })).toContain("Warten auf 2 Spieler");
  });
});

describe("the watchers list", () => {
  it("names who is watching by the host's user names, and says when nobody is", () => {
    const update = tableUpdate(waiting([], [], ["u-rey"]), seats, "seat-1", {}, []);
    const html = renderers.en("table/watchers.hbs", watchersContext(update, users));
    expect(html).toContain("Watching: Rey");
    expect(renderers.de("table/watchers.hbs", watchersContext(update, users))).toContain("Es schauen zu: Rey");
    const nobody = tableUpdate({ gameId: "takat" }, seats, "seat-1", {}, []);
    expect(renderers.en("table/watchers.hbs", watchersContext(nobody))).toContain("Nobody else is watching.");
  });
});
