/**
 * The event ledger panel's context, the same for every host: the GM sees each event's standings,
 * history and forms; a player sees their own balance in each event they are in.
 */
import { HOUSE_ACCOUNT, standings } from "../../table/ledger";
import type { EventView, HostReply, LedgerAccountView, LedgerEntryView } from "../../table/protocol";
import type { Localizer } from "./i18n";

export interface LedgerUser {
  readonly id: string;
  readonly name: string;
}

/** The event the panel shows: the one selected, else the newest. */
export function selectedEvent(events: readonly EventView[], selected: string | null): EventView | undefined {
  return events.find((e) => e.id === selected) ?? events[0];
}

export function eventName(name: string, i18n: Localizer): string {
  return name || i18n.localize("CANTINA.Ledger.DefaultEvent");
}

/** An account with what it holds at tables still playing counted in: its worth in the event. */
function worth(a: LedgerAccountView): LedgerAccountView & { totalCredits: number; totalLuck: number; atTable: number } {
  return {
    ...a,
    totalCredits: a.credits + (a.atTables?.credits ?? 0),
    totalLuck: a.luck + (a.atTables?.luck ?? 0),
    atTable: a.atTables?.credits ?? 0,
  };
}

function reasonText(e: LedgerEntryView, i18n: Localizer): string {
  switch (e.kind) {
    case "opened":
      return i18n.localize("CANTINA.Ledger.Opened");
    case "seated":
      return i18n.format("CANTINA.Ledger.Seated", { table: e.reason });
    case "match":
      return i18n.format("CANTINA.Ledger.Match", { table: e.reason });
    case "voided":
      return i18n.format("CANTINA.Ledger.Voided", { table: e.reason });
    case "bet":
      return i18n.format("CANTINA.Ledger.Bet", { what: e.reason });
    case "house":
      return i18n.format("CANTINA.Ledger.House", { table: e.reason });
    case "adjustment":
      return e.reason;
  }
}

export function ledgerContext(
  events: readonly EventView[],
  selected: string | null,
  isGM: boolean,
  users: readonly LedgerUser[],
  i18n: Localizer,
  error = "",
): Record<string, unknown> {
  const event = selectedEvent(events, selected);
  const names = new Map((event?.accounts ?? []).map((a) => [a.id, a.name]));
  return {
    isGM,
    error,
    users,
    events: events.map((e) => ({
      ...e,
      name: eventName(e.name, i18n),
      selected: e.id === event?.id,
      accounts: e.accounts.map(worth),
    })),
    event: event && {
      id: event.id,
      name: eventName(event.name, i18n),
      houseTakings: event.houseTakings ?? 0,
      // The house is no participant: its takings are shown on their own.
      standings: standings(event.accounts.filter((a) => a.id !== HOUSE_ACCOUNT)).map((a, i) => ({
        ...worth(a),
        rank: i + 1,
      })),
      entries: [...event.entries]
        .reverse()
        .slice(0, 50)
        .map((e) => ({
          text: i18n.format("CANTINA.Ledger.Entry", {
            account: names.get(e.account) ?? e.account,
            credits: e.credits,
            luck: e.luck,
            reason: reasonText(e, i18n),
          }),
        })),
    },
  };
}

/** The ledger's three forms by the action that sends them (data-action names), with their selectors. */
export const LEDGER_FORMS = {
  eventCreate: "[data-event-form]",
  eventJoin: "[data-join-form]",
  ledgerAdjust: "[data-ledger-form]",
} as const;
export type LedgerFormAction = keyof typeof LEDGER_FORMS;

/** What the ledger forms send through: a TableClient, or a stand-in. */
export interface LedgerSender {
  createEvent(name: string, startingCredits: number): Promise<HostReply>;
  joinEvent(eventId: string, account: string, name: string): Promise<HostReply>;
  adjustLedger(eventId: string, account: string, credits: number, luck: number, reason: string): Promise<HostReply>;
}

/**
 * Sends one ledger form, read through `read` (FormData's `get`), for the event shown (`eventId`);
 * null when the form needs an event and none is shown. A joining account without a name takes `nameOf(account)`.
 */
export function sendLedgerForm(
  action: LedgerFormAction,
  read: (name: string) => string | null,
  sender: LedgerSender,
  eventId: string | undefined,
  nameOf: (account: string) => string,
): Promise<HostReply> | null {
  const text = (name: string): string => read(name) ?? "";
  const whole = (name: string): number => Math.trunc(Number(read(name) ?? 0));
  switch (action) {
    case "eventCreate":
      return sender.createEvent(text("name"), Math.max(0, whole("startingCredits")));
    case "eventJoin": {
      if (eventId === undefined) return null;
      const account = text("account");
      return sender.joinEvent(eventId, account, text("name").trim() || nameOf(account));
    }
    case "ledgerAdjust":
      if (eventId === undefined) return null;
      return sender.adjustLedger(eventId, text("account"), whole("credits"), whole("luck"), text("reason"));
  }
}
