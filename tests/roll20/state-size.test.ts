/**
 * `state` stays small (issue 35, "Roll20's idiom"): a finished table is archived packed (its log's
 * seats, moves and dice; the rules' events replayed when it is read, archive-pack.ts) within 8 KB,
 * reads back exactly as it was archived (so its replay and export are intact), and a night of twenty
 * tables leaves `state` small. The matches are played here by the rules (long ones: up to 300 moves, longer than a person plays a solo puzzle);
 * tests/soak/roll20-night.soak.test.ts plays a whole night of bot tables in the sandbox stand-in.
 */
import { describe, expect, it } from "vitest";
import { games } from "../../src/games";
import { type AnyGame, RecordingRandom, SeededRandom } from "../../src/rules/core";
import { packArchive } from "../../src/roll20/archive-pack";
import { packText, unpackText } from "../../src/roll20/lz-text";
import { STATE_KEY, StateStore } from "../../src/roll20/store";
import { replaySteps } from "../../src/table/record-file";
import { type TableRecord, archiveOf } from "../../src/table/store";

const ARCHIVE_LIMIT = 8 * 1024;

/** A match played by random legal moves (seeded) for up to `moves` moves, as the host records it. */
function played(game: AnyGame, id: string, seed: number, moves = 300): TableRecord {
  const seats = Array.from({ length: Math.min(game.maxSeats, Math.max(2, game.minSeats)) }, (_, i) => `seat-${i + 1}`);
  const dice = new SeededRandom(seed);
  const choose = new SeededRandom(seed + 1);
  const first = new RecordingRandom(dice);
  const setup = game.setup(seats, game.defaultOptions(), first);
  if (!setup.ok) throw new Error(`${game.id}: setup refused`);
  let state = setup.state;
  const log: TableRecord["log"][number][] = [
    { version: 0, seat: null, move: null, dice: first.results, events: setup.events },
  ];
  for (let v = 1; v <= moves && !game.status(state).over; v++) {
    const seat = game.status(state).toAct[0];
    const legal = seat === undefined ? [] : game.legalMoves(state, seat);
    if (seat === undefined || legal.length === 0) break;
    const move = legal[choose.die(legal.length) - 1];
    const random = new RecordingRandom(dice);
    const applied = game.apply(state, seat, move, random);
    if (!applied.ok) throw new Error(`${game.id}: a legal move refused`);
    state = applied.state;
    log.push({ version: v, seat, move, dice: random.results, events: applied.events });
  }
  return {
    id,
    gameId: game.id,
    eventId: "",
    options: game.defaultOptions(),
    seats: seats.map((seat) => ({ seat, name: seat, kind: "bot" as const, userId: null, account: seat })),
    state,
    version: log.length - 1,
    log,
    createdAt: 1,
    settled: true,
    finishedAt: 2,
  };
}

const playable = Object.values(games).filter((g) => !g.usesLedger);

describe("the text packer", () => {
  it("gives back every text it packed, marks and repeats included", () => {
    const random = new SeededRandom(9);
    for (let n = 0; n < 200; n++) {
      const alphabet = "ab~|;:0123456789{}\"'";
      const text = Array.from({ length: random.die(400) }, () => alphabet[random.die(alphabet.length) - 1]).join("");
      const doubled = text + text.slice(0, random.die(text.length));
      expect(unpackText(packText(doubled))).toBe(doubled);
    }
    expect(unpackText("~zz:1;")).toBeNull();
  });
});

describe("a finished table in state", () => {
  it.each(playable.map((g) => ({ id: g.id, game: g })))(
    "$id: packed within 8 KB and read back as archived",
    ({ game }) => {
      const record = played(game, "t1", 77);
      const archive = archiveOf(record);
      const stored = packArchive(archive, game);
      expect(stored.packedLog, "packed").toBeDefined();
      expect(JSON.stringify(stored).length).toBeLessThanOrEqual(ARCHIVE_LIMIT);
      const holder = { state: {} as Record<string, unknown> };
      const store = new StateStore(holder, games);
      void store.commit({ archived: [record] });
      const back = store.archived("t1");
      expect(back).toEqual(JSON.parse(JSON.stringify(archive)));
      // Its replay is intact: the rules replay every step from it.
      expect(back && replaySteps(back, games).ok).toBe(true);
    },
  );

  it("keeps a log the rules cannot replay as it is, rather than losing it", () => {
    const game = games.ulwan;
    if (!game) throw new Error("ulwan");
    const record = played(game, "t1", 5, 30);
    const broken = { ...archiveOf(record), log: record.log.map((e, i) => (i === 3 ? { ...e, dice: [] } : e)) };
    expect(packArchive(broken, game)).toEqual(broken);
  });

  it("after a night of twenty tables, state holds each within 8 KB and only as many as the GM keeps", async () => {
    const holder = { state: {} as Record<string, unknown> };
    let kept = 50;
    const store = new StateStore(holder, games, () => kept);
    for (let n = 0; n < 20; n++) {
      const game = playable[n % playable.length];
      if (!game) throw new Error("no game");
      await store.commit({ tables: [played(game, `t${n}`, n)] });
      await store.commit({ archived: [played(game, `t${n}`, n)] });
    }
    const root = store.root();
    expect(root.archives.length).toBe(20);
    for (const a of root.archives) expect(JSON.stringify(a).length).toBeLessThanOrEqual(ARCHIVE_LIMIT);
    expect(JSON.stringify(holder.state[STATE_KEY]).length).toBeLessThanOrEqual(20 * ARCHIVE_LIMIT);
    kept = 5;
    await store.commit({ archived: [played(playable[0] ?? (games.ulwan as AnyGame), "t20", 20)] });
    expect(store.root().archives.map((a) => a.id)).toEqual(["t16", "t17", "t18", "t19", "t20"]);
  });
});
