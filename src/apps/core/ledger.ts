/**
 * The event ledger panel's context, the same for every host: the GM sees each event's standings,
 * history and forms; a player sees their own balance in each event they are in.
 */
import { standings } from "../../table/ledger";
import type { EventView } from "../../table/protocol";
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

export function ledgerContext(events: readonly EventView[], selected: string | null, isGM: boolean, users: readonly LedgerUser[],
  i18n: Localizer, error = ""): Record<string, unknown> {
  const event = selectedEvent(events, selected);
  const names = new Map((event?.accounts ?? []).map((a) => [a.id, a.name]));
  return {
    isGM,
    error,
    users,
    events: events.map((e) => ({ ...e, name: eventName(e.name, i18n), selected: e.id === event?.id })),
    event: event && {
      id: event.id,
      name: eventName(event.name, i18n),
      standings: standings(event.accounts).map((a, i) => ({ ...a, rank: i + 1 })),
      entries: [...event.entries].reverse().slice(0, 50).map((e) => ({
        text: i18n.format("CANTINA.Ledger.Entry", {
          account: names.get(e.account) ?? e.account, credits: e.credits, luck: e.luck,
          reason: e.kind === "opened" ? i18n.localize("CANTINA.Ledger.Opened")
            : e.kind === "match" ? i18n.format("CANTINA.Ledger.Match", { table: e.reason }) : e.reason,
        }),
      })),
    },
  };
}
