/**
 * Issue 33: chat (and the boards' "Moves played", which reuses its lines) writes every hand kind, move
 * and coordinate as a player reads it. Every registered game plays seeded random legal moves; every
 * line its events give, in English and German, must hold no internal id: no coordinate like "1,1,n" or
 * "2,1", no kebab-case token, no parameter left unnamed in parentheses like "(hand)".
 */
import { describe, expect, it } from "vitest";
import de from "../../lang/de.json";
import en from "../../lang/en.json";
import { chatEntry } from "../../src/apps/core/chat";
import { dictionaryLocalizer, fallbackLocalizer } from "../../src/apps/core/i18n";
import { chatNamers, games } from "../../src/games";
import { type GameEvent, SeededRandom } from "../../src/rules/core";

const english = dictionaryLocalizer(en);
const german = fallbackLocalizer(dictionaryLocalizer(de), english);
const seats = ["s1", "s2", "s3", "s4"];
const names = { s1: "Ana", s2: "Bo", s3: "Cy", s4: "Di" };

/** What an internal id looks like in a line: a coordinate, a kebab-case token, a lowercase id in parentheses. */
const RAW_ID = [
  /\b\d+,\d+(,[nsew])?\b/,
  // A kebab-case id with a number ("respawn-0", "seat-1") or a game's id; "north-west" is a word.
  /\b[a-z]+-\d+\b/,
  new RegExp(`\\b(${Object.keys(games).join("|")})\\b`),
  /\([a-z]+\)/,
  /CANTINA\./,
];

/** The events of seeded games of random legal play, new games until `total` moves (short games, e.g. an early fold, need many). */
function playedEvents(gameId: string, count: number, total: number, limit: number): GameEvent[] {
  const game = games[gameId]!;
  const events: GameEvent[] = [];
  let played = 0;
  for (let run = 0; run < 60 && played < total; run++) {
    const random = new SeededRandom(1000 + run);
    const setup = game.setup(seats.slice(0, count), game.defaultOptions(), random);
    if (!setup.ok) continue;
    events.push(...setup.events);
    let state = setup.state;
    for (let moves = 0; moves < limit; moves++) {
      const status = game.status(state);
      const seat = status.toAct[0];
      if (status.over || seat === undefined) break;
      const legal = game.legalMoves(state, seat);
      if (legal.length === 0) break;
      const applied = game.apply(state, seat, legal[random.die(legal.length) - 1], random);
      if (!applied.ok) break;
      events.push(...applied.events);
      state = applied.state;
      played++;
    }
  }
  return events;
}

describe("chat lines name no internal id", () => {
  // Random play rarely reaches a True Sabacc show (a seat folds first): its line for every hand kind.
  it("a True Sabacc show names every hand kind in words, never as a bare id in parentheses", () => {
    for (const kind of ["idiots-array", "pure-sabacc", "hand", "bomb-out"])
      for (const i18n of [english, german]) {
        const event: GameEvent = {
          kind: "notice",
          key: "CANTINA.Sabacc.Log.ShowCards",
          seat: "s1",
          params: { seat: "s1", cards: "coins-5 flasks-2", total: 7, kind },
        };
        const { text } = chatEntry(event, names, i18n, chatNamers);
        expect(text).toMatch(/^Ana /);
        expect(RAW_ID.filter((pattern) => pattern.test(text))).toEqual([]);
      }
  });

  it("the show's line explaining a True Sabacc cheat names the seat and the card as the table reads them", () => {
    const event: GameEvent = {
      kind: "notice",
      key: "CANTINA.Sabacc.Log.CheatShown",
      seat: "s1",
      params: { seat: "s1", card: "sabres-8" },
    };
    expect(chatEntry(event, names, english, chatNamers).text).toBe(
      "Ana cashed in all three Luck/Force points to add 8 of Sabres: that is why it shows twice.",
    );
    expect(chatEntry(event, names, german, chatNamers).text).toMatch(
      /^Ana hat alle drei Glücks-\/Machtpunkte eingelöst, um .*Säbel/,
    );
  });

  for (const game of Object.values(games)) {
    const count =
      [2, 3, 4].find(
        (n) =>
          n >= game.minSeats && n <= game.maxSeats && game.checkOptions(game.defaultOptions(), seats.slice(0, n)).ok,
      ) ?? game.minSeats;
    it(`${game.id}: every line of random legal play, in English and German, is in a player's words`, () => {
      const events = playedEvents(game.id, count, 600, 300);
      const bad = new Set<string>();
      for (const i18n of [english, german])
        for (const event of events) {
          const { text } = chatEntry(event, names, i18n, chatNamers);
          if (RAW_ID.some((pattern) => pattern.test(text))) bad.add(text);
        }
      expect([...bad].slice(0, 12)).toEqual([]);
    });
  }
});
