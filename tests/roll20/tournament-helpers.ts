/**
 * A Sabacc tournament night in the sandbox stand-in (issue 37): the built script, an event, a
 * tournament of two circuits, characters with a `credits` attribute controlled by their players,
 * and helpers that read the cards a person was whispered and click their buttons.
 */
import type { Ledger } from "../../src/table/ledger";
import type { Tournament } from "../../src/tournament/types";
import { ALICE, BOB, type Button, GM, buttonsIn, click, night, root } from "./harness";
import type { FakeRoll20 } from "./sandbox";

export interface TourNight {
  readonly r20: FakeRoll20;
  readonly eventId: string;
  readonly tournamentId: string;
  /** Alice's character and Bob's, each with 1,000 credits in its `credits` attribute. */
  readonly han: string;
  readonly lando: string;
}

export function ledgerOf(r20: FakeRoll20): Ledger {
  const ledger = root(r20).ledger;
  if (!ledger) throw new Error("no ledger");
  return ledger;
}

export function tournamentOf(r20: FakeRoll20, id: string): Tournament {
  const found = ledgerOf(r20).tournaments?.[id];
  if (!found) throw new Error(`no tournament ${id}`);
  return found;
}

/** The newest button whispered to a person whose command starts so (and whose label matches, if given). */
export function lastButton(r20: FakeRoll20, person: string, prefix: string, label?: RegExp): Button {
  for (const m of [...r20.chat].reverse()) {
    if (m.to === "all" || !m.to.includes(person)) continue;
    const found = buttonsIn(m.content).find((b) => b.command.startsWith(prefix) && (!label || label.test(b.label)));
    if (found) return found;
  }
  throw new Error(`no button ${prefix} for ${person}`);
}

/** What a person was whispered since message `from` (plain text, markup and entities removed). */
export function told(r20: FakeRoll20, person: string, from: number): string[] {
  return r20.chat
    .slice(from)
    .filter((m) => m.to !== "all" && m.to.includes(person))
    .map((m) => m.content.replace(/<[^>]*>/g, " ").replace(/&#39;/g, "'"));
}

/**
 * An event (its starting credits: what a bot's account holds; 0 by default), a tournament of Electrum
 * and Aurodium in it, Han (Alice's) and Lando (Bob's) entered.
 */
export async function tourNight(script: string, startingCredits = 0): Promise<TourNight> {
  const r20 = night(script);
  const han = r20.addCharacter("Han", ALICE);
  const lando = r20.addCharacter("Lando", BOB);
  r20.addAttribute(han, "credits", "1000");
  r20.addAttribute(lando, "Credits", "1000");
  r20.type(GM, `!cantina event ${startingCredits} Night`);
  await r20.settle();
  const eventId = Object.keys(ledgerOf(r20).events)[0] ?? "";
  r20.type(GM, `!cantina tour create ${eventId} electrum+aurodium Sabacc Cup`);
  await r20.settle();
  const tournamentId = Object.keys(ledgerOf(r20).tournaments ?? {})[0] ?? "";
  r20.type(ALICE, `!cantina tour enter ${tournamentId} ${han}`);
  r20.type(BOB, `!cantina tour enter ${tournamentId} ${lando}`);
  await r20.settle();
  return { r20, eventId, tournamentId, han, lando };
}

/** A person's buy-in or cash-out button for a character, from their card shown afresh. */
export async function transferButton(
  night: TourNight,
  person: string,
  kind: "buyin" | "cashout",
  participant: string,
): Promise<Button> {
  night.r20.type(person, `!cantina tour show ${night.tournamentId}`);
  await night.r20.settle();
  return lastButton(night.r20, person, `!cantina tour ${kind} ${night.tournamentId} ${participant} `);
}

/** Clicks a button answering its query (the amount). */
export async function clickWith(r20: FakeRoll20, person: string, button: Button, answer?: number): Promise<void> {
  click(r20, person, button, answer);
  await r20.settle();
}
