/**
 * A game night in the sandbox stand-in: the built script loaded beside another script, a GM, three
 * players and a spectator, and helpers that act as people do: read the cards they were whispered
 * and click a button (type its command), answering a query button's prompt.
 */
import { STATE_KEY, type RootV1 } from "../../src/roll20/store";
import type { TableRecord } from "../../src/table/store";
import { FakeRoll20 } from "./sandbox";

export const GM = "-GmAaaaaaaaaaaaaaaaa";
export const ALICE = "-PlAlice00000000000";
export const BOB = "-PlBob0000000000000";
export const CHANDRA = "-PlChandra000000000";
export const SPECTATOR = "-SpZed0000000000000";
export const PEOPLE = [ALICE, BOB, CHANDRA];

/** Another Mod script in the same game: it has its own command and its own global name. */
export const NEIGHBOUR = `
var Neighbour = Neighbour || (function () {
  on("chat:message", function (msg) { if (msg.type === "api" && msg.content === "!neighbour") sendChat("Neighbour", "hello"); });
  return { ok: true };
})();
`;

export function night(script: string, before: readonly string[] = [NEIGHBOUR]): FakeRoll20 {
  const r20 = new FakeRoll20([...before, script]);
  r20.addPlayer(GM, "Game Master", true);
  r20.addPlayer(ALICE, "Alice");
  r20.addPlayer(BOB, "Bob <b>the</b> Bold");
  r20.addPlayer(CHANDRA, "Chandra");
  r20.addPlayer(SPECTATOR, "Zed");
  r20.start();
  return r20;
}

export function root(r20: FakeRoll20): RootV1 {
  return r20.state[STATE_KEY] as RootV1;
}

export function tables(r20: FakeRoll20): TableRecord[] {
  const books = root(r20);
  return books ? Object.values(books.tables) : [];
}

export interface Button {
  readonly label: string;
  readonly command: string;
}

const BUTTON = /\[([^\]]*)\]\((![^)]*)\)/g;

export function buttonsIn(content: string): Button[] {
  return [...content.matchAll(BUTTON)].map((m) => ({ label: m[1] ?? "", command: m[2] ?? "" }));
}

/**
 * Reads the chat as it grows (each message once): per player, the buttons of the newest whisper
 * that carried moves of a table, and the bet buttons of public cards.
 */
export class ChatReader {
  private read = 0;
  private readonly moves = new Map<string, Button[]>();
  readonly bets: Button[] = [];

  constructor(private readonly r20: FakeRoll20) {}

  private catchUp(): void {
    for (; this.read < this.r20.chat.length; this.read++) {
      const m = this.r20.chat[this.read];
      if (!m) continue;
      const buttons = buttonsIn(m.content);
      if (m.to === "all") {
        this.bets.push(...buttons.filter((b) => b.command.startsWith("!cantina bet ")));
        continue;
      }
      const moves = buttons.filter((b) => /^!cantina (move|amount) /.test(b.command));
      if (moves.length === 0) continue;
      const table = moves[0]?.command.split(" ")[2] ?? "";
      for (const player of m.to) this.moves.set(`${player} ${table}`, moves);
    }
  }

  /** The player's newest move buttons for this table, if they are for this version. */
  moveButtons(player: string, tableId: string, version: number): Button[] {
    this.catchUp();
    const buttons = this.moves.get(`${player} ${tableId}`) ?? [];
    return buttons.filter((b) => b.command.split(" ")[3] === String(version));
  }

  betButtons(tableId: string): Button[] {
    this.catchUp();
    return this.bets.filter((b) => b.command.split(" ")[2] === tableId);
  }
}

/** What a player sends for a button: Roll20 replaces a query `?{Prompt|default}` by the answer. */
export function click(r20: FakeRoll20, player: string, button: Button, answer?: number): void {
  const text = button.command.replace(/\?\{[^|}]*\|([^}]*)\}/g, (_m, initial: string) => String(answer ?? initial));
  r20.type(player, text);
}

/** A small seeded choice for the test players. */
export class Chooser {
  constructor(private seed: number) {}
  pick<T>(items: readonly T[]): T {
    this.seed = (this.seed * 1103515245 + 12345) % 2147483648;
    const item = items[this.seed % items.length];
    if (item === undefined) throw new Error("nothing to pick");
    return item;
  }
}

/** A fresh Ulwan table, and the player whose turn it is with their roll button. */
export async function ulwanRoll(r20: FakeRoll20) {
  r20.type(GM, `!cantina new ulwan ${ALICE} ${BOB}`);
  await r20.settle();
  const record = tables(r20)[0];
  if (!record) throw new Error("no table");
  const reader = new ChatReader(r20);
  const player = [ALICE, BOB].find((p) => reader.moveButtons(p, record.id, record.version).length > 0);
  const button = player && reader.moveButtons(player, record.id, record.version).find((b) => /roll/i.test(b.label));
  if (!player || !button) throw new Error("no roll button");
  return { record, player, button };
}
