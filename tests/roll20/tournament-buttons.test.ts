/**
 * Issue 37 on Roll20: the tournament's chat commands and the buttons that write them, in the built
 * script in the sandbox stand-in: signing up and withdrawing from a player's card, the GM opening a
 * circuit and a round (bots only where asked), adding and removing with a reason, the summary
 * handout, the characters a player may enter (those they control), the credits attribute setting.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { parseCommand } from "../../src/roll20/commands";
import { builtScript } from "./built";
import { ALICE, BOB, type Button, GM, root, tables } from "./harness";
import type { FakeRoll20 } from "./sandbox";
import { clickWith, lastButton, told, tourNight, tournamentOf, transferButton } from "./tournament-helpers";

let script = "";
beforeAll(async () => {
  script = await builtScript();
}, 120_000);

/** A person clicks a button, answering its queries in order (a drop-down by one of its values). */
async function answer(r20: FakeRoll20, person: string, button: Button, answers: readonly string[]): Promise<void> {
  let i = 0;
  r20.type(
    person,
    button.command.replace(/\?\{[^}]*\}/g, () => answers[i++] ?? ""),
  );
  await r20.settle();
}

/** Everything whispered to a person since `from`, joined: for checks on what a card says. */
const seen = (r20: FakeRoll20, person: string, from: number): string => told(r20, person, from).join("\n");

describe("Roll20 tournament commands", () => {
  it("parses each tournament command and refuses a malformed one", () => {
    expect(parseCommand("!cantina tour")).toEqual({ ok: true, command: { verb: "tour", act: "list" } });
    expect(parseCommand("!cantina tour sign t1 electrum -Mhan")).toEqual({
      ok: true,
      command: { verb: "tour", act: "sign", tournamentId: "t1", circuit: "electrum", participant: "-Mhan" },
    });
    expect(parseCommand("!cantina tour create e1 electrum+nova Sabacc Cup once:abcdefgh12")).toEqual({
      ok: true,
      command: { verb: "tour", act: "create", eventId: "e1", circuits: ["electrum", "nova"], name: "Sabacc Cup" },
    });
    expect(parseCommand("!cantina tour circuit t1 nova ante=400 seats=4 limit=none")).toMatchObject({
      ok: true,
      command: { act: "circuit", settings: { ante: 400, seatLimit: 4, signUpLimit: null } },
    });
    expect(parseCommand("!cantina tour buyin t1 -Mhan 600 abcdefgh12")).toMatchObject({
      ok: true,
      command: { act: "buyin", credits: 600, nonce: "abcdefgh12" },
    });
    for (const bad of [
      "!cantina tour sign t1 galaxy -Mhan",
      "!cantina tour buyin t1 -Mhan 0 abcdefgh12",
      "!cantina tour buyin t1 -Mhan 100",
      "!cantina tour create e1 electrum+electrum Cup",
      "!cantina tour circuit t1 nova ante=-5",
      "!cantina tour round t1 aurodium 2 3",
      "!cantina tour fly t1",
    ])
      expect(parseCommand(bad), bad).toMatchObject({ ok: false, error: { code: "CANTINA.Roll20.Error.BadArguments" } });
  });

  it("a player signs up and withdraws by the buttons on their card; a full circuit puts the next on its waiting list", async () => {
    const night = await tourNight(script);
    const { r20, tournamentId: t } = night;
    // The GM opens Nova from the card, with a sign-up limit of 1 (the other queries keep the presets).
    r20.type(GM, `!cantina tour show ${t}`);
    await r20.settle();
    await answer(r20, GM, lastButton(r20, GM, `!cantina tour circuit ${t} nova `), ["500", "1000", "3", "1"]);
    expect(tournamentOf(r20, t).circuits.nova).toMatchObject({
      ante: 500,
      sabaccAnte: 1000,
      seatLimit: 3,
      signUpLimit: 1,
    });
    for (const [person, character] of [
      [ALICE, night.han],
      [BOB, night.lando],
    ] as const) {
      r20.type(person, `!cantina tour show ${t}`);
      await r20.settle();
      await clickWith(r20, person, lastButton(r20, person, `!cantina tour sign ${t} nova ${character}`));
    }
    expect(tournamentOf(r20, t).circuits.nova).toMatchObject({ signedUp: [night.han], waiting: [night.lando] });
    const at = r20.chat.length;
    await clickWith(r20, ALICE, lastButton(r20, ALICE, `!cantina tour withdraw ${t} nova ${night.han}`));
    expect(tournamentOf(r20, t).circuits.nova).toMatchObject({ signedUp: [night.lando], waiting: [] });
    expect(seen(r20, ALICE, at)).toContain("Withdrawn.");
    // The card now offers Alice a sign-up again, and Bob's says where Lando stands.
    expect(lastButton(r20, ALICE, `!cantina tour sign ${t} nova ${night.han}`).label).toMatch(/sign up for Nova/);
  });

  it("the GM opens a round from the card: the signed-up characters seated at the circuit's table, once however often clicked", async () => {
    const night = await tourNight(script);
    const { r20, tournamentId: t } = night;
    for (const [person, character] of [
      [ALICE, night.han],
      [BOB, night.lando],
    ] as const) {
      await clickWith(r20, person, await transferButton(night, person, "buyin", character), 500);
      await clickWith(r20, person, lastButton(r20, person, `!cantina tour sign ${t} electrum ${character}`));
    }
    r20.type(GM, `!cantina tour show ${t}`);
    await r20.settle();
    const round = lastButton(r20, GM, `!cantina tour round ${t} electrum `);
    expect(round.command).toMatch(/ once:[a-z0-9]+$/);
    const at = r20.chat.length;
    await answer(r20, GM, round, ["0"]);
    await answer(r20, GM, round, ["0"]);
    const opened = tables(r20).filter((x) => x.tournament?.id === t);
    expect(opened.length).toBe(1);
    expect(opened[0]?.gameId).toBe("sabacc-super-simplified");
    expect(opened[0]?.seats.map((s) => s.userId).sort()).toEqual([ALICE, BOB].sort());
    expect(tournamentOf(r20, t).circuits.electrum?.rounds.length).toBe(1);
    expect(seen(r20, GM, at)).toContain(`The round is open: tables ${opened[0]?.id}`);
    // A player's round button is refused to them alone.
    const from = r20.chat.length;
    r20.type(ALICE, `!cantina tour round ${t} aurodium 0`);
    await r20.settle();
    expect(seen(r20, ALICE, from)).toMatch(/Only (a|the) GM/);
    expect(tournamentOf(r20, t).circuits.aurodium?.rounds.length).toBe(0);
  });

  it("the GM's round button fills each table with bots up to the number picked, and with none by default", async () => {
    // Bots play from the event's starting credits (the characters' come from their sheets).
    const night = await tourNight(script, 1000);
    const { r20, tournamentId: t } = night;
    await clickWith(r20, ALICE, await transferButton(night, ALICE, "buyin", night.han), 500);
    await clickWith(r20, ALICE, lastButton(r20, ALICE, `!cantina tour sign ${t} aurodium ${night.han}`));
    r20.type(GM, `!cantina tour show ${t}`);
    await r20.settle();
    const round = lastButton(r20, GM, `!cantina tour round ${t} aurodium `);
    // The drop-down offers "No bots" first, then 2 … the circuit's seat limit (6).
    expect(round.command).toMatch(/\?\{[^|]*\|No bots,0\|2,2\|3,3\|4,4\|5,5\|6,6\}/);
    await answer(r20, GM, round, ["3"]);
    const table = tables(r20).find((x) => x.tournament?.id === t && x.tournament.circuit === "aurodium");
    expect(table?.gameId).toBe("sabacc-simplified");
    expect(table?.seats.map((s) => s.kind)).toEqual(["person", "bot", "bot"]);
    expect(table?.seats[0]?.userId).toBe(ALICE);
  });

  it("the GM adds and removes someone with a reason kept, closes and reopens sign-ups; a player's try is refused", async () => {
    const night = await tourNight(script);
    const { r20, tournamentId: t } = night;
    r20.type(GM, `!cantina tour show ${t}`);
    await r20.settle();
    await clickWith(r20, GM, lastButton(r20, GM, `!cantina tour close ${t} aurodium`));
    expect(tournamentOf(r20, t).circuits.aurodium?.signUpsOpen).toBe(false);
    await answer(r20, GM, lastButton(r20, GM, `!cantina tour add ${t} aurodium `), [night.han, "Late but paid"]);
    await answer(r20, GM, lastButton(r20, GM, `!cantina tour remove ${t} aurodium `), [night.han, "Left the cantina"]);
    const audit = tournamentOf(r20, t).audit.filter((a) => a.circuit === "aurodium");
    expect(audit.map((a) => [a.kind, a.reason ?? null])).toEqual([
      ["closed", null],
      ["added", "Late but paid"],
      ["removed", "Left the cantina"],
    ]);
    await clickWith(r20, GM, lastButton(r20, GM, `!cantina tour reopen ${t} aurodium`));
    expect(tournamentOf(r20, t).circuits.aurodium?.signUpsOpen).toBe(true);
    const before = JSON.stringify(root(r20).ledger);
    r20.type(BOB, `!cantina tour close ${t} aurodium`);
    r20.type(BOB, `!cantina tour add ${t} aurodium ${night.lando} because`);
    await r20.settle();
    expect(JSON.stringify(root(r20).ledger)).toBe(before);
  });

  it("offers a player the characters they control (or all players do), never the script's mailboxes; the GM enters one for a player", async () => {
    const night = await tourNight(script);
    const { r20, tournamentId: t } = night;
    const chewie = r20.addCharacter("Chewie", "all");
    r20.addCharacter("Greedo", BOB);
    r20.type(ALICE, `!cantina tour show ${t}`);
    await r20.settle();
    const enter = lastButton(r20, ALICE, `!cantina tour enter ${t} `);
    expect(enter.command).toContain(`Chewie,${chewie}`);
    expect(enter.command).not.toContain("Greedo");
    expect(enter.command).not.toContain("Cantina Games");
    // The GM enters Greedo for Bob from the GM's drop-down of (character, player).
    r20.type(GM, `!cantina tour show ${t}`);
    await r20.settle();
    const forPlayer = lastButton(r20, GM, `!cantina tour enter ${t} `, /for a player/);
    const greedo = /Greedo [^,|]*,(\S+ \S+?)[|}]/.exec(forPlayer.command)?.[1] ?? "";
    expect(greedo.split(" ")[1]).toBe(BOB);
    await answer(r20, GM, forPlayer, [greedo]);
    const entered = Object.values(tournamentOf(r20, t).participants).find((p) => p.name === "Greedo");
    expect(entered?.user).toBe(BOB);
  });

  it("a player's card shows everyone's standings but Luck/Force points left only in their own rows; the GM's all", async () => {
    const night = await tourNight(script);
    const { r20, tournamentId: t } = night;
    const at = r20.chat.length;
    r20.type(ALICE, `!cantina tour show ${t}`);
    r20.type(GM, `!cantina tour show ${t}`);
    await r20.settle();
    const alice = seen(r20, ALICE, at);
    expect(alice).toMatch(/Han: 0 credits won, 0 played, 0 won, 3 Luck\/Force points left/);
    expect(alice).toMatch(/Lando: 0 credits won, 0 played, 0 won(?!, 3 Luck)/);
    expect(seen(r20, GM, at)).toMatch(/Lando: 0 credits won, 0 played, 0 won, 3 Luck\/Force points left/);
  });

  it("the summary is a handout every player can open and nobody edits, written again in place", async () => {
    const night = await tourNight(script);
    const { r20, tournamentId: t } = night;
    r20.type(GM, `!cantina tour summary ${t}`);
    await r20.settle();
    r20.type(GM, `!cantina tour summary ${t}`);
    r20.type(ALICE, `!cantina tour summary ${t}`);
    await r20.settle();
    const handouts = r20.handouts().filter((h) => String(h.props.name).startsWith("Sabacc Tournament"));
    expect(handouts.length).toBe(1);
    expect(handouts[0]?.props).toMatchObject({
      name: "Sabacc Tournament — Sabacc Cup",
      inplayerjournals: "all",
      controlledby: "",
    });
    expect(String(handouts[0]?.props.notes)).toContain("Han");
    expect(String(handouts[0]?.props.notes)).toContain("Luck/Force points left");
  });

  it("the credits attribute is the GM's setting: a buy-in then reads the attribute of that name", async () => {
    const night = await tourNight(script);
    const { r20 } = night;
    r20.addAttribute(night.han, "Cash", "300");
    const before = JSON.stringify(root(r20).extras?.config ?? null);
    r20.type(GM, "!cantina config credits two words");
    r20.type(ALICE, "!cantina config credits Cash");
    await r20.settle();
    expect(JSON.stringify(root(r20).extras?.config ?? null)).toBe(before);
    r20.type(GM, "!cantina config credits Cash");
    await r20.settle();
    const at = r20.chat.length;
    await clickWith(r20, ALICE, await transferButton(night, ALICE, "buyin", night.han), 500);
    expect(seen(r20, ALICE, at)).toContain("Han's sheet holds 300 credits");
    await clickWith(r20, ALICE, await transferButton(night, ALICE, "buyin", night.han), 200);
    expect(r20.attribute(night.han, "Cash")).toBe("100");
    expect(r20.attribute(night.han, "credits")).toBe("1000");
  });

  it("answers in the chat language: German cards hold no English and no raw key", async () => {
    const night = await tourNight(script);
    const { r20, tournamentId: t } = night;
    for (const lang of ["en", "de"]) {
      r20.type(GM, `!cantina lang ${lang}`);
      await r20.settle();
      const at = r20.chat.length;
      for (const command of [`!cantina tour`, `!cantina tour show ${t}`, `!cantina tour pending ${t}`]) {
        r20.type(GM, command);
        r20.type(ALICE, command);
      }
      await r20.settle();
      const text = seen(r20, GM, at) + seen(r20, ALICE, at);
      expect(text).not.toMatch(/CANTINA\./);
      expect(text).toContain(lang === "de" ? "Sabacc-Turnier — Sabacc Cup" : "Sabacc Tournament — Sabacc Cup");
      if (lang === "de") expect(text).not.toMatch(/sign up|Buy in|Standings/);
      else expect(text).toContain("Event standings");
    }
  });
});
