/**
 * A tournament to test with, and in-memory stand-ins for the two stores a transfer touches: the host's
 * books and a character sheet. Both can refuse a write or crash before or after it lands.
 */
import { type Result, refuse, succeed } from "../../src/rules/core";
import { type EventLedger, emptyEvent, ensureAccount, withHouse } from "../../src/table/ledger";
import {
  type Asker,
  type BooksStore,
  type CharacterPurse,
  type CharacterRef,
  type PurseReading,
  type Tournament,
  type TransferBooks,
  addParticipant,
  bindCharacter,
  ledgerPosted,
  newTournament,
  openCircuit,
  pendingTransfers,
} from "../../src/tournament";

export const GM: Asker = { user: "gm", gm: true };
export const as = (user: string): Asker => ({ user, gm: false });

/** The result's fields, or a failed test naming the refusal. */
export function must<T extends object>(result: Result<T>): T {
  if (!result.ok) throw new Error(`refused: ${result.error.code} ${JSON.stringify(result.error.params ?? {})}`);
  return result;
}

/** Participant `p<i>` is user `u<i>`'s character `Char <i>`, whose sheet is `actor-<i>`. */
export const pid = (i: number): string => `p${i}`;
export const sheetOf = (i: number): CharacterRef => ({ id: `actor-${i}`, name: `Char ${i}` });

export function tournamentWith(
  players: number,
  circuits: readonly ("electrum" | "aurodium" | "nova")[] = [],
): Tournament {
  let t = newTournament("t1", "A night at the Cantina", "e1", 0);
  for (const c of circuits) t = must(openCircuit(t, c, GM)).tournament;
  for (let i = 1; i <= players; i++) {
    t = must(addParticipant(t, { id: pid(i), user: `u${i}`, name: `Char ${i}` }, as(`u${i}`))).tournament;
    t = must(bindCharacter(t, pid(i), sheetOf(i), as(`u${i}`))).tournament;
  }
  return t;
}

/** The event with the house and each participant's account holding `credits`. */
export function eventWith(players: number, credits: number): EventLedger {
  let event = withHouse(emptyEvent("e1", "Night", 0, 0), 0, "gm");
  for (let i = 1; i <= players; i++) event = ensureAccount(event, pid(i), `Char ${i}`, credits, 0, "gm");
  return event;
}

/** A crash: the process ends mid-step (thrown), either before the write lands or just after. */
export class Crash extends Error {}
export type Fault = "refuse" | "crash-before" | "crash-after";

/** Counts the writes across both stores, so a test can fault the n-th one. */
export class Faults {
  private count = 0;
  constructor(
    private readonly at: number | null = null,
    private readonly fault: Fault = "crash-before",
  ) {}
  /** Runs `land` unless this write is the faulted one; a crash after lands first, then throws. */
  write(land: () => void): Result<object> {
    const n = this.count++;
    if (n !== this.at) {
      land();
      return succeed({});
    }
    if (this.fault === "refuse") return refuse("test.refused");
    if (this.fault === "crash-after") land();
    throw new Crash(`crash at write ${n} (${this.fault})`);
  }
  get writes(): number {
    return this.count;
  }
}

/** Stored as JSON, as a host's store keeps it: what a crash leaves is only what was written. */
export class MemoryBooks implements BooksStore {
  private stored: string;
  constructor(
    books: TransferBooks,
    public faults = new Faults(),
  ) {
    this.stored = JSON.stringify(books);
  }
  read(): TransferBooks {
    return JSON.parse(this.stored) as TransferBooks;
  }
  async write(books: TransferBooks): Promise<Result<object>> {
    const text = JSON.stringify(books);
    return this.faults.write(() => (this.stored = text));
  }
}

/**
 * Character sheets by id, each credits and the transfers written to it. Like an actor's update, a
 * write sets both at once; reading a sheet that does not exist is refused, as a missing actor is.
 */
export class MemoryPurse implements CharacterPurse {
  readonly sheets = new Map<string, { credits: number; marks: string[] }>();
  constructor(public faults = new Faults()) {}
  set(id: string, credits: number): this {
    this.sheets.set(id, { credits, marks: [] });
    return this;
  }
  credits(id: string): number {
    return this.sheets.get(id)?.credits ?? Number.NaN;
  }
  async read(character: CharacterRef): Promise<Result<{ reading: PurseReading }>> {
    const sheet = this.sheets.get(character.id);
    if (!sheet) return refuse("test.noSheet");
    return succeed({ reading: { credits: sheet.credits, marks: [...sheet.marks] } });
  }
  async write(character: CharacterRef, credits: number, mark: string): Promise<Result<object>> {
    const sheet = this.sheets.get(character.id);
    if (!sheet) return refuse("test.noSheet");
    return this.faults.write(() => this.sheets.set(character.id, { credits, marks: [...sheet.marks, mark] }));
  }
  total(): number {
    return [...this.sheets.values()].reduce((sum, s) => sum + s.credits, 0);
  }
}

/** Every credit in the event's accounts (the house's included). */
export function ledgerTotal(event: EventLedger): number {
  return Object.values(event.accounts).reduce((sum, a) => sum + a.credits, 0);
}

/**
 * Credits between the two stores: a pending transfer whose source paid and whose destination has not
 * been written yet. A crash may leave some; the next load brings them home.
 */
export function inFlight(books: TransferBooks, purse: MemoryPurse): number {
  return pendingTransfers(books.tournament).reduce((sum, t) => {
    const marked = purse.sheets.get(t.character.id)?.marks.includes(t.id) ?? false;
    const posted = ledgerPosted(books.event, t);
    const paid = t.kind === "buy-in" ? marked && !posted : posted && !marked;
    return sum + (paid ? t.credits : 0);
  }, 0);
}
