/**
 * What a table's news sounds like, for both hosts: the cues of an update (your turn, a roll, a card
 * dealt, a win or a loss) and one short sound for them, silenced by the player's own toggle.
 */
import type { GameEvent } from "../../rules/core";
import type { TableUpdate } from "../../table/protocol";
import { isMyTurn } from "./turn";

export type Cue = "turn" | "roll" | "card" | "win" | "loss";

/** Which of a game's events are a card dealt or drawn (the game's app says; absent: none). */
export type CardEvents = (gameId: string) => ((event: GameEvent) => boolean) | undefined;

/** The most telling first: one sound per look (a roll that ends the game sounds as the end). */
const PRIORITY: readonly Cue[] = ["win", "loss", "turn", "card", "roll"];

export interface TableCue {
  readonly tableId: string;
  readonly cue: Cue;
}

interface Seen {
  readonly version: number;
  readonly myTurn: boolean;
  readonly over: boolean;
}

/**
 * Follows the tables a client holds and says what is new at each since the last look. A table seen
 * for the first time (a reload, a window opened late) says nothing: no history is played back.
 */
export class CueWatch {
  private seen = new Map<string, Seen>();

  constructor(private readonly cardEvents: CardEvents = () => undefined) {}

  look(updates: Iterable<TableUpdate>): TableCue[] {
    const cues: TableCue[] = [];
    const next = new Map<string, Seen>();
    for (const u of updates) {
      const id = u.table.id;
      const now: Seen = { version: u.table.version, myTurn: isMyTurn(u), over: u.table.over };
      next.set(id, now);
      const before = this.seen.get(id);
      if (!before) continue;
      const fresh = u.events.filter((e) => e.version > before.version).map((e) => e.event);
      const isCard = this.cardEvents(u.table.gameId);
      const add = (cue: Cue): void => void cues.push({ tableId: id, cue });
      if (fresh.some((e) => e.kind === "roll" || e.kind === "hidden-roll")) add("roll");
      if (isCard && fresh.some(isCard)) add("card");
      if (!before.myTurn && now.myTurn) add("turn");
      if (!before.over && now.over && u.seat !== null && u.table.result)
        add(u.table.result.winners.includes(u.seat) ? "win" : "loss");
    }
    this.seen = next;
    return cues;
  }
}

/** What makes a sound (Web Audio in a browser; a test's recorder). */
export type SoundPlayer = (cue: Cue) => void;

/** Plays the most telling cue of a look, when the player's toggle is on; says which (null: silent). */
export class SoundBoard {
  constructor(
    private readonly player: SoundPlayer,
    private readonly enabled: () => boolean,
  ) {}

  sound(cues: readonly TableCue[]): Cue | null {
    if (cues.length === 0 || !this.enabled()) return null;
    const cue = PRIORITY.find((c) => cues.some((x) => x.cue === c)) ?? null;
    if (cue) this.player(cue);
    return cue;
  }
}

/** Each cue's notes (Hz, one after another): a rising chime for the turn, a falling one for a loss. */
export const CUE_NOTES: Readonly<Record<Cue, readonly number[]>> = {
  turn: [660, 880],
  roll: [300, 360, 300],
  card: [1200],
  win: [523, 659, 784],
  loss: [392, 330],
};

/** Short tones from the Web Audio API (no sound file to ship, nothing fetched); silent where there is none. */
export const toneSoundPlayer: SoundPlayer = (cue) => {
  const Context = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
  if (!Context) return;
  const audio = new Context();
  const notes = CUE_NOTES[cue];
  notes.forEach((hz, i) => {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = hz;
    gain.gain.value = 0.08;
    osc.connect(gain).connect(audio.destination);
    osc.start(audio.currentTime + i * 0.12);
    osc.stop(audio.currentTime + i * 0.12 + 0.1);
  });
  setTimeout(() => void audio.close(), 200 + notes.length * 120);
};
