/**
 * A button for every command (issue 35, "Roll20's idiom"): `!cantina` opens the GM's menu (each live
 * table with its buttons, a button per game with its options as drop-down queries), a player's card
 * carries play again / back / sit down / decline, and the help handout is in every journal. Every
 * button, its queries answered as Roll20 would (a drop-down's first choice, a typed query's default),
 * is a command the script takes.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { games } from "../../src/games";
import { parseCommand } from "../../src/roll20/commands";
import { builtScript } from "./built";
import { ALICE, BOB, type Button, GM, buttonsIn, night, tables } from "./harness";
import type { FakeRoll20 } from "./sandbox";

let script = "";
beforeAll(async () => {
  script = await builtScript();
}, 120_000);

/** What Roll20 sends for a button: each query answered by its first drop-down choice, or its default. */
function answered(command: string): string {
  return command.replace(/\?\{([^}]*)\}/g, (_m, body: string) => {
    const [, ...options] = body.split("|");
    const first = options[0] ?? "";
    return options.length > 1 || first.includes(",") ? first.slice(first.lastIndexOf(",") + 1) : first.trim();
  });
}

/** Chat text as Roll20 hands it to the script once the player clicked (entities in the markup read back). */
const sent = (command: string): string => answered(command).replace(/&#44;/g, ",");

function buttonsSince(r20: FakeRoll20, from: number, player: string): Button[] {
  return r20.chat
    .slice(from)
    .filter((m) => m.to !== "all" && m.to.includes(player))
    .flatMap((m) => buttonsIn(m.content));
}

describe("the GM's menu", () => {
  it("has a button for each thing a GM does to a table and for each game, and every one is a command", async () => {
    const r20 = night(script);
    r20.type(GM, `!cantina new ulwan ${ALICE} ${BOB}`);
    await r20.settle();
    const before = r20.chat.length;
    r20.type(GM, "!cantina");
    await r20.settle();
    const buttons = buttonsSince(r20, before, GM);
    const labels = buttons.map((b) => b.label);
    for (const label of [
      "Show",
      "Pause",
      "Mark away",
      "I&#39;m back",
      "Skip turn",
      "Give seat",
      "Draw board",
      "End",
      "Settings",
      "Help handout",
    ])
      expect(labels, label).toContain(label);
    for (const game of Object.values(games))
      expect(buttons.some((b) => b.command.startsWith(`!cantina new ${game.id} `))).toBe(true);
    for (const b of buttons) expect(parseCommand(sent(b.command)).ok, b.command).toBe(true);
    // Game options are asked as drop-downs, `?{Label|a,1|b,2}`.
    expect(buttons.some((b) => /^!cantina new \S+ .*=\?\{[^|}]*\|[^,|}]*,[^|}]*\|/.test(b.command))).toBe(true);
  });

  it("its buttons act: a game opened from its button with its options, a table paused and ended", async () => {
    const r20 = night(script);
    const before = r20.chat.length;
    r20.type(GM, "!cantina");
    await r20.settle();
    const open = buttonsSince(r20, before, GM).find((b) => b.command.startsWith("!cantina new hununga "));
    if (!open) throw new Error("no hununga button");
    r20.type(
      GM,
      sent(open.command)
        .replace(/\bbot\b/g, ALICE)
        .replace(ALICE, BOB),
    );
    await r20.settle();
    const table = tables(r20)[0];
    expect(table?.gameId).toBe("hununga");
    const menu = r20.chat.length;
    r20.type(GM, "!cantina");
    await r20.settle();
    const mine = buttonsSince(r20, menu, GM);
    const pause = mine.find((b) => b.command === `!cantina pause ${table?.id}`);
    if (!pause) throw new Error("no pause button");
    r20.type(GM, sent(pause.command));
    await r20.settle();
    expect(tables(r20)[0]?.paused).toBeDefined();
    const end = mine.find((b) => b.command === `!cantina end ${table?.id}`);
    r20.type(GM, sent(end?.command ?? ""));
    await r20.settle();
    expect(tables(r20).length).toBe(0);
  });

  it("a player's `!cantina` is the help, with no GM button", async () => {
    const r20 = night(script);
    const before = r20.chat.length;
    r20.type(ALICE, "!cantina");
    await r20.settle();
    const buttons = buttonsSince(r20, before, ALICE);
    expect(buttons.length).toBeGreaterThan(0);
    expect(buttons.some((b) => /^!cantina (new|end|pause|config|away|skip|seatto)\b/.test(b.command))).toBe(false);
  });
});

describe("a player's own buttons", () => {
  it("sit down and decline while the table waits, and the sit-down button seats them", async () => {
    const r20 = night(script);
    r20.type(GM, `!cantina new ulwan ${ALICE} ${BOB} sitdown=true`);
    await r20.settle();
    const sit = buttonsSince(r20, 0, ALICE).find((b) => b.command.startsWith("!cantina sit "));
    expect(buttonsSince(r20, 0, ALICE).some((b) => b.command.startsWith("!cantina decline "))).toBe(true);
    if (!sit) throw new Error("no sit-down button");
    r20.type(ALICE, sent(sit.command));
    await r20.settle();
    expect(tables(r20)[0]?.lobby?.seated.length).toBe(1);
  });

  it("play again once the match is over, and the vote counts", async () => {
    const r20 = night(script);
    r20.type(
      GM,
      `!cantina new takat ${ALICE} ${BOB} maxMoves=${String(games.takat?.optionSchema.maxMoves?.kind === "integer" ? games.takat.optionSchema.maxMoves.min : 1)}`,
    );
    await r20.settle();
    for (let step = 0; step < 200; step++) {
      const record = tables(r20)[0];
      if (!record || games.takat?.status(record.state).over) break;
      const player = [ALICE, BOB].find((p) =>
        buttonsSince(r20, 0, p).some((b) => b.command.startsWith(`!cantina move ${record.id} ${record.version} `)),
      );
      const move =
        player &&
        buttonsSince(r20, 0, player).find((b) => b.command.startsWith(`!cantina move ${record.id} ${record.version} `));
      if (!player || !move) break;
      r20.type(player, move.command);
      await r20.settle();
    }
    const record = tables(r20)[0];
    expect(record && games.takat?.status(record.state).over).toBe(true);
    const again = buttonsSince(r20, 0, ALICE).find((b) => b.command.startsWith("!cantina again "));
    if (!again) throw new Error("no play-again button");
    r20.type(ALICE, sent(again.command));
    await r20.settle();
    expect(tables(r20)[0]?.playAgain?.length ?? 0).toBeGreaterThan(0);
  });
});

describe("take back", () => {
  it("a table opened with undo gives the player who moved a Take back button that takes the move back", async () => {
    const r20 = night(script);
    r20.type(GM, `!cantina new takat ${ALICE} ${BOB} undo=true`);
    await r20.settle();
    const record = tables(r20)[0];
    if (!record) throw new Error("no table");
    expect(record.undo).toBe(true);
    const player = [ALICE, BOB].find((p) =>
      buttonsSince(r20, 0, p).some((b) => b.command.startsWith(`!cantina move ${record.id} 0 `)),
    );
    const move =
      player && buttonsSince(r20, 0, player).find((b) => b.command.startsWith(`!cantina move ${record.id} 0 `));
    if (!player || !move) throw new Error("no move button");
    const before = r20.chat.length;
    r20.type(player, move.command);
    await r20.settle();
    const takeBack = buttonsSince(r20, before, player).find((b) => b.command.startsWith("!cantina undo "));
    if (!takeBack) throw new Error("no take-back button");
    r20.type(player, sent(takeBack.command));
    await r20.settle();
    expect(tables(r20)[0]?.log.at(-1)?.undo).toBe(true);
  });
});

describe("the help handout", () => {
  it("is in every journal, no one's to edit, and holds the commands", async () => {
    const r20 = night(script);
    r20.type(GM, "!cantina handout");
    await r20.settle();
    const handout = r20.handouts().find((h) => h.props.name === "Cantina Games: help");
    expect(handout?.props.inplayerjournals).toBe("all");
    expect(handout?.props.controlledby).toBe("");
    expect(String(handout?.props.notes)).toContain("!cantina");
  });
});
